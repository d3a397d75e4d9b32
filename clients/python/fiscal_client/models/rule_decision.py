from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="RuleDecision")



@_attrs_define
class RuleDecision:
    """ 
        Attributes:
            criterios_correspondentes (list[str] | Unset):
            prioridade (int | Unset):
            regra_id (str | Unset):
            tipo_regra (str | Unset):
            versao (str | Unset):
     """

    criterios_correspondentes: list[str] | Unset = UNSET
    prioridade: int | Unset = UNSET
    regra_id: str | Unset = UNSET
    tipo_regra: str | Unset = UNSET
    versao: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        criterios_correspondentes: list[str] | Unset = UNSET
        if not isinstance(self.criterios_correspondentes, Unset):
            criterios_correspondentes = self.criterios_correspondentes



        prioridade = self.prioridade

        regra_id = self.regra_id

        tipo_regra = self.tipo_regra

        versao = self.versao


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if criterios_correspondentes is not UNSET:
            field_dict["criterios_correspondentes"] = criterios_correspondentes
        if prioridade is not UNSET:
            field_dict["prioridade"] = prioridade
        if regra_id is not UNSET:
            field_dict["regra_id"] = regra_id
        if tipo_regra is not UNSET:
            field_dict["tipo_regra"] = tipo_regra
        if versao is not UNSET:
            field_dict["versao"] = versao

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        criterios_correspondentes = cast(list[str], d.pop("criterios_correspondentes", UNSET))


        prioridade = d.pop("prioridade", UNSET)

        regra_id = d.pop("regra_id", UNSET)

        tipo_regra = d.pop("tipo_regra", UNSET)

        versao = d.pop("versao", UNSET)

        rule_decision = cls(
            criterios_correspondentes=criterios_correspondentes,
            prioridade=prioridade,
            regra_id=regra_id,
            tipo_regra=tipo_regra,
            versao=versao,
        )

        return rule_decision

