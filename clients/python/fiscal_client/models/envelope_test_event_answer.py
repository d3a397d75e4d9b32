from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="EnvelopeTestEventAnswer")



@_attrs_define
class EnvelopeTestEventAnswer:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            entrega_id (str | Unset):
            evento_id (str | Unset):
            status (str | Unset):
     """

    request_id: str
    success: bool
    entrega_id: str | Unset = UNSET
    evento_id: str | Unset = UNSET
    status: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        request_id = self.request_id

        success = self.success

        entrega_id = self.entrega_id

        evento_id = self.evento_id

        status = self.status


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if entrega_id is not UNSET:
            field_dict["entrega_id"] = entrega_id
        if evento_id is not UNSET:
            field_dict["evento_id"] = evento_id
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        entrega_id = d.pop("entrega_id", UNSET)

        evento_id = d.pop("evento_id", UNSET)

        status = d.pop("status", UNSET)

        envelope_test_event_answer = cls(
            request_id=request_id,
            success=success,
            entrega_id=entrega_id,
            evento_id=evento_id,
            status=status,
        )

        return envelope_test_event_answer

