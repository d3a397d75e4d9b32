from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="Loading")



@_attrs_define
class Loading:
    """ 
        Attributes:
            cod_municipio (str):
            municipio (str):
            cep (str | Unset):
     """

    cod_municipio: str
    municipio: str
    cep: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        cod_municipio = self.cod_municipio

        municipio = self.municipio

        cep = self.cep


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "cod_municipio": cod_municipio,
            "municipio": municipio,
        })
        if cep is not UNSET:
            field_dict["cep"] = cep

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cod_municipio = d.pop("cod_municipio")

        municipio = d.pop("municipio")

        cep = d.pop("cep", UNSET)

        loading = cls(
            cod_municipio=cod_municipio,
            municipio=municipio,
            cep=cep,
        )

        return loading

