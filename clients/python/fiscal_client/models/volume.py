from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Volume")



@_attrs_define
class Volume:
    """ 
        Attributes:
            especie (str | Unset):
            marca (str | Unset):
            numeracao (str | Unset):
            peso_bruto (float | str | Unset):
            peso_liquido (float | str | Unset):
            quantidade (int | Unset):
     """

    especie: str | Unset = UNSET
    marca: str | Unset = UNSET
    numeracao: str | Unset = UNSET
    peso_bruto: float | str | Unset = UNSET
    peso_liquido: float | str | Unset = UNSET
    quantidade: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        especie = self.especie

        marca = self.marca

        numeracao = self.numeracao

        peso_bruto: float | str | Unset
        if isinstance(self.peso_bruto, Unset):
            peso_bruto = UNSET
        else:
            peso_bruto = self.peso_bruto

        peso_liquido: float | str | Unset
        if isinstance(self.peso_liquido, Unset):
            peso_liquido = UNSET
        else:
            peso_liquido = self.peso_liquido

        quantidade = self.quantidade


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if especie is not UNSET:
            field_dict["especie"] = especie
        if marca is not UNSET:
            field_dict["marca"] = marca
        if numeracao is not UNSET:
            field_dict["numeracao"] = numeracao
        if peso_bruto is not UNSET:
            field_dict["peso_bruto"] = peso_bruto
        if peso_liquido is not UNSET:
            field_dict["peso_liquido"] = peso_liquido
        if quantidade is not UNSET:
            field_dict["quantidade"] = quantidade

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        especie = d.pop("especie", UNSET)

        marca = d.pop("marca", UNSET)

        numeracao = d.pop("numeracao", UNSET)

        def _parse_peso_bruto(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        peso_bruto = _parse_peso_bruto(d.pop("peso_bruto", UNSET))


        def _parse_peso_liquido(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        peso_liquido = _parse_peso_liquido(d.pop("peso_liquido", UNSET))


        quantidade = d.pop("quantidade", UNSET)

        volume = cls(
            especie=especie,
            marca=marca,
            numeracao=numeracao,
            peso_bruto=peso_bruto,
            peso_liquido=peso_liquido,
            quantidade=quantidade,
        )

        return volume

