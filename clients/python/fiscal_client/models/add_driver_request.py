from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="AddDriverRequest")



@_attrs_define
class AddDriverRequest:
    """ 
        Attributes:
            cpf (str):
            nome (str | Unset):
     """

    cpf: str
    nome: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        cpf = self.cpf

        nome = self.nome


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "cpf": cpf,
        })
        if nome is not UNSET:
            field_dict["nome"] = nome

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cpf = d.pop("cpf")

        nome = d.pop("nome", UNSET)

        add_driver_request = cls(
            cpf=cpf,
            nome=nome,
        )

        return add_driver_request

