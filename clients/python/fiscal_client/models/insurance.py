from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.insurance_responsavel import InsuranceResponsavel
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Insurance")



@_attrs_define
class Insurance:
    """ 
        Attributes:
            responsavel (InsuranceResponsavel):
            apolice (str | Unset):
            averbacoes (list[str] | Unset):
            cnpj_seguradora (str | Unset):
            nome_seguradora (str | Unset):
     """

    responsavel: InsuranceResponsavel
    apolice: str | Unset = UNSET
    averbacoes: list[str] | Unset = UNSET
    cnpj_seguradora: str | Unset = UNSET
    nome_seguradora: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        responsavel = self.responsavel.value

        apolice = self.apolice

        averbacoes: list[str] | Unset = UNSET
        if not isinstance(self.averbacoes, Unset):
            averbacoes = self.averbacoes



        cnpj_seguradora = self.cnpj_seguradora

        nome_seguradora = self.nome_seguradora


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "responsavel": responsavel,
        })
        if apolice is not UNSET:
            field_dict["apolice"] = apolice
        if averbacoes is not UNSET:
            field_dict["averbacoes"] = averbacoes
        if cnpj_seguradora is not UNSET:
            field_dict["cnpj_seguradora"] = cnpj_seguradora
        if nome_seguradora is not UNSET:
            field_dict["nome_seguradora"] = nome_seguradora

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        responsavel = InsuranceResponsavel(d.pop("responsavel"))




        apolice = d.pop("apolice", UNSET)

        averbacoes = cast(list[str], d.pop("averbacoes", UNSET))


        cnpj_seguradora = d.pop("cnpj_seguradora", UNSET)

        nome_seguradora = d.pop("nome_seguradora", UNSET)

        insurance = cls(
            responsavel=responsavel,
            apolice=apolice,
            averbacoes=averbacoes,
            cnpj_seguradora=cnpj_seguradora,
            nome_seguradora=nome_seguradora,
        )

        return insurance

