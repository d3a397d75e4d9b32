from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.webhook_update_parcial_ambientes_item import WebhookUpdateParcialAmbientesItem
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="WebhookUpdateParcial")



@_attrs_define
class WebhookUpdateParcial:
    """ 
        Attributes:
            ambientes (list[WebhookUpdateParcialAmbientesItem] | Unset): Ambientes cujos eventos o webhook recebe. Chave
                live: ambos por padrão; chave de teste: somente HOMOLOGACAO.
            ativo (bool | Unset):
            descricao (None | str | Unset):
            empresa (None | str | Unset): Código da empresa.
            empresa_id (None | str | Unset): Filtra a empresa.
            eventos (list[str] | Unset): Tipos exatos, prefixos com `.*` ou `*`.
            url (str | Unset): https; o host deve resolver para endereços públicos.
     """

    ambientes: list[WebhookUpdateParcialAmbientesItem] | Unset = UNSET
    ativo: bool | Unset = UNSET
    descricao: None | str | Unset = UNSET
    empresa: None | str | Unset = UNSET
    empresa_id: None | str | Unset = UNSET
    eventos: list[str] | Unset = UNSET
    url: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        ambientes: list[str] | Unset = UNSET
        if not isinstance(self.ambientes, Unset):
            ambientes = []
            for ambientes_item_data in self.ambientes:
                ambientes_item = ambientes_item_data.value
                ambientes.append(ambientes_item)



        ativo = self.ativo

        descricao: None | str | Unset
        if isinstance(self.descricao, Unset):
            descricao = UNSET
        else:
            descricao = self.descricao

        empresa: None | str | Unset
        if isinstance(self.empresa, Unset):
            empresa = UNSET
        else:
            empresa = self.empresa

        empresa_id: None | str | Unset
        if isinstance(self.empresa_id, Unset):
            empresa_id = UNSET
        else:
            empresa_id = self.empresa_id

        eventos: list[str] | Unset = UNSET
        if not isinstance(self.eventos, Unset):
            eventos = self.eventos



        url = self.url


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if ambientes is not UNSET:
            field_dict["ambientes"] = ambientes
        if ativo is not UNSET:
            field_dict["ativo"] = ativo
        if descricao is not UNSET:
            field_dict["descricao"] = descricao
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if eventos is not UNSET:
            field_dict["eventos"] = eventos
        if url is not UNSET:
            field_dict["url"] = url

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _ambientes = d.pop("ambientes", UNSET)
        ambientes: list[WebhookUpdateParcialAmbientesItem] | Unset = UNSET
        if _ambientes is not UNSET:
            ambientes = []
            for ambientes_item_data in _ambientes:
                ambientes_item = WebhookUpdateParcialAmbientesItem(ambientes_item_data)



                ambientes.append(ambientes_item)


        ativo = d.pop("ativo", UNSET)

        def _parse_descricao(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        descricao = _parse_descricao(d.pop("descricao", UNSET))


        def _parse_empresa(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        empresa = _parse_empresa(d.pop("empresa", UNSET))


        def _parse_empresa_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        empresa_id = _parse_empresa_id(d.pop("empresa_id", UNSET))


        eventos = cast(list[str], d.pop("eventos", UNSET))


        url = d.pop("url", UNSET)

        webhook_update_parcial = cls(
            ambientes=ambientes,
            ativo=ativo,
            descricao=descricao,
            empresa=empresa,
            empresa_id=empresa_id,
            eventos=eventos,
            url=url,
        )

        return webhook_update_parcial

