"""Manifestação do Destinatário at the Ambiente Nacional's RecepcaoEvento 4.00 (nfelib key ``AN``,
cOrgao 91): 210210 Ciência da Operação, 210200 Confirmação da Operação, 210220 Desconhecimento da
Operação, 210240 Operação não Realizada (xJust 15-255).

Layout: nfelib ``nfe_evento_mde`` (confRecebto_v1.00.xsd for the evento, e2102x0_v1.00.xsd for
each detEvento, retEnvConfRecebto_v1.00.xsd for the answer). Rules and codes: MOC / NT 2020.001
(v1.50: each conclusive manifestation at most twice, nSeqEvento 1-2; ciência only before a
conclusive one; every manifestation within 180 days of the authorization), texts from sped-nfe
``docs/cStat.md``; see README "DF-e distribution". A registered manifestation is stored with the
NF-e's events (the UF's consSitNFe lists it, as the real one does) and fed to the distribution
(``dfe_feed.manifested``).
"""

from __future__ import annotations

import datetime as dt

from lxml import etree

from simulator import checks, dfe_feed, xsd_extra
from simulator.call import Call
from simulator.clock import parse_wire, wire
from simulator.errors import Rejection
from simulator.state import StoredDocument, StoredEvent
from simulator.xmlbuild import child, fields, from_bytes, root, to_bytes

NS = "http://www.portalfiscal.inf.br/nfe"
N = {"n": NS}
AN_CUF = "91"
CIENCIA, CONFIRMACAO = dfe_feed.CIENCIA, dfe_feed.CONFIRMACAO
DESCONHECIMENTO, NAO_REALIZADA = dfe_feed.DESCONHECIMENTO, dfe_feed.NAO_REALIZADA
DESCRIPTIONS = {
    CONFIRMACAO: "Confirmacao da Operacao",
    CIENCIA: "Ciencia da Operacao",
    DESCONHECIMENTO: "Desconhecimento da Operacao",
    NAO_REALIZADA: "Operacao nao Realizada",
}
CONCLUSIVE = dfe_feed.CONCLUSIVE
MAX_CONCLUSIVE_SEQUENCE = 2
"""NT 2020.001 v1.50 (Ajuste SINIEF 43/23): each conclusive event may be registered twice."""
DEADLINE = dt.timedelta(days=180)
"""Ajuste SINIEF 07/05 cláusula décima-quinta-C: 180 days from the authorization."""
TOLERANCE = dt.timedelta(minutes=5)


def receive(call: Call, message: etree._Element) -> etree._Element:
    """envEvento at the AN (not EPEC): 128 for the lot, one retEvento per evento."""
    checks.schema(message, "nfe/1.00/envEvento")
    answer = root(NS, "retEnvEvento", versao="1.00")
    fields(answer, ("idLote", checks.text(message, "n:idLote", N)), ("tpAmb", call.tp_amb),
           ("verAplic", call.ver_aplic), ("cOrgao", AN_CUF), ("cStat", "128"),
           ("xMotivo", "Lote de Evento Processado"))  # fmt: skip
    for event in message.findall("n:evento", N):
        answer.append(_register(call, event))
    return answer


def _register(call: Call, event: etree._Element) -> etree._Element:
    info = event.find("n:infEvento", N)
    assert info is not None  # the generic schema requires it
    key = checks.optional_text(info, "n:chNFe", N) or ""
    event_type = checks.optional_text(info, "n:tpEvento", N) or ""
    sequence = checks.optional_text(info, "n:nSeqEvento", N) or "1"
    try:
        with call.authority.store.transaction():
            doc = _check(call, event, info, key, event_type, int(sequence))
            return _accept(call, event, doc, event_type, int(sequence))
    except Rejection as rejection:
        return ret_event(call, key, event_type, sequence, rejection.code, rejection.reason)


def _check(call: Call, event: etree._Element, info: etree._Element, key: str, event_type: str,
           sequence: int) -> StoredDocument:  # fmt: skip
    """The checks in the MOC's order for events: type and schema, signature, Id, órgão,
    environment, key, dates, then the database rules."""
    if event_type not in DESCRIPTIONS:
        raise Rejection("491", "Rejeicao: O tpEvento informado invalido")
    _schema(event, info, event_type)
    authority, now = call.authority, call.authority.now()
    signer = checks.signature(event, info.get("Id") or "", trusted=authority.trusted, now=now)
    author = checks.optional_text(info, "n:CNPJ", N) or checks.text(info, "n:CPF", N)
    checks.same_holder(signer.holder, author)
    if info.get("Id") != f"ID{event_type}{key}{sequence:02d}":
        raise Rejection("572", "Rejeicao: Erro Atributo ID do evento nao corresponde a "
                        "concatenacao dos campos (ID + tpEvento + chNFe + nSeqEvento)")  # fmt: skip
    if checks.text(info, "n:cOrgao", N) != AN_CUF:
        raise Rejection("657", "Rejeicao: Codigo do Orgao diverge do orgao autorizador")
    checks.environment(checks.text(info, "n:tpAmb", N), call.tp_amb)
    checks.access_key(key)
    dh_evento = parse_wire(checks.text(info, "n:dhEvento", N))
    if dh_evento > now + TOLERANCE:
        raise Rejection(
            "578", "Rejeicao: A data do evento nao pode ser maior que a data do processamento"
        )
    doc = authority.store.document(key)
    if doc is None or doc.family != "nfe" or doc.model != "55" or doc.tp_amb != call.tp_amb:
        raise Rejection("494", "Rejeicao: Chave de Acesso inexistente")
    _rules(call, doc, author, event_type, sequence, dh_evento)
    return doc


