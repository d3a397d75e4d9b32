from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="InlineDriver")



@_attrs_define
class InlineDriver:
    """ 
        Attributes:
            cpf (str):
            nome (str):
     """

    cpf: str
    nome: str





    def to_dict(self) -> dict[str, Any]:
        cpf = self.cpf

        nome = self.nome


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "cpf": cpf,
            "nome": nome,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cpf = d.pop("cpf")

        nome = d.pop("nome")

        inline_driver = cls(
            cpf=cpf,
            nome=nome,
        )

        return inline_driver

