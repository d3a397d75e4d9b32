from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ProductRetainedSt")



@_attrs_define
class ProductRetainedSt:
    """ 
        Attributes:
            aliquota (float | str): pST: alíquota suportada pelo consumidor final (ICMS-ST + FCP-ST), %.
            base (float | str): vBCSTRet: base do ST retido.
            valor (float | str): vICMSSTRet: ICMS-ST retido.
            valor_substituto (float | str | Unset): vICMSSubstituto: ICMS próprio do substituto.
     """

    aliquota: float | str
    base: float | str
    valor: float | str
    valor_substituto: float | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        aliquota: float | str
        aliquota = self.aliquota

        base: float | str
        base = self.base

        valor: float | str
        valor = self.valor

        valor_substituto: float | str | Unset
        if isinstance(self.valor_substituto, Unset):
            valor_substituto = UNSET
        else:
            valor_substituto = self.valor_substituto


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "aliquota": aliquota,
            "base": base,
            "valor": valor,
        })
        if valor_substituto is not UNSET:
            field_dict["valor_substituto"] = valor_substituto

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_aliquota(data: object) -> float | str:
            return cast(float | str, data)

        aliquota = _parse_aliquota(d.pop("aliquota"))


        def _parse_base(data: object) -> float | str:
            return cast(float | str, data)

        base = _parse_base(d.pop("base"))


        def _parse_valor(data: object) -> float | str:
            return cast(float | str, data)

        valor = _parse_valor(d.pop("valor"))


        def _parse_valor_substituto(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        valor_substituto = _parse_valor_substituto(d.pop("valor_substituto", UNSET))


        product_retained_st = cls(
            aliquota=aliquota,
            base=base,
            valor=valor,
            valor_substituto=valor_substituto,
        )

        return product_retained_st

