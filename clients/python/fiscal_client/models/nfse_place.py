from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="NfsePlace")



@_attrs_define
class NfsePlace:
    """ 
        Attributes:
            cod_municipio (str):
     """

    cod_municipio: str





    def to_dict(self) -> dict[str, Any]:
        cod_municipio = self.cod_municipio


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "cod_municipio": cod_municipio,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cod_municipio = d.pop("cod_municipio")

        nfse_place = cls(
            cod_municipio=cod_municipio,
        )

        return nfse_place

