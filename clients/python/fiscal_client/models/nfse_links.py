from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="NfseLinks")



@_attrs_define
class NfseLinks:
    """ 
        Attributes:
            danfse (None | str | Unset):
            xml (None | str | Unset):
     """

    danfse: None | str | Unset = UNSET
    xml: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        danfse: None | str | Unset
        if isinstance(self.danfse, Unset):
            danfse = UNSET
        else:
            danfse = self.danfse

        xml: None | str | Unset
        if isinstance(self.xml, Unset):
            xml = UNSET
        else:
            xml = self.xml


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if danfse is not UNSET:
            field_dict["danfse"] = danfse
        if xml is not UNSET:
            field_dict["xml"] = xml

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_danfse(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        danfse = _parse_danfse(d.pop("danfse", UNSET))


        def _parse_xml(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        xml = _parse_xml(d.pop("xml", UNSET))


        nfse_links = cls(
            danfse=danfse,
            xml=xml,
        )

        return nfse_links

