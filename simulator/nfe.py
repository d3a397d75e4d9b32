"""NF-e (55) and NFC-e (65) 4.00 web services: authorization (sync and async), receipt query,
protocol query, status, events (cancel 110111, CC-e 110110) and number voiding (inutilizacao).

Every answer is the message a SEFAZ sends; rejections carry the real cStat (see README's table).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from lxml import etree

from simulator import checks, contingency, dfe_feed, nfe_rules
from simulator.call import Call, consumption_limit, forced_rejection, route_cuf
from simulator.clock import wire
from simulator.errors import BadRequest, Rejection
from simulator.soap import inflate
from simulator.state import StoredDocument, StoredEvent, StoredReceipt
from simulator.xmlbuild import child, fields, from_bytes, root, to_bytes

NS = "http://www.portalfiscal.inf.br/nfe"
N = {"n": NS}
NFCE = "65"
CANCEL, CCE = "110111", "110110"
NFE_CANCEL_WINDOW = dt.timedelta(hours=24)
NFCE_CANCEL_WINDOW = dt.timedelta(minutes=30)
MAX_CCE_SEQUENCE = 20
ANSWER_ROOTS = {
    "NFeAutorizacao4": "retEnviNFe",
    "NFeRetAutorizacao4": "retConsReciNFe",
    "NFeConsultaProtocolo4": "retConsSitNFe",
    "NFeStatusServico4": "retConsStatServ",
    "NFeRecepcaoEvento4": "retEnvEvento",
    "NFeInutilizacao4": "retInutNFe",
    "RecepcaoEvento": "retEnvEvento",  # SEFAZ-SP's EPEC of the NFC-e (epec_nfce.py)
}


def handle(call: Call) -> etree._Element:
    """Dispatch to the service of the route; lot-level rejections become the service's answer."""
    service = SERVICES.get(call.route.service)
    if service is None:
        raise BadRequest(404, f"servico {call.route.service} nao implementado")
    try:
        return service(call, _message(call))
    except Rejection as rejection:
        return simple_answer(call, rejection.code, rejection.reason)


def _message(call: Call) -> etree._Element:
    if call.request.message is not None:
        return call.request.message
    if call.request.compressed is not None and call.route.service == "NFeAutorizacao4":
        return checks.parse(inflate(call.request.compressed))
    raise Rejection("225", "Rejeicao: Falha no Schema XML (mensagem ausente)")


SIMPLE_ANSWERS: dict[str, Callable[[Call, str, str], etree._Element]] = {}
"""Services registered by other modules with their own status-only answer (distribution.py)."""


def simple_answer(call: Call, code: str, reason: str, cuf: str = "") -> etree._Element:
    """The service's answer root carrying only a status (paralysed, lot-level rejections)."""
    own = SIMPLE_ANSWERS.get(call.route.service)
    if own is not None:
        return own(call, code, reason)
    name = ANSWER_ROOTS[call.route.service]
    version = "1.00" if name == "retEnvEvento" else "4.00"
    answer = root(NS, name, versao=version)
    target = child(answer, "infInut") if name == "retInutNFe" else answer
    if name == "retEnvEvento":
        fields(target, ("idLote", "0"))
    fields(target, ("tpAmb", call.tp_amb), ("verAplic", call.ver_aplic))
    if name == "retEnvEvento":
        fields(target, ("cOrgao", cuf or "91"))
    fields(target, ("cStat", code), ("xMotivo", reason))
    if name != "retEnvEvento":
        fields(target, ("cUF", cuf or route_cuf(call)), ("dhRecbto", wire(call.authority.now())))
    return answer


# -- authorization ---------------------------------------------------------------------------


