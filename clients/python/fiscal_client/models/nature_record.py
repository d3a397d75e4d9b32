from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="NatureRecord")



@_attrs_define
class NatureRecord:
    """ 
        Attributes:
            ativo (bool | Unset):
            auto (bool | Unset):
            cfop (None | str | Unset):
            codigo (str | Unset):
            descricao (str | Unset):
            id (str | Unset):
     """

    ativo: bool | Unset = UNSET
    auto: bool | Unset = UNSET
    cfop: None | str | Unset = UNSET
    codigo: str | Unset = UNSET
    descricao: str | Unset = UNSET
    id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        ativo = self.ativo

        auto = self.auto

        cfop: None | str | Unset
        if isinstance(self.cfop, Unset):
            cfop = UNSET
        else:
            cfop = self.cfop

        codigo = self.codigo

        descricao = self.descricao

        id = self.id


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if ativo is not UNSET:
            field_dict["ativo"] = ativo
        if auto is not UNSET:
            field_dict["auto"] = auto
        if cfop is not UNSET:
            field_dict["cfop"] = cfop
        if codigo is not UNSET:
            field_dict["codigo"] = codigo
        if descricao is not UNSET:
            field_dict["descricao"] = descricao
        if id is not UNSET:
            field_dict["id"] = id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ativo = d.pop("ativo", UNSET)

        auto = d.pop("auto", UNSET)

        def _parse_cfop(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cfop = _parse_cfop(d.pop("cfop", UNSET))


        codigo = d.pop("codigo", UNSET)

        descricao = d.pop("descricao", UNSET)

        id = d.pop("id", UNSET)

        nature_record = cls(
            ativo=ativo,
            auto=auto,
            cfop=cfop,
            codigo=codigo,
            descricao=descricao,
            id=id,
        )


        nature_record.additional_properties = d
        return nature_record

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
