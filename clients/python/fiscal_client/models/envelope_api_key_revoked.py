from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="EnvelopeApiKeyRevoked")



@_attrs_define
class EnvelopeApiKeyRevoked:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            ativa (bool | Unset):
            id (str | Unset):
     """

    request_id: str
    success: bool
    ativa: bool | Unset = UNSET
    id: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        request_id = self.request_id

        success = self.success

        ativa = self.ativa

        id = self.id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if ativa is not UNSET:
            field_dict["ativa"] = ativa
        if id is not UNSET:
            field_dict["id"] = id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        ativa = d.pop("ativa", UNSET)

        id = d.pop("id", UNSET)

        envelope_api_key_revoked = cls(
            request_id=request_id,
            success=success,
            ativa=ativa,
            id=id,
        )

        return envelope_api_key_revoked

