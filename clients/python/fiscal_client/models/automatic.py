from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.automatic_apuracao import AutomaticApuracao
from ..types import UNSET, Unset






T = TypeVar("T", bound="Automatic")



@_attrs_define
class Automatic:
    """ 
        Attributes:
            apuracao (AutomaticApuracao | Unset):
            empresa (str | Unset):
            empresa_id (str | Unset):
     """

    apuracao: AutomaticApuracao | Unset = UNSET
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        apuracao: str | Unset = UNSET
        if not isinstance(self.apuracao, Unset):
            apuracao = self.apuracao.value


        empresa = self.empresa

        empresa_id = self.empresa_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if apuracao is not UNSET:
            field_dict["apuracao"] = apuracao
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _apuracao = d.pop("apuracao", UNSET)
        apuracao: AutomaticApuracao | Unset
        if isinstance(_apuracao,  Unset):
            apuracao = UNSET
        else:
            apuracao = AutomaticApuracao(_apuracao)




        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        automatic = cls(
            apuracao=apuracao,
            empresa=empresa,
            empresa_id=empresa_id,
        )

        return automatic

