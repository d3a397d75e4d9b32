from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="KeyQuery")



@_attrs_define
class KeyQuery:
    """ 
        Attributes:
            chave (str): Chave de acesso (44 posições) da NF-e emitida para a empresa.
            empresa (str | Unset):
            empresa_id (str | Unset):
     """

    chave: str
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        chave = self.chave

        empresa = self.empresa

        empresa_id = self.empresa_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "chave": chave,
        })
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        chave = d.pop("chave")

        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        key_query = cls(
            chave=chave,
            empresa=empresa,
            empresa_id=empresa_id,
        )

        return key_query

