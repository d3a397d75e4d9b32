from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.envelope_period_encerrado_por import EnvelopePeriodEncerradoPor
from ..models.envelope_period_origem import EnvelopePeriodOrigem
from ..models.envelope_period_tipo import EnvelopePeriodTipo
from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="EnvelopePeriod")



@_attrs_define
class EnvelopePeriod:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            ambiente (str | Unset):
            autorizador (str | Unset): A autoridade fora do ar.
            autorizador_contingencia (None | str | Unset): SVC-AN, SVC-RS, SVC-SP, AN (EPEC) ou nulo.
            documentos (int | Unset): Documentos emitidos no período.
            empresa_id (str | Unset):
            encerrado_por (EnvelopePeriodEncerradoPor | Unset):
            fim (datetime.datetime | None | Unset):
            id (str | Unset):
            inicio (datetime.datetime | Unset):
            justificativa (str | Unset):
            modelo (str | Unset):
            origem (EnvelopePeriodOrigem | Unset):
            tipo (EnvelopePeriodTipo | Unset):
            tp_emis (str | Unset):
     """

    request_id: str
    success: bool
    ambiente: str | Unset = UNSET
    autorizador: str | Unset = UNSET
    autorizador_contingencia: None | str | Unset = UNSET
    documentos: int | Unset = UNSET
    empresa_id: str | Unset = UNSET
    encerrado_por: EnvelopePeriodEncerradoPor | Unset = UNSET
    fim: datetime.datetime | None | Unset = UNSET
    id: str | Unset = UNSET
    inicio: datetime.datetime | Unset = UNSET
    justificativa: str | Unset = UNSET
    modelo: str | Unset = UNSET
    origem: EnvelopePeriodOrigem | Unset = UNSET
    tipo: EnvelopePeriodTipo | Unset = UNSET
    tp_emis: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        request_id = self.request_id

        success = self.success

        ambiente = self.ambiente

        autorizador = self.autorizador

        autorizador_contingencia: None | str | Unset
        if isinstance(self.autorizador_contingencia, Unset):
            autorizador_contingencia = UNSET
        else:
            autorizador_contingencia = self.autorizador_contingencia

        documentos = self.documentos

        empresa_id = self.empresa_id

        encerrado_por: str | Unset = UNSET
        if not isinstance(self.encerrado_por, Unset):
            encerrado_por = self.encerrado_por.value


        fim: None | str | Unset
        if isinstance(self.fim, Unset):
            fim = UNSET
        elif isinstance(self.fim, datetime.datetime):
            fim = self.fim.isoformat()
        else:
            fim = self.fim

        id = self.id

        inicio: str | Unset = UNSET
        if not isinstance(self.inicio, Unset):
            inicio = self.inicio.isoformat()

        justificativa = self.justificativa

        modelo = self.modelo

        origem: str | Unset = UNSET
        if not isinstance(self.origem, Unset):
            origem = self.origem.value


        tipo: str | Unset = UNSET
        if not isinstance(self.tipo, Unset):
            tipo = self.tipo.value


        tp_emis = self.tp_emis


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if ambiente is not UNSET:
            field_dict["ambiente"] = ambiente
        if autorizador is not UNSET:
            field_dict["autorizador"] = autorizador
        if autorizador_contingencia is not UNSET:
            field_dict["autorizador_contingencia"] = autorizador_contingencia
        if documentos is not UNSET:
            field_dict["documentos"] = documentos
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if encerrado_por is not UNSET:
            field_dict["encerrado_por"] = encerrado_por
        if fim is not UNSET:
            field_dict["fim"] = fim
        if id is not UNSET:
            field_dict["id"] = id
        if inicio is not UNSET:
            field_dict["inicio"] = inicio
        if justificativa is not UNSET:
            field_dict["justificativa"] = justificativa
        if modelo is not UNSET:
            field_dict["modelo"] = modelo
        if origem is not UNSET:
            field_dict["origem"] = origem
        if tipo is not UNSET:
            field_dict["tipo"] = tipo
        if tp_emis is not UNSET:
            field_dict["tp_emis"] = tp_emis

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        ambiente = d.pop("ambiente", UNSET)

        autorizador = d.pop("autorizador", UNSET)

        def _parse_autorizador_contingencia(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        autorizador_contingencia = _parse_autorizador_contingencia(d.pop("autorizador_contingencia", UNSET))


        documentos = d.pop("documentos", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        _encerrado_por = d.pop("encerrado_por", UNSET)
        encerrado_por: EnvelopePeriodEncerradoPor | Unset
        if isinstance(_encerrado_por,  Unset):
            encerrado_por = UNSET
        else:
            encerrado_por = EnvelopePeriodEncerradoPor(_encerrado_por)




        def _parse_fim(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fim_type_0 = datetime.datetime.fromisoformat(data)



                return fim_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        fim = _parse_fim(d.pop("fim", UNSET))


        id = d.pop("id", UNSET)

        _inicio = d.pop("inicio", UNSET)
        inicio: datetime.datetime | Unset
        if isinstance(_inicio,  Unset):
            inicio = UNSET
        else:
            inicio = datetime.datetime.fromisoformat(_inicio)




        justificativa = d.pop("justificativa", UNSET)

        modelo = d.pop("modelo", UNSET)

        _origem = d.pop("origem", UNSET)
        origem: EnvelopePeriodOrigem | Unset
        if isinstance(_origem,  Unset):
            origem = UNSET
        else:
            origem = EnvelopePeriodOrigem(_origem)




        _tipo = d.pop("tipo", UNSET)
        tipo: EnvelopePeriodTipo | Unset
        if isinstance(_tipo,  Unset):
            tipo = UNSET
        else:
            tipo = EnvelopePeriodTipo(_tipo)




        tp_emis = d.pop("tp_emis", UNSET)

        envelope_period = cls(
            request_id=request_id,
            success=success,
            ambiente=ambiente,
            autorizador=autorizador,
            autorizador_contingencia=autorizador_contingencia,
            documentos=documentos,
            empresa_id=empresa_id,
            encerrado_por=encerrado_por,
            fim=fim,
            id=id,
            inicio=inicio,
            justificativa=justificativa,
            modelo=modelo,
            origem=origem,
            tipo=tipo,
            tp_emis=tp_emis,
        )

        return envelope_period

