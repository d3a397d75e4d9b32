"""NFeDistribuicaoDFe of the Ambiente Nacional (nfelib ``servers.py`` key ``AN``, WSDL
``nfe/wsdl/v4_0/nfedistribuicaodfe.wsdl``, operation ``nfeDistDFeInteresse``).

``distDFeInt`` 1.01 {tpAmb, cUFAutor?, CNPJ|CPF, distNSU{ultNSU} | consNSU{NSU} |
consChNFe{chNFe}} answers ``retDistDFeInt`` {tpAmb, verAplic, cStat, xMotivo, dhResp, ultNSU,
maxNSU, loteDistDFeInt{docZip NSU= schema=}*50}, each docZip base64(gzip(xml)). The sequence of
each interested party is kept by ``simulator/dfe_feed.py``. Codes (README "DF-e distribution"):
138 found, 137 none, 656 consumo indevido (1-hour rules), 589 NSU above maxNSU, 593 CNPJ base
differs from the certificate's, 215 schema, 252 environment.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from lxml import etree

from simulator import checks, dfe_feed, xsd_extra
from simulator import contingency_state as cstate
from simulator.authority import Authority
from simulator.call import Call
from simulator.clock import wire
from simulator.errors import Rejection
from simulator.nfe import NS, SERVICES, SIMPLE_ANSWERS, N, event_proc
from simulator.soap import deflate
from simulator.state import StoredDocument, StoredEvent
from simulator.xmlbuild import child, fields, from_bytes, root, to_bytes

SERVICE = "NFeDistribuicaoDFe"
VERSION = "1.01"
PAGE = 50
"""At most 50 docZip per answer (retDistDFeInt XSD: sequence maxOccurs=50)."""
IDLE_WAIT = dt.timedelta(hours=1)
"""NT 2014.002: after 137, or once ultNSU reaches maxNSU, wait one hour before distNSU again."""
KEY_QUERIES_PER_HOUR = 20
"""consChNFe (and consNSU) budget per interested party and hour (flexdocs guide; sped-nfe docs)."""
WINDOW = dt.timedelta(days=90)
"""Documents are distributed up to 3 months after the AN received them (distDFeInt XSD)."""
FOUND = ("138", "Documento(s) localizado(s)")
NONE_FOUND = ("137", "Nenhum documento localizado")
IDLE_REASON = (
    "Rejeicao: Consumo Indevido (Deve ser utilizado o ultNSU nas solicitacoes subsequentes. "
    "Tente apos 1 hora)"
)
BUDGET_REASON = "Rejeicao: Consumo Indevido (Ultrapassado o limite de 20 consultas por hora)"


@dataclass(frozen=True)
class Flavor:
    """What differs between NFeDistribuicaoDFe and CTeDistribuicaoDFe."""

    namespace: str
    version: str
    request_xsd: str
    sequence_prefix: str
    """Prefix of the interested party in ``dfe_nsu`` (separate NSU sequences per family)."""
    render: Callable[[Authority, dfe_feed.Entry], bytes]
    dh_resp: Callable[[dt.datetime], str]
    """dhResp: NF-e TDateTimeUTC with offset; the CT-e XSD's pattern has no offset."""


def distribute(call: Call, message: etree._Element) -> etree._Element:
    """One NF-e distDFeInt: by last NSU, by one NSU or by access key."""
    return serve(call, message, NFE)


def serve(call: Call, message: etree._Element, flavor: Flavor) -> etree._Element:
    """One distDFeInt of either family (the CT-e has no query by key)."""
    ns = {"n": flavor.namespace}
    _check_message(call, message, flavor)
    found = checks.optional_text(message, "n:CNPJ", ns) or checks.text(message, "n:CPF", ns)
    _check_interested(call.scope.caller or "", found)
    interested = flavor.sequence_prefix + found
    store, now, tp_amb = call.authority.store, call.authority.now(), call.tp_amb
    with store.transaction():
        last_nsu = dfe_feed.max_nsu(store, interested, tp_amb)
        by_last = checks.optional_text(message, "n:distNSU/n:ultNSU", ns)
        if by_last is not None:
            return _by_last(call, flavor, interested, int(by_last), last_nsu)
        by_nsu = checks.optional_text(message, "n:consNSU/n:NSU", ns)
        if by_nsu is not None:
            if _over_budget(call, interested, "consNSU"):
                return answer(call, "656", BUDGET_REASON, int(by_nsu), last_nsu, flavor=flavor)
            return _by_nsu(call, flavor, interested, int(by_nsu), last_nsu)
        key = checks.text(message, "n:consChNFe/n:chNFe", ns)
        if _over_budget(call, interested, "consChNFe"):
            return answer(call, "656", BUDGET_REASON, 0, last_nsu, flavor=flavor)
        document = _document_of(_visible(dfe_feed.of_key(store, interested, tp_amb, key), now))
        if document is None:
            return answer(call, *NONE_FOUND, 0, last_nsu, flavor=flavor)
        return answer(call, *FOUND, 0, last_nsu, [document], flavor=flavor)


