from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="ReturnedItem")



@_attrs_define
class ReturnedItem:
    """ 
        Attributes:
            item (int): Número do item (nItem) na NF-e original.
            quantidade (float | str):
     """

    item: int
    quantidade: float | str





    def to_dict(self) -> dict[str, Any]:
        item = self.item

        quantidade: float | str
        quantidade = self.quantidade


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "item": item,
            "quantidade": quantidade,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        item = d.pop("item")

        def _parse_quantidade(data: object) -> float | str:
            return cast(float | str, data)

        quantidade = _parse_quantidade(d.pop("quantidade"))


        returned_item = cls(
            item=item,
            quantidade=quantidade,
        )

        return returned_item

