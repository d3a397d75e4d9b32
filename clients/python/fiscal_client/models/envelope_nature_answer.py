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





T = TypeVar("T", bound="EnvelopeNatureAnswer")



@_attrs_define
class EnvelopeNatureAnswer:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            avisos (list[Any] | Unset):
            item (NatureRecord | Unset):
     """

    request_id: str
    success: bool
    avisos: list[Any] | Unset = UNSET
    item: NatureRecord | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.nature_record import NatureRecord # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        avisos: list[Any] | Unset = UNSET
        if not isinstance(self.avisos, Unset):
            avisos = self.avisos



        item: dict[str, Any] | Unset = UNSET
        if not isinstance(self.item, Unset):
            item = self.item.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if avisos is not UNSET:
            field_dict["avisos"] = avisos
        if item is not UNSET:
            field_dict["item"] = item

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.nature_record import NatureRecord # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        avisos = cast(list[Any], d.pop("avisos", UNSET))


        _item = d.pop("item", UNSET)
        item: NatureRecord | Unset
        if isinstance(_item,  Unset):
            item = UNSET
        else:
            item = NatureRecord.from_dict(_item)




        envelope_nature_answer = cls(
            request_id=request_id,
            success=success,
            avisos=avisos,
            item=item,
        )

        return envelope_nature_answer

