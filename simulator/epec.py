"""EPEC (Evento Prévio de Emissão em Contingência, tpEvento 110140) for NF-e model 55.

At the Ambiente Nacional (RecepcaoEvento 4.00 of ``AN`` in nfelib's tables): the event is
validated and registered with cStat 136 "Evento registrado, mas não vinculado a NF-e". At the
UF: the NF-e with tpEmis 4 transmitted later is checked against its EPEC and conciliates it.

Rules, codes and order: Manual de Especificações Técnicas do EPEC (NT 2014.002), §3.7-§3.9, as
transcribed in public code; the answer layout is nfelib's ``nfe_epec`` XSD (retEvento with
cOrgaoAutor and up to 50 chNFePend). An EPEC not conciliated within 168 h blocks the issuer's
EPEC environment in that UF (142 with the pending keys; sped-nfe docs/Contingency.md).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal, InvalidOperation

from lxml import etree

from documents.keys import cnpj_is_valid
from simulator import checks
from simulator import contingency_state as cstate
from simulator.call import Call
from simulator.checks import KeyFields
from simulator.clock import parse_wire, wire
from simulator.errors import Rejection
from simulator.xmlbuild import child, fields, from_bytes, root, to_bytes

NS = "http://www.portalfiscal.inf.br/nfe"
N = {"n": NS}
EPEC = "110140"
AN_CUF = "91"
BLOCK_AFTER = dt.timedelta(hours=168)
"""An EPEC must be followed by its NF-e, authorized or denied, within 7 days."""
MAX_AGE = dt.timedelta(days=1)
"""Manual EPEC P23-20: dhEmi older than 1 day is 228."""
TOLERANCE = dt.timedelta(minutes=5)
MAX_PENDING = 50


def is_epec_lot(message: etree._Element) -> bool:
    return any(
        (e.text or "").strip() == EPEC
        for e in message.iterfind("n:evento/n:infEvento/n:tpEvento", N)
    )


def receive(call: Call, message: etree._Element) -> etree._Element:
    """envEvento at the AN: 128 for the lot, one retEvento (136 or the rejection) per EPEC."""
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
    assert info is not None  # the schema requires it
    key = checks.optional_text(info, "n:chNFe", N) or ""
    try:
        with call.authority.store.transaction():
            _check(call, event, info, key)
            return _accept(call, event, info, key)
    except Rejection as rejection:
        return _answer(call, info, rejection.code, rejection.reason, pending=_pending(rejection))


class _Blocked(Rejection):
    """142 carries the keys of the pending EPECs (chNFePend)."""

    def __init__(self, keys: list[str]) -> None:
        super().__init__("142", "Rejeicao: Ambiente de Contingencia EPEC bloqueado para o Emitente")
        self.keys = keys


def _pending(rejection: Rejection) -> list[str]:
    return rejection.keys if isinstance(rejection, _Blocked) else []


def _check(call: Call, event: etree._Element, info: etree._Element, key: str) -> None:
    """Manual EPEC §3.7-§3.9, in its order."""
    authority, now = call.authority, call.authority.now()
    signer = checks.signature(event, info.get("Id") or "", trusted=authority.trusted, now=now)
    get = checks.reader(info, N)
    author = checks.optional_text(info, "n:CNPJ", N) or get("CPF")
    checks.same_holder(signer.holder, author)
    if info.get("Id") != f"ID{EPEC}{key}{int(get('nSeqEvento')):02d}":
        raise Rejection("572", "Rejeicao: Erro Atributo ID do evento nao corresponde a "
                        "concatenacao dos campos (ID + tpEvento + chNFe + nSeqEvento)")  # fmt: skip
    if get("cOrgao") != AN_CUF:
        raise Rejection("250", "Rejeicao: UF diverge da UF autorizadora")
    checks.environment(get("tpAmb"), call.tp_amb)
    checks.access_key(key)
    if key[6:20] != author.zfill(14):
        raise Rejection("574", "Rejeicao: Autor do evento diverge do emissor da NF-e")
    if parse_wire(get("dhEvento")) > now + TOLERANCE:
        raise Rejection(
            "578", "Rejeicao: A data do evento nao pode ser maior que a data do processamento"
        )
    if cstate.epec(authority.store, key) is not None:
        raise Rejection("573", "Rejeicao: Duplicidade de Evento")
    _detail_rules(call, info, key, parse_wire(get("dhEvento")))
    _database_rules(call, key, author, get("tpAmb"))


def _detail_rules(call: Call, info: etree._Element, key: str, dh_evento: dt.datetime) -> None:
    now = call.authority.now()
    detail = info.find("n:detEvento", N)
    assert detail is not None
    get = checks.reader(detail, N)
    if key[34] != "4":
        raise Rejection("484", "Rejeicao: Chave de Acesso com tipo de emissao diferente de 4 "
                        "(posicao 35 da Chave de Acesso)")  # fmt: skip
    if checks.text(info, "n:nSeqEvento", N) != "1":
        raise Rejection(
            "594", "Rejeicao: O numero de sequencia do evento informado e maior que o permitido"
        )
    if get("cOrgaoAutor") != key[:2]:
        raise Rejection("455", "Rejeicao: Orgao Autor do evento diferente da UF da Chave de Acesso")
    emitted = parse_wire(get("dhEmi"))
    if emitted > now + TOLERANCE:
        raise Rejection("212", "Rejeicao: Data de emissao NF-e posterior a data de recebimento")
    if emitted < now - MAX_AGE:
        raise Rejection("228", "Rejeicao: Data de Emissao muito atrasada")
    if emitted > dh_evento + TOLERANCE:
        raise Rejection(
            "577", "Rejeicao: A data do evento nao pode ser menor que a data de emissao da NF-e"
        )
    if f"{emitted:%y%m}" != key[2:6]:
        raise Rejection(
            "659", "Rejeicao: Ano-Mes da Data de Emissao diverge do Ano-Mes da Chave de Acesso"
        )
    _recipient_rules(detail)


def _recipient_rules(detail: etree._Element) -> None:
    """P28-10 (208), P29-10 (237), P30-10 (720), P31-10 (792): the recipient's ids."""
    cnpj = checks.optional_text(detail, "n:dest/n:CNPJ", N)
    cpf = checks.optional_text(detail, "n:dest/n:CPF", N)
    foreign = checks.optional_text(detail, "n:dest/n:UF", N) == "EX"
    if cnpj is not None and not cnpj_is_valid(cnpj):
        raise Rejection("208", "Rejeicao: CNPJ do destinatario invalido")
    if cpf is not None and not checks.cpf_is_valid(cpf):
        raise Rejection("237", "Rejeicao: CPF do destinatario invalido")
    if foreign and detail.find("n:dest/n:idEstrangeiro", N) is None:
        raise Rejection("720", "Rejeicao: Na operacao com Exterior deve ser informada tag "
                        "idEstrangeiro")  # fmt: skip
    if foreign and detail.find("n:dest/n:IE", N) is not None:
        raise Rejection("792", "Rejeicao: Informada a IE do destinatario para operacao com "
                        "destinatario no Exterior")  # fmt: skip


