from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.settings_modo import SettingsModo
from ..types import UNSET, Unset






T = TypeVar("T", bound="Settings")



@_attrs_define
class Settings:
    """ 
        Attributes:
            modo (SettingsModo): automatica (padrão): entra quando a autoridade cai; manual: só por POST /configuracao-
                fiscal/contingencia.
            empresa (str | Unset):
            empresa_id (str | Unset):
     """

    modo: SettingsModo
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        modo = self.modo.value

        empresa = self.empresa

        empresa_id = self.empresa_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "modo": modo,
        })
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        modo = SettingsModo(d.pop("modo"))




        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        settings = cls(
            modo=modo,
            empresa=empresa,
            empresa_id=empresa_id,
        )

        return settings

