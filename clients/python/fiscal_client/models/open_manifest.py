from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="OpenManifest")



@_attrs_define
class OpenManifest:
    """ 
        Attributes:
            chave (str | Unset):
            conhecido (bool | Unset):
            id (None | str | Unset):
            protocolo (str | Unset):
            status (None | str | Unset):
     """

    chave: str | Unset = UNSET
    conhecido: bool | Unset = UNSET
    id: None | str | Unset = UNSET
    protocolo: str | Unset = UNSET
    status: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        chave = self.chave

        conhecido = self.conhecido

        id: None | str | Unset
        if isinstance(self.id, Unset):
            id = UNSET
        else:
            id = self.id

        protocolo = self.protocolo

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        else:
            status = self.status


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if chave is not UNSET:
            field_dict["chave"] = chave
        if conhecido is not UNSET:
            field_dict["conhecido"] = conhecido
        if id is not UNSET:
            field_dict["id"] = id
        if protocolo is not UNSET:
            field_dict["protocolo"] = protocolo
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        chave = d.pop("chave", UNSET)

        conhecido = d.pop("conhecido", UNSET)

        def _parse_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        id = _parse_id(d.pop("id", UNSET))


        protocolo = d.pop("protocolo", UNSET)

        def _parse_status(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        status = _parse_status(d.pop("status", UNSET))


        open_manifest = cls(
            chave=chave,
            conhecido=conhecido,
            id=id,
            protocolo=protocolo,
            status=status,
        )

        return open_manifest