def _schema(event: etree._Element, info: etree._Element, event_type: str) -> None:
    """493: the evento against confRecebto_v1.00.xsd, its detEvento against e<tpEvento>."""
    violation = xsd_extra.first_violation(event, xsd_extra.MANIFESTATION_EVENT)
    detail = info.find("n:detEvento", N)
    if violation is None and detail is not None:
        violation = xsd_extra.first_violation(detail, xsd_extra.detail_schema(event_type))
    if violation is not None:
        raise Rejection("493", f"Rejeicao: Evento nao atende o Schema XML especifico {violation}")


def _rules(call: Call, doc: StoredDocument, author: str, event_type: str, sequence: int,
           dh_evento: dt.datetime) -> None:  # fmt: skip
    now = call.authority.now()
    dest = dfe_feed.parties(doc).dest
    if dest is None or not _same_party(author, dest):
        raise Rejection("575", "Rejeicao: O autor do evento diverge do destinatario da NF-e")
    emitted = parse_wire(checks.text(_info(doc), "n:ide/n:dhEmi", N))
    if dh_evento < emitted - TOLERANCE:
        raise Rejection(
            "577", "Rejeicao: A data do evento nao pode ser menor que a data de emissao da NF-e"
        )
    events = call.authority.store.events(doc.access_key)
    if any(e.event_type == event_type and e.sequence == sequence for e in events):
        raise Rejection("573", "Rejeicao: Duplicidade de Evento")
    limit = MAX_CONCLUSIVE_SEQUENCE if event_type in CONCLUSIVE else 1
    if sequence > limit:
        raise Rejection(
            "594", "Rejeicao: O numero de sequencia do evento informado e maior que o permitido"
        )
    if event_type == CIENCIA and any(e.event_type in CONCLUSIVE for e in events):
        raise Rejection("655", "Rejeicao: Evento de Ciencia da Operacao informado apos a "
                        "manifestacao final do destinatario")  # fmt: skip
    if doc.status != "authorized":
        _cancelled(event_type)
    if now > doc.authorized_at + DEADLINE:
        raise Rejection("596", "Rejeicao: Evento apresentado fora do prazo: [180 dias]")


def _cancelled(event_type: str) -> None:
    """The NF-e was cancelled: 650 ciência, 651 desconhecimento, 580 the others."""
    if event_type == CIENCIA:
        raise Rejection(
            "650", 'Rejeicao: Evento de "Ciencia da Emissao" para NF-e Cancelada ou Denegada'
        )
    if event_type == DESCONHECIMENTO:
        raise Rejection("651", 'Rejeicao: Evento de "Desconhecimento da Operacao" para NF-e '
                        "Cancelada ou Denegada")  # fmt: skip
    raise Rejection("580", "Rejeicao: O evento exige uma NF-e autorizada")


def _same_party(author: str, dest: str) -> bool:
    """NT 2020.001 v1.40: a company manifests with any certificate of its CNPJ base."""
    if len(author) == 14 and len(dest) == 14:
        return author[:8] == dest[:8]
    return author == dest


def _info(doc: StoredDocument) -> etree._Element:
    info = from_bytes(doc.xml).find("n:infNFe", N)
    assert info is not None
    return info


def _accept(call: Call, event: etree._Element, doc: StoredDocument, event_type: str,
            sequence: int) -> etree._Element:  # fmt: skip
    authority, now = call.authority, call.authority.now()
    protocol = authority.protocol_number(AN_CUF, "AN")
    answer = ret_event(call, doc.access_key, event_type, str(sequence), "135",
                       "Evento registrado e vinculado a NF-e", protocol=protocol)  # fmt: skip
    authority.store.add_event(StoredEvent(doc.access_key, event_type, sequence, protocol, now,
                                          to_bytes(event), to_bytes(answer)))  # fmt: skip
    dfe_feed.manifested(authority.store, doc, event_type, sequence, now)
    return answer


def ret_event(call: Call, key: str, event_type: str, sequence: str, code: str, reason: str, *,
              protocol: str | None = None) -> etree._Element:  # fmt: skip
    """retEvento of retEnvConfRecebto_v1.00.xsd; a rejection carries no tpEvento nor nProt."""
    answer = root(NS, "retEvento", versao="1.00")
    info = child(answer, "infEvento")
    registered = protocol is not None
    fields(
        info,
        ("tpAmb", call.tp_amb),
        ("verAplic", call.ver_aplic),
        ("cOrgao", AN_CUF),
        ("cStat", code),
        ("xMotivo", reason[:255]),
        ("chNFe", key if len(key) == 44 and key.isdigit() else None),
        ("tpEvento", event_type if registered else None),
        ("xEvento", DESCRIPTIONS.get(event_type) if registered else None),
        ("nSeqEvento", sequence if registered else None),
        ("dhRegEvento", wire(call.authority.now())),
        ("nProt", protocol),
    )
    return answer
