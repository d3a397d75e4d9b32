"""SEFAZ-SP's EPEC of the NFC-e (tpEvento 110140 for a model-65 note), at its own service.

Nota Técnica 2015.003 "Evento Prévio de Emissão em Contingência (EPEC) da NFC-e" v1.02: when
SEFAZ-SP's NFC-e authorization is down, the issuer registers at SEFAZ-SP's EPEC service
(``RecepcaoEPEC.asmx`` on nfce.epec.fazenda.sp.gov.br; sped-nfe ``storage/wsnfe_4.00_mod65.xml``)
a summary of the tpEmis 4 NFC-e, prints the DANFE NFC-e with the EPEC's protocol and transmits
the NFC-e to SEFAZ-SP later, where it must repeat the EPEC's data (467) and have an EPEC (468).

Layout: SP's schema (sped-nfe ``schemes/PL_009_V4/eventoEPEC_v1.00.xsd``, transcribed in
``documents.events.epec.NFCE_EPEC_XSD``): cOrgao 35, dest optional {UF, CNPJ | CPF |
idEstrangeiro}, vNF and vICMS in detEvento. The answer is the EPEC's retEvento (nfelib's
``nfe_epec`` layout) with cOrgao 35.

Rules: those of the NF-e's EPEC (``simulator/epec.py``, NT 2014.001) with the NT 2015.003
changes its version history names: 618 for a key whose model is not 65 (v1.01), the year-month of
dhEmi against the key (P23-30, 659; v1.02), a dest that must carry CPF, CNPJ or idEstrangeiro
(v1.01, the schema). Its "Controle do Ambiente de Contingência do EPEC" (item 04) is applied as
the NF-e's: an EPEC not conciliated within 168 h blocks the issuer's new EPECs of the NFC-e in SP
(142 with chNFePend). At authorization (item 05.1): 467 when IE, dhEmi, the recipient's id or
the totals (vNF, vICMS) differ, 468 when there is no EPEC; the EPEC is conciliated when the
NFC-e is authorized.
"""

from __future__ import annotations

from lxml import etree

from documents.events.epec import nfce_epec_violations
from simulator import checks, epec
from simulator import contingency_state as cstate
from simulator.call import Call
from simulator.checks import KeyFields
from simulator.clock import parse_wire
from simulator.errors import Rejection
from simulator.routing import EPEC_NFCE_AUTHORITY
from simulator.xmlbuild import fields, from_bytes, root, to_bytes

_get, _when, _money = epec.text_at, epec.moment_at, epec.money_at
"""The NF-e EPEC's readers of a note and its event, shared."""

NS = epec.NS
N = epec.N
AUTHORITY = EPEC_NFCE_AUTHORITY
"""The simulator's name for SEFAZ-SP's EPEC-NFC-e service (its own hosts, routing.py
``EPEC_NFCE_ROUTES``; an outage of ``SP`` leaves it up, as the real one runs apart from the
authorization)."""
SP_CUF = "35"
NFCE = "65"


def receive(call: Call, message: etree._Element | None) -> etree._Element:
    """envEvento at SP's EPEC: 215 for a message off SP's schema, else 128 for the lot and one
    retEvento (136 or the rejection) per EPEC."""
    lot = "0" if message is None else checks.optional_text(message, "n:idLote", N) or "0"
    if message is None:
        return _lot(call, lot, "215", "Rejeicao: Falha no Schema XML (area de dados ausente)")
    violations = nfce_epec_violations(message)
    if violations:
        first = violations[0]
        reason = f"Rejeicao: Falha no Schema XML [{first.path}] {first.message}"
        return _lot(call, lot if lot.isdigit() else "0", "215", reason)
    answer = _lot(call, lot, "128", "Lote de Evento Processado")
    for event in message.findall("n:evento", N):
        answer.append(_register(call, event))
    return answer


def _lot(call: Call, lot: str, code: str, reason: str) -> etree._Element:
    answer = root(NS, "retEnvEvento", versao="1.00")
    fields(answer, ("idLote", lot[:15]), ("tpAmb", call.tp_amb), ("verAplic", call.ver_aplic),
           ("cOrgao", SP_CUF), ("cStat", code), ("xMotivo", reason[:255]))  # fmt: skip
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
        return epec.answer(call, info, rejection.code, rejection.reason,
                           pending=epec.pending(rejection), c_orgao=SP_CUF)  # fmt: skip


