from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="ForeignAddress")



@_attrs_define
class ForeignAddress:
    """ 
        Attributes:
            logradouro (str):
            nome_pais (str): xPais.
            numero (str):
            pais (str): cPais: código do país na tabela do BACEN.
            bairro (str | Unset): xBairro; ausente, EXTERIOR.
            complemento (str | Unset):
     """

    logradouro: str
    nome_pais: str
    numero: str
    pais: str
    bairro: str | Unset = UNSET
    complemento: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        logradouro = self.logradouro

        nome_pais = self.nome_pais

        numero = self.numero

        pais = self.pais

        bairro = self.bairro

        complemento = self.complemento


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "logradouro": logradouro,
            "nome_pais": nome_pais,
            "numero": numero,
            "pais": pais,
        })
        if bairro is not UNSET:
            field_dict["bairro"] = bairro
        if complemento is not UNSET:
            field_dict["complemento"] = complemento

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        logradouro = d.pop("logradouro")

        nome_pais = d.pop("nome_pais")

        numero = d.pop("numero")

        pais = d.pop("pais")

        bairro = d.pop("bairro", UNSET)

        complemento = d.pop("complemento", UNSET)

        foreign_address = cls(
            logradouro=logradouro,
            nome_pais=nome_pais,
            numero=numero,
            pais=pais,
            bairro=bairro,
            complemento=complemento,
        )

        return foreign_address

