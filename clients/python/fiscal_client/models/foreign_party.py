from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.foreign_address import ForeignAddress





T = TypeVar("T", bound="ForeignParty")



@_attrs_define
class ForeignParty:
    """ 
        Attributes:
            endereco (ForeignAddress):
            nome (str):
            email (str | Unset):
            id_estrangeiro (str | Unset): idEstrangeiro (passaporte, registro no país); opcional.
     """

    endereco: ForeignAddress
    nome: str
    email: str | Unset = UNSET
    id_estrangeiro: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.foreign_address import ForeignAddress # noqa: PLC0415
        endereco = self.endereco.to_dict()

        nome = self.nome

        email = self.email

        id_estrangeiro = self.id_estrangeiro


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "endereco": endereco,
            "nome": nome,
        })
        if email is not UNSET:
            field_dict["email"] = email
        if id_estrangeiro is not UNSET:
            field_dict["id_estrangeiro"] = id_estrangeiro

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.foreign_address import ForeignAddress # noqa: PLC0415
        d = dict(src_dict)
        endereco = ForeignAddress.from_dict(d.pop("endereco"))




        nome = d.pop("nome")

        email = d.pop("email", UNSET)

        id_estrangeiro = d.pop("id_estrangeiro", UNSET)

        foreign_party = cls(
            endereco=endereco,
            nome=nome,
            email=email,
            id_estrangeiro=id_estrangeiro,
        )

        return foreign_party