def _database_rules(call: Call, key: str, issuer: str, tp_amb: str) -> None:
    database_rules(call, key, issuer, tp_amb)


def database_rules(
    call: Call, key: str, issuer: str, tp_amb: str, *, label: str = "NF-e",
    model_only: str | None = None,
) -> None:  # fmt: skip
    """142 blocked, 485 EPEC for the number, 661 document for the number, 662 voided number.
    `model_only`: count only that model's pending EPECs (SP's EPEC of the NFC-e blocks apart)."""
    store, now = call.authority.store, call.authority.now()
    pending = cstate.pending_epecs(store, issuer, key[:2], tp_amb)
    if model_only is not None:
        pending = [e for e in pending if e.model == model_only]
    if any(e.registered_at < now - BLOCK_AFTER for e in pending):
        raise _Blocked([e.access_key for e in pending[:MAX_PENDING]])
    model, series, number = key[20:22], key[22:25], key[25:34]
    if cstate.epec_by_number(store, issuer, model, series, number, tp_amb) is not None:
        raise Rejection("485", "Rejeicao: Duplicidade de numeracao do EPEC (Modelo, CNPJ ou CPF, "
                        "Serie e Numero)")  # fmt: skip
    if store.document_by_number(issuer, model, series, number, tp_amb) is not None:
        raise Rejection("661", f"Rejeicao: {label} ja existente para o numero do EPEC informado")
    if store.voided_overlapping(issuer, model, series, int(number), int(number), tp_amb):
        raise Rejection(
            "662", "Rejeicao: Numeracao do EPEC esta inutilizada na Base de Dados da SEFAZ"
        )


def _accept(call: Call, event: etree._Element, info: etree._Element, key: str) -> etree._Element:
    authority = call.authority
    protocol = authority.protocol_number(AN_CUF, "AN")
    answer = _answer(call, info, "136", "Evento registrado, mas nao vinculado a NF-e",
                     protocol=protocol)  # fmt: skip
    author = checks.optional_text(info, "n:CNPJ", N) or checks.text(info, "n:CPF", N)
    cstate.add_epec(authority.store, cstate.EpecEvent(
        key, author, key[:2], key[20:22], key[22:25], key[25:34],
        checks.text(info, "n:tpAmb", N), protocol, authority.now(), to_bytes(event),
        to_bytes(answer), None,
    ))  # fmt: skip
    return answer


