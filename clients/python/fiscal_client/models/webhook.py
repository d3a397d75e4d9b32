from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.webhook_ambientes_item import WebhookAmbientesItem
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Webhook")



@_attrs_define
class Webhook:
    """ 
        Attributes:
            eventos (list[str]): Tipos exatos, prefixos com `.*` ou `*`.
            url (str): https; o host deve resolver para endereços públicos.
            ambientes (list[WebhookAmbientesItem] | Unset): Ambientes cujos eventos o webhook recebe. Chave live: ambos por
                padrão; chave de teste: somente HOMOLOGACAO.
            descricao (None | str | Unset):
            empresa (None | str | Unset): Código da empresa.
            empresa_id (None | str | Unset): Filtra a empresa.
     """

    eventos: list[str]
    url: str
    ambientes: list[WebhookAmbientesItem] | Unset = UNSET
    descricao: None | str | Unset = UNSET
    empresa: None | str | Unset = UNSET
    empresa_id: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        eventos = self.eventos



        url = self.url

        ambientes: list[str] | Unset = UNSET
        if not isinstance(self.ambientes, Unset):
            ambientes = []
            for ambientes_item_data in self.ambientes:
                ambientes_item = ambientes_item_data.value
                ambientes.append(ambientes_item)



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


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "eventos": eventos,
            "url": url,
        })
        if ambientes is not UNSET:
            field_dict["ambientes"] = ambientes
        if descricao is not UNSET:
            field_dict["descricao"] = descricao
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        eventos = cast(list[str], d.pop("eventos"))


        url = d.pop("url")

        _ambientes = d.pop("ambientes", UNSET)
        ambientes: list[WebhookAmbientesItem] | Unset = UNSET
        if _ambientes is not UNSET:
            ambientes = []
            for ambientes_item_data in _ambientes:
                ambientes_item = WebhookAmbientesItem(ambientes_item_data)



                ambientes.append(ambientes_item)


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


        webhook = cls(
            eventos=eventos,
            url=url,
            ambientes=ambientes,
            descricao=descricao,
            empresa=empresa,
            empresa_id=empresa_id,
        )

        return webhook

