from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="EnvelopePreference")



@_attrs_define
class EnvelopePreference:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            ativo (bool | Unset):
            atualizado_em (None | str | Unset):
            emails (list[str] | Unset):
            empresa_id (None | str | Unset):
            envio_habilitado (bool | Unset): false quando o servidor não tem SMTP configurado (MAIL_HOST)
            origem (str | Unset): empresa, conta ou padrao
            tipos (list[str] | Unset):
     """

    request_id: str
    success: bool
    ativo: bool | Unset = UNSET
    atualizado_em: None | str | Unset = UNSET
    emails: list[str] | Unset = UNSET
    empresa_id: None | str | Unset = UNSET
    envio_habilitado: bool | Unset = UNSET
    origem: str | Unset = UNSET
    tipos: list[str] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        request_id = self.request_id

        success = self.success

        ativo = self.ativo

        atualizado_em: None | str | Unset
        if isinstance(self.atualizado_em, Unset):
            atualizado_em = UNSET
        else:
            atualizado_em = self.atualizado_em

        emails: list[str] | Unset = UNSET
        if not isinstance(self.emails, Unset):
            emails = self.emails



        empresa_id: None | str | Unset
        if isinstance(self.empresa_id, Unset):
            empresa_id = UNSET
        else:
            empresa_id = self.empresa_id

        envio_habilitado = self.envio_habilitado

        origem = self.origem

        tipos: list[str] | Unset = UNSET
        if not isinstance(self.tipos, Unset):
            tipos = self.tipos




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if ativo is not UNSET:
            field_dict["ativo"] = ativo
        if atualizado_em is not UNSET:
            field_dict["atualizado_em"] = atualizado_em
        if emails is not UNSET:
            field_dict["emails"] = emails
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if envio_habilitado is not UNSET:
            field_dict["envio_habilitado"] = envio_habilitado
        if origem is not UNSET:
            field_dict["origem"] = origem
        if tipos is not UNSET:
            field_dict["tipos"] = tipos

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        ativo = d.pop("ativo", UNSET)

        def _parse_atualizado_em(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        atualizado_em = _parse_atualizado_em(d.pop("atualizado_em", UNSET))


        emails = cast(list[str], d.pop("emails", UNSET))


        def _parse_empresa_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        empresa_id = _parse_empresa_id(d.pop("empresa_id", UNSET))


        envio_habilitado = d.pop("envio_habilitado", UNSET)

        origem = d.pop("origem", UNSET)

        tipos = cast(list[str], d.pop("tipos", UNSET))


        envelope_preference = cls(
            request_id=request_id,
            success=success,
            ativo=ativo,
            atualizado_em=atualizado_em,
            emails=emails,
            empresa_id=empresa_id,
            envio_habilitado=envio_habilitado,
            origem=origem,
            tipos=tipos,
        )

        return envelope_preference

