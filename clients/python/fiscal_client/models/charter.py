from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.charter_tipo import CharterTipo
from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="Charter")



@_attrs_define
class Charter:
    """ 
        Attributes:
            tipo (CharterTipo):
            data_viagem (datetime.datetime | Unset):
     """

    tipo: CharterTipo
    data_viagem: datetime.datetime | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        tipo = self.tipo.value

        data_viagem: str | Unset = UNSET
        if not isinstance(self.data_viagem, Unset):
            data_viagem = self.data_viagem.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "tipo": tipo,
        })
        if data_viagem is not UNSET:
            field_dict["data_viagem"] = data_viagem

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tipo = CharterTipo(d.pop("tipo"))




        _data_viagem = d.pop("data_viagem", UNSET)
        data_viagem: datetime.datetime | Unset
        if isinstance(_data_viagem,  Unset):
            data_viagem = UNSET
        else:
            data_viagem = datetime.datetime.fromisoformat(_data_viagem)




        charter = cls(
            tipo=tipo,
            data_viagem=data_viagem,
        )

        return charter

