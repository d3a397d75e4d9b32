from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="Transport")



@_attrs_define
class Transport:
    """ 
        Attributes:
            nro_reg_estadual (str | Unset):
            taf (str | Unset):
     """

    nro_reg_estadual: str | Unset = UNSET
    taf: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        nro_reg_estadual = self.nro_reg_estadual

        taf = self.taf


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if nro_reg_estadual is not UNSET:
            field_dict["nro_reg_estadual"] = nro_reg_estadual
        if taf is not UNSET:
            field_dict["taf"] = taf

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        nro_reg_estadual = d.pop("nro_reg_estadual", UNSET)

        taf = d.pop("taf", UNSET)

        transport = cls(
            nro_reg_estadual=nro_reg_estadual,
            taf=taf,
        )

        return transport

