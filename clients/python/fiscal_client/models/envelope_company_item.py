from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.company import Company





T = TypeVar("T", bound="EnvelopeCompanyItem")



@_attrs_define
class EnvelopeCompanyItem:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            empresa (Company | Unset):
     """

    request_id: str
    success: bool
    empresa: Company | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.company import Company # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        empresa: dict[str, Any] | Unset = UNSET
        if not isinstance(self.empresa, Unset):
            empresa = self.empresa.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if empresa is not UNSET:
            field_dict["empresa"] = empresa

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.company import Company # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        _empresa = d.pop("empresa", UNSET)
        empresa: Company | Unset
        if isinstance(_empresa,  Unset):
            empresa = UNSET
        else:
            empresa = Company.from_dict(_empresa)




        envelope_company_item = cls(
            request_id=request_id,
            success=success,
            empresa=empresa,
        )

        return envelope_company_item

