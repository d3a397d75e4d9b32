"""National NFS-e REST API (Sefin Nacional): POST /nfse, GET /nfse/{chave}, GET|HEAD /dps/{id},
POST and GET /nfse/{chave}/eventos (cancel e101101), GET /nfse/{chave}/eventos/{tipo}/{seq}.

JSON over mutual TLS; XML travels as base64(gzip(xml)). Shapes from the official swagger
(protocol_facts.md §4) plus the production deviations documented there: the event GET answers
`eventos[].arquivoXml` (base64 of the base64 text of the gzip), and a missing event is a 404 with
only the envelope fields. Errors carry `E####`/`RNG####` codes; the ones no source gave are
simulator choices marked in the README.
"""

from __future__ import annotations

import base64
import datetime as dt
import gzip
import json
import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from lxml import etree

from documents.errors import AccessKeyError
from documents.keys import dps_id, nfse_key_is_valid
from simulator import checks, dfe_feed, nfse_build
from simulator.authority import Authority
from simulator.clock import parse_wire, wire
from simulator.errors import Rejection
from simulator.faults import FaultKind, RequestScope
from simulator.nfse_build import NS
from simulator.soap import inflate
from simulator.state import StoredEvent, StoredNfse
from simulator.xmlbuild import from_bytes

N = {"n": NS}
CANCEL = "101101"
SUPPORTED_EVENTS = {CANCEL: "e101101"}
_KEY = re.compile(r"^[0-9]{50}$")
_DPS_ID = re.compile(r"^DPS[0-9]{42}$")
_EVENT = re.compile(r"^/nfse/([^/]+)/eventos(?:/([^/]+)/([^/]+))?$")
SEFAZ_TO_NFSE = {"243": "E1226", "244": "E1226"}
"""Payload failures shared with the SEFAZ helpers; E1226 = "Estrutura descompactada mal formada"."""


class NfseError(Rejection):
    """An error answer: HTTP status, code and description; ``single`` answers `erro` (object)
    instead of `erros` (list), as the swagger's ResponseErro does for lookups and events."""

    def __init__(
        self, status: int, code: str, reason: str, complement: str | None = None, *,
        single: bool = False,
    ) -> None:  # fmt: skip
        super().__init__(code, reason)
        self.status = status
        self.complement = complement
        self.single = single


@dataclass(frozen=True)
class RestRequest:
    """One HTTPS request to the Sefin API, as the services see it."""

    authority: Authority
    method: str
    path: str
    """After ``/SefinNacional``, e.g. ``/nfse/{chave}``."""
    body: bytes
    tp_amb: str
    scope: RequestScope


@dataclass(frozen=True)
class RestAnswer:
    status: int
    body: dict[str, Any] | None = field(default=None)


def handle(request: RestRequest) -> RestAnswer:
    """Route one request; any :class:`NfseError` becomes its JSON error answer."""
    try:
        return _route(request)
    except NfseError as error:
        return error_answer(request, error)


def envelope(request: RestRequest) -> dict[str, Any]:
    """The three fields every Sefin answer starts with."""
    return {
        "tipoAmbiente": int(request.tp_amb),
        "versaoAplicativo": request.authority.settings.ver_aplic,
        "dataHoraProcessamento": wire(request.authority.now()),
    }


def error_answer(request: RestRequest, error: NfseError) -> RestAnswer:
    message: dict[str, Any] = {"codigo": error.code, "descricao": error.reason}
    if error.complement:
        message["complemento"] = error.complement
    key = "erro" if error.single else "erros"
    return RestAnswer(error.status, {**envelope(request), key: message if error.single else
                                     [message]})  # fmt: skip


def _route(request: RestRequest) -> RestAnswer:
    method, path = request.method, request.path.rstrip("/")
    if path == "/nfse" and method == "POST":
        return issue(request)
    if path.startswith("/dps/") and method in ("GET", "HEAD"):
        return dps_lookup(request, path.removeprefix("/dps/"))
    events = _EVENT.match(path)
    if events and method == "POST" and events.group(2) is None:
        return register_event(request, events.group(1))
    if events and method == "GET":
        return list_events(request, events.group(1), events.group(2), events.group(3))
    if path.startswith("/nfse/") and path.count("/") == 2 and method == "GET":
        return nfse_lookup(request, path.removeprefix("/nfse/"))
    raise NfseError(404, "E9404", "Recurso nao encontrado", path, single=True)


# -- reception of a DPS --------------------------------------------------------------------------


