from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="PurchaseOrder")



@_attrs_define
class PurchaseOrder:
    """ 
        Attributes:
            numero (str):
            item (str | Unset):
     """

    numero: str
    item: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        numero = self.numero

        item = self.item


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "numero": numero,
        })
        if item is not UNSET:
            field_dict["item"] = item

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        numero = d.pop("numero")

        item = d.pop("item", UNSET)

        purchase_order = cls(
            numero=numero,
            item=item,
        )

        return purchase_order

