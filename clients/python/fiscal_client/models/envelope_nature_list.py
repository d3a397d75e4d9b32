from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.nature_record import NatureRecord





T = TypeVar("T", bound="EnvelopeNatureList")



@_attrs_define
class EnvelopeNatureList:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            items (list[NatureRecord] | Unset):
            total (int | Unset):
     """

    request_id: str
    success: bool
    items: list[NatureRecord] | Unset = UNSET
    total: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.nature_record import NatureRecord # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        items: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.items, Unset):
            items = []
            for items_item_data in self.items:
                items_item = items_item_data.to_dict()
                items.append(items_item)



        total = self.total


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if items is not UNSET:
            field_dict["items"] = items
        if total is not UNSET:
            field_dict["total"] = total

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.nature_record import NatureRecord # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        _items = d.pop("items", UNSET)
        items: list[NatureRecord] | Unset = UNSET
        if _items is not UNSET:
            items = []
            for items_item_data in _items:
                items_item = NatureRecord.from_dict(items_item_data)



                items.append(items_item)


        total = d.pop("total", UNSET)

        envelope_nature_list = cls(
            request_id=request_id,
            success=success,
            items=items,
            total=total,
        )

        return envelope_nature_list

