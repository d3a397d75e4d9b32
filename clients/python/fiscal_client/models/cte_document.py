from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.cte_links import CteLinks
  from ..models.document_contingency import DocumentContingency
  from ..models.event import Event





T = TypeVar("T", bound="CteDocument")



@_attrs_define
class CteDocument:
    """ 
        Attributes:
            ambiente (str | Unset):
            autorizado_em (None | str | Unset):
            cancelado_em (None | str | Unset):
            cfop (None | str | Unset):
            chave (None | str | Unset):
            contingencia (DocumentContingency | Unset):
            criado_em (None | str | Unset):
            eventos (list[Event] | Unset):
            id (str | Unset):
            links (CteLinks | Unset):
            modelo (str | Unset):
            numero (int | None | Unset):
            pedido (str | Unset):
            protocolo (None | str | Unset):
            sefaz_code (None | str | Unset):
            sefaz_mensagem (None | str | Unset):
            serie (int | None | Unset):
            status (str | Unset):
            valor_prestacao (None | str | Unset):
     """

    ambiente: str | Unset = UNSET
    autorizado_em: None | str | Unset = UNSET
    cancelado_em: None | str | Unset = UNSET
    cfop: None | str | Unset = UNSET
    chave: None | str | Unset = UNSET
    contingencia: DocumentContingency | Unset = UNSET
    criado_em: None | str | Unset = UNSET
    eventos: list[Event] | Unset = UNSET
    id: str | Unset = UNSET
    links: CteLinks | Unset = UNSET
    modelo: str | Unset = UNSET
    numero: int | None | Unset = UNSET
    pedido: str | Unset = UNSET
    protocolo: None | str | Unset = UNSET
    sefaz_code: None | str | Unset = UNSET
    sefaz_mensagem: None | str | Unset = UNSET
    serie: int | None | Unset = UNSET
    status: str | Unset = UNSET
    valor_prestacao: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.cte_links import CteLinks # noqa: PLC0415
        from ..models.document_contingency import DocumentContingency # noqa: PLC0415
        from ..models.event import Event # noqa: PLC0415
        ambiente = self.ambiente

        autorizado_em: None | str | Unset
        if isinstance(self.autorizado_em, Unset):
            autorizado_em = UNSET
        else:
            autorizado_em = self.autorizado_em

        cancelado_em: None | str | Unset
        if isinstance(self.cancelado_em, Unset):
            cancelado_em = UNSET
        else:
            cancelado_em = self.cancelado_em

        cfop: None | str | Unset
        if isinstance(self.cfop, Unset):
            cfop = UNSET
        else:
            cfop = self.cfop

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
        else:
            criado_em = self.criado_em

        eventos: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.eventos, Unset):
            eventos = []
            for eventos_item_data in self.eventos:
                eventos_item = eventos_item_data.to_dict()
                eventos.append(eventos_item)



        id = self.id

        links: dict[str, Any] | Unset = UNSET
        if not isinstance(self.links, Unset):
            links = self.links.to_dict()

        modelo = self.modelo

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

        status = self.status

        valor_prestacao: None | str | Unset
        if isinstance(self.valor_prestacao, Unset):
            valor_prestacao = UNSET
        else:
            valor_prestacao = self.valor_prestacao


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if ambiente is not UNSET:
            field_dict["ambiente"] = ambiente
        if autorizado_em is not UNSET:
            field_dict["autorizado_em"] = autorizado_em
        if cancelado_em is not UNSET:
            field_dict["cancelado_em"] = cancelado_em
        if cfop is not UNSET:
            field_dict["cfop"] = cfop
        if chave is not UNSET:
            field_dict["chave"] = chave
        if contingencia is not UNSET:
            field_dict["contingencia"] = contingencia
        if criado_em is not UNSET:
            field_dict["criado_em"] = criado_em
        if eventos is not UNSET:
            field_dict["eventos"] = eventos
        if id is not UNSET:
            field_dict["id"] = id
        if links is not UNSET:
            field_dict["links"] = links
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
        if valor_prestacao is not UNSET:
            field_dict["valor_prestacao"] = valor_prestacao

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cte_links import CteLinks # noqa: PLC0415
        from ..models.document_contingency import DocumentContingency # noqa: PLC0415
        from ..models.event import Event # noqa: PLC0415
        d = dict(src_dict)
        ambiente = d.pop("ambiente", UNSET)

        def _parse_autorizado_em(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        autorizado_em = _parse_autorizado_em(d.pop("autorizado_em", UNSET))


        def _parse_cancelado_em(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cancelado_em = _parse_cancelado_em(d.pop("cancelado_em", UNSET))


        def _parse_cfop(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cfop = _parse_cfop(d.pop("cfop", UNSET))


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




        def _parse_criado_em(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        criado_em = _parse_criado_em(d.pop("criado_em", UNSET))


        _eventos = d.pop("eventos", UNSET)
        eventos: list[Event] | Unset = UNSET
        if _eventos is not UNSET:
            eventos = []
            for eventos_item_data in _eventos:
                eventos_item = Event.from_dict(eventos_item_data)



                eventos.append(eventos_item)


        id = d.pop("id", UNSET)

        _links = d.pop("links", UNSET)
        links: CteLinks | Unset
        if isinstance(_links,  Unset):
            links = UNSET
        else:
            links = CteLinks.from_dict(_links)




        modelo = d.pop("modelo", UNSET)

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


        status = d.pop("status", UNSET)

        def _parse_valor_prestacao(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        valor_prestacao = _parse_valor_prestacao(d.pop("valor_prestacao", UNSET))


        cte_document = cls(
            ambiente=ambiente,
            autorizado_em=autorizado_em,
            cancelado_em=cancelado_em,
            cfop=cfop,
            chave=chave,
            contingencia=contingencia,
            criado_em=criado_em,
            eventos=eventos,
            id=id,
            links=links,
            modelo=modelo,
            numero=numero,
            pedido=pedido,
            protocolo=protocolo,
            sefaz_code=sefaz_code,
            sefaz_mensagem=sefaz_mensagem,
            serie=serie,
            status=status,
            valor_prestacao=valor_prestacao,
        )

        return cte_document

