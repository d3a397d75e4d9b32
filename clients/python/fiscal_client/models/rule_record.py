from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="RuleRecord")



@_attrs_define
class RuleRecord:
    """ 
        Attributes:
            ativo (bool | Unset):
            auto (bool | Unset):
            descricao (None | str | Unset):
            id (str | Unset):
            prioridade (int | Unset):
            tags (list[str] | Unset):
            vigencia_fim (datetime.date | None | Unset):
            vigencia_inicio (datetime.date | Unset):
     """

    ativo: bool | Unset = UNSET
    auto: bool | Unset = UNSET
    descricao: None | str | Unset = UNSET
    id: str | Unset = UNSET
    prioridade: int | Unset = UNSET
    tags: list[str] | Unset = UNSET
    vigencia_fim: datetime.date | None | Unset = UNSET
    vigencia_inicio: datetime.date | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        ativo = self.ativo

        auto = self.auto

        descricao: None | str | Unset
        if isinstance(self.descricao, Unset):
            descricao = UNSET
        else:
            descricao = self.descricao

        id = self.id

        prioridade = self.prioridade

        tags: list[str] | Unset = UNSET
        if not isinstance(self.tags, Unset):
            tags = self.tags



        vigencia_fim: None | str | Unset
        if isinstance(self.vigencia_fim, Unset):
            vigencia_fim = UNSET
        elif isinstance(self.vigencia_fim, datetime.date):
            vigencia_fim = self.vigencia_fim.isoformat()
        else:
            vigencia_fim = self.vigencia_fim

        vigencia_inicio: str | Unset = UNSET
        if not isinstance(self.vigencia_inicio, Unset):
            vigencia_inicio = self.vigencia_inicio.isoformat()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if ativo is not UNSET:
            field_dict["ativo"] = ativo
        if auto is not UNSET:
            field_dict["auto"] = auto
        if descricao is not UNSET:
            field_dict["descricao"] = descricao
        if id is not UNSET:
            field_dict["id"] = id
        if prioridade is not UNSET:
            field_dict["prioridade"] = prioridade
        if tags is not UNSET:
            field_dict["tags"] = tags
        if vigencia_fim is not UNSET:
            field_dict["vigencia_fim"] = vigencia_fim
        if vigencia_inicio is not UNSET:
            field_dict["vigencia_inicio"] = vigencia_inicio

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ativo = d.pop("ativo", UNSET)

        auto = d.pop("auto", UNSET)

        def _parse_descricao(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        descricao = _parse_descricao(d.pop("descricao", UNSET))


        id = d.pop("id", UNSET)

        prioridade = d.pop("prioridade", UNSET)

        tags = cast(list[str], d.pop("tags", UNSET))


        def _parse_vigencia_fim(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                vigencia_fim_type_0 = datetime.date.fromisoformat(data)



                return vigencia_fim_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        vigencia_fim = _parse_vigencia_fim(d.pop("vigencia_fim", UNSET))


        _vigencia_inicio = d.pop("vigencia_inicio", UNSET)
        vigencia_inicio: datetime.date | Unset
        if isinstance(_vigencia_inicio,  Unset):
            vigencia_inicio = UNSET
        else:
            vigencia_inicio = datetime.date.fromisoformat(_vigencia_inicio)




        rule_record = cls(
            ativo=ativo,
            auto=auto,
            descricao=descricao,
            id=id,
            prioridade=prioridade,
            tags=tags,
            vigencia_fim=vigencia_fim,
            vigencia_inicio=vigencia_inicio,
        )


        rule_record.additional_properties = d
        return rule_record

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
