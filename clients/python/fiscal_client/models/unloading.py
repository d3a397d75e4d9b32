from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="Unloading")



@_attrs_define
class Unloading:
    """ 
        Attributes:
            cod_municipio (str):
            municipio (str):
     """

    cod_municipio: str
    municipio: str





    def to_dict(self) -> dict[str, Any]:
        cod_municipio = self.cod_municipio

        municipio = self.municipio


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "cod_municipio": cod_municipio,
            "municipio": municipio,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cod_municipio = d.pop("cod_municipio")

        municipio = d.pop("municipio")

        unloading = cls(
            cod_municipio=cod_municipio,
            municipio=municipio,
        )

        return unloading