def issue(request: RestRequest) -> RestAnswer:
    """POST /nfse: check the DPS like Sefin does, generate, sign and keep the NFS-e (201)."""
    dps = _payload(request, "dpsXmlGZipB64")
    _schema(dps, "nfse/1.00/DPS")
    info = dps.find("n:infDPS", N)
    assert info is not None
    get = checks.reader(info, N)
    authority = request.authority
    with authority.store.transaction():
        signer = _signature(request, dps, info.get("Id") or "")
        provider = checks.optional_text(info, "n:prest/n:CNPJ", N) or checks.optional_text(
            info, "n:prest/n:CPF", N
        )
        if get("tpEmit") != "1" or provider is None:
            raise NfseError(400, "E9996", "Nesta versao nao e permitida a emissao de NFS-e pelo "
                            "tomador ou intermediario")  # fmt: skip
        _same_holder(signer.holder, provider)
        _environment(request, get("tpAmb"))
        identifier = _dps_identifier(info, provider)
        _dates(request, get("dhEmi"), get("dCompet"))
        _discount(info)
        _not_duplicate(request, identifier)
        _forced_rejection(request, get("serie"))
        issued = nfse_build.build_nfse(authority, dps, holder_name(signer.certificate))
        taker = checks.optional_text(info, "n:toma/n:CNPJ", N) or checks.optional_text(
            info, "n:toma/n:CPF", N
        )
        authority.store.add_nfse(
            StoredNfse(issued.key, identifier, provider, taker, get("cLocEmi"), issued.number,
                       get("tpAmb"), "issued", authority.now(), issued.xml)
        )  # fmt: skip
        authority.store.add_dps(identifier, issued.key, authority.now())
        dfe_feed.nfse_issued(authority.store, issued.key, authority.now())
    body = {**envelope(request), "idDps": identifier, "chaveAcesso": issued.key,
            "nfseXmlGZipB64": pack(issued.xml)}  # fmt: skip
    return RestAnswer(201, body)


def _payload(request: RestRequest, name: str) -> etree._Element:
    """The JSON field ``name``: base64(gzip(xml)), parsed with the hardened parser."""
    try:
        document = json.loads(request.body or b"{}")
    except (ValueError, UnicodeDecodeError) as exc:
        raise NfseError(400, "RNG9999", "Erro nao catalogado", f"JSON invalido: {exc}") from exc
    value = document.get(name) if isinstance(document, dict) else None
    if not isinstance(value, str) or not value:
        raise NfseError(400, "RNG9999", "Erro nao catalogado", f"propriedade {name} ausente")
    try:
        return checks.parse(inflate(value))
    except Rejection as rejection:
        code = SEFAZ_TO_NFSE.get(rejection.code, "E1226")
        reason = "Estrutura descompactada mal formada"
        raise NfseError(400, code, reason, rejection.reason) from rejection


def _schema(document: etree._Element, key: str) -> None:
    """RNG6110 "Falha Schema Xml", with the first violation as complement."""
    try:
        checks.schema(document, key, code="RNG6110")
    except Rejection as rejection:
        raise NfseError(400, "RNG6110", "Falha Schema Xml", rejection.reason) from rejection


def _signature(request: RestRequest, document: etree._Element, reference: str) -> checks.Signer:
    """The signature is optional in the XSD but Sefin requires it: SEFAZ 29x codes as E9xxx."""
    authority = request.authority
    try:
        return checks.any_signature(document, reference, trusted=authority.trusted,
                                    now=authority.now())  # fmt: skip
    except Rejection as rejection:
        raise NfseError(400, f"E9{rejection.code}", rejection.reason) from rejection


def _same_holder(holder: str, author: str) -> None:
    try:
        checks.same_holder(holder, author)
    except Rejection as rejection:
        raise NfseError(400, "E9213", "CNPJ-Base do autor difere do CNPJ-Base do Certificado "
                        "Digital da assinatura") from rejection  # fmt: skip


def _environment(request: RestRequest, tp_amb: str) -> None:
    if tp_amb != request.tp_amb:
        raise NfseError(400, "E0006", "Tipo de ambiente da DPS difere do ambiente de recepcao")


def _dps_identifier(info: etree._Element, provider: str) -> str:
    """E0004: the Id must be DPS + cLocEmi + tpInsc + CNPJ/CPF + serie(5) + nDPS(15)."""
    get = checks.reader(info, N)
    try:
        expected = dps_id(get("cLocEmi"), provider, get("serie"), int(get("nDPS")))
    except (AccessKeyError, ValueError) as exc:
        raise NfseError(400, "E0004", "Id da DPS difere da concatenacao dos campos") from exc
    if info.get("Id") != expected:
        raise NfseError(400, "E0004", "Id da DPS difere da concatenacao dos campos",
                        f"esperado {expected}")  # fmt: skip
    return expected


