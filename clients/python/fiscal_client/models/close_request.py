from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="CloseRequest")



@_attrs_define
class CloseRequest:
    """ 
        Attributes:
            cod_municipio (str):
            data (datetime.date | Unset):
     """

    cod_municipio: str
    data: datetime.date | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        cod_municipio = self.cod_municipio

        data: str | Unset = UNSET
        if not isinstance(self.data, Unset):
            data = self.data.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "cod_municipio": cod_municipio,
        })
        if data is not UNSET:
            field_dict["data"] = data

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cod_municipio = d.pop("cod_municipio")

        _data = d.pop("data", UNSET)
        data: datetime.date | Unset
        if isinstance(_data,  Unset):
            data = UNSET
        else:
            data = datetime.date.fromisoformat(_data)




        close_request = cls(
            cod_municipio=cod_municipio,
            data=data,
        )

        return close_request

