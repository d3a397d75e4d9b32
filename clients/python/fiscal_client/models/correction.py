from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="Correction")



@_attrs_define
class Correction:
    """ 
        Attributes:
            campo (str):
            grupo (str):
            valor (str):
            numero_item (int | Unset):
     """

    campo: str
    grupo: str
    valor: str
    numero_item: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        campo = self.campo

        grupo = self.grupo

        valor = self.valor

        numero_item = self.numero_item


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "campo": campo,
            "grupo": grupo,
            "valor": valor,
        })
        if numero_item is not UNSET:
            field_dict["numero_item"] = numero_item

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        campo = d.pop("campo")

        grupo = d.pop("grupo")

        valor = d.pop("valor")

        numero_item = d.pop("numero_item", UNSET)

        correction = cls(
            campo=campo,
            grupo=grupo,
            valor=valor,
            numero_item=numero_item,
        )

        return correction

