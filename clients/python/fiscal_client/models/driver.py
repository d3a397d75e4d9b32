from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="Driver")



@_attrs_define
class Driver:
    """ 
        Attributes:
            cpf (str):
            nome (str):
            ativo (bool | Unset):
            empresa (str | Unset):
            empresa_id (str | Unset):
     """

    cpf: str
    nome: str
    ativo: bool | Unset = UNSET
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        cpf = self.cpf

        nome = self.nome

        ativo = self.ativo

        empresa = self.empresa

        empresa_id = self.empresa_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "cpf": cpf,
            "nome": nome,
        })
        if ativo is not UNSET:
            field_dict["ativo"] = ativo
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cpf = d.pop("cpf")

        nome = d.pop("nome")

        ativo = d.pop("ativo", UNSET)

        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        driver = cls(
            cpf=cpf,
            nome=nome,
            ativo=ativo,
            empresa=empresa,
            empresa_id=empresa_id,
        )

        return driver

