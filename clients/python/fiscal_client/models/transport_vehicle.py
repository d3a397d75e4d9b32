from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="TransportVehicle")



@_attrs_define
class TransportVehicle:
    """ 
        Attributes:
            placa (str):
            rntc (str | Unset):
            uf (str | Unset):
     """

    placa: str
    rntc: str | Unset = UNSET
    uf: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        placa = self.placa

        rntc = self.rntc

        uf = self.uf


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "placa": placa,
        })
        if rntc is not UNSET:
            field_dict["rntc"] = rntc
        if uf is not UNSET:
            field_dict["uf"] = uf

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        placa = d.pop("placa")

        rntc = d.pop("rntc", UNSET)

        uf = d.pop("uf", UNSET)

        transport_vehicle = cls(
            placa=placa,
            rntc=rntc,
            uf=uf,
        )

        return transport_vehicle

