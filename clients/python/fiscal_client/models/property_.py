from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Property")



@_attrs_define
class Property:
    """ 
        Attributes:
            cod_municipio (str):
            nome (str):
            car (None | str | Unset):
            ie (None | str | Unset):
            nirf (None | str | Unset):
     """

    cod_municipio: str
    nome: str
    car: None | str | Unset = UNSET
    ie: None | str | Unset = UNSET
    nirf: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        cod_municipio = self.cod_municipio

        nome = self.nome

        car: None | str | Unset
        if isinstance(self.car, Unset):
            car = UNSET
        else:
            car = self.car

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


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "cod_municipio": cod_municipio,
            "nome": nome,
        })
        if car is not UNSET:
            field_dict["car"] = car
        if ie is not UNSET:
            field_dict["ie"] = ie
        if nirf is not UNSET:
            field_dict["nirf"] = nirf

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cod_municipio = d.pop("cod_municipio")

        nome = d.pop("nome")

        def _parse_car(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        car = _parse_car(d.pop("car", UNSET))


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


        property_ = cls(
            cod_municipio=cod_municipio,
            nome=nome,
            car=car,
            ie=ie,
            nirf=nirf,
        )

        return property_

