from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="DisagreementRequest")



@_attrs_define
class DisagreementRequest:
    """ 
        Attributes:
            observacao (str):
     """

    observacao: str





    def to_dict(self) -> dict[str, Any]:
        observacao = self.observacao


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "observacao": observacao,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        observacao = d.pop("observacao")

        disagreement_request = cls(
            observacao=observacao,
        )

        return disagreement_request

