from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="Address")



@_attrs_define
class Address:
    """ 
        Attributes:
            bairro (str):
            cod_municipio (str):
            logradouro (str):
            municipio (str):
            numero (str):
            uf (str):
            cep (str | Unset):
            complemento (str | Unset):
     """

    bairro: str
    cod_municipio: str
    logradouro: str
    municipio: str
    numero: str
    uf: str
    cep: str | Unset = UNSET
    complemento: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        bairro = self.bairro

        cod_municipio = self.cod_municipio

        logradouro = self.logradouro

        municipio = self.municipio

        numero = self.numero

        uf = self.uf

        cep = self.cep

        complemento = self.complemento


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "bairro": bairro,
            "cod_municipio": cod_municipio,
            "logradouro": logradouro,
            "municipio": municipio,
            "numero": numero,
            "uf": uf,
        })
        if cep is not UNSET:
            field_dict["cep"] = cep
        if complemento is not UNSET:
            field_dict["complemento"] = complemento

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bairro = d.pop("bairro")

        cod_municipio = d.pop("cod_municipio")

        logradouro = d.pop("logradouro")

        municipio = d.pop("municipio")

        numero = d.pop("numero")

        uf = d.pop("uf")

        cep = d.pop("cep", UNSET)

        complemento = d.pop("complemento", UNSET)

        address = cls(
            bairro=bairro,
            cod_municipio=cod_municipio,
            logradouro=logradouro,
            municipio=municipio,
            numero=numero,
            uf=uf,
            cep=cep,
            complemento=complemento,
        )

        return address

