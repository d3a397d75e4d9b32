from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="CteCancelRequest")



@_attrs_define
class CteCancelRequest:
    """ 
        Attributes:
            justificativa (str):
     """

    justificativa: str





    def to_dict(self) -> dict[str, Any]:
        justificativa = self.justificativa


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "justificativa": justificativa,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        justificativa = d.pop("justificativa")

        cte_cancel_request = cls(
            justificativa=justificativa,
        )

        return cte_cancel_request

