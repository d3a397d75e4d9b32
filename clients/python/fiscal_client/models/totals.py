from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="Totals")



@_attrs_define
class Totals:
    """ 
        Attributes:
            naturezas (int | Unset):
            regras_iva (int | Unset):
            regras_tributacao (int | Unset):
     """

    naturezas: int | Unset = UNSET
    regras_iva: int | Unset = UNSET
    regras_tributacao: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        naturezas = self.naturezas

        regras_iva = self.regras_iva

        regras_tributacao = self.regras_tributacao


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if naturezas is not UNSET:
            field_dict["naturezas"] = naturezas
        if regras_iva is not UNSET:
            field_dict["regras_iva"] = regras_iva
        if regras_tributacao is not UNSET:
            field_dict["regras_tributacao"] = regras_tributacao

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        naturezas = d.pop("naturezas", UNSET)

        regras_iva = d.pop("regras_iva", UNSET)

        regras_tributacao = d.pop("regras_tributacao", UNSET)

        totals = cls(
            naturezas=naturezas,
            regras_iva=regras_iva,
            regras_tributacao=regras_tributacao,
        )

        return totals

