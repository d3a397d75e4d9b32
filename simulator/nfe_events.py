"""NF-e/NFC-e events (NFeRecepcaoEvento4: cancel 110111, CC-e 110110) and number voiding
(NFeInutilizacao4)."""

from __future__ import annotations

import datetime as dt

from lxml import etree

from simulator import checks, contingency, dfe_feed
from simulator.call import Call
from simulator.clock import parse_wire, wire
from simulator.errors import Rejection
from simulator.nfe import (
    CANCEL,
    CCE,
    MAX_CCE_SEQUENCE,
    NFCE,
    NFCE_CANCEL_WINDOW,
    NFE_CANCEL_WINDOW,
    NS,
    SERVICES,
    N,
)
from simulator.state import StoredDocument, StoredEvent
from simulator.xmlbuild import child, fields, root, to_bytes

EVENT_DESCRIPTIONS = {CANCEL: "Cancelamento registrado", CCE: "Carta de Correcao registrada"}


def receive_events(call: Call, message: etree._Element) -> etree._Element:
    """envEvento: 128 for the lot, one retEvento (135 or a rejection) per evento."""
    checks.schema(message, "nfe/1.00/envEvento")
    answer = root(NS, "retEnvEvento", versao="1.00")
    events = message.findall("n:evento", N)
    first_key = checks.text(events[0], "n:infEvento/n:chNFe", N)
    fields(
        answer,
        ("idLote", checks.text(message, "n:idLote", N)),
        ("tpAmb", call.tp_amb),
        ("verAplic", call.ver_aplic),
        ("cOrgao", checks.text(events[0], "n:infEvento/n:cOrgao", N) or first_key[:2]),
        ("cStat", "128"),
        ("xMotivo", "Lote de Evento Processado"),
    )
    for event in events:
        answer.append(register(call, event))
    return answer


def register(call: Call, event: etree._Element) -> etree._Element:
    """Check and register one event; returns its retEvento."""
    info = event.find("n:infEvento", N)
    assert info is not None
    key = checks.optional_text(info, "n:chNFe", N) or ""
    event_type = checks.optional_text(info, "n:tpEvento", N) or ""
    sequence = checks.optional_text(info, "n:nSeqEvento", N) or "1"
    try:
        with call.authority.store.transaction():
            doc = _check_event(call, event, info, key, event_type, int(sequence))
            return _accept(call, event, doc, event_type, int(sequence))
    except Rejection as rejection:
        return ret_event(call, key, event_type, sequence, rejection.code, rejection.reason)


def _check_event(
    call: Call,
    event: etree._Element,
    info: etree._Element,
    key: str,
    event_type: str,
    sequence: int,
) -> StoredDocument:
    authority = call.authority
    signer = checks.signature(event, info.get("Id") or "", trusted=authority.trusted,
                              now=authority.now())  # fmt: skip
    author = checks.optional_text(info, "n:CNPJ", N) or checks.text(info, "n:CPF", N)
    checks.same_holder(signer.holder, author)
    checks.environment(checks.text(info, "n:tpAmb", N), call.tp_amb)
    checks.access_key(key)
    _event_time(call, checks.text(info, "n:dhEvento", N))
    doc = contingency.visible_document(call, key)
    if doc is None or doc.family != "nfe":
        raise Rejection("494", "Rejeicao: Chave de Acesso inexistente")
    if doc.issuer != author:
        raise Rejection("574", "Rejeicao: O autor do evento diverge do emissor da NF-e")
    if any(
        e.event_type == event_type and e.sequence == sequence for e in authority.store.events(key)
    ):
        raise Rejection("573", "Rejeicao: Duplicidade de Evento")
    _event_rules(call, info, doc, event_type, sequence)
    return doc


def _event_time(call: Call, dh_evento: str) -> None:
    tolerance = dt.timedelta(seconds=call.authority.settings.future_tolerance_seconds)
    if parse_wire(dh_evento) > call.authority.now() + tolerance:
        raise Rejection(
            "578", "Rejeicao: A data do evento nao pode ser maior que a data do processamento"
        )


def _event_rules(
    call: Call, info: etree._Element, doc: StoredDocument, event_type: str, sequence: int
) -> None:
    if doc.status != "authorized":
        raise Rejection("580", "Rejeicao: O evento exige uma NF-e autorizada")
    if event_type == CANCEL:
        _cancel_rules(call, info, doc)
    elif event_type == CCE:
        if doc.model == NFCE:
            raise Rejection("784", "Rejeicao: NFC-e nao permite o evento de Carta de Correcao")
        if sequence > MAX_CCE_SEQUENCE:
            raise Rejection(
                "594", "Rejeicao: O numero de sequencia do evento e maior que o permitido"
            )
    else:
        raise Rejection(
            "490", f"Rejeicao: Tipo de evento {event_type} nao atendido por este servico"
        )


def _cancel_rules(call: Call, info: etree._Element, doc: StoredDocument) -> None:
    """nProt must be the authorization's; within 24 h (NF-e) or 30 min (NFC-e) of it."""
    if checks.text(info, "n:detEvento/n:nProt", N) != doc.protocol:
        raise Rejection("222", "Rejeicao: Protocolo de Autorizacao de Uso difere do cadastrado")
    if _confirmed(call, doc):
        raise Rejection("221", "Rejeicao: Confirmado o recebimento da NF-e pelo destinatario")
    window = NFCE_CANCEL_WINDOW if doc.model == NFCE else NFE_CANCEL_WINDOW
    if call.authority.now() > doc.authorized_at + window:
        raise Rejection("501", "Rejeicao: Prazo de cancelamento superior ao previsto na Legislacao")


