from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.task_status import TaskStatus
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.task_error import TaskError
  from ..models.task_links import TaskLinks
  from ..models.transition import Transition





T = TypeVar("T", bound="Task")



@_attrs_define
class Task:
    """ 
        Attributes:
            ambiente (str | Unset):
            atualizado_em (datetime.datetime | None | Unset):
            chave (None | str | Unset):
            criado_em (datetime.datetime | None | Unset):
            documento (str | Unset):
            documento_id (None | str | Unset):
            documento_status (None | str | Unset):
            empresa_id (str | Unset):
            finalizada_em (datetime.datetime | None | Unset):
            historico (list[Transition] | Unset):
            links (TaskLinks | Unset):
            numero (int | None | Unset):
            origem (str | Unset):
            pedido (str | Unset):
            proxima_tentativa_em (datetime.datetime | None | Unset):
            serie (int | None | Unset):
            solicitacao_id (str | Unset):
            status (TaskStatus | Unset):
            tentativas (int | Unset):
            ultimo_erro (None | TaskError | Unset):
     """

    ambiente: str | Unset = UNSET
    atualizado_em: datetime.datetime | None | Unset = UNSET
    chave: None | str | Unset = UNSET
    criado_em: datetime.datetime | None | Unset = UNSET
    documento: str | Unset = UNSET
    documento_id: None | str | Unset = UNSET
    documento_status: None | str | Unset = UNSET
    empresa_id: str | Unset = UNSET
    finalizada_em: datetime.datetime | None | Unset = UNSET
    historico: list[Transition] | Unset = UNSET
    links: TaskLinks | Unset = UNSET
    numero: int | None | Unset = UNSET
    origem: str | Unset = UNSET
    pedido: str | Unset = UNSET
    proxima_tentativa_em: datetime.datetime | None | Unset = UNSET
    serie: int | None | Unset = UNSET
    solicitacao_id: str | Unset = UNSET
    status: TaskStatus | Unset = UNSET
    tentativas: int | Unset = UNSET
    ultimo_erro: None | TaskError | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.task_error import TaskError # noqa: PLC0415
        from ..models.task_links import TaskLinks # noqa: PLC0415
        from ..models.transition import Transition # noqa: PLC0415
        ambiente = self.ambiente

        atualizado_em: None | str | Unset
        if isinstance(self.atualizado_em, Unset):
            atualizado_em = UNSET
        elif isinstance(self.atualizado_em, datetime.datetime):
            atualizado_em = self.atualizado_em.isoformat()
        else:
            atualizado_em = self.atualizado_em

        chave: None | str | Unset
        if isinstance(self.chave, Unset):
            chave = UNSET
        else:
            chave = self.chave

        criado_em: None | str | Unset
        if isinstance(self.criado_em, Unset):
            criado_em = UNSET
        elif isinstance(self.criado_em, datetime.datetime):
            criado_em = self.criado_em.isoformat()
        else:
            criado_em = self.criado_em

        documento = self.documento

        documento_id: None | str | Unset
        if isinstance(self.documento_id, Unset):
            documento_id = UNSET
        else:
            documento_id = self.documento_id

        documento_status: None | str | Unset
        if isinstance(self.documento_status, Unset):
            documento_status = UNSET
        else:
            documento_status = self.documento_status

        empresa_id = self.empresa_id

        finalizada_em: None | str | Unset
        if isinstance(self.finalizada_em, Unset):
            finalizada_em = UNSET
        elif isinstance(self.finalizada_em, datetime.datetime):
            finalizada_em = self.finalizada_em.isoformat()
        else:
            finalizada_em = self.finalizada_em

        historico: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.historico, Unset):
            historico = []
            for historico_item_data in self.historico:
                historico_item = historico_item_data.to_dict()
                historico.append(historico_item)



        links: dict[str, Any] | Unset = UNSET
        if not isinstance(self.links, Unset):
            links = self.links.to_dict()

        numero: int | None | Unset
        if isinstance(self.numero, Unset):
            numero = UNSET
        else:
            numero = self.numero

        origem = self.origem

        pedido = self.pedido

        proxima_tentativa_em: None | str | Unset
        if isinstance(self.proxima_tentativa_em, Unset):
            proxima_tentativa_em = UNSET
        elif isinstance(self.proxima_tentativa_em, datetime.datetime):
            proxima_tentativa_em = self.proxima_tentativa_em.isoformat()
        else:
            proxima_tentativa_em = self.proxima_tentativa_em

        serie: int | None | Unset
        if isinstance(self.serie, Unset):
            serie = UNSET
        else:
            serie = self.serie

        solicitacao_id = self.solicitacao_id

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value


        tentativas = self.tentativas

        ultimo_erro: dict[str, Any] | None | Unset
        if isinstance(self.ultimo_erro, Unset):
            ultimo_erro = UNSET
        elif isinstance(self.ultimo_erro, TaskError):
            ultimo_erro = self.ultimo_erro.to_dict()
        else:
            ultimo_erro = self.ultimo_erro


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if ambiente is not UNSET:
            field_dict["ambiente"] = ambiente
        if atualizado_em is not UNSET:
            field_dict["atualizado_em"] = atualizado_em
        if chave is not UNSET:
            field_dict["chave"] = chave
        if criado_em is not UNSET:
            field_dict["criado_em"] = criado_em
        if documento is not UNSET:
            field_dict["documento"] = documento
        if documento_id is not UNSET:
            field_dict["documento_id"] = documento_id
        if documento_status is not UNSET:
            field_dict["documento_status"] = documento_status
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if finalizada_em is not UNSET:
            field_dict["finalizada_em"] = finalizada_em
        if historico is not UNSET:
            field_dict["historico"] = historico
        if links is not UNSET:
            field_dict["links"] = links
        if numero is not UNSET:
            field_dict["numero"] = numero
        if origem is not UNSET:
            field_dict["origem"] = origem
        if pedido is not UNSET:
            field_dict["pedido"] = pedido
        if proxima_tentativa_em is not UNSET:
            field_dict["proxima_tentativa_em"] = proxima_tentativa_em
        if serie is not UNSET:
            field_dict["serie"] = serie
        if solicitacao_id is not UNSET:
            field_dict["solicitacao_id"] = solicitacao_id
        if status is not UNSET:
            field_dict["status"] = status
        if tentativas is not UNSET:
            field_dict["tentativas"] = tentativas
        if ultimo_erro is not UNSET:
            field_dict["ultimo_erro"] = ultimo_erro

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.task_error import TaskError # noqa: PLC0415
        from ..models.task_links import TaskLinks # noqa: PLC0415
        from ..models.transition import Transition # noqa: PLC0415
        d = dict(src_dict)
        ambiente = d.pop("ambiente", UNSET)

        def _parse_atualizado_em(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                atualizado_em_type_0 = datetime.datetime.fromisoformat(data)



                return atualizado_em_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        atualizado_em = _parse_atualizado_em(d.pop("atualizado_em", UNSET))


        def _parse_chave(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        chave = _parse_chave(d.pop("chave", UNSET))


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


        documento = d.pop("documento", UNSET)

        def _parse_documento_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        documento_id = _parse_documento_id(d.pop("documento_id", UNSET))


        def _parse_documento_status(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        documento_status = _parse_documento_status(d.pop("documento_status", UNSET))


        empresa_id = d.pop("empresa_id", UNSET)

        def _parse_finalizada_em(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finalizada_em_type_0 = datetime.datetime.fromisoformat(data)



                return finalizada_em_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        finalizada_em = _parse_finalizada_em(d.pop("finalizada_em", UNSET))


        _historico = d.pop("historico", UNSET)
        historico: list[Transition] | Unset = UNSET
        if _historico is not UNSET:
            historico = []
            for historico_item_data in _historico:
                historico_item = Transition.from_dict(historico_item_data)



                historico.append(historico_item)


        _links = d.pop("links", UNSET)
        links: TaskLinks | Unset
        if isinstance(_links,  Unset):
            links = UNSET
        else:
            links = TaskLinks.from_dict(_links)




        def _parse_numero(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        numero = _parse_numero(d.pop("numero", UNSET))


        origem = d.pop("origem", UNSET)

        pedido = d.pop("pedido", UNSET)

        def _parse_proxima_tentativa_em(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                proxima_tentativa_em_type_0 = datetime.datetime.fromisoformat(data)



                return proxima_tentativa_em_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        proxima_tentativa_em = _parse_proxima_tentativa_em(d.pop("proxima_tentativa_em", UNSET))


        def _parse_serie(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        serie = _parse_serie(d.pop("serie", UNSET))


        solicitacao_id = d.pop("solicitacao_id", UNSET)

        _status = d.pop("status", UNSET)
        status: TaskStatus | Unset
        if isinstance(_status,  Unset):
            status = UNSET
        else:
            status = TaskStatus(_status)




        tentativas = d.pop("tentativas", UNSET)

        def _parse_ultimo_erro(data: object) -> None | TaskError | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ultimo_erro_type_1 = TaskError.from_dict(data)



                return ultimo_erro_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TaskError | Unset, data)

        ultimo_erro = _parse_ultimo_erro(d.pop("ultimo_erro", UNSET))


        task = cls(
            ambiente=ambiente,
            atualizado_em=atualizado_em,
            chave=chave,
            criado_em=criado_em,
            documento=documento,
            documento_id=documento_id,
            documento_status=documento_status,
            empresa_id=empresa_id,
            finalizada_em=finalizada_em,
            historico=historico,
            links=links,
            numero=numero,
            origem=origem,
            pedido=pedido,
            proxima_tentativa_em=proxima_tentativa_em,
            serie=serie,
            solicitacao_id=solicitacao_id,
            status=status,
            tentativas=tentativas,
            ultimo_erro=ultimo_erro,
        )

        return task

