from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="Intermediary")



@_attrs_define
class Intermediary:
    """ 
        Attributes:
            cnpj (str):
            id (str):
     """

    cnpj: str
    id: str





    def to_dict(self) -> dict[str, Any]:
        cnpj = self.cnpj

        id = self.id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "cnpj": cnpj,
            "id": id,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cnpj = d.pop("cnpj")

        id = d.pop("id")

        intermediary = cls(
            cnpj=cnpj,
            id=id,
        )

        return intermediary

