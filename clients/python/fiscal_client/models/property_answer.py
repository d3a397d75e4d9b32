from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PropertyAnswer")



@_attrs_define
class PropertyAnswer:
    """ 
        Attributes:
            car (None | str | Unset):
            cod_municipio (str | Unset):
            ie (None | str | Unset):
            nirf (None | str | Unset):
            nome (str | Unset):
     """

    car: None | str | Unset = UNSET
    cod_municipio: str | Unset = UNSET
    ie: None | str | Unset = UNSET
    nirf: None | str | Unset = UNSET
    nome: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        car: None | str | Unset
        if isinstance(self.car, Unset):
            car = UNSET
        else:
            car = self.car

        cod_municipio = self.cod_municipio

        ie: None | str | Unset
        if isinstance(self.ie, Unset):
            ie = UNSET
        else:
            ie = self.ie

        nirf: None | str | Unset
        if isinstance(self.nirf, Unset):
            nirf = UNSET
        else:
            nirf = self.nirf

        nome = self.nome


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if car is not UNSET:
            field_dict["car"] = car
        if cod_municipio is not UNSET:
            field_dict["cod_municipio"] = cod_municipio
        if ie is not UNSET:
            field_dict["ie"] = ie
        if nirf is not UNSET:
            field_dict["nirf"] = nirf
        if nome is not UNSET:
            field_dict["nome"] = nome

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_car(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        car = _parse_car(d.pop("car", UNSET))


        cod_municipio = d.pop("cod_municipio", UNSET)

        def _parse_ie(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ie = _parse_ie(d.pop("ie", UNSET))


        def _parse_nirf(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        nirf = _parse_nirf(d.pop("nirf", UNSET))


        nome = d.pop("nome", UNSET)

        property_answer = cls(
            car=car,
            cod_municipio=cod_municipio,
            ie=ie,
            nirf=nirf,
            nome=nome,
        )

        return property_answer

