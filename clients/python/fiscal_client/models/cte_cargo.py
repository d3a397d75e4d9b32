from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.quantity import Quantity





T = TypeVar("T", bound="CteCargo")



@_attrs_define
class CteCargo:
    """ 
        Attributes:
            produto (str):
            valor (float | str):
            peso_kg (float | str | Unset):
            quantidades (list[Quantity] | Unset):
     """

    produto: str
    valor: float | str
    peso_kg: float | str | Unset = UNSET
    quantidades: list[Quantity] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.quantity import Quantity # noqa: PLC0415
        produto = self.produto

        valor: float | str
        valor = self.valor

        peso_kg: float | str | Unset
        if isinstance(self.peso_kg, Unset):
            peso_kg = UNSET
        else:
            peso_kg = self.peso_kg

        quantidades: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.quantidades, Unset):
            quantidades = []
            for quantidades_item_data in self.quantidades:
                quantidades_item = quantidades_item_data.to_dict()
                quantidades.append(quantidades_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "produto": produto,
            "valor": valor,
        })
        if peso_kg is not UNSET:
            field_dict["peso_kg"] = peso_kg
        if quantidades is not UNSET:
            field_dict["quantidades"] = quantidades

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.quantity import Quantity # noqa: PLC0415
        d = dict(src_dict)
        produto = d.pop("produto")

        def _parse_valor(data: object) -> float | str:
            return cast(float | str, data)

        valor = _parse_valor(d.pop("valor"))


        def _parse_peso_kg(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        peso_kg = _parse_peso_kg(d.pop("peso_kg", UNSET))


        _quantidades = d.pop("quantidades", UNSET)
        quantidades: list[Quantity] | Unset = UNSET
        if _quantidades is not UNSET:
            quantidades = []
            for quantidades_item_data in _quantidades:
                quantidades_item = Quantity.from_dict(quantidades_item_data)



                quantidades.append(quantidades_item)


        cte_cargo = cls(
            produto=produto,
            valor=valor,
            peso_kg=peso_kg,
            quantidades=quantidades,
        )

        return cte_cargo