def _check_message(call: Call, message: etree._Element, flavor: Flavor) -> None:
    if etree.QName(message).localname != "distDFeInt":
        raise Rejection("215", "Rejeicao: Falha no Schema XML (mensagem nao e distDFeInt)")
    violation = xsd_extra.first_violation(message, flavor.request_xsd)
    if violation is not None:
        raise Rejection("215", f"Rejeicao: Falha no Schema XML {violation}")
    checks.environment(checks.text(message, "n:tpAmb", {"n": flavor.namespace}), call.tp_amb)


def _check_interested(caller: str, interested: str) -> None:
    """593: the CNPJ base consulted must be the certificate's (a CPF: the same CPF)."""
    if len(interested) == 14 and len(caller) == 14 and interested[:8] == caller[:8]:
        return
    if len(interested) == 11 and interested == caller:
        return
    raise Rejection(
        "593", "Rejeicao: CNPJ-Base consultado difere do CNPJ-Base do Certificado Digital"
    )


def _by_last(
    call: Call, flavor: Flavor, interested: str, ult_nsu: int, last_nsu: int
) -> etree._Element:
    store, now, tp_amb = call.authority.store, call.authority.now(), call.tp_amb
    idle = dfe_feed.idle_since(store, interested, tp_amb)
    if idle is not None and now < idle + IDLE_WAIT:
        dfe_feed.set_idle(store, interested, tp_amb, now)  # asking again restarts the hour
        return answer(call, "656", IDLE_REASON, ult_nsu, last_nsu, flavor=flavor)
    if ult_nsu > last_nsu:
        return _too_high(call, flavor, ult_nsu, last_nsu)
    entries = dfe_feed.after(store, interested, tp_amb, ult_nsu, now - WINDOW, PAGE)
    if not entries:
        dfe_feed.set_idle(store, interested, tp_amb, now)
        return answer(call, *NONE_FOUND, last_nsu, last_nsu, flavor=flavor)
    reached = entries[-1].nsu
    dfe_feed.set_idle(store, interested, tp_amb, now if reached >= last_nsu else None)
    return answer(call, *FOUND, reached, last_nsu, entries, flavor=flavor)


def _by_nsu(call: Call, flavor: Flavor, interested: str, nsu: int, last_nsu: int) -> etree._Element:
    if nsu > last_nsu:
        return _too_high(call, flavor, nsu, last_nsu)
    store, now = call.authority.store, call.authority.now()
    entry = dfe_feed.one(store, interested, call.tp_amb, nsu)
    entries = _visible([] if entry is None else [entry], now)
    if not entries:
        return answer(call, *NONE_FOUND, nsu, last_nsu, flavor=flavor)
    return answer(call, *FOUND, nsu, last_nsu, entries, flavor=flavor)


def _too_high(call: Call, flavor: Flavor, nsu: int, last_nsu: int) -> etree._Element:
    return answer(call, "589", "Rejeicao: Numero do NSU informado superior ao maior NSU da base "
                  "de dados do Ambiente Nacional", nsu, last_nsu, flavor=flavor)  # fmt: skip


def _over_budget(call: Call, interested: str, mode: str) -> bool:
    store, now = call.authority.store, call.authority.now()
    count = dfe_feed.count_queries(store, interested, call.tp_amb, mode, now, IDLE_WAIT)
    return count > KEY_QUERIES_PER_HOUR


def _document_of(entries: list[dfe_feed.Entry]) -> dfe_feed.Entry | None:
    """consChNFe answers the NF-e itself when the party may have it, else its summary."""
    for schema in (dfe_feed.PROC_NFE, dfe_feed.RES_NFE):
        for entry in entries:
            if entry.schema == schema:
                return entry
    return None


def _visible(entries: list[dfe_feed.Entry], now: dt.datetime) -> list[dfe_feed.Entry]:
    return [e for e in entries if e.added_at >= now - WINDOW]


# -- answers ---------------------------------------------------------------------------------------


def answer(
    call: Call,
    code: str,
    reason: str,
    ult_nsu: int,
    max_nsu: int,
    entries: list[dfe_feed.Entry] | None = None,
    *,
    flavor: Flavor | None = None,
) -> etree._Element:
    flavor = flavor or NFE
    ret = root(flavor.namespace, "retDistDFeInt", versao=flavor.version)
    fields(ret, ("tpAmb", call.tp_amb), ("verAplic", call.ver_aplic), ("cStat", code),
           ("xMotivo", reason[:255]), ("dhResp", flavor.dh_resp(call.authority.now())),
           ("ultNSU", f"{ult_nsu:015d}"), ("maxNSU", f"{max_nsu:015d}"))  # fmt: skip
    if entries:
        lot = child(ret, "loteDistDFeInt")
        for entry in entries:
            xml = flavor.render(call.authority, entry)
            child(lot, "docZip", deflate(xml), NSU=f"{entry.nsu:015d}", schema=entry.schema)
    return ret


