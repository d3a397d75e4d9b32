from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.vehicle_record import VehicleRecord





T = TypeVar("T", bound="EnvelopeVehicleAnswer")



@_attrs_define
class EnvelopeVehicleAnswer:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            avisos (list[str] | Unset):
            item (VehicleRecord | Unset):
     """

    request_id: str
    success: bool
    avisos: list[str] | Unset = UNSET
    item: VehicleRecord | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.vehicle_record import VehicleRecord # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        avisos: list[str] | Unset = UNSET
        if not isinstance(self.avisos, Unset):
            avisos = self.avisos



        item: dict[str, Any] | Unset = UNSET
        if not isinstance(self.item, Unset):
            item = self.item.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if avisos is not UNSET:
            field_dict["avisos"] = avisos
        if item is not UNSET:
            field_dict["item"] = item

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.vehicle_record import VehicleRecord # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        avisos = cast(list[str], d.pop("avisos", UNSET))


        _item = d.pop("item", UNSET)
        item: VehicleRecord | Unset
        if isinstance(_item,  Unset):
            item = UNSET
        else:
            item = VehicleRecord.from_dict(_item)




        envelope_vehicle_answer = cls(
            request_id=request_id,
            success=success,
            avisos=avisos,
            item=item,
        )

        return envelope_vehicle_answer

