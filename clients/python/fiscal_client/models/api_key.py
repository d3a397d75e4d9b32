from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.api_key_tipo import ApiKeyTipo
from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="ApiKey")



@_attrs_define
class ApiKey:
    """ 
        Attributes:
            ativa (bool | Unset):
            criada_em (datetime.datetime | Unset):
            escopos (list[str] | Unset):
            id (str | Unset):
            modo (str | Unset):
            nome (str | Unset):
            prefixo (str | Unset):
            tipo (ApiKeyTipo | Unset):
            ultimo_uso_em (datetime.datetime | None | Unset):
     """

    ativa: bool | Unset = UNSET
    criada_em: datetime.datetime | Unset = UNSET
    escopos: list[str] | Unset = UNSET
    id: str | Unset = UNSET
    modo: str | Unset = UNSET
    nome: str | Unset = UNSET
    prefixo: str | Unset = UNSET
    tipo: ApiKeyTipo | Unset = UNSET
    ultimo_uso_em: datetime.datetime | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        ativa = self.ativa

        criada_em: str | Unset = UNSET
        if not isinstance(self.criada_em, Unset):
            criada_em = self.criada_em.isoformat()

        escopos: list[str] | Unset = UNSET
        if not isinstance(self.escopos, Unset):
            escopos = self.escopos



        id = self.id

        modo = self.modo

        nome = self.nome

        prefixo = self.prefixo

        tipo: str | Unset = UNSET
        if not isinstance(self.tipo, Unset):
            tipo = self.tipo.value


        ultimo_uso_em: None | str | Unset
        if isinstance(self.ultimo_uso_em, Unset):
            ultimo_uso_em = UNSET
        elif isinstance(self.ultimo_uso_em, datetime.datetime):
            ultimo_uso_em = self.ultimo_uso_em.isoformat()
        else:
            ultimo_uso_em = self.ultimo_uso_em


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if ativa is not UNSET:
            field_dict["ativa"] = ativa
        if criada_em is not UNSET:
            field_dict["criada_em"] = criada_em
        if escopos is not UNSET:
            field_dict["escopos"] = escopos
        if id is not UNSET:
            field_dict["id"] = id
        if modo is not UNSET:
            field_dict["modo"] = modo
        if nome is not UNSET:
            field_dict["nome"] = nome
        if prefixo is not UNSET:
            field_dict["prefixo"] = prefixo
        if tipo is not UNSET:
            field_dict["tipo"] = tipo
        if ultimo_uso_em is not UNSET:
            field_dict["ultimo_uso_em"] = ultimo_uso_em

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ativa = d.pop("ativa", UNSET)

        _criada_em = d.pop("criada_em", UNSET)
        criada_em: datetime.datetime | Unset
        if isinstance(_criada_em,  Unset):
            criada_em = UNSET
        else:
            criada_em = datetime.datetime.fromisoformat(_criada_em)




        escopos = cast(list[str], d.pop("escopos", UNSET))


        id = d.pop("id", UNSET)

        modo = d.pop("modo", UNSET)

        nome = d.pop("nome", UNSET)

        prefixo = d.pop("prefixo", UNSET)

        _tipo = d.pop("tipo", UNSET)
        tipo: ApiKeyTipo | Unset
        if isinstance(_tipo,  Unset):
            tipo = UNSET
        else:
            tipo = ApiKeyTipo(_tipo)




        def _parse_ultimo_uso_em(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ultimo_uso_em_type_0 = datetime.datetime.fromisoformat(data)



                return ultimo_uso_em_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        ultimo_uso_em = _parse_ultimo_uso_em(d.pop("ultimo_uso_em", UNSET))


        api_key = cls(
            ativa=ativa,
            criada_em=criada_em,
            escopos=escopos,
            id=id,
            modo=modo,
            nome=nome,
            prefixo=prefixo,
            tipo=tipo,
            ultimo_uso_em=ultimo_uso_em,
        )

        return api_key

