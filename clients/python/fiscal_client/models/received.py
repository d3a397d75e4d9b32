from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.received_ambiente import ReceivedAmbiente
from ..models.received_manifestacao import ReceivedManifestacao
from ..models.received_situacao import ReceivedSituacao
from ..models.received_tipo import ReceivedTipo
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.received_event import ReceivedEvent





T = TypeVar("T", bound="Received")



@_attrs_define
class Received:
    """ 
        Attributes:
            ambiente (ReceivedAmbiente | Unset):
            atualizado_em (datetime.datetime | Unset):
            chave (str | Unset):
            emitente_cnpj (None | str | Unset):
            emitente_nome (None | str | Unset):
            emitido_em (datetime.datetime | None | Unset):
            eventos (list[ReceivedEvent] | Unset):
            id (str | Unset):
            manifestacao (ReceivedManifestacao | Unset):
            nsu (None | str | Unset): NSU que o trouxe.
            recebido_em (datetime.datetime | Unset):
            situacao (ReceivedSituacao | Unset):
            tipo (ReceivedTipo | Unset):
            valor (None | str | Unset): vNF, vTPrest (CT-e) ou vLiq (NFS-e), em reais.
            xml_disponivel (bool | Unset): O XML completo chegou (após a ciência ou outra manifestação).
     """

    ambiente: ReceivedAmbiente | Unset = UNSET
    atualizado_em: datetime.datetime | Unset = UNSET
    chave: str | Unset = UNSET
    emitente_cnpj: None | str | Unset = UNSET
    emitente_nome: None | str | Unset = UNSET
    emitido_em: datetime.datetime | None | Unset = UNSET
    eventos: list[ReceivedEvent] | Unset = UNSET
    id: str | Unset = UNSET
    manifestacao: ReceivedManifestacao | Unset = UNSET
    nsu: None | str | Unset = UNSET
    recebido_em: datetime.datetime | Unset = UNSET
    situacao: ReceivedSituacao | Unset = UNSET
    tipo: ReceivedTipo | Unset = UNSET
    valor: None | str | Unset = UNSET
    xml_disponivel: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.received_event import ReceivedEvent # noqa: PLC0415
        ambiente: str | Unset = UNSET
        if not isinstance(self.ambiente, Unset):
            ambiente = self.ambiente.value


        atualizado_em: str | Unset = UNSET
        if not isinstance(self.atualizado_em, Unset):
            atualizado_em = self.atualizado_em.isoformat()

        chave = self.chave

        emitente_cnpj: None | str | Unset
        if isinstance(self.emitente_cnpj, Unset):
            emitente_cnpj = UNSET
        else:
            emitente_cnpj = self.emitente_cnpj

        emitente_nome: None | str | Unset
        if isinstance(self.emitente_nome, Unset):
            emitente_nome = UNSET
        else:
            emitente_nome = self.emitente_nome

        emitido_em: None | str | Unset
        if isinstance(self.emitido_em, Unset):
            emitido_em = UNSET
        elif isinstance(self.emitido_em, datetime.datetime):
            emitido_em = self.emitido_em.isoformat()
        else:
            emitido_em = self.emitido_em

        eventos: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.eventos, Unset):
            eventos = []
            for eventos_item_data in self.eventos:
                eventos_item = eventos_item_data.to_dict()
                eventos.append(eventos_item)



        id = self.id

        manifestacao: str | Unset = UNSET
        if not isinstance(self.manifestacao, Unset):
            manifestacao = self.manifestacao.value


        nsu: None | str | Unset
        if isinstance(self.nsu, Unset):
            nsu = UNSET
        else:
            nsu = self.nsu

        recebido_em: str | Unset = UNSET
        if not isinstance(self.recebido_em, Unset):
            recebido_em = self.recebido_em.isoformat()

        situacao: str | Unset = UNSET
        if not isinstance(self.situacao, Unset):
            situacao = self.situacao.value


        tipo: str | Unset = UNSET
        if not isinstance(self.tipo, Unset):
            tipo = self.tipo.value


        valor: None | str | Unset
        if isinstance(self.valor, Unset):
            valor = UNSET
        else:
            valor = self.valor

        xml_disponivel = self.xml_disponivel


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if ambiente is not UNSET:
            field_dict["ambiente"] = ambiente
        if atualizado_em is not UNSET:
            field_dict["atualizado_em"] = atualizado_em
        if chave is not UNSET:
            field_dict["chave"] = chave
        if emitente_cnpj is not UNSET:
            field_dict["emitente_cnpj"] = emitente_cnpj
        if emitente_nome is not UNSET:
            field_dict["emitente_nome"] = emitente_nome
        if emitido_em is not UNSET:
            field_dict["emitido_em"] = emitido_em
        if eventos is not UNSET:
            field_dict["eventos"] = eventos
        if id is not UNSET:
            field_dict["id"] = id
        if manifestacao is not UNSET:
            field_dict["manifestacao"] = manifestacao
        if nsu is not UNSET:
            field_dict["nsu"] = nsu
        if recebido_em is not UNSET:
            field_dict["recebido_em"] = recebido_em
        if situacao is not UNSET:
            field_dict["situacao"] = situacao
        if tipo is not UNSET:
            field_dict["tipo"] = tipo
        if valor is not UNSET:
            field_dict["valor"] = valor
        if xml_disponivel is not UNSET:
            field_dict["xml_disponivel"] = xml_disponivel

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.received_event import ReceivedEvent # noqa: PLC0415
        d = dict(src_dict)
        _ambiente = d.pop("ambiente", UNSET)
        ambiente: ReceivedAmbiente | Unset
        if isinstance(_ambiente,  Unset):
            ambiente = UNSET
        else:
            ambiente = ReceivedAmbiente(_ambiente)




        _atualizado_em = d.pop("atualizado_em", UNSET)
        atualizado_em: datetime.datetime | Unset
        if isinstance(_atualizado_em,  Unset):
            atualizado_em = UNSET
        else:
            atualizado_em = datetime.datetime.fromisoformat(_atualizado_em)




        chave = d.pop("chave", UNSET)

        def _parse_emitente_cnpj(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        emitente_cnpj = _parse_emitente_cnpj(d.pop("emitente_cnpj", UNSET))


        def _parse_emitente_nome(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        emitente_nome = _parse_emitente_nome(d.pop("emitente_nome", UNSET))


        def _parse_emitido_em(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                emitido_em_type_0 = datetime.datetime.fromisoformat(data)



                return emitido_em_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        emitido_em = _parse_emitido_em(d.pop("emitido_em", UNSET))


        _eventos = d.pop("eventos", UNSET)
        eventos: list[ReceivedEvent] | Unset = UNSET
        if _eventos is not UNSET:
            eventos = []
            for eventos_item_data in _eventos:
                eventos_item = ReceivedEvent.from_dict(eventos_item_data)



                eventos.append(eventos_item)


        id = d.pop("id", UNSET)

        _manifestacao = d.pop("manifestacao", UNSET)
        manifestacao: ReceivedManifestacao | Unset
        if isinstance(_manifestacao,  Unset):
            manifestacao = UNSET
        else:
            manifestacao = ReceivedManifestacao(_manifestacao)




        def _parse_nsu(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        nsu = _parse_nsu(d.pop("nsu", UNSET))


        _recebido_em = d.pop("recebido_em", UNSET)
        recebido_em: datetime.datetime | Unset
        if isinstance(_recebido_em,  Unset):
            recebido_em = UNSET
        else:
            recebido_em = datetime.datetime.fromisoformat(_recebido_em)




        _situacao = d.pop("situacao", UNSET)
        situacao: ReceivedSituacao | Unset
        if isinstance(_situacao,  Unset):
            situacao = UNSET
        else:
            situacao = ReceivedSituacao(_situacao)




        _tipo = d.pop("tipo", UNSET)
        tipo: ReceivedTipo | Unset
        if isinstance(_tipo,  Unset):
            tipo = UNSET
        else:
            tipo = ReceivedTipo(_tipo)




        def _parse_valor(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        valor = _parse_valor(d.pop("valor", UNSET))


        xml_disponivel = d.pop("xml_disponivel", UNSET)

        received = cls(
            ambiente=ambiente,
            atualizado_em=atualizado_em,
            chave=chave,
            emitente_cnpj=emitente_cnpj,
            emitente_nome=emitente_nome,
            emitido_em=emitido_em,
            eventos=eventos,
            id=id,
            manifestacao=manifestacao,
            nsu=nsu,
            recebido_em=recebido_em,
            situacao=situacao,
            tipo=tipo,
            valor=valor,
            xml_disponivel=xml_disponivel,
        )

        return received