def authorize_batch(call: Call, message: etree._Element) -> etree._Element:
    """enviNFe: sync (indSinc=1) answers 104 with protNFe; async answers 103 with a receipt."""
    checks.schema(message, "nfe/4.00/enviNFe", code="225")
    nfes = message.findall("n:NFe", N)
    sync = checks.text(message, "n:indSinc", N) == "1"
    if sync and len(nfes) > 1:
        raise Rejection(
            "452", "Rejeicao: Solicitada resposta sincrona para Lote com mais de uma NF-e"
        )
    cuf = checks.text(nfes[0], "n:infNFe/n:ide/n:cUF", N)
    receipt = None if sync else call.authority.receipt_number(cuf)
    protocols = [authorize(call, nfe, receipt) for nfe in nfes]
    if sync:
        return _batch_answer(call, cuf, "104", "Lote processado", protocols)
    return _receipt_answer(call, cuf, receipt or "", protocols)


def _batch_answer(
    call: Call, cuf: str, code: str, reason: str, protocols: list[etree._Element]
) -> etree._Element:
    answer = root(NS, "retEnviNFe", versao="4.00")
    fields(
        answer,
        ("tpAmb", call.tp_amb),
        ("verAplic", call.ver_aplic),
        ("cStat", code),
        ("xMotivo", reason),
        ("cUF", cuf),
        ("dhRecbto", wire(call.authority.now())),
    )
    for protocol in protocols:
        answer.append(protocol)
    return answer


def _receipt_answer(
    call: Call, cuf: str, receipt: str, protocols: list[etree._Element]
) -> etree._Element:
    authority, now = call.authority, call.authority.now()
    tmed = authority.settings.async_tmed_seconds
    bundle = root(NS, "protocols")
    for protocol in protocols:
        bundle.append(protocol)
    authority.store.add_receipt(
        StoredReceipt(
            receipt, call.tp_amb, cuf, call.scope.caller or "", now,
            now + dt.timedelta(seconds=tmed), to_bytes(bundle),
        )
    )  # fmt: skip
    answer = _batch_answer(call, cuf, "103", "Lote recebido com sucesso", [])
    info = child(answer, "infRec")
    fields(info, ("nRec", receipt), ("tMed", str(max(tmed, 1))))
    return answer


def authorize(call: Call, nfe: etree._Element, receipt: str | None) -> etree._Element:
    """Check and authorize one NF-e; the protNFe carries 100 or the rejection."""
    info = nfe.find("n:infNFe", N)
    assert info is not None  # guaranteed by the schema
    key = (info.get("Id") or "")[3:]
    try:
        with call.authority.store.transaction():
            document = _check_document(call, nfe, info, key)
            contingency.before_duplicates(call, info, document.fields)
            _check_not_duplicate(call, document, receipt)
            contingency.after_duplicates(call, info, key, document.fields, document.tp_amb)
            _check_content(call, info, document)
            forced_rejection(call, document.fields.series)
            stored = _record(call, document, receipt)
            contingency.recorded(call, stored, document.fields)
    except Rejection as rejection:
        return protocol_element(call, key, rejection.code, rejection.reason)
    return stored_protocol(call, stored)


@dataclass(frozen=True)
class _Document:
    key: str
    fields: checks.KeyFields
    tp_amb: str
    digest_value: str
    xml: bytes


def _check_document(call: Call, nfe: etree._Element, info: etree._Element, key: str) -> _Document:
    authority = call.authority
    signer = checks.signature(nfe, info.get("Id") or "", trusted=authority.trusted,
                              now=authority.now())  # fmt: skip
    ide = info.find("n:ide", N)
    assert ide is not None
    issuer = checks.optional_text(info, "n:emit/n:CNPJ", N) or checks.text(info, "n:emit/n:CPF", N)
    checks.same_holder(signer.holder, issuer)
    get = checks.reader(ide, N)
    emitted = _emission(call, get("dhEmi"), get("mod"), get("tpEmis"))
    key_fields = checks.KeyFields(
        get("cUF"), emitted, issuer, get("mod"), get("serie"), get("nNF"), get("tpEmis"),
        get("cNF"), get("cDV"),
    )  # fmt: skip
    checks.key_matches(key, key_fields)
    checks.natural_person_caller(call.scope.caller, key)
    checks.environment(get("tpAmb"), call.tp_amb)
    if not authority.serves_uf(call.route.authority, get("cUF")):
        raise Rejection("226", "Rejeicao: Codigo da UF do Emitente diverge da UF autorizadora")
    return _Document(key, key_fields, get("tpAmb"), signer.digest_value, to_bytes(nfe))


