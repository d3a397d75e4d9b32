from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="EnvelopeBaseRuleCreated")



@_attrs_define
class EnvelopeBaseRuleCreated:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            id (str | Unset):
            tipo (str | Unset):
     """

    request_id: str
    success: bool
    id: str | Unset = UNSET
    tipo: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        request_id = self.request_id

        success = self.success

        id = self.id

        tipo = self.tipo


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if id is not UNSET:
            field_dict["id"] = id
        if tipo is not UNSET:
            field_dict["tipo"] = tipo

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        id = d.pop("id", UNSET)

        tipo = d.pop("tipo", UNSET)

        envelope_base_rule_created = cls(
            request_id=request_id,
            success=success,
            id=id,
            tipo=tipo,
        )

        return envelope_base_rule_created

