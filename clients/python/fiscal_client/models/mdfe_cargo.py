from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.mdfe_cargo_tipo import MdfeCargoTipo
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="MdfeCargo")



@_attrs_define
class MdfeCargo:
    """ 
        Attributes:
            peso_kg (float | str):
            ncm (str | Unset):
            produto (str | Unset):
            tipo (MdfeCargoTipo | Unset):
            valor (float | str | Unset):
     """

    peso_kg: float | str
    ncm: str | Unset = UNSET
    produto: str | Unset = UNSET
    tipo: MdfeCargoTipo | Unset = UNSET
    valor: float | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        peso_kg: float | str
        peso_kg = self.peso_kg

        ncm = self.ncm

        produto = self.produto

        tipo: str | Unset = UNSET
        if not isinstance(self.tipo, Unset):
            tipo = self.tipo.value


        valor: float | str | Unset
        if isinstance(self.valor, Unset):
            valor = UNSET
        else:
            valor = self.valor


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "peso_kg": peso_kg,
        })
        if ncm is not UNSET:
            field_dict["ncm"] = ncm
        if produto is not UNSET:
            field_dict["produto"] = produto
        if tipo is not UNSET:
            field_dict["tipo"] = tipo
        if valor is not UNSET:
            field_dict["valor"] = valor

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_peso_kg(data: object) -> float | str:
            return cast(float | str, data)

        peso_kg = _parse_peso_kg(d.pop("peso_kg"))


        ncm = d.pop("ncm", UNSET)

        produto = d.pop("produto", UNSET)

        _tipo = d.pop("tipo", UNSET)
        tipo: MdfeCargoTipo | Unset
        if isinstance(_tipo,  Unset):
            tipo = UNSET
        else:
            tipo = MdfeCargoTipo(_tipo)




        def _parse_valor(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        valor = _parse_valor(d.pop("valor", UNSET))


        mdfe_cargo = cls(
            peso_kg=peso_kg,
            ncm=ncm,
            produto=produto,
            tipo=tipo,
            valor=valor,
        )

        return mdfe_cargo