def _check_content(call: Call, info: etree._Element, document: _Document) -> None:
    """The content rules (references, totals, payments, transport): after the duplicate check,
    so a document sent again is always answered 204, whatever happened since."""
    content = nfe_rules.Content(info, document.key, document.fields.issuer, document.tp_amb)
    nfe_rules.check_content(content, call.authority.store)


def _emission(call: Call, dh_emi: str, model: str, tp_emis: str) -> dt.datetime:
    settings = call.authority.settings
    max_age, late_code = contingency.emission_limits(settings, model, tp_emis)
    return checks.emission_time(
        dh_emi, call.authority.now(),
        future_tolerance=dt.timedelta(seconds=settings.future_tolerance_seconds),
        max_age=max_age, late_code=late_code,
    )  # fmt: skip


def _check_not_duplicate(call: Call, document: _Document, receipt: str | None) -> None:
    """204 for the same key, 539 for the same number under another key, 206 for a voided one."""
    store, f = call.authority.store, document.fields
    existing = store.document(document.key)
    if existing is not None:
        raise Rejection("204", f"Rejeicao: Duplicidade de NF-e [nRec:{existing.receipt or ''}]")
    same_number = store.document_by_number(f.issuer, f.model, f.series, f.number, document.tp_amb)
    if same_number is not None:
        raise Rejection(
            "539",
            "Rejeicao: Duplicidade de NF-e com diferenca na Chave de Acesso "
            f"[chNFe:{same_number.access_key}][nRec:{same_number.receipt or ''}]",
        )
    number = int(f.number)
    if store.voided_overlapping(f.issuer, f.model, f.series, number, number, document.tp_amb):
        raise Rejection("206", "Rejeicao: NF-e ja esta inutilizada na Base de dados da SEFAZ")


def _record(call: Call, document: _Document, receipt: str | None) -> StoredDocument:
    f = document.fields
    stored = StoredDocument(
        document.key, "nfe", f.model, f.issuer, f.series, f.number, document.tp_amb,
        "authorized", call.authority.protocol_number(f.cuf, contingency.protocol_authorizer(call)),
        document.digest_value,
        call.authority.now(), receipt, document.xml,
    )  # fmt: skip
    call.authority.store.add_document(stored)
    dfe_feed.authorized(call.authority.store, stored, call.authority.now())
    return stored


def protocol_element(
    call: Call,
    key: str,
    code: str,
    reason: str,
    *,
    protocol: str | None = None,
    digest: str | None = None,
    at: dt.datetime | None = None,
) -> etree._Element:
    """protNFe/infProt; a rejection carries no nProt."""
    prot = root(NS, "protNFe", versao="4.00")
    info = child(prot, "infProt")
    fields(
        info,
        ("tpAmb", call.tp_amb),
        ("verAplic", call.ver_aplic),
        ("chNFe", key if len(key) == 44 else None),
        ("dhRecbto", wire(at or call.authority.now())),
        ("nProt", protocol),
        ("digVal", digest),
        ("cStat", code),
        ("xMotivo", reason),
    )
    return prot


def stored_protocol(call: Call, doc: StoredDocument) -> etree._Element:
    code, reason = contingency.authorization_status(call, doc.access_key)
    return protocol_element(
        call, doc.access_key, code, reason,
        protocol=doc.protocol, digest=doc.dig_val, at=doc.authorized_at,
    )  # fmt: skip


# -- receipt query ---------------------------------------------------------------------------