def _dates(request: RestRequest, dh_emi: str, competence: str) -> None:
    """E0008: dhEmi after the processing (5 min tolerance); E0015: dCompet after dhEmi."""
    authority = request.authority
    emitted = parse_wire(dh_emi)
    tolerance = dt.timedelta(seconds=authority.settings.future_tolerance_seconds)
    if emitted > authority.now() + tolerance:
        raise NfseError(400, "E0008", "Data de emissao da DPS posterior a data de processamento")
    if dt.date.fromisoformat(competence) > emitted.date():
        raise NfseError(400, "E0015", "Data de competencia posterior a data de emissao da DPS")


def _discount(info: etree._Element) -> None:
    """E0431: an unconditional discount must be below the service's value and above zero
    (the national rule's text, as Sefin answers it)."""
    discount = checks.optional_text(info, "n:valores/n:vDescCondIncond/n:vDescIncond", N)
    if discount is None:
        return
    service = Decimal(checks.optional_text(info, "n:valores/n:vServPrest/n:vServ", N) or "0")
    if not Decimal("0") < Decimal(discount) < service:
        raise NfseError(400, "E0431", "O valor do desconto incondicionado informado na DPS deve "
                        "ser menor que o valor do servico e maior que zero.")  # fmt: skip


def _not_duplicate(request: RestRequest, identifier: str) -> None:
    if request.authority.store.dps(identifier) is not None:
        raise NfseError(
            400, "E0014", "Conjunto de Serie, Numero, Codigo do Municipio Emissor e CNPJ/CPF "
            "informado nesta DPS ja existe em uma NFS-e gerada a partir de uma DPS enviada "
            "anteriormente", identifier,
        )  # fmt: skip


def _forced_rejection(request: RestRequest, series: str) -> None:
    scope = RequestScope("nfse", request.scope.caller, request.scope.tag, series)
    fault = request.authority.faults.take([FaultKind.REJECT], scope)
    if fault is not None and fault.code is not None:
        raise NfseError(400, fault.code, fault.reason or "Rejeicao forcada pelo simulador")


def holder_name(certificate: Any) -> str:
    """The ICP-Brasil common name is NAME:CNPJ; the name stands in for the CNC registry."""
    from cryptography.x509.oid import NameOID

    names = certificate.subject.get_attributes_for_oid(NameOID.COMMON_NAME)
    text = str(names[0].value) if names else "NAO INFORMADO"
    return text.split(":")[0][:150] or "NAO INFORMADO"


def pack(xml: bytes) -> str:
    return base64.b64encode(gzip.compress(xml)).decode("ascii")


# -- lookups -------------------------------------------------------------------------------------


def _stored(request: RestRequest, key: str) -> StoredNfse:
    """400 for a malformed key, 429 over the hourly query limit, 404 unknown, 403 not a party."""
    if not _KEY.fullmatch(key) or not nfse_key_is_valid(key):
        raise NfseError(400, "E9236", "Chave de acesso invalida", key, single=True)
    _query_limit(request, key)
    found = request.authority.store.nfse(key)
    if found is None or found.tp_amb != request.tp_amb:
        raise NfseError(404, "E9217", "NFS-e nao encontrada", key, single=True)
    caller = request.scope.caller or ""
    if caller[:8] != found.issuer[:8] and caller != (found.taker or ""):
        raise NfseError(403, "E9403", "Consulta nao permitida para este usuario", single=True)
    return found


def _query_limit(request: RestRequest, key: str) -> None:
    authority = request.authority
    fault = authority.faults.take([FaultKind.QUERY_LIMIT], request.scope)
    limit = fault.limit if fault is not None and fault.limit is not None else (
        authority.settings.query_limit_per_hour)  # fmt: skip
    now = authority.now()
    count = authority.store.count_recent_queries(
        request.scope.caller or "", key, now - dt.timedelta(hours=1), now
    )
    if count > limit:
        raise NfseError(429, "E9678", "Consumo indevido: aguarde 1 hora", single=True)


def nfse_lookup(request: RestRequest, key: str) -> RestAnswer:
    """GET /nfse/{chave}: the NFS-e XML (also after cancellation)."""
    found = _stored(request, key)
    return RestAnswer(200, {**envelope(request), "chaveAcesso": key,
                            "nfseXmlGZipB64": pack(found.xml)})  # fmt: skip


def dps_lookup(request: RestRequest, identifier: str) -> RestAnswer:
    """GET|HEAD /dps/{id}: 200 with the key of the NFS-e generated from it, 404 otherwise."""
    if not _DPS_ID.fullmatch(identifier):
        raise NfseError(400, "E9004", "Id da DPS invalido", identifier, single=True)
    key = request.authority.store.dps(identifier)
    if key is None:
        raise NfseError(404, "E9404", "Nenhuma NFS-e foi gerada a partir desta DPS",
                        identifier, single=True)  # fmt: skip
    return RestAnswer(200, {**envelope(request), "idDps": identifier, "chaveAcesso": key})


