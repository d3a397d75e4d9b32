from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.envelope_nfse_document_ambiente import EnvelopeNfseDocumentAmbiente
from ..models.envelope_nfse_document_status import EnvelopeNfseDocumentStatus
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.envelope_nfse_document_detalhes_item import EnvelopeNfseDocumentDetalhesItem
  from ..models.event import Event
  from ..models.nfse_links import NfseLinks





T = TypeVar("T", bound="EnvelopeNfseDocument")



@_attrs_define
class EnvelopeNfseDocument:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            ambiente (EnvelopeNfseDocumentAmbiente | Unset):
            autorizado_em (datetime.datetime | None | Unset):
            cancelado_em (datetime.datetime | None | Unset):
            chave_acesso (None | str | Unset): 50 posições.
            codigo_erro (None | str | Unset):
            competencia (None | str | Unset):
            criado_em (datetime.datetime | None | Unset):
            detalhes (list[EnvelopeNfseDocumentDetalhesItem] | Unset):
            dps_id (None | str | Unset):
            eventos (list[Event] | Unset):
            id (str | Unset):  Example: nfse_0123456789abcdef01234567.
            iss_retido (bool | None | Unset):
            links (NfseLinks | Unset):
            mensagem_erro (None | str | Unset):
            numero_dps (int | Unset):
            numero_nfse (None | str | Unset):
            pedido (str | Unset):
            serie_dps (int | Unset):
            status (EnvelopeNfseDocumentStatus | Unset):
            valor_iss (float | None | Unset):
            valor_servicos (float | None | Unset):
     """

    request_id: str
    success: bool
    ambiente: EnvelopeNfseDocumentAmbiente | Unset = UNSET
    autorizado_em: datetime.datetime | None | Unset = UNSET
    cancelado_em: datetime.datetime | None | Unset = UNSET
    chave_acesso: None | str | Unset = UNSET
    codigo_erro: None | str | Unset = UNSET
    competencia: None | str | Unset = UNSET
    criado_em: datetime.datetime | None | Unset = UNSET
    detalhes: list[EnvelopeNfseDocumentDetalhesItem] | Unset = UNSET
    dps_id: None | str | Unset = UNSET
    eventos: list[Event] | Unset = UNSET
    id: str | Unset = UNSET
    iss_retido: bool | None | Unset = UNSET
    links: NfseLinks | Unset = UNSET
    mensagem_erro: None | str | Unset = UNSET
    numero_dps: int | Unset = UNSET
    numero_nfse: None | str | Unset = UNSET
    pedido: str | Unset = UNSET
    serie_dps: int | Unset = UNSET
    status: EnvelopeNfseDocumentStatus | Unset = UNSET
    valor_iss: float | None | Unset = UNSET
    valor_servicos: float | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.envelope_nfse_document_detalhes_item import EnvelopeNfseDocumentDetalhesItem # noqa: PLC0415
        from ..models.event import Event # noqa: PLC0415
        from ..models.nfse_links import NfseLinks # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        ambiente: str | Unset = UNSET
        if not isinstance(self.ambiente, Unset):
            ambiente = self.ambiente.value


        autorizado_em: None | str | Unset
        if isinstance(self.autorizado_em, Unset):
            autorizado_em = UNSET
        elif isinstance(self.autorizado_em, datetime.datetime):
            autorizado_em = self.autorizado_em.isoformat()
        else:
            autorizado_em = self.autorizado_em

        cancelado_em: None | str | Unset
        if isinstance(self.cancelado_em, Unset):
            cancelado_em = UNSET
        elif isinstance(self.cancelado_em, datetime.datetime):
            cancelado_em = self.cancelado_em.isoformat()
        else:
            cancelado_em = self.cancelado_em

        chave_acesso: None | str | Unset
        if isinstance(self.chave_acesso, Unset):
            chave_acesso = UNSET
        else:
            chave_acesso = self.chave_acesso

        codigo_erro: None | str | Unset
        if isinstance(self.codigo_erro, Unset):
            codigo_erro = UNSET
        else:
            codigo_erro = self.codigo_erro

        competencia: None | str | Unset
        if isinstance(self.competencia, Unset):
            competencia = UNSET
        else:
            competencia = self.competencia

        criado_em: None | str | Unset
        if isinstance(self.criado_em, Unset):
            criado_em = UNSET
        elif isinstance(self.criado_em, datetime.datetime):
            criado_em = self.criado_em.isoformat()
        else:
            criado_em = self.criado_em

        detalhes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.detalhes, Unset):
            detalhes = []
            for detalhes_item_data in self.detalhes:
                detalhes_item = detalhes_item_data.to_dict()
                detalhes.append(detalhes_item)



        dps_id: None | str | Unset
        if isinstance(self.dps_id, Unset):
            dps_id = UNSET
        else:
            dps_id = self.dps_id

        eventos: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.eventos, Unset):
            eventos = []
            for eventos_item_data in self.eventos:
                eventos_item = eventos_item_data.to_dict()
                eventos.append(eventos_item)



        id = self.id

        iss_retido: bool | None | Unset
        if isinstance(self.iss_retido, Unset):
            iss_retido = UNSET
        else:
            iss_retido = self.iss_retido

        links: dict[str, Any] | Unset = UNSET
        if not isinstance(self.links, Unset):
            links = self.links.to_dict()

        mensagem_erro: None | str | Unset
        if isinstance(self.mensagem_erro, Unset):
            mensagem_erro = UNSET
        else:
            mensagem_erro = self.mensagem_erro

        numero_dps = self.numero_dps

        numero_nfse: None | str | Unset
        if isinstance(self.numero_nfse, Unset):
            numero_nfse = UNSET
        else:
            numero_nfse = self.numero_nfse

        pedido = self.pedido

        serie_dps = self.serie_dps

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value


        valor_iss: float | None | Unset
        if isinstance(self.valor_iss, Unset):
            valor_iss = UNSET
        else:
            valor_iss = self.valor_iss

        valor_servicos: float | None | Unset
        if isinstance(self.valor_servicos, Unset):
            valor_servicos = UNSET
        else:
            valor_servicos = self.valor_servicos


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if ambiente is not UNSET:
            field_dict["ambiente"] = ambiente
        if autorizado_em is not UNSET:
            field_dict["autorizado_em"] = autorizado_em
        if cancelado_em is not UNSET:
            field_dict["cancelado_em"] = cancelado_em
        if chave_acesso is not UNSET:
            field_dict["chave_acesso"] = chave_acesso
        if codigo_erro is not UNSET:
            field_dict["codigo_erro"] = codigo_erro
        if competencia is not UNSET:
            field_dict["competencia"] = competencia
        if criado_em is not UNSET:
            field_dict["criado_em"] = criado_em
        if detalhes is not UNSET:
            field_dict["detalhes"] = detalhes
        if dps_id is not UNSET:
            field_dict["dps_id"] = dps_id
        if eventos is not UNSET:
            field_dict["eventos"] = eventos
        if id is not UNSET:
            field_dict["id"] = id
        if iss_retido is not UNSET:
            field_dict["iss_retido"] = iss_retido
        if links is not UNSET:
            field_dict["links"] = links
        if mensagem_erro is not UNSET:
            field_dict["mensagem_erro"] = mensagem_erro
        if numero_dps is not UNSET:
            field_dict["numero_dps"] = numero_dps
        if numero_nfse is not UNSET:
            field_dict["numero_nfse"] = numero_nfse
        if pedido is not UNSET:
            field_dict["pedido"] = pedido
        if serie_dps is not UNSET:
            field_dict["serie_dps"] = serie_dps
        if status is not UNSET:
            field_dict["status"] = status
        if valor_iss is not UNSET:
            field_dict["valor_iss"] = valor_iss
        if valor_servicos is not UNSET:
            field_dict["valor_servicos"] = valor_servicos

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.envelope_nfse_document_detalhes_item import EnvelopeNfseDocumentDetalhesItem # noqa: PLC0415
        from ..models.event import Event # noqa: PLC0415
        from ..models.nfse_links import NfseLinks # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        _ambiente = d.pop("ambiente", UNSET)
        ambiente: EnvelopeNfseDocumentAmbiente | Unset
        if isinstance(_ambiente,  Unset):
            ambiente = UNSET
        else:
            ambiente = EnvelopeNfseDocumentAmbiente(_ambiente)




        def _parse_autorizado_em(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                autorizado_em_type_0 = datetime.datetime.fromisoformat(data)



                return autorizado_em_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        autorizado_em = _parse_autorizado_em(d.pop("autorizado_em", UNSET))


        def _parse_cancelado_em(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                cancelado_em_type_0 = datetime.datetime.fromisoformat(data)



                return cancelado_em_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        cancelado_em = _parse_cancelado_em(d.pop("cancelado_em", UNSET))


        def _parse_chave_acesso(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        chave_acesso = _parse_chave_acesso(d.pop("chave_acesso", UNSET))


        def _parse_codigo_erro(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        codigo_erro = _parse_codigo_erro(d.pop("codigo_erro", UNSET))


        def _parse_competencia(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        competencia = _parse_competencia(d.pop("competencia", UNSET))


        def _parse_criado_em(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                criado_em_type_0 = datetime.datetime.fromisoformat(data)



                return criado_em_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        criado_em = _parse_criado_em(d.pop("criado_em", UNSET))


        _detalhes = d.pop("detalhes", UNSET)
        detalhes: list[EnvelopeNfseDocumentDetalhesItem] | Unset = UNSET
        if _detalhes is not UNSET:
            detalhes = []
            for detalhes_item_data in _detalhes:
                detalhes_item = EnvelopeNfseDocumentDetalhesItem.from_dict(detalhes_item_data)



                detalhes.append(detalhes_item)


        def _parse_dps_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        dps_id = _parse_dps_id(d.pop("dps_id", UNSET))


        _eventos = d.pop("eventos", UNSET)
        eventos: list[Event] | Unset = UNSET
        if _eventos is not UNSET:
            eventos = []
            for eventos_item_data in _eventos:
                eventos_item = Event.from_dict(eventos_item_data)



                eventos.append(eventos_item)


        id = d.pop("id", UNSET)

        def _parse_iss_retido(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        iss_retido = _parse_iss_retido(d.pop("iss_retido", UNSET))


        _links = d.pop("links", UNSET)
        links: NfseLinks | Unset
        if isinstance(_links,  Unset):
            links = UNSET
        else:
            links = NfseLinks.from_dict(_links)




        def _parse_mensagem_erro(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        mensagem_erro = _parse_mensagem_erro(d.pop("mensagem_erro", UNSET))


        numero_dps = d.pop("numero_dps", UNSET)

        def _parse_numero_nfse(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        numero_nfse = _parse_numero_nfse(d.pop("numero_nfse", UNSET))


        pedido = d.pop("pedido", UNSET)

        serie_dps = d.pop("serie_dps", UNSET)

        _status = d.pop("status", UNSET)
        status: EnvelopeNfseDocumentStatus | Unset
        if isinstance(_status,  Unset):
            status = UNSET
        else:
            status = EnvelopeNfseDocumentStatus(_status)




        def _parse_valor_iss(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        valor_iss = _parse_valor_iss(d.pop("valor_iss", UNSET))


        def _parse_valor_servicos(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        valor_servicos = _parse_valor_servicos(d.pop("valor_servicos", UNSET))


        envelope_nfse_document = cls(
            request_id=request_id,
            success=success,
            ambiente=ambiente,
            autorizado_em=autorizado_em,
            cancelado_em=cancelado_em,
            chave_acesso=chave_acesso,
            codigo_erro=codigo_erro,
            competencia=competencia,
            criado_em=criado_em,
            detalhes=detalhes,
            dps_id=dps_id,
            eventos=eventos,
            id=id,
            iss_retido=iss_retido,
            links=links,
            mensagem_erro=mensagem_erro,
            numero_dps=numero_dps,
            numero_nfse=numero_nfse,
            pedido=pedido,
            serie_dps=serie_dps,
            status=status,
            valor_iss=valor_iss,
            valor_servicos=valor_servicos,
        )

        return envelope_nfse_document

