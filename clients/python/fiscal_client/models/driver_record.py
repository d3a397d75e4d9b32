from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="DriverRecord")



@_attrs_define
class DriverRecord:
    """ 
        Attributes:
            ativo (bool | Unset):
            atualizado_em (str | Unset):
            cpf (str | Unset): 11 dígitos.
            criado_em (str | Unset):
            id (str | Unset):
            nome (str | Unset):
     """

    ativo: bool | Unset = UNSET
    atualizado_em: str | Unset = UNSET
    cpf: str | Unset = UNSET
    criado_em: str | Unset = UNSET
    id: str | Unset = UNSET
    nome: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        ativo = self.ativo

        atualizado_em = self.atualizado_em

        cpf = self.cpf

        criado_em = self.criado_em

        id = self.id

        nome = self.nome


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if ativo is not UNSET:
            field_dict["ativo"] = ativo
        if atualizado_em is not UNSET:
            field_dict["atualizado_em"] = atualizado_em
        if cpf is not UNSET:
            field_dict["cpf"] = cpf
        if criado_em is not UNSET:
            field_dict["criado_em"] = criado_em
        if id is not UNSET:
            field_dict["id"] = id
        if nome is not UNSET:
            field_dict["nome"] = nome

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ativo = d.pop("ativo", UNSET)

        atualizado_em = d.pop("atualizado_em", UNSET)

        cpf = d.pop("cpf", UNSET)

        criado_em = d.pop("criado_em", UNSET)

        id = d.pop("id", UNSET)

        nome = d.pop("nome", UNSET)

        driver_record = cls(
            ativo=ativo,
            atualizado_em=atualizado_em,
            cpf=cpf,
            criado_em=criado_em,
            id=id,
            nome=nome,
        )

        return driver_record

