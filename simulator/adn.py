"""The national NFS-e ADN's distribution to taxpayers (``adn[.producaorestrita].nfse.gov.br``):
``GET /contribuintes/DFe/{NSU}?cnpjConsulta=&lote=true|false``.

Shapes from the official ``ADN-Contribuinte-swagger.json`` (nfsen-php-sdk storage/schemes):
``LoteDistribuicaoNSUResponse`` {StatusProcessamento (DOCUMENTOS_LOCALIZADOS,
NENHUM_DOCUMENTO_LOCALIZADO, REJEICAO), LoteDFe [{NSU, ChaveAcesso, TipoDocumento (NFSE, EVENTO),
TipoEvento (CANCELAMENTO), ArquivoXml = base64(gzip(xml)), DataHoraGeracao}], Alertas, Erros
[{Codigo, Descricao, Complemento}], TipoAmbiente (PRODUCAO, HOMOLOGACAO), VersaoAplicativo,
DataHoraProcessamento}, PascalCase, answered with 200, 400 or 404 (the swagger lists the same
schema for all three).

Simulator choices where no source was found (README "DF-e distribution"): ``lote=true`` answers
up to 50 documents from the NSU given **inclusive** (a client that passes its last NSU sees it
again, one that passes the next one misses nothing); nothing found is 404
NENHUM_DOCUMENTO_LOCALIZADO; ``cnpjConsulta`` of another CNPJ base is 400 REJEICAO ``E9593``; no
consumption limit.
"""

from __future__ import annotations

import datetime as dt
from typing import Any
from urllib.parse import parse_qs, urlsplit

from simulator import dfe_feed
from simulator.clock import wire
from simulator.nfse import RestAnswer, RestRequest, pack
from simulator.state import StoredEvent

PAGE = 50
ENVIRONMENTS = {"1": "PRODUCAO", "2": "HOMOLOGACAO"}
SINCE_EVER = dt.datetime(2000, 1, 1, tzinfo=dt.UTC)
EVENT_TYPES = {"101101": "CANCELAMENTO", "105102": "CANCELAMENTO_POR_SUBSTITUICAO"}


def handle(request: RestRequest) -> RestAnswer:
    parts = urlsplit(request.path)
    path = parts.path.rstrip("/")
    query = parse_qs(parts.query)
    if request.method != "GET" or not path.lower().startswith("/dfe/"):
        return _rejection(request, 404, "E9404", "Recurso nao encontrado", path)
    nsu_text = path[len("/dfe/") :]
    if not nsu_text.isdigit():
        return _rejection(request, 400, "E9400", "NSU invalido", nsu_text)
    caller = request.scope.caller or ""
    interested = (query.get("cnpjConsulta") or [caller])[0]
    if not _same_party(caller, interested):
        return _rejection(request, 400, "E9593", "CNPJ-Base consultado difere do CNPJ-Base do "
                          "Certificado Digital", interested)  # fmt: skip
    batch = (query.get("lote") or ["true"])[0].lower() != "false"
    store, nsu = request.authority.store, int(nsu_text)
    sequence = dfe_feed.NFSE_SEQUENCE + interested
    if batch:
        entries = dfe_feed.after(store, sequence, request.tp_amb, nsu - 1, SINCE_EVER, PAGE)
    else:
        found = dfe_feed.one(store, sequence, request.tp_amb, nsu)
        entries = [] if found is None else [found]
    if not entries:
        return RestAnswer(404, {**_envelope(request, "NENHUM_DOCUMENTO_LOCALIZADO"),
                                "LoteDFe": []})  # fmt: skip
    items = [_item(request, entry) for entry in entries]
    return RestAnswer(200, {**_envelope(request, "DOCUMENTOS_LOCALIZADOS"), "LoteDFe": items})


def _same_party(caller: str, interested: str) -> bool:
    if len(caller) == 14 and len(interested) == 14:
        return caller[:8] == interested[:8]
    return caller == interested


def _item(request: RestRequest, entry: dfe_feed.Entry) -> dict[str, Any]:
    store = request.authority.store
    if entry.schema == dfe_feed.NFSE_EVENT:
        event = _event(store.events(entry.access_key), entry)
        xml, event_type = event.answer_xml, EVENT_TYPES.get(event.event_type, "CANCELAMENTO")
    else:
        found = store.nfse(entry.access_key)
        assert found is not None
        xml, event_type = found.xml, None
    return {
        "NSU": entry.nsu,
        "ChaveAcesso": entry.access_key,
        "TipoDocumento": entry.schema,
        "TipoEvento": event_type,
        "ArquivoXml": pack(xml),
        "DataHoraGeracao": wire(entry.added_at),
    }


def _event(events: list[StoredEvent], entry: dfe_feed.Entry) -> StoredEvent:
    for event in events:
        if event.event_type == entry.event_type and event.sequence == entry.sequence:
            return event
    raise LookupError(f"event {entry.event_type}/{entry.sequence} of {entry.access_key}")


def _envelope(request: RestRequest, status: str) -> dict[str, Any]:
    return {
        "StatusProcessamento": status,
        "Alertas": [],
        "Erros": [],
        "TipoAmbiente": ENVIRONMENTS[request.tp_amb],
        "VersaoAplicativo": request.authority.settings.ver_aplic,
        "DataHoraProcessamento": wire(request.authority.now()),
    }


def _rejection(request: RestRequest, status: int, code: str, reason: str,
               complement: str) -> RestAnswer:  # fmt: skip
    body = _envelope(request, "REJEICAO")
    body["Erros"] = [{"Codigo": code, "Descricao": reason, "Complemento": complement}]
    return RestAnswer(status, {**body, "LoteDFe": []})
