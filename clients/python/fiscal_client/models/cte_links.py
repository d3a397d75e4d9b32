from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CteLinks")



@_attrs_define
class CteLinks:
    """ 
        Attributes:
            dacte (None | str | Unset):
            xml (None | str | Unset):
     """

    dacte: None | str | Unset = UNSET
    xml: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        dacte: None | str | Unset
        if isinstance(self.dacte, Unset):
            dacte = UNSET
        else:
            dacte = self.dacte

        xml: None | str | Unset
        if isinstance(self.xml, Unset):
            xml = UNSET
        else:
            xml = self.xml


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if dacte is not UNSET:
            field_dict["dacte"] = dacte
        if xml is not UNSET:
            field_dict["xml"] = xml

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_dacte(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        dacte = _parse_dacte(d.pop("dacte", UNSET))


        def _parse_xml(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        xml = _parse_xml(d.pop("xml", UNSET))


        cte_links = cls(
            dacte=dacte,
            xml=xml,
        )

        return cte_links

