from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.period import Period





T = TypeVar("T", bound="EnvelopeSettingsAnswer")



@_attrs_define
class EnvelopeSettingsAnswer:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            em_vigor (list[Period] | Unset):
            modo (str | Unset):
     """

    request_id: str
    success: bool
    em_vigor: list[Period] | Unset = UNSET
    modo: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.period import Period # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        em_vigor: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.em_vigor, Unset):
            em_vigor = []
            for em_vigor_item_data in self.em_vigor:
                em_vigor_item = em_vigor_item_data.to_dict()
                em_vigor.append(em_vigor_item)



        modo = self.modo


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if em_vigor is not UNSET:
            field_dict["em_vigor"] = em_vigor
        if modo is not UNSET:
            field_dict["modo"] = modo

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.period import Period # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        _em_vigor = d.pop("em_vigor", UNSET)
        em_vigor: list[Period] | Unset = UNSET
        if _em_vigor is not UNSET:
            em_vigor = []
            for em_vigor_item_data in _em_vigor:
                em_vigor_item = Period.from_dict(em_vigor_item_data)



                em_vigor.append(em_vigor_item)


        modo = d.pop("modo", UNSET)

        envelope_settings_answer = cls(
            request_id=request_id,
            success=success,
            em_vigor=em_vigor,
            modo=modo,
        )

        return envelope_settings_answer

