from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="Step")



@_attrs_define
class Step:
    """ 
        Attributes:
            obrigatoria (bool | Unset):
            ordem (int | Unset):
            rotulo (str | Unset):
            status (str | Unset):  Example: configurado.
     """

    obrigatoria: bool | Unset = UNSET
    ordem: int | Unset = UNSET
    rotulo: str | Unset = UNSET
    status: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        obrigatoria = self.obrigatoria

        ordem = self.ordem

        rotulo = self.rotulo

        status = self.status


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if obrigatoria is not UNSET:
            field_dict["obrigatoria"] = obrigatoria
        if ordem is not UNSET:
            field_dict["ordem"] = ordem
        if rotulo is not UNSET:
            field_dict["rotulo"] = rotulo
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        obrigatoria = d.pop("obrigatoria", UNSET)

        ordem = d.pop("ordem", UNSET)

        rotulo = d.pop("rotulo", UNSET)

        status = d.pop("status", UNSET)

        step = cls(
            obrigatoria=obrigatoria,
            ordem=ordem,
            rotulo=rotulo,
            status=status,
        )

        return step

