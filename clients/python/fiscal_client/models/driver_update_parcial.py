from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="DriverUpdateParcial")



@_attrs_define
class DriverUpdateParcial:
    """ 
        Attributes:
            ativo (bool | Unset):
            cpf (str | Unset):
            empresa (str | Unset):
            empresa_id (str | Unset):
            nome (str | Unset):
     """

    ativo: bool | Unset = UNSET
    cpf: str | Unset = UNSET
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET
    nome: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        ativo = self.ativo

        cpf = self.cpf

        empresa = self.empresa

        empresa_id = self.empresa_id

        nome = self.nome


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if ativo is not UNSET:
            field_dict["ativo"] = ativo
        if cpf is not UNSET:
            field_dict["cpf"] = cpf
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if nome is not UNSET:
            field_dict["nome"] = nome

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ativo = d.pop("ativo", UNSET)

        cpf = d.pop("cpf", UNSET)

        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        nome = d.pop("nome", UNSET)

        driver_update_parcial = cls(
            ativo=ativo,
            cpf=cpf,
            empresa=empresa,
            empresa_id=empresa_id,
            nome=nome,
        )

        return driver_update_parcial

