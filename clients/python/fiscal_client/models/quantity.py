from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.quantity_unidade import QuantityUnidade
from typing import cast






T = TypeVar("T", bound="Quantity")



@_attrs_define
class Quantity:
    """ 
        Attributes:
            quantidade (float | str):
            tipo_medida (str):
            unidade (QuantityUnidade):
     """

    quantidade: float | str
    tipo_medida: str
    unidade: QuantityUnidade





    def to_dict(self) -> dict[str, Any]:
        quantidade: float | str
        quantidade = self.quantidade

        tipo_medida = self.tipo_medida

        unidade = self.unidade.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "quantidade": quantidade,
            "tipo_medida": tipo_medida,
            "unidade": unidade,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_quantidade(data: object) -> float | str:
            return cast(float | str, data)

        quantidade = _parse_quantidade(d.pop("quantidade"))


        tipo_medida = d.pop("tipo_medida")

        unidade = QuantityUnidade(d.pop("unidade"))




        quantity = cls(
            quantidade=quantidade,
            tipo_medida=tipo_medida,
            unidade=unidade,
        )

        return quantity

