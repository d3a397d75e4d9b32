from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="EnvelopeVoiding")



@_attrs_define
class EnvelopeVoiding:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            ambiente (str | Unset):
            criado_em (None | str | Unset):
            id (str | Unset):
            justificativa (str | Unset):
            modelo (str | Unset):
            numero_final (int | Unset):
            numero_inicial (int | Unset):
            protocolo (None | str | Unset):
            proximo_numero (int | Unset):
            sefaz_code (None | str | Unset):
            sefaz_mensagem (None | str | Unset):
            serie (int | Unset):
            status (str | Unset):
     """

    request_id: str
    success: bool
    ambiente: str | Unset = UNSET
    criado_em: None | str | Unset = UNSET
    id: str | Unset = UNSET
    justificativa: str | Unset = UNSET
    modelo: str | Unset = UNSET
    numero_final: int | Unset = UNSET
    numero_inicial: int | Unset = UNSET
    protocolo: None | str | Unset = UNSET
    proximo_numero: int | Unset = UNSET
    sefaz_code: None | str | Unset = UNSET
    sefaz_mensagem: None | str | Unset = UNSET
    serie: int | Unset = UNSET
    status: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        request_id = self.request_id

        success = self.success

        ambiente = self.ambiente

        criado_em: None | str | Unset
        if isinstance(self.criado_em, Unset):
            criado_em = UNSET
        else:
            criado_em = self.criado_em

        id = self.id

        justificativa = self.justificativa

        modelo = self.modelo

        numero_final = self.numero_final

        numero_inicial = self.numero_inicial

        protocolo: None | str | Unset
        if isinstance(self.protocolo, Unset):
            protocolo = UNSET
        else:
            protocolo = self.protocolo

        proximo_numero = self.proximo_numero

        sefaz_code: None | str | Unset
        if isinstance(self.sefaz_code, Unset):
            sefaz_code = UNSET
        else:
            sefaz_code = self.sefaz_code

        sefaz_mensagem: None | str | Unset
        if isinstance(self.sefaz_mensagem, Unset):
            sefaz_mensagem = UNSET
        else:
            sefaz_mensagem = self.sefaz_mensagem

        serie = self.serie

        status = self.status


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if ambiente is not UNSET:
            field_dict["ambiente"] = ambiente
        if criado_em is not UNSET:
            field_dict["criado_em"] = criado_em
        if id is not UNSET:
            field_dict["id"] = id
        if justificativa is not UNSET:
            field_dict["justificativa"] = justificativa
        if modelo is not UNSET:
            field_dict["modelo"] = modelo
        if numero_final is not UNSET:
            field_dict["numero_final"] = numero_final
        if numero_inicial is not UNSET:
            field_dict["numero_inicial"] = numero_inicial
        if protocolo is not UNSET:
            field_dict["protocolo"] = protocolo
        if proximo_numero is not UNSET:
            field_dict["proximo_numero"] = proximo_numero
        if sefaz_code is not UNSET:
            field_dict["sefaz_code"] = sefaz_code
        if sefaz_mensagem is not UNSET:
            field_dict["sefaz_mensagem"] = sefaz_mensagem
        if serie is not UNSET:
            field_dict["serie"] = serie
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        ambiente = d.pop("ambiente", UNSET)

        def _parse_criado_em(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        criado_em = _parse_criado_em(d.pop("criado_em", UNSET))


        id = d.pop("id", UNSET)

        justificativa = d.pop("justificativa", UNSET)

        modelo = d.pop("modelo", UNSET)

        numero_final = d.pop("numero_final", UNSET)

        numero_inicial = d.pop("numero_inicial", UNSET)

        def _parse_protocolo(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        protocolo = _parse_protocolo(d.pop("protocolo", UNSET))


        proximo_numero = d.pop("proximo_numero", UNSET)

        def _parse_sefaz_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        sefaz_code = _parse_sefaz_code(d.pop("sefaz_code", UNSET))


        def _parse_sefaz_mensagem(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        sefaz_mensagem = _parse_sefaz_mensagem(d.pop("sefaz_mensagem", UNSET))


        serie = d.pop("serie", UNSET)

        status = d.pop("status", UNSET)

        envelope_voiding = cls(
            request_id=request_id,
            success=success,
            ambiente=ambiente,
            criado_em=criado_em,
            id=id,
            justificativa=justificativa,
            modelo=modelo,
            numero_final=numero_final,
            numero_inicial=numero_inicial,
            protocolo=protocolo,
            proximo_numero=proximo_numero,
            sefaz_code=sefaz_code,
            sefaz_mensagem=sefaz_mensagem,
            serie=serie,
            status=status,
        )

        return envelope_voiding