def _confirmed(call: Call, doc: StoredDocument) -> bool:
    """The recipient's last conclusive manifestation (AN, simulator/manifestation.py) is a
    Confirmação da Operação (210200): the NF-e can no longer be cancelled (221)."""
    conclusive = [e.event_type for e in call.authority.store.events(doc.access_key)
                  if e.event_type in dfe_feed.CONCLUSIVE]  # fmt: skip
    return bool(conclusive) and conclusive[-1] == dfe_feed.CONFIRMACAO


def _accept(
    call: Call, event: etree._Element, doc: StoredDocument, event_type: str, sequence: int
) -> etree._Element:
    authority = call.authority
    protocol = authority.protocol_number(doc.access_key[:2])
    answer = ret_event(
        call, doc.access_key, event_type, str(sequence), "135",
        "Evento registrado e vinculado a NF-e", protocol=protocol,
    )  # fmt: skip
    authority.store.add_event(
        StoredEvent(doc.access_key, event_type, sequence, protocol, authority.now(),
                    to_bytes(event), to_bytes(answer))
    )  # fmt: skip
    if event_type == CANCEL:
        authority.store.set_status(doc.access_key, "cancelled")
    dfe_feed.event_registered(authority.store, doc, event_type, sequence, authority.now())
    return answer


def ret_event(
    call: Call,
    key: str,
    event_type: str,
    sequence: str,
    code: str,
    reason: str,
    *,
    protocol: str | None = None,
) -> etree._Element:
    answer = root(NS, "retEvento", versao="1.00")
    info = child(answer, "infEvento")
    registered = protocol is not None
    fields(
        info,
        ("tpAmb", call.tp_amb),
        ("verAplic", call.ver_aplic),
        ("cOrgao", key[:2] if len(key) == 44 else "91"),
        ("cStat", code),
        ("xMotivo", reason),
        ("chNFe", key if len(key) == 44 else None),
        ("tpEvento", event_type if registered else None),
        ("xEvento", EVENT_DESCRIPTIONS.get(event_type) if registered else None),
        ("nSeqEvento", sequence if registered else None),
        ("dhRegEvento", wire(call.authority.now())),
        ("nProt", protocol),
    )
    return answer


# -- inutilizacao ------------------------------------------------------------------------------


def void_range(call: Call, message: etree._Element) -> etree._Element:
    """inutNFe: 102 voided; 241 when a number was used, 256 when already voided."""
    checks.schema(message, "nfe/4.00/inutNFe")
    info = message.find("n:infInut", N)
    assert info is not None
    get = checks.reader(info, N)
    authority = call.authority
    with authority.store.transaction():
        signer = checks.signature(message, info.get("Id") or "", trusted=authority.trusted,
                                  now=authority.now())  # fmt: skip
        checks.same_holder(signer.holder, get("CNPJ"))
        checks.environment(get("tpAmb"), call.tp_amb)
        if not authority.serves_uf(call.route.authority, get("cUF")):
            raise Rejection("226", "Rejeicao: Codigo da UF do Emitente diverge da UF autorizadora")
        first, last = int(get("nNFIni")), int(get("nNFFin"))
        _check_range(call, get("CNPJ"), get("mod"), get("serie"), first, last, get("ano"))
        protocol = authority.protocol_number(get("cUF"))
        authority.store.add_voided(get("CNPJ"), get("mod"), get("serie"), first, last, get("ano"),
                                   call.tp_amb, protocol, authority.now())  # fmt: skip
    return _void_answer(call, info, protocol)


def _check_range(
    call: Call, issuer: str, model: str, series: str, first: int, last: int, year: str
) -> None:
    store, now = call.authority.store, call.authority.now()
    if int(year) > now.year % 100:
        raise Rejection("453", "Rejeicao: Ano de inutilizacao nao pode ser superior ao Ano atual")
    if first > last:
        raise Rejection("243", "Rejeicao: Numero inicial maior que o numero final")
    if store.used_in_range(issuer, model, series, first, last, call.tp_amb):
        raise Rejection("241", "Rejeicao: Um numero da faixa ja foi utilizado")
    if store.voided_overlapping(issuer, model, series, first, last, call.tp_amb):
        raise Rejection(
            "256", "Rejeicao: Uma NF-e da faixa ja esta inutilizada na Base de dados da SEFAZ"
        )


def _void_answer(call: Call, request: etree._Element, protocol: str) -> etree._Element:
    answer = root(NS, "retInutNFe", versao="4.00")
    info = child(answer, "infInut")
    copy = checks.reader(request, N)
    fields(
        info,
        ("tpAmb", call.tp_amb),
        ("verAplic", call.ver_aplic),
        ("cStat", "102"),
        ("xMotivo", "Inutilizacao de numero homologado"),
        ("cUF", copy("cUF")),
        ("ano", copy("ano")),
        ("CNPJ", copy("CNPJ")),
        ("mod", copy("mod")),
        ("serie", copy("serie")),
        ("nNFIni", copy("nNFIni")),
        ("nNFFin", copy("nNFFin")),
        ("dhRecbto", wire(call.authority.now())),
        ("nProt", protocol),
    )
    return answer


SERVICES["NFeRecepcaoEvento4"] = receive_events
SERVICES["NFeInutilizacao4"] = void_range
