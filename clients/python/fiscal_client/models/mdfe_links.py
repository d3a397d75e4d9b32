from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="MdfeLinks")



@_attrs_define
class MdfeLinks:
    """ 
        Attributes:
            damdfe (None | str | Unset):
            xml (None | str | Unset):
     """

    damdfe: None | str | Unset = UNSET
    xml: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        damdfe: None | str | Unset
        if isinstance(self.damdfe, Unset):
            damdfe = UNSET
        else:
            damdfe = self.damdfe

        xml: None | str | Unset
        if isinstance(self.xml, Unset):
            xml = UNSET
        else:
            xml = self.xml


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if damdfe is not UNSET:
            field_dict["damdfe"] = damdfe
        if xml is not UNSET:
            field_dict["xml"] = xml

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_damdfe(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        damdfe = _parse_damdfe(d.pop("damdfe", UNSET))


        def _parse_xml(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        xml = _parse_xml(d.pop("xml", UNSET))


        mdfe_links = cls(
            damdfe=damdfe,
            xml=xml,
        )

        return mdfe_links

