from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.document_ambiente import DocumentAmbiente
from ..models.document_modelo import DocumentModelo
from ..models.document_status import DocumentStatus
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.document_contingency import DocumentContingency
  from ..models.event import Event





T = TypeVar("T", bound="Document")



@_attrs_define
class Document:
    """ 
        Attributes:
            ambiente (DocumentAmbiente | Unset):
            autorizado_em (datetime.datetime | None | Unset):
            cancelado_em (datetime.datetime | None | Unset):
            chave (None | str | Unset):
            contingencia (DocumentContingency | Unset):
            criado_em (datetime.datetime | None | Unset):
            danfe (None | str | Unset): Link do PDF.
            eventos (list[Event] | Unset):
            finalidade (int | Unset): finNFe: 1 normal, 2 complementar, 3 ajuste, 4 devolução.
            id (str | Unset):  Example: nfe_0123456789abcdef01234567.
            modelo (DocumentModelo | Unset):
            numero (int | None | Unset):
            pedido (str | Unset):
            protocolo (None | str | Unset):
            sefaz_code (None | str | Unset):
            sefaz_mensagem (None | str | Unset):
            serie (int | None | Unset):
            status (DocumentStatus | Unset):
            tipo_operacao (int | Unset): tpNF: 0 entrada, 1 saída.
            valor_total (None | str | Unset):
            xml (None | str | Unset): Link do XML autorizado.
     """

    ambiente: DocumentAmbiente | Unset = UNSET
    autorizado_em: datetime.datetime | None | Unset = UNSET
    cancelado_em: datetime.datetime | None | Unset = UNSET
    chave: None | str | Unset = UNSET
    contingencia: DocumentContingency | Unset = UNSET
    criado_em: datetime.datetime | None | Unset = UNSET
    danfe: None | str | Unset = UNSET
    eventos: list[Event] | Unset = UNSET
    finalidade: int | Unset = UNSET
    id: str | Unset = UNSET
    modelo: DocumentModelo | Unset = UNSET
    numero: int | None | Unset = UNSET
    pedido: str | Unset = UNSET
    protocolo: None | str | Unset = UNSET
    sefaz_code: None | str | Unset = UNSET
    sefaz_mensagem: None | str | Unset = UNSET
    serie: int | None | Unset = UNSET
    status: DocumentStatus | Unset = UNSET
    tipo_operacao: int | Unset = UNSET
    valor_total: None | str | Unset = UNSET
    xml: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.document_contingency import DocumentContingency # noqa: PLC0415
        from ..models.event import Event # noqa: PLC0415
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

        chave: None | str | Unset
        if isinstance(self.chave, Unset):
            chave = UNSET
        else:
            chave = self.chave

        contingencia: dict[str, Any] | Unset = UNSET
        if not isinstance(self.contingencia, Unset):
            contingencia = self.contingencia.to_dict()

        criado_em: None | str | Unset
        if isinstance(self.criado_em, Unset):
            criado_em = UNSET
        elif isinstance(self.criado_em, datetime.datetime):
            criado_em = self.criado_em.isoformat()
        else:
            criado_em = self.criado_em

        danfe: None | str | Unset
        if isinstance(self.danfe, Unset):
            danfe = UNSET
        else:
            danfe = self.danfe

        eventos: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.eventos, Unset):
            eventos = []
            for eventos_item_data in self.eventos:
                eventos_item = eventos_item_data.to_dict()
                eventos.append(eventos_item)



        finalidade = self.finalidade

        id = self.id

        modelo: str | Unset = UNSET
        if not isinstance(self.modelo, Unset):
            modelo = self.modelo.value


        numero: int | None | Unset
        if isinstance(self.numero, Unset):
            numero = UNSET
        else:
            numero = self.numero

        pedido = self.pedido

        protocolo: None | str | Unset
        if isinstance(self.protocolo, Unset):
            protocolo = UNSET
        else:
            protocolo = self.protocolo

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

        serie: int | None | Unset
        if isinstance(self.serie, Unset):
            serie = UNSET
        else:
            serie = self.serie

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value


        tipo_operacao = self.tipo_operacao

        valor_total: None | str | Unset
        if isinstance(self.valor_total, Unset):
            valor_total = UNSET
        else:
            valor_total = self.valor_total

        xml: None | str | Unset
        if isinstance(self.xml, Unset):
            xml = UNSET
        else:
            xml = self.xml


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if ambiente is not UNSET:
            field_dict["ambiente"] = ambiente
        if autorizado_em is not UNSET:
            field_dict["autorizado_em"] = autorizado_em
        if cancelado_em is not UNSET:
            field_dict["cancelado_em"] = cancelado_em
        if chave is not UNSET:
            field_dict["chave"] = chave
        if contingencia is not UNSET:
            field_dict["contingencia"] = contingencia
        if criado_em is not UNSET:
            field_dict["criado_em"] = criado_em
        if danfe is not UNSET:
            field_dict["danfe"] = danfe
        if eventos is not UNSET:
            field_dict["eventos"] = eventos
        if finalidade is not UNSET:
            field_dict["finalidade"] = finalidade
        if id is not UNSET:
            field_dict["id"] = id
        if modelo is not UNSET:
            field_dict["modelo"] = modelo
        if numero is not UNSET:
            field_dict["numero"] = numero
        if pedido is not UNSET:
            field_dict["pedido"] = pedido
        if protocolo is not UNSET:
            field_dict["protocolo"] = protocolo
        if sefaz_code is not UNSET:
            field_dict["sefaz_code"] = sefaz_code
        if sefaz_mensagem is not UNSET:
            field_dict["sefaz_mensagem"] = sefaz_mensagem
        if serie is not UNSET:
            field_dict["serie"] = serie
        if status is not UNSET:
            field_dict["status"] = status
        if tipo_operacao is not UNSET:
            field_dict["tipo_operacao"] = tipo_operacao
        if valor_total is not UNSET:
            field_dict["valor_total"] = valor_total
        if xml is not UNSET:
            field_dict["xml"] = xml

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.document_contingency import DocumentContingency # noqa: PLC0415
        from ..models.event import Event # noqa: PLC0415
        d = dict(src_dict)
        _ambiente = d.pop("ambiente", UNSET)
        ambiente: DocumentAmbiente | Unset
        if isinstance(_ambiente,  Unset):
            ambiente = UNSET
        else:
            ambiente = DocumentAmbiente(_ambiente)




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


        def _parse_chave(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        chave = _parse_chave(d.pop("chave", UNSET))


        _contingencia = d.pop("contingencia", UNSET)
        contingencia: DocumentContingency | Unset
        if isinstance(_contingencia,  Unset):
            contingencia = UNSET
        else:
            contingencia = DocumentContingency.from_dict(_contingencia)




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


        def _parse_danfe(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        danfe = _parse_danfe(d.pop("danfe", UNSET))


        _eventos = d.pop("eventos", UNSET)
        eventos: list[Event] | Unset = UNSET
        if _eventos is not UNSET:
            eventos = []
            for eventos_item_data in _eventos:
                eventos_item = Event.from_dict(eventos_item_data)



                eventos.append(eventos_item)


        finalidade = d.pop("finalidade", UNSET)

        id = d.pop("id", UNSET)

        _modelo = d.pop("modelo", UNSET)
        modelo: DocumentModelo | Unset
        if isinstance(_modelo,  Unset):
            modelo = UNSET
        else:
            modelo = DocumentModelo(_modelo)




        def _parse_numero(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        numero = _parse_numero(d.pop("numero", UNSET))


        pedido = d.pop("pedido", UNSET)

        def _parse_protocolo(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        protocolo = _parse_protocolo(d.pop("protocolo", UNSET))


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


        def _parse_serie(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        serie = _parse_serie(d.pop("serie", UNSET))


        _status = d.pop("status", UNSET)
        status: DocumentStatus | Unset
        if isinstance(_status,  Unset):
            status = UNSET
        else:
            status = DocumentStatus(_status)




        tipo_operacao = d.pop("tipo_operacao", UNSET)

        def _parse_valor_total(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        valor_total = _parse_valor_total(d.pop("valor_total", UNSET))


        def _parse_xml(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        xml = _parse_xml(d.pop("xml", UNSET))


        document = cls(
            ambiente=ambiente,
            autorizado_em=autorizado_em,
            cancelado_em=cancelado_em,
            chave=chave,
            contingencia=contingencia,
            criado_em=criado_em,
            danfe=danfe,
            eventos=eventos,
            finalidade=finalidade,
            id=id,
            modelo=modelo,
            numero=numero,
            pedido=pedido,
            protocolo=protocolo,
            sefaz_code=sefaz_code,
            sefaz_mensagem=sefaz_mensagem,
            serie=serie,
            status=status,
            tipo_operacao=tipo_operacao,
            valor_total=valor_total,
            xml=xml,
        )

        return document