def receipt_query(call: Call, message: etree._Element) -> etree._Element:
    """consReciNFe: 105 until tMed elapses, then 104 with every protNFe; 106 when unknown."""
    checks.schema(message, "nfe/4.00/consReciNFe")
    checks.environment(checks.text(message, "n:tpAmb", N), call.tp_amb)
    number = checks.text(message, "n:nRec", N)
    receipt = call.authority.store.receipt(number)
    answer = root(NS, "retConsReciNFe", versao="4.00")
    fields(answer, ("tpAmb", call.tp_amb), ("verAplic", call.ver_aplic), ("nRec", number))
    if receipt is None:
        return _status(call, answer, "106", "Lote nao localizado", number[:2])
    if call.authority.now() < receipt.ready_at:
        return _status(call, answer, "105", "Lote em processamento", receipt.cuf)
    _status(call, answer, "104", "Lote processado", receipt.cuf)
    for protocol in from_bytes(receipt.results_xml):
        answer.append(protocol)
    return answer


def _status(call: Call, answer: etree._Element, code: str, reason: str, cuf: str) -> etree._Element:
    fields(answer, ("cStat", code), ("xMotivo", reason), ("cUF", cuf),
           ("dhRecbto", wire(call.authority.now())))  # fmt: skip
    return answer


# -- protocol query --------------------------------------------------------------------------


def protocol_query(call: Call, message: etree._Element) -> etree._Element:
    """consSitNFe: 100/101 with protNFe and events, 217 unknown, 656 when queried too often."""
    checks.schema(message, "nfe/4.00/consSitNFe")
    checks.environment(checks.text(message, "n:tpAmb", N), call.tp_amb)
    key = checks.access_key(checks.text(message, "n:chNFe", N))
    consumption_limit(call, key, "656")
    answer = root(NS, "retConsSitNFe", versao="4.00")
    fields(answer, ("tpAmb", call.tp_amb), ("verAplic", call.ver_aplic))
    doc = contingency.visible_document(call, key)
    if doc is None or doc.family != "nfe":
        _status(call, answer, "217", "Rejeicao: NF-e nao consta na base de dados da SEFAZ", key[:2])
        return fields(answer, ("chNFe", key))
    cancelled = doc.status == "cancelled"
    code, reason = ("101", "Cancelamento de NF-e homologado") if cancelled else (
        contingency.authorization_status(call, key))  # fmt: skip
    _status(call, answer, code, reason, key[:2])
    fields(answer, ("chNFe", key))
    answer.append(stored_protocol(call, doc))
    for event in call.authority.store.events(key):
        answer.append(event_proc(event))
    return answer


def event_proc(event: StoredEvent) -> etree._Element:
    proc = root(NS, "procEventoNFe", versao="1.00")
    proc.append(from_bytes(event.request_xml))
    proc.append(from_bytes(event.answer_xml))
    return proc


# -- status ----------------------------------------------------------------------------------


def status(call: Call, message: etree._Element) -> etree._Element:
    """consStatServ: 107 in operation, with tMed."""
    checks.schema(message, "nfe/4.00/consStatServ")
    checks.environment(checks.text(message, "n:tpAmb", N), call.tp_amb)
    cuf = checks.text(message, "n:cUF", N)
    answer = root(NS, "retConsStatServ", versao="4.00")
    fields(answer, ("tpAmb", call.tp_amb), ("verAplic", call.ver_aplic))
    _status(call, answer, "107", "Servico em Operacao", cuf)
    return fields(answer, ("tMed", str(max(call.authority.settings.async_tmed_seconds, 1))))


SERVICES: dict[str, Callable[[Call, etree._Element], etree._Element]] = {
    "NFeAutorizacao4": authorize_batch,
    "NFeRetAutorizacao4": receipt_query,
    "NFeConsultaProtocolo4": protocol_query,
    "NFeStatusServico4": status,
}
