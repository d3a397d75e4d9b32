from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.card import Card





T = TypeVar("T", bound="Payment")



@_attrs_define
class Payment:
    """ 
        Attributes:
            forma (str): Nome (pix, dinheiro…) ou código tPag.
            valor (float | str):
            cartao (Card | Unset):
     """

    forma: str
    valor: float | str
    cartao: Card | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.card import Card # noqa: PLC0415
        forma = self.forma

        valor: float | str
        valor = self.valor

        cartao: dict[str, Any] | Unset = UNSET
        if not isinstance(self.cartao, Unset):
            cartao = self.cartao.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "forma": forma,
            "valor": valor,
        })
        if cartao is not UNSET:
            field_dict["cartao"] = cartao

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card import Card # noqa: PLC0415
        d = dict(src_dict)
        forma = d.pop("forma")

        def _parse_valor(data: object) -> float | str:
            return cast(float | str, data)

        valor = _parse_valor(d.pop("valor"))


        _cartao = d.pop("cartao", UNSET)
        cartao: Card | Unset
        if isinstance(_cartao,  Unset):
            cartao = UNSET
        else:
            cartao = Card.from_dict(_cartao)




        payment = cls(
            forma=forma,
            valor=valor,
            cartao=cartao,
        )

        return payment

