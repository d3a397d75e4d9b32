from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.base_rule import BaseRule





T = TypeVar("T", bound="EnvelopeBaseRuleItem")



@_attrs_define
class EnvelopeBaseRuleItem:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            regra (BaseRule | Unset):
     """

    request_id: str
    success: bool
    regra: BaseRule | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.base_rule import BaseRule # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        regra: dict[str, Any] | Unset = UNSET
        if not isinstance(self.regra, Unset):
            regra = self.regra.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if regra is not UNSET:
            field_dict["regra"] = regra

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.base_rule import BaseRule # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        _regra = d.pop("regra", UNSET)
        regra: BaseRule | Unset
        if isinstance(_regra,  Unset):
            regra = UNSET
        else:
            regra = BaseRule.from_dict(_regra)




        envelope_base_rule_item = cls(
            request_id=request_id,
            success=success,
            regra=regra,
        )

        return envelope_base_rule_item