def _answer(
    call: Call,
    info: etree._Element,
    code: str,
    reason: str,
    *,
    protocol: str | None = None,
    pending: list[str] | None = None,
    c_orgao: str = AN_CUF,
) -> etree._Element:
    """retEvento of the EPEC layout: cOrgaoAutor is required, chNFePend lists pending EPECs;
    `c_orgao` is the answering authority (91 the AN, 35 SEFAZ-SP's EPEC of the NFC-e)."""
    answer = root(NS, "retEvento", versao="1.00")
    out = child(answer, "infEvento")
    key = checks.optional_text(info, "n:chNFe", N) or ""
    registered = protocol is not None
    author_uf = checks.optional_text(info, "n:detEvento/n:cOrgaoAutor", N) or key[:2] or AN_CUF
    fields(
        out,
        ("tpAmb", call.tp_amb),
        ("verAplic", call.ver_aplic),
        ("cOrgao", c_orgao),
        ("cStat", code),
        ("xMotivo", reason),
        ("chNFe", key if len(key) == 44 else None),
        ("tpEvento", EPEC if registered else None),
        ("xEvento", "EPEC autorizado" if registered else None),
        ("nSeqEvento", "1" if registered else None),
        ("cOrgaoAutor", author_uf),
        ("dhRegEvento", wire(call.authority.now())),
        ("nProt", protocol),
    )
    for pending_key in pending or []:
        child(out, "chNFePend", pending_key)
    return answer


Blocked = _Blocked
pending = _pending
answer = _answer
detail_rules = _detail_rules
"""Shared with SEFAZ-SP's EPEC of the NFC-e (simulator/epec_nfce.py)."""


# -- the NF-e under EPEC at its UF --------------------------------------------------------------


def check_nfe(call: Call, info: etree._Element, key: str, f: KeyFields, tp_amb: str) -> None:
    """tpEmis 4: its EPEC must exist (468) with the same key (691) and data (467); any other NF-e
    whose number an EPEC holds under another key is 692."""
    store = call.authority.store
    event = cstate.epec(store, key)
    other = event or cstate.epec_by_number(store, f.issuer, f.model, f.series, f.number, tp_amb)
    if f.tp_emis != "4":
        if other is not None and other.access_key != key:
            raise Rejection("692", "Rejeicao: Existe EPEC registrado para esta Serie e Numero "
                            f"[Chave EPEC: {other.access_key}]")  # fmt: skip
        return
    if event is None:
        if other is not None:
            raise Rejection(
                "691", "Rejeicao: Chave de Acesso da NF-e diverge da Chave de Acesso do EPEC"
            )
        raise Rejection("468", "Rejeicao: NF-e com Tipo Emissao = 4, sem EPEC correspondente")
    tag = diverging_tag(info, from_bytes(event.request_xml))
    if tag is not None:
        raise Rejection("467", f"Rejeicao: Dados da NF-e divergentes do EPEC [tag:{tag}]")


def diverging_tag(info: etree._Element, event: etree._Element) -> str | None:
    """The first EPEC field the NF-e does not repeat (IE, dhEmi, tpNF, recipient, totals)."""
    detail = event.find("n:infEvento/n:detEvento", N)
    assert detail is not None
    nfe_dest = info.find("n:dest", N)
    pairs = (
        ("dhEmi", moment_at(info, "n:ide/n:dhEmi"), moment_at(detail, "n:dhEmi")),
        ("tpNF", text_at(info, "n:ide/n:tpNF"), text_at(detail, "n:tpNF")),
        ("IE", text_at(info, "n:emit/n:IE"), text_at(detail, "n:IE")),
        ("UF", _dest_uf(nfe_dest), text_at(detail, "n:dest/n:UF")),
        ("CNPJ", text_at(nfe_dest, "n:CNPJ"), text_at(detail, "n:dest/n:CNPJ")),
        ("CPF", text_at(nfe_dest, "n:CPF"), text_at(detail, "n:dest/n:CPF")),
        ("idEstrangeiro", text_at(nfe_dest, "n:idEstrangeiro"),
         text_at(detail, "n:dest/n:idEstrangeiro")),
        ("vNF", money_at(info, "n:total/n:ICMSTot/n:vNF"), money_at(detail, "n:dest/n:vNF")),
        ("vICMS", money_at(info, "n:total/n:ICMSTot/n:vICMS"), money_at(detail, "n:dest/n:vICMS")),
        ("vST", money_at(info, "n:total/n:ICMSTot/n:vST"), money_at(detail, "n:dest/n:vST")),
    )  # fmt: skip
    for tag, nfe_value, epec_value in pairs:
        if nfe_value != epec_value:
            return tag
    dest_ie = text_at(nfe_dest, "n:IE")
    if dest_ie != text_at(detail, "n:dest/n:IE"):
        return "IE"
    return None


def text_at(element: etree._Element | None, path: str) -> str | None:
    return None if element is None else checks.optional_text(element, path, N)


def moment_at(element: etree._Element, path: str) -> dt.datetime | None:
    text = text_at(element, path)
    return None if text is None else parse_wire(text)


def money_at(element: etree._Element, path: str) -> Decimal | None:
    text = text_at(element, path)
    try:
        return None if text is None else Decimal(text)
    except InvalidOperation:
        return None


def _dest_uf(dest: etree._Element | None) -> str | None:
    return text_at(dest, "n:enderDest/n:UF")


def conciliate(call: Call, key: str) -> None:
    """The NF-e of an EPEC was authorized: the EPEC no longer counts towards the block."""
    cstate.conciliate(call.authority.store, key, call.authority.now())
