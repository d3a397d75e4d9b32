from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.cte_os_service_tipo import CteOsServiceTipo
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CteOsService")



@_attrs_define
class CteOsService:
    """ 
        Attributes:
            descricao (str):
            tipo (CteOsServiceTipo):
            quantidade (float | str | Unset):
     """

    descricao: str
    tipo: CteOsServiceTipo
    quantidade: float | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        descricao = self.descricao

        tipo = self.tipo.value

        quantidade: float | str | Unset
        if isinstance(self.quantidade, Unset):
            quantidade = UNSET
        else:
            quantidade = self.quantidade


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "descricao": descricao,
            "tipo": tipo,
        })
        if quantidade is not UNSET:
            field_dict["quantidade"] = quantidade

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        descricao = d.pop("descricao")

        tipo = CteOsServiceTipo(d.pop("tipo"))




        def _parse_quantidade(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        quantidade = _parse_quantidade(d.pop("quantidade", UNSET))


        cte_os_service = cls(
            descricao=descricao,
            tipo=tipo,
            quantidade=quantidade,
        )

        return cte_os_service

