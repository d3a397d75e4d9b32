from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.enter_modelo import EnterModelo
from ..models.enter_tipo import EnterTipo
from ..types import UNSET, Unset






T = TypeVar("T", bound="Enter")



@_attrs_define
class Enter:
    """ 
        Attributes:
            justificativa (str): xJust dos documentos: 15 a 256 caracteres.
            modelo (EnterModelo): 55 NF-e, 65 NFC-e, 57 CT-e, 67 CT-e OS, 58 MDF-e.
            tipo (EnterTipo): SVC, EPEC ou OFFLINE (os que o modelo tem na UF).
            empresa (str | Unset):
            empresa_id (str | Unset):
     """

    justificativa: str
    modelo: EnterModelo
    tipo: EnterTipo
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        justificativa = self.justificativa

        modelo = self.modelo.value

        tipo = self.tipo.value

        empresa = self.empresa

        empresa_id = self.empresa_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "justificativa": justificativa,
            "modelo": modelo,
            "tipo": tipo,
        })
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        justificativa = d.pop("justificativa")

        modelo = EnterModelo(d.pop("modelo"))




        tipo = EnterTipo(d.pop("tipo"))




        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        enter = cls(
            justificativa=justificativa,
            modelo=modelo,
            tipo=tipo,
            empresa=empresa,
            empresa_id=empresa_id,
        )

        return enter

