from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="DfeSettings")



@_attrs_define
class DfeSettings:
    """ 
        Attributes:
            ciencia_automatica (bool): Registrar a ciência da operação (210210) em cada NF-e recebida, para que o XML
                completo chegue na distribuição seguinte.
            empresa (str | Unset):
            empresa_id (str | Unset):
     """

    ciencia_automatica: bool
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        ciencia_automatica = self.ciencia_automatica

        empresa = self.empresa

        empresa_id = self.empresa_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "ciencia_automatica": ciencia_automatica,
        })
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ciencia_automatica = d.pop("ciencia_automatica")

        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        dfe_settings = cls(
            ciencia_automatica=ciencia_automatica,
            empresa=empresa,
            empresa_id=empresa_id,
        )

        return dfe_settings

