from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="CorrectionRequest")



@_attrs_define
class CorrectionRequest:
    """ 
        Attributes:
            correcao (str):
     """

    correcao: str





    def to_dict(self) -> dict[str, Any]:
        correcao = self.correcao


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "correcao": correcao,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        correcao = d.pop("correcao")

        correction_request = cls(
            correcao=correcao,
        )

        return correction_request