def simple_answer(call: Call, code: str, reason: str) -> etree._Element:
    """retDistDFeInt carrying only a status (paralysed, 282, message-level rejections)."""
    return answer(call, code, reason, 0, 0)


def render(authority: Authority, entry: dfe_feed.Entry) -> bytes:
    """The XML of one docZip, as of now (the situation of a summary is the current one)."""
    doc = authority.store.document(entry.access_key)
    assert doc is not None  # entries are only made for stored documents
    if entry.schema == dfe_feed.RES_NFE:
        return to_bytes(res_nfe(authority, doc))
    if entry.schema == dfe_feed.PROC_NFE:
        return to_bytes(proc_nfe(authority, doc))
    event = _event(authority, entry)
    if entry.schema == dfe_feed.RES_EVENTO:
        return to_bytes(res_evento(event))
    return to_bytes(event_proc(event))


def _event(authority: Authority, entry: dfe_feed.Entry) -> StoredEvent:
    for event in authority.store.events(entry.access_key):
        if event.event_type == entry.event_type and event.sequence == entry.sequence:
            return event
    raise LookupError(f"event {entry.event_type}/{entry.sequence} of {entry.access_key}")


def res_nfe(authority: Authority, doc: StoredDocument) -> etree._Element:
    """resNFe 1.01: the issuer, dates, value and the situation now (1 authorized, 3 cancelled)."""
    info = from_bytes(doc.xml).find("n:infNFe", N)
    assert info is not None
    res = root(NS, "resNFe", versao="1.01")
    issuer_tag = "CNPJ" if len(doc.issuer) == 14 else "CPF"
    fields(
        res,
        ("chNFe", doc.access_key),
        (issuer_tag, doc.issuer),
        ("xNome", checks.text(info, "n:emit/n:xNome", N)),
        ("IE", checks.optional_text(info, "n:emit/n:IE", N) or "ISENTO"),
        ("dhEmi", checks.text(info, "n:ide/n:dhEmi", N)),
        ("tpNF", checks.text(info, "n:ide/n:tpNF", N)),
        ("vNF", checks.text(info, "n:total/n:ICMSTot/n:vNF", N)),
        ("digVal", doc.dig_val),
        ("dhRecbto", wire(doc.authorized_at)),
        ("nProt", doc.protocol),
        ("cSitNFe", "3" if doc.status == "cancelled" else "1"),
    )
    return res


def proc_nfe(authority: Authority, doc: StoredDocument) -> etree._Element:
    """nfeProc 4.00 {NFe, protNFe} as the issuer's UF authorized it."""
    record = cstate.document(authority.store, doc.access_key)
    late = record is not None and record.auth_code == "150"
    code, reason = ("150", "Autorizado o uso da NF-e, autorizacao fora de prazo") if late else (
        "100", "Autorizado o uso da NF-e")  # fmt: skip
    proc = root(NS, "nfeProc", versao="4.00")
    proc.append(from_bytes(doc.xml))
    prot = child(proc, "protNFe", versao="4.00")
    fields(child(prot, "infProt"), ("tpAmb", doc.tp_amb),
           ("verAplic", authority.settings.ver_aplic), ("chNFe", doc.access_key),
           ("dhRecbto", wire(doc.authorized_at)), ("nProt", doc.protocol),
           ("digVal", doc.dig_val), ("cStat", code), ("xMotivo", reason))  # fmt: skip
    return proc


def res_evento(event: StoredEvent) -> etree._Element:
    """resEvento 1.01 of a registered event (cOrgao and author from its request)."""
    info = from_bytes(event.request_xml).find("n:infEvento", N)
    assert info is not None
    author_tag = "CNPJ" if info.find("n:CNPJ", N) is not None else "CPF"
    answer_info = from_bytes(event.answer_xml).find("n:infEvento", N)
    x_evento = None if answer_info is None else checks.optional_text(answer_info, "n:xEvento", N)
    res = root(NS, "resEvento", versao="1.01")
    fields(
        res,
        ("cOrgao", checks.text(info, "n:cOrgao", N)),
        (author_tag, checks.text(info, f"n:{author_tag}", N)),
        ("chNFe", event.access_key),
        ("dhEvento", checks.text(info, "n:dhEvento", N)),
        ("tpEvento", event.event_type),
        ("nSeqEvento", str(event.sequence)),
        ("xEvento", x_evento or checks.text(info, "n:detEvento/n:descEvento", N)),
        ("dhRecbto", wire(event.registered_at)),
        ("nProt", event.protocol),
    )
    return res


NFE = Flavor(NS, VERSION, xsd_extra.DIST_REQUEST, "", render, wire)

SERVICES[SERVICE] = distribute
SIMPLE_ANSWERS[SERVICE] = simple_answer
