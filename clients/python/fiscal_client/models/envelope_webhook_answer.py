from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.webhook_record import WebhookRecord





T = TypeVar("T", bound="EnvelopeWebhookAnswer")



@_attrs_define
class EnvelopeWebhookAnswer:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            webhook (WebhookRecord | Unset):
     """

    request_id: str
    success: bool
    webhook: WebhookRecord | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.webhook_record import WebhookRecord # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        webhook: dict[str, Any] | Unset = UNSET
        if not isinstance(self.webhook, Unset):
            webhook = self.webhook.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if webhook is not UNSET:
            field_dict["webhook"] = webhook

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_record import WebhookRecord # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        _webhook = d.pop("webhook", UNSET)
        webhook: WebhookRecord | Unset
        if isinstance(_webhook,  Unset):
            webhook = UNSET
        else:
            webhook = WebhookRecord.from_dict(_webhook)




        envelope_webhook_answer = cls(
            request_id=request_id,
            success=success,
            webhook=webhook,
        )

        return envelope_webhook_answer

