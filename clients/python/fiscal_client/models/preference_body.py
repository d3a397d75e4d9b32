from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.preference_body_tipos_item import PreferenceBodyTiposItem
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PreferenceBody")



@_attrs_define
class PreferenceBody:
    """ 
        Attributes:
            emails (list[str]):
            tipos (list[PreferenceBodyTiposItem]): Avisos enviados: autorizada, rejeitada, acao_necessaria, pendente
            ativo (bool | Unset):  Default: True.
            atualizado_em (None | str | Unset): somente leitura; ignorado
            empresa (str | Unset):
            empresa_id (None | str | Unset):
            envio_habilitado (bool | None | Unset): somente leitura; ignorado
            origem (None | str | Unset): somente leitura; ignorado
            request_id (None | str | Unset): somente leitura; ignorado
            success (bool | None | Unset): somente leitura; ignorado
     """

    emails: list[str]
    tipos: list[PreferenceBodyTiposItem]
    ativo: bool | Unset = True
    atualizado_em: None | str | Unset = UNSET
    empresa: str | Unset = UNSET
    empresa_id: None | str | Unset = UNSET
    envio_habilitado: bool | None | Unset = UNSET
    origem: None | str | Unset = UNSET
    request_id: None | str | Unset = UNSET
    success: bool | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        emails = self.emails



        tipos = []
        for tipos_item_data in self.tipos:
            tipos_item = tipos_item_data.value
            tipos.append(tipos_item)



        ativo = self.ativo

        atualizado_em: None | str | Unset
        if isinstance(self.atualizado_em, Unset):
            atualizado_em = UNSET
        else:
            atualizado_em = self.atualizado_em

        empresa = self.empresa

        empresa_id: None | str | Unset
        if isinstance(self.empresa_id, Unset):
            empresa_id = UNSET
        else:
            empresa_id = self.empresa_id

        envio_habilitado: bool | None | Unset
        if isinstance(self.envio_habilitado, Unset):
            envio_habilitado = UNSET
        else:
            envio_habilitado = self.envio_habilitado

        origem: None | str | Unset
        if isinstance(self.origem, Unset):
            origem = UNSET
        else:
            origem = self.origem

        request_id: None | str | Unset
        if isinstance(self.request_id, Unset):
            request_id = UNSET
        else:
            request_id = self.request_id

        success: bool | None | Unset
        if isinstance(self.success, Unset):
            success = UNSET
        else:
            success = self.success


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "emails": emails,
            "tipos": tipos,
        })
        if ativo is not UNSET:
            field_dict["ativo"] = ativo
        if atualizado_em is not UNSET:
            field_dict["atualizado_em"] = atualizado_em
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if envio_habilitado is not UNSET:
            field_dict["envio_habilitado"] = envio_habilitado
        if origem is not UNSET:
            field_dict["origem"] = origem
        if request_id is not UNSET:
            field_dict["request_id"] = request_id
        if success is not UNSET:
            field_dict["success"] = success

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        emails = cast(list[str], d.pop("emails"))


        tipos = []
        _tipos = d.pop("tipos")
        for tipos_item_data in (_tipos):
            tipos_item = PreferenceBodyTiposItem(tipos_item_data)



            tipos.append(tipos_item)


        ativo = d.pop("ativo", UNSET)

        def _parse_atualizado_em(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        atualizado_em = _parse_atualizado_em(d.pop("atualizado_em", UNSET))


        empresa = d.pop("empresa", UNSET)

        def _parse_empresa_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        empresa_id = _parse_empresa_id(d.pop("empresa_id", UNSET))


        def _parse_envio_habilitado(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        envio_habilitado = _parse_envio_habilitado(d.pop("envio_habilitado", UNSET))


        def _parse_origem(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        origem = _parse_origem(d.pop("origem", UNSET))


        def _parse_request_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        request_id = _parse_request_id(d.pop("request_id", UNSET))


        def _parse_success(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        success = _parse_success(d.pop("success", UNSET))


        preference_body = cls(
            emails=emails,
            tipos=tipos,
            ativo=ativo,
            atualizado_em=atualizado_em,
            empresa=empresa,
            empresa_id=empresa_id,
            envio_habilitado=envio_habilitado,
            origem=origem,
            request_id=request_id,
            success=success,
        )

        return preference_body

