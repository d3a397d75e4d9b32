from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.correction import Correction





T = TypeVar("T", bound="CteCorrectionRequest")



@_attrs_define
class CteCorrectionRequest:
    """ 
        Attributes:
            correcoes (list[Correction]):
     """

    correcoes: list[Correction]





    def to_dict(self) -> dict[str, Any]:
        from ..models.correction import Correction # noqa: PLC0415
        correcoes = []
        for correcoes_item_data in self.correcoes:
            correcoes_item = correcoes_item_data.to_dict()
            correcoes.append(correcoes_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "correcoes": correcoes,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.correction import Correction # noqa: PLC0415
        d = dict(src_dict)
        correcoes = []
        _correcoes = d.pop("correcoes")
        for correcoes_item_data in (_correcoes):
            correcoes_item = Correction.from_dict(correcoes_item_data)



            correcoes.append(correcoes_item)


        cte_correction_request = cls(
            correcoes=correcoes,
        )

        return cte_correction_request

