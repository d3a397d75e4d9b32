from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.delivery_record import DeliveryRecord





T = TypeVar("T", bound="EnvelopeDeliveryAnswer")



@_attrs_define
class EnvelopeDeliveryAnswer:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            entrega (DeliveryRecord | Unset):
     """

    request_id: str
    success: bool
    entrega: DeliveryRecord | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.delivery_record import DeliveryRecord # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        entrega: dict[str, Any] | Unset = UNSET
        if not isinstance(self.entrega, Unset):
            entrega = self.entrega.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if entrega is not UNSET:
            field_dict["entrega"] = entrega

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.delivery_record import DeliveryRecord # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        _entrega = d.pop("entrega", UNSET)
        entrega: DeliveryRecord | Unset
        if isinstance(_entrega,  Unset):
            entrega = UNSET
        else:
            entrega = DeliveryRecord.from_dict(_entrega)




        envelope_delivery_answer = cls(
            request_id=request_id,
            success=success,
            entrega=entrega,
        )

        return envelope_delivery_answer

