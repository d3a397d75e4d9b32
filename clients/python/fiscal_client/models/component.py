from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="Component")



@_attrs_define
class Component:
    """ 
        Attributes:
            nome (str):
            valor (float | str):
     """

    nome: str
    valor: float | str





    def to_dict(self) -> dict[str, Any]:
        nome = self.nome

        valor: float | str
        valor = self.valor


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "nome": nome,
            "valor": valor,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        nome = d.pop("nome")

        def _parse_valor(data: object) -> float | str:
            return cast(float | str, data)

        valor = _parse_valor(d.pop("valor"))


        component = cls(
            nome=nome,
            valor=valor,
        )

        return component

