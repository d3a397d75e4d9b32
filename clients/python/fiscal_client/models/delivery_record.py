from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.attempt_record import AttemptRecord





T = TypeVar("T", bound="DeliveryRecord")



@_attrs_define
class DeliveryRecord:
    """ 
        Attributes:
            atualizado_em (str | Unset):
            criado_em (str | Unset):
            entregue_em (None | str | Unset):
            evento_id (str | Unset):
            historico (list[AttemptRecord] | Unset):
            id (str | Unset):
            proxima_tentativa_em (None | str | Unset):
            status (str | Unset): PENDENTE, ENTREGUE ou FALHOU.
            tentativas (int | Unset):
            tipo (str | Unset): Um de: autoridade.fora, autoridade.normalizada, cte.authorized, cte.cancelled,
                cte.contingencia_rejeitada, cte.processing, cte.rejected, cteos.authorized, cteos.cancelled,
                cteos.contingencia_rejeitada, cteos.processing, cteos.rejected, dfe.cancelado, dfe.recebido,
                fiscal.document.action_required, fiscal.document.authorized, fiscal.document.cancelled, fiscal.document.error,
                fiscal.document.pending, fiscal.document.queued, fiscal.document.rejected, mdfe.authorized, mdfe.cancelled,
                mdfe.closed, mdfe.contingencia_rejeitada, mdfe.processing, mdfe.rejected, nfce.authorized, nfce.cancelled,
                nfce.contingencia_rejeitada, nfce.processing, nfce.rejected, nfe.authorized, nfe.cancelled,
                nfe.contingencia_rejeitada, nfe.processing, nfe.rejected, nfse.authorized, nfse.cancelled, nfse.processing,
                nfse.rejected, webhook.test.
            ultimo_erro (None | str | Unset):
            ultimo_status_http (int | None | Unset):
     """

    atualizado_em: str | Unset = UNSET
    criado_em: str | Unset = UNSET
    entregue_em: None | str | Unset = UNSET
    evento_id: str | Unset = UNSET
    historico: list[AttemptRecord] | Unset = UNSET
    id: str | Unset = UNSET
    proxima_tentativa_em: None | str | Unset = UNSET
    status: str | Unset = UNSET
    tentativas: int | Unset = UNSET
    tipo: str | Unset = UNSET
    ultimo_erro: None | str | Unset = UNSET
    ultimo_status_http: int | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.attempt_record import AttemptRecord # noqa: PLC0415
        atualizado_em = self.atualizado_em

        criado_em = self.criado_em

        entregue_em: None | str | Unset
        if isinstance(self.entregue_em, Unset):
            entregue_em = UNSET
        else:
            entregue_em = self.entregue_em

        evento_id = self.evento_id

        historico: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.historico, Unset):
            historico = []
            for historico_item_data in self.historico:
                historico_item = historico_item_data.to_dict()
                historico.append(historico_item)



        id = self.id

        proxima_tentativa_em: None | str | Unset
        if isinstance(self.proxima_tentativa_em, Unset):
            proxima_tentativa_em = UNSET
        else:
            proxima_tentativa_em = self.proxima_tentativa_em

        status = self.status

        tentativas = self.tentativas

        tipo = self.tipo

        ultimo_erro: None | str | Unset
        if isinstance(self.ultimo_erro, Unset):
            ultimo_erro = UNSET
        else:
            ultimo_erro = self.ultimo_erro

        ultimo_status_http: int | None | Unset
        if isinstance(self.ultimo_status_http, Unset):
            ultimo_status_http = UNSET
        else:
            ultimo_status_http = self.ultimo_status_http


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if atualizado_em is not UNSET:
            field_dict["atualizado_em"] = atualizado_em
        if criado_em is not UNSET:
            field_dict["criado_em"] = criado_em
        if entregue_em is not UNSET:
            field_dict["entregue_em"] = entregue_em
        if evento_id is not UNSET:
            field_dict["evento_id"] = evento_id
        if historico is not UNSET:
            field_dict["historico"] = historico
        if id is not UNSET:
            field_dict["id"] = id
        if proxima_tentativa_em is not UNSET:
            field_dict["proxima_tentativa_em"] = proxima_tentativa_em
        if status is not UNSET:
            field_dict["status"] = status
        if tentativas is not UNSET:
            field_dict["tentativas"] = tentativas
        if tipo is not UNSET:
            field_dict["tipo"] = tipo
        if ultimo_erro is not UNSET:
            field_dict["ultimo_erro"] = ultimo_erro
        if ultimo_status_http is not UNSET:
            field_dict["ultimo_status_http"] = ultimo_status_http

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.attempt_record import AttemptRecord # noqa: PLC0415
        d = dict(src_dict)
        atualizado_em = d.pop("atualizado_em", UNSET)

        criado_em = d.pop("criado_em", UNSET)

        def _parse_entregue_em(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        entregue_em = _parse_entregue_em(d.pop("entregue_em", UNSET))


        evento_id = d.pop("evento_id", UNSET)

        _historico = d.pop("historico", UNSET)
        historico: list[AttemptRecord] | Unset = UNSET
        if _historico is not UNSET:
            historico = []
            for historico_item_data in _historico:
                historico_item = AttemptRecord.from_dict(historico_item_data)



                historico.append(historico_item)


        id = d.pop("id", UNSET)

        def _parse_proxima_tentativa_em(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        proxima_tentativa_em = _parse_proxima_tentativa_em(d.pop("proxima_tentativa_em", UNSET))


        status = d.pop("status", UNSET)

        tentativas = d.pop("tentativas", UNSET)

        tipo = d.pop("tipo", UNSET)

        def _parse_ultimo_erro(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ultimo_erro = _parse_ultimo_erro(d.pop("ultimo_erro", UNSET))


        def _parse_ultimo_status_http(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        ultimo_status_http = _parse_ultimo_status_http(d.pop("ultimo_status_http", UNSET))


        delivery_record = cls(
            atualizado_em=atualizado_em,
            criado_em=criado_em,
            entregue_em=entregue_em,
            evento_id=evento_id,
            historico=historico,
            id=id,
            proxima_tentativa_em=proxima_tentativa_em,
            status=status,
            tentativas=tentativas,
            tipo=tipo,
            ultimo_erro=ultimo_erro,
            ultimo_status_http=ultimo_status_http,
        )

        return delivery_record

