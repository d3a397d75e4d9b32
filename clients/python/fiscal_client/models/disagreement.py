from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="Disagreement")



@_attrs_define
class Disagreement:
    """ 
        Attributes:
            observacao (str): Por que a prestação está em desacordo: 15 a 255 caracteres.
            empresa (str | Unset):
            empresa_id (str | Unset):
     """

    observacao: str
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        observacao = self.observacao

        empresa = self.empresa

        empresa_id = self.empresa_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "observacao": observacao,
        })
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        observacao = d.pop("observacao")

        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        disagreement = cls(
            observacao=observacao,
            empresa=empresa,
            empresa_id=empresa_id,
        )

        return disagreement

