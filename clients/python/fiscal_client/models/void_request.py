from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.void_request_modelo_type_0 import VoidRequestModeloType0
from ..models.void_request_modelo_type_1 import VoidRequestModeloType1
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="VoidRequest")



@_attrs_define
class VoidRequest:
    """ 
        Attributes:
            justificativa (str):
            modelo (VoidRequestModeloType0 | VoidRequestModeloType1):
            numero_inicial (int):
            empresa (str | Unset):
            empresa_id (str | Unset):
            numero_final (int | Unset):
            serie (int | Unset):
     """

    justificativa: str
    modelo: VoidRequestModeloType0 | VoidRequestModeloType1
    numero_inicial: int
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET
    numero_final: int | Unset = UNSET
    serie: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        justificativa = self.justificativa

        modelo: int | str
        if isinstance(self.modelo, VoidRequestModeloType0):
            modelo = self.modelo.value
        else:
            modelo = self.modelo.value


        numero_inicial = self.numero_inicial

        empresa = self.empresa

        empresa_id = self.empresa_id

        numero_final = self.numero_final

        serie = self.serie


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "justificativa": justificativa,
            "modelo": modelo,
            "numero_inicial": numero_inicial,
        })
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if numero_final is not UNSET:
            field_dict["numero_final"] = numero_final
        if serie is not UNSET:
            field_dict["serie"] = serie

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        justificativa = d.pop("justificativa")

        def _parse_modelo(data: object) -> VoidRequestModeloType0 | VoidRequestModeloType1:
            try:
                if not isinstance(data, int):
                    raise TypeError()
                modelo_type_0 = VoidRequestModeloType0(data)



                return modelo_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, str):
                raise TypeError()
            modelo_type_1 = VoidRequestModeloType1(data)



            return modelo_type_1

        modelo = _parse_modelo(d.pop("modelo"))


        numero_inicial = d.pop("numero_inicial")

        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        numero_final = d.pop("numero_final", UNSET)

        serie = d.pop("serie", UNSET)

        void_request = cls(
            justificativa=justificativa,
            modelo=modelo,
            numero_inicial=numero_inicial,
            empresa=empresa,
            empresa_id=empresa_id,
            numero_final=numero_final,
            serie=serie,
        )

        return void_request