# -- events --------------------------------------------------------------------------------------


def register_event(request: RestRequest, key: str) -> RestAnswer:
    """POST /nfse/{chave}/eventos with a signed pedRegEvento (cancel e101101)."""
    pedido = _payload(request, "pedidoRegistroEventoXmlGZipB64")
    _schema(pedido, "nfse/1.00/pedRegEvento")
    info = pedido.find("n:infPedReg", N)
    assert info is not None
    get = checks.reader(info, N)
    authority = request.authority
    with authority.store.transaction():
        signer = _signature(request, pedido, info.get("Id") or "")
        author = checks.optional_text(info, "n:CNPJAutor", N) or get("CPFAutor")
        _same_holder(signer.holder, author)
        _environment(request, get("tpAmb"))
        event_type = _event_type(info)
        if get("chNFSe") != key or info.get("Id") != f"PRE{key}{event_type}":
            raise NfseError(400, "E9628", "Chave ou Id do pedido de evento difere da chave "
                            "informada na URL", single=True)  # fmt: skip
        found = authority.store.nfse(key)
        if found is None or found.tp_amb != request.tp_amb:
            raise NfseError(404, "E9217", "NFS-e nao encontrada", key, single=True)
        _cancel_rules(request, info, found, author)
        sequence = 1 + sum(1 for e in authority.store.events(key) if e.event_type == event_type)
        event_xml = nfse_build.build_event(authority, pedido, key, event_type, sequence)
        number = from_bytes(event_xml).findtext("n:infEvento/n:nDFSe", namespaces=N) or ""
        authority.store.add_event(
            StoredEvent(key, event_type, sequence, number, authority.now(),
                        etree.tostring(pedido), event_xml)
        )  # fmt: skip
        authority.store.set_nfse_status(key, "cancelled")
        dfe_feed.nfse_event(authority.store, key, event_type, sequence, authority.now())
    return RestAnswer(201, {**envelope(request), "eventoXmlGZipB64": pack(event_xml)})


def _event_type(info: etree._Element) -> str:
    for event_type, tag in SUPPORTED_EVENTS.items():
        if info.find(f"n:{tag}", N) is not None:
            return event_type
    raise NfseError(400, "E9629", "Tipo de evento nao atendido pelo simulador", single=True)


def _cancel_rules(
    request: RestRequest, info: etree._Element, found: StoredNfse, author: str
) -> None:
    """The provider cancels (E9632) an NFS-e not yet cancelled (E9631), within the municipal
    deadline (E0822), with an event date not in the future (E9635)."""
    authority = request.authority
    if author[:8] != found.issuer[:8] and author != found.issuer:
        raise NfseError(400, "E9632", "O autor do evento diverge do emitente da NFS-e",
                        single=True)  # fmt: skip
    if found.status == "cancelled":
        raise NfseError(400, "E9631", "Duplicidade de evento: NFS-e ja cancelada", single=True)
    tolerance = dt.timedelta(seconds=authority.settings.future_tolerance_seconds)
    if parse_wire(checks.text(info, "n:dhEvento", N)) > authority.now() + tolerance:
        raise NfseError(400, "E9635", "Data do evento posterior a data de processamento",
                        single=True)  # fmt: skip
    window = dt.timedelta(hours=authority.settings.nfse_cancel_window_hours)
    if authority.now() > found.issued_at + window:
        raise NfseError(400, "E0822", "O prazo para o cancelamento da NFS-e expirou, conforme "
                        "parametrizacao do municipio emissor da NFS-e.", single=True)  # fmt: skip


def list_events(
    request: RestRequest, key: str, event_type: str | None, sequence: str | None
) -> RestAnswer:
    """GET /nfse/{chave}/eventos[/{tipo}/{seq}] in the production shape: eventos[].arquivoXml is
    base64 of the base64 text of the gzip; a missing single event is 404 with the envelope only."""
    _stored(request, key)
    events = request.authority.store.events(key)
    if event_type is not None:
        wanted = int(sequence) if sequence and sequence.isdigit() else -1
        events = [e for e in events if e.event_type == event_type and e.sequence == wanted]
        if not events:
            return RestAnswer(404, envelope(request))
    items = [
        {
            "chaveAcesso": key,
            "tipoEvento": int(e.event_type),
            "numeroPedidoRegistroEvento": e.sequence,
            "dataHoraRecebimento": wire(e.registered_at),
            "arquivoXml": base64.b64encode(pack(e.answer_xml).encode("ascii")).decode("ascii"),
        }
        for e in events
    ]
    return RestAnswer(200, {**envelope(request), "eventos": items})