def _check(call: Call, event: etree._Element, info: etree._Element, key: str) -> None:
    authority, now = call.authority, call.authority.now()
    signer = checks.signature(event, info.get("Id") or "", trusted=authority.trusted, now=now)
    get = checks.reader(info, N)
    author = checks.optional_text(info, "n:CNPJ", N) or get("CPF")
    checks.same_holder(signer.holder, author)
    if info.get("Id") != f"ID{epec.EPEC}{key}{int(get('nSeqEvento')):02d}":
        raise Rejection("572", "Rejeicao: Erro Atributo ID do evento nao corresponde a "
                        "concatenacao dos campos (ID + tpEvento + chNFe + nSeqEvento)")  # fmt: skip
    if get("cOrgao") != SP_CUF or key[:2] != SP_CUF:
        raise Rejection("250", "Rejeicao: UF diverge da UF autorizadora")
    checks.environment(get("tpAmb"), call.tp_amb)
    checks.access_key(key)
    if key[20:22] != NFCE:
        raise Rejection("618", "Rejeicao: Chave de Acesso invalida (modelo diferente de 65)")
    if key[6:20] != author.zfill(14):
        raise Rejection("574", "Rejeicao: Autor do evento diverge do emissor da NFC-e")
    dh_evento = parse_wire(get("dhEvento"))
    if dh_evento > now + epec.TOLERANCE:
        raise Rejection(
            "578", "Rejeicao: A data do evento nao pode ser maior que a data do processamento"
        )
    if cstate.epec(authority.store, key) is not None:
        raise Rejection("573", "Rejeicao: Duplicidade de Evento")
    epec.detail_rules(call, info, key, dh_evento)
    _database_rules(call, key, author, get("tpAmb"))


def _database_rules(call: Call, key: str, issuer: str, tp_amb: str) -> None:
    """142 blocked (only the NFC-e's EPECs count here), 485, 661, 662 as for the NF-e."""
    epec.database_rules(call, key, issuer, tp_amb, label="NFC-e", model_only=NFCE)


def _accept(call: Call, event: etree._Element, info: etree._Element, key: str) -> etree._Element:
    authority = call.authority
    protocol = authority.protocol_number(SP_CUF)
    answer = epec.answer(call, info, "136", "Evento registrado, mas nao vinculado a NFC-e",
                         protocol=protocol, c_orgao=SP_CUF)  # fmt: skip
    author = checks.optional_text(info, "n:CNPJ", N) or checks.text(info, "n:CPF", N)
    cstate.add_epec(authority.store, cstate.EpecEvent(
        key, author, SP_CUF, NFCE, key[22:25], key[25:34], checks.text(info, "n:tpAmb", N),
        protocol, authority.now(), to_bytes(event), to_bytes(answer), None,
    ))  # fmt: skip
    return answer


# -- the NFC-e under EPEC at SEFAZ-SP -------------------------------------------------------------


def check_nfce(call: Call, info: etree._Element, key: str, f: KeyFields) -> None:
    """NT 2015.003 item 05.1: a tpEmis 4 NFC-e needs its EPEC (468) with the same data (467)."""
    if f.tp_emis != "4":
        return
    event = cstate.epec(call.authority.store, key)
    if event is None:
        raise Rejection("468", "Rejeicao: NFC-e com Tipo Emissao = 4, sem EPEC correspondente")
    tag = diverging_tag(info, from_bytes(event.request_xml))
    if tag is not None:
        raise Rejection("467", f"Rejeicao: Dados da NFC-e divergentes do EPEC [tag:{tag}]")


def diverging_tag(info: etree._Element, event: etree._Element) -> str | None:
    """The first EPEC field the NFC-e does not repeat: the issuer's IE, dhEmi, the recipient's
    id (if any) and the totals vNF and vICMS (NT 2015.003 item 05.1, note 1)."""
    detail = event.find("n:infEvento/n:detEvento", N)
    assert detail is not None
    dest = info.find("n:dest", N)
    pairs = (
        ("IE", _get(info, "n:emit/n:IE"), _get(detail, "n:IE")),
        ("dhEmi", _when(info, "n:ide/n:dhEmi"), _when(detail, "n:dhEmi")),
        ("CNPJ", _get(dest, "n:CNPJ"), _get(detail, "n:dest/n:CNPJ")),
        ("CPF", _get(dest, "n:CPF"), _get(detail, "n:dest/n:CPF")),
        ("idEstrangeiro", _get(dest, "n:idEstrangeiro"), _get(detail, "n:dest/n:idEstrangeiro")),
        ("vNF", _money(info, "n:total/n:ICMSTot/n:vNF"), _money(detail, "n:vNF")),
        ("vICMS", _money(info, "n:total/n:ICMSTot/n:vICMS"), _money(detail, "n:vICMS")),
    )  # fmt: skip
    for tag, nfce_value, epec_value in pairs:
        if nfce_value != epec_value:
            return tag
    return None
