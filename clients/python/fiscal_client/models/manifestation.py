from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.manifestation_tipo import ManifestationTipo
from ..types import UNSET, Unset






T = TypeVar("T", bound="Manifestation")



@_attrs_define
class Manifestation:
    """ 
        Attributes:
            tipo (ManifestationTipo): ciencia (210210), confirmacao (210200), desconhecimento (210220) ou nao_realizada
                (210240).
            empresa (str | Unset):
            empresa_id (str | Unset):
            justificativa (str | Unset): Obrigatória para nao_realizada: 15 a 255 caracteres.
     """

    tipo: ManifestationTipo
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET
    justificativa: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        tipo = self.tipo.value

        empresa = self.empresa

        empresa_id = self.empresa_id

        justificativa = self.justificativa


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "tipo": tipo,
        })
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if justificativa is not UNSET:
            field_dict["justificativa"] = justificativa

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tipo = ManifestationTipo(d.pop("tipo"))




        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        justificativa = d.pop("justificativa", UNSET)

        manifestation = cls(
            tipo=tipo,
            empresa=empresa,
            empresa_id=empresa_id,
            justificativa=justificativa,
        )

        return manifestation

