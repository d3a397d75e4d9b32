from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="EnvelopeBaseRuleDeleted")



@_attrs_define
class EnvelopeBaseRuleDeleted:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            ativo (bool | Unset):
            id (str | Unset):
     """

    request_id: str
    success: bool
    ativo: bool | Unset = UNSET
    id: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        request_id = self.request_id

        success = self.success

        ativo = self.ativo

        id = self.id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if ativo is not UNSET:
            field_dict["ativo"] = ativo
        if id is not UNSET:
            field_dict["id"] = id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        ativo = d.pop("ativo", UNSET)

        id = d.pop("id", UNSET)

        envelope_base_rule_deleted = cls(
            request_id=request_id,
            success=success,
            ativo=ativo,
            id=id,
        )

        return envelope_base_rule_deleted

