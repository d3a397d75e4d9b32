from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.returned_item import ReturnedItem





T = TypeVar("T", bound="ReturnOf")



@_attrs_define
class ReturnOf:
    """ 
        Attributes:
            documento (str): `id` da NF-e autorizada da empresa.
            itens (list[ReturnedItem]):
     """

    documento: str
    itens: list[ReturnedItem]





    def to_dict(self) -> dict[str, Any]:
        from ..models.returned_item import ReturnedItem # noqa: PLC0415
        documento = self.documento

        itens = []
        for itens_item_data in self.itens:
            itens_item = itens_item_data.to_dict()
            itens.append(itens_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "documento": documento,
            "itens": itens,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.returned_item import ReturnedItem # noqa: PLC0415
        d = dict(src_dict)
        documento = d.pop("documento")

        itens = []
        _itens = d.pop("itens")
        for itens_item_data in (_itens):
            itens_item = ReturnedItem.from_dict(itens_item_data)



            itens.append(itens_item)


        return_of = cls(
            documento=documento,
            itens=itens,
        )

        return return_of

