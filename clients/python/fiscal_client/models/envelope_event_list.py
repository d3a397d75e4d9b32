from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.event import Event





T = TypeVar("T", bound="EnvelopeEventList")



@_attrs_define
class EnvelopeEventList:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            eventos (list[Event] | Unset):
     """

    request_id: str
    success: bool
    eventos: list[Event] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.event import Event # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        eventos: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.eventos, Unset):
            eventos = []
            for eventos_item_data in self.eventos:
                eventos_item = eventos_item_data.to_dict()
                eventos.append(eventos_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if eventos is not UNSET:
            field_dict["eventos"] = eventos

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event import Event # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        _eventos = d.pop("eventos", UNSET)
        eventos: list[Event] | Unset = UNSET
        if _eventos is not UNSET:
            eventos = []
            for eventos_item_data in _eventos:
                eventos_item = Event.from_dict(eventos_item_data)



                eventos.append(eventos_item)


        envelope_event_list = cls(
            request_id=request_id,
            success=success,
            eventos=eventos,
        )

        return envelope_event_list

