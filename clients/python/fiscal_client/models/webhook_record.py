from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="WebhookRecord")



@_attrs_define
class WebhookRecord:
    """ 
        Attributes:
            ambientes (list[str] | Unset):
            ativo (bool | Unset):
            atualizado_em (str | Unset):
            criado_em (str | Unset):
            desativado_em (None | str | Unset):
            descricao (None | str | Unset):
            empresa_id (None | str | Unset):
            eventos (list[str] | Unset):
            id (str | Unset):
            modo (str | Unset): live ou test: o modo da chave que criou.
            motivo_desativacao (None | str | Unset):
            segredo_anterior_expira_em (None | str | Unset): Até quando o segredo anterior também assina.
            segredo_rotacionado_em (None | str | Unset):
            url (str | Unset):
     """

    ambientes: list[str] | Unset = UNSET
    ativo: bool | Unset = UNSET
    atualizado_em: str | Unset = UNSET
    criado_em: str | Unset = UNSET
    desativado_em: None | str | Unset = UNSET
    descricao: None | str | Unset = UNSET
    empresa_id: None | str | Unset = UNSET
    eventos: list[str] | Unset = UNSET
    id: str | Unset = UNSET
    modo: str | Unset = UNSET
    motivo_desativacao: None | str | Unset = UNSET
    segredo_anterior_expira_em: None | str | Unset = UNSET
    segredo_rotacionado_em: None | str | Unset = UNSET
    url: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        ambientes: list[str] | Unset = UNSET
        if not isinstance(self.ambientes, Unset):
            ambientes = self.ambientes



        ativo = self.ativo

        atualizado_em = self.atualizado_em

        criado_em = self.criado_em

        desativado_em: None | str | Unset
        if isinstance(self.desativado_em, Unset):
            desativado_em = UNSET
        else:
            desativado_em = self.desativado_em

        descricao: None | str | Unset
        if isinstance(self.descricao, Unset):
            descricao = UNSET
        else:
            descricao = self.descricao

        empresa_id: None | str | Unset
        if isinstance(self.empresa_id, Unset):
            empresa_id = UNSET
        else:
            empresa_id = self.empresa_id

        eventos: list[str] | Unset = UNSET
        if not isinstance(self.eventos, Unset):
            eventos = self.eventos



        id = self.id

        modo = self.modo

        motivo_desativacao: None | str | Unset
        if isinstance(self.motivo_desativacao, Unset):
            motivo_desativacao = UNSET
        else:
            motivo_desativacao = self.motivo_desativacao

        segredo_anterior_expira_em: None | str | Unset
        if isinstance(self.segredo_anterior_expira_em, Unset):
            segredo_anterior_expira_em = UNSET
        else:
            segredo_anterior_expira_em = self.segredo_anterior_expira_em

        segredo_rotacionado_em: None | str | Unset
        if isinstance(self.segredo_rotacionado_em, Unset):
            segredo_rotacionado_em = UNSET
        else:
            segredo_rotacionado_em = self.segredo_rotacionado_em

        url = self.url


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if ambientes is not UNSET:
            field_dict["ambientes"] = ambientes
        if ativo is not UNSET:
            field_dict["ativo"] = ativo
        if atualizado_em is not UNSET:
            field_dict["atualizado_em"] = atualizado_em
        if criado_em is not UNSET:
            field_dict["criado_em"] = criado_em
        if desativado_em is not UNSET:
            field_dict["desativado_em"] = desativado_em
        if descricao is not UNSET:
            field_dict["descricao"] = descricao
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if eventos is not UNSET:
            field_dict["eventos"] = eventos
        if id is not UNSET:
            field_dict["id"] = id
        if modo is not UNSET:
            field_dict["modo"] = modo
        if motivo_desativacao is not UNSET:
            field_dict["motivo_desativacao"] = motivo_desativacao
        if segredo_anterior_expira_em is not UNSET:
            field_dict["segredo_anterior_expira_em"] = segredo_anterior_expira_em
        if segredo_rotacionado_em is not UNSET:
            field_dict["segredo_rotacionado_em"] = segredo_rotacionado_em
        if url is not UNSET:
            field_dict["url"] = url

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ambientes = cast(list[str], d.pop("ambientes", UNSET))


        ativo = d.pop("ativo", UNSET)

        atualizado_em = d.pop("atualizado_em", UNSET)

        criado_em = d.pop("criado_em", UNSET)

        def _parse_desativado_em(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        desativado_em = _parse_desativado_em(d.pop("desativado_em", UNSET))


        def _parse_descricao(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        descricao = _parse_descricao(d.pop("descricao", UNSET))


        def _parse_empresa_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        empresa_id = _parse_empresa_id(d.pop("empresa_id", UNSET))


        eventos = cast(list[str], d.pop("eventos", UNSET))


        id = d.pop("id", UNSET)

        modo = d.pop("modo", UNSET)

        def _parse_motivo_desativacao(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        motivo_desativacao = _parse_motivo_desativacao(d.pop("motivo_desativacao", UNSET))


        def _parse_segredo_anterior_expira_em(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        segredo_anterior_expira_em = _parse_segredo_anterior_expira_em(d.pop("segredo_anterior_expira_em", UNSET))


        def _parse_segredo_rotacionado_em(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        segredo_rotacionado_em = _parse_segredo_rotacionado_em(d.pop("segredo_rotacionado_em", UNSET))


        url = d.pop("url", UNSET)

        webhook_record = cls(
            ambientes=ambientes,
            ativo=ativo,
            atualizado_em=atualizado_em,
            criado_em=criado_em,
            desativado_em=desativado_em,
            descricao=descricao,
            empresa_id=empresa_id,
            eventos=eventos,
            id=id,
            modo=modo,
            motivo_desativacao=motivo_desativacao,
            segredo_anterior_expira_em=segredo_anterior_expira_em,
            segredo_rotacionado_em=segredo_rotacionado_em,
            url=url,
        )

        return webhook_record

