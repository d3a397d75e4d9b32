from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ecf_modelo import EcfModelo






T = TypeVar("T", bound="Ecf")



@_attrs_define
class Ecf:
    """ 
        Attributes:
            modelo (EcfModelo):
            n_coo (str):
            n_ecf (str):
     """

    modelo: EcfModelo
    n_coo: str
    n_ecf: str





    def to_dict(self) -> dict[str, Any]:
        modelo = self.modelo.value

        n_coo = self.n_coo

        n_ecf = self.n_ecf


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "modelo": modelo,
            "n_coo": n_coo,
            "n_ecf": n_ecf,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        modelo = EcfModelo(d.pop("modelo"))




        n_coo = d.pop("n_coo")

        n_ecf = d.pop("n_ecf")

        ecf = cls(
            modelo=modelo,
            n_coo=n_coo,
            n_ecf=n_ecf,
        )

        return ecf

