from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="ManifestDriver")



@_attrs_define
class ManifestDriver:
    """ 
        Attributes:
            cpf (str | Unset):
            nome (str | Unset):
     """

    cpf: str | Unset = UNSET
    nome: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        cpf = self.cpf

        nome = self.nome


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if cpf is not UNSET:
            field_dict["cpf"] = cpf
        if nome is not UNSET:
            field_dict["nome"] = nome

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cpf = d.pop("cpf", UNSET)

        nome = d.pop("nome", UNSET)

        manifest_driver = cls(
            cpf=cpf,
            nome=nome,
        )

        return manifest_driver

