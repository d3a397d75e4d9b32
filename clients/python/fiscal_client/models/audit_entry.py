from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="AuditEntry")



@_attrs_define
class AuditEntry:
    """ 
        Attributes:
            acao (str | Unset):
            criado_em (datetime.datetime | Unset):
            entidade (str | Unset):
            id (str | Unset):
            ip (None | str | Unset):
            registro_id (None | str | Unset):
            valor_anterior (Any | Unset):
            valor_novo (Any | Unset):
     """

    acao: str | Unset = UNSET
    criado_em: datetime.datetime | Unset = UNSET
    entidade: str | Unset = UNSET
    id: str | Unset = UNSET
    ip: None | str | Unset = UNSET
    registro_id: None | str | Unset = UNSET
    valor_anterior: Any | Unset = UNSET
    valor_novo: Any | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        acao = self.acao

        criado_em: str | Unset = UNSET
        if not isinstance(self.criado_em, Unset):
            criado_em = self.criado_em.isoformat()

        entidade = self.entidade

        id = self.id

        ip: None | str | Unset
        if isinstance(self.ip, Unset):
            ip = UNSET
        else:
            ip = self.ip

        registro_id: None | str | Unset
        if isinstance(self.registro_id, Unset):
            registro_id = UNSET
        else:
            registro_id = self.registro_id

        valor_anterior = self.valor_anterior

        valor_novo = self.valor_novo


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if acao is not UNSET:
            field_dict["acao"] = acao
        if criado_em is not UNSET:
            field_dict["criado_em"] = criado_em
        if entidade is not UNSET:
            field_dict["entidade"] = entidade
        if id is not UNSET:
            field_dict["id"] = id
        if ip is not UNSET:
            field_dict["ip"] = ip
        if registro_id is not UNSET:
            field_dict["registro_id"] = registro_id
        if valor_anterior is not UNSET:
            field_dict["valor_anterior"] = valor_anterior
        if valor_novo is not UNSET:
            field_dict["valor_novo"] = valor_novo

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        acao = d.pop("acao", UNSET)

        _criado_em = d.pop("criado_em", UNSET)
        criado_em: datetime.datetime | Unset
        if isinstance(_criado_em,  Unset):
            criado_em = UNSET
        else:
            criado_em = datetime.datetime.fromisoformat(_criado_em)




        entidade = d.pop("entidade", UNSET)

        id = d.pop("id", UNSET)

        def _parse_ip(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ip = _parse_ip(d.pop("ip", UNSET))


        def _parse_registro_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        registro_id = _parse_registro_id(d.pop("registro_id", UNSET))


        valor_anterior = d.pop("valor_anterior", UNSET)

        valor_novo = d.pop("valor_novo", UNSET)

        audit_entry = cls(
            acao=acao,
            criado_em=criado_em,
            entidade=entidade,
            id=id,
            ip=ip,
            registro_id=registro_id,
            valor_anterior=valor_anterior,
            valor_novo=valor_novo,
        )

        return audit_entry

