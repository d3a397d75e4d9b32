from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.api_key import ApiKey





T = TypeVar("T", bound="EnvelopeApiKeyCreated")



@_attrs_define
class EnvelopeApiKeyCreated:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            api_key (ApiKey | Unset):
            chave (str | Unset): A chave completa; exibida só agora.
     """

    request_id: str
    success: bool
    api_key: ApiKey | Unset = UNSET
    chave: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.api_key import ApiKey # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        api_key: dict[str, Any] | Unset = UNSET
        if not isinstance(self.api_key, Unset):
            api_key = self.api_key.to_dict()

        chave = self.chave


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if api_key is not UNSET:
            field_dict["api_key"] = api_key
        if chave is not UNSET:
            field_dict["chave"] = chave

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.api_key import ApiKey # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        _api_key = d.pop("api_key", UNSET)
        api_key: ApiKey | Unset
        if isinstance(_api_key,  Unset):
            api_key = UNSET
        else:
            api_key = ApiKey.from_dict(_api_key)




        chave = d.pop("chave", UNSET)

        envelope_api_key_created = cls(
            request_id=request_id,
            success=success,
            api_key=api_key,
            chave=chave,
        )

        return envelope_api_key_created

