from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="CarrierAddress")



@_attrs_define
class CarrierAddress:
    """ 
        Attributes:
            logradouro (str):
            bairro (str | Unset):
            municipio (str | Unset):
            numero (str | Unset):
            uf (str | Unset):
     """

    logradouro: str
    bairro: str | Unset = UNSET
    municipio: str | Unset = UNSET
    numero: str | Unset = UNSET
    uf: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        logradouro = self.logradouro

        bairro = self.bairro

        municipio = self.municipio

        numero = self.numero

        uf = self.uf


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "logradouro": logradouro,
        })
        if bairro is not UNSET:
            field_dict["bairro"] = bairro
        if municipio is not UNSET:
            field_dict["municipio"] = municipio
        if numero is not UNSET:
            field_dict["numero"] = numero
        if uf is not UNSET:
            field_dict["uf"] = uf

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        logradouro = d.pop("logradouro")

        bairro = d.pop("bairro", UNSET)

        municipio = d.pop("municipio", UNSET)

        numero = d.pop("numero", UNSET)

        uf = d.pop("uf", UNSET)

        carrier_address = cls(
            logradouro=logradouro,
            bairro=bairro,
            municipio=municipio,
            numero=numero,
            uf=uf,
        )

        return carrier_address

