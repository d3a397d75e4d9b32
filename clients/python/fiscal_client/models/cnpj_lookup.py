from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="CnpjLookup")



@_attrs_define
class CnpjLookup:
    """ 
        Attributes:
            cnpj (str):
     """

    cnpj: str





    def to_dict(self) -> dict[str, Any]:
        cnpj = self.cnpj


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "cnpj": cnpj,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cnpj = d.pop("cnpj")

        cnpj_lookup = cls(
            cnpj=cnpj,
        )

        return cnpj_lookup

