"""National NFS-e (Sefin Nacional) REST client: DPS reception, NFS-e and DPS lookup, events.

JSON over mTLS; XML travels as base64(gzip(xml)). Answers: 201/200 success; 400/401/403/422 are
definitive refusals (`NfseRejected` with the `E####` messages, `erro` as object or list, both seen
in production); 404 on a lookup is `NotFound`; 5xx, timeouts and unreadable bodies are
`Uncertain`. After an uncertain `issue`, reconcile with `dps(id)`: the DPS Id is the idempotency
key (protocol_facts.md §4).
"""

from __future__ import annotations

import base64
import binascii
import gzip
import json
import re
import ssl
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeAlias, TypeVar

from documents.transmission import defaults
from documents.transmission.endpoints import Environment, effective_url, nfse_url
from documents.transmission.errors import RequestBuildError
from documents.transmission.http import HttpAnswer, HttpRequest, Limits, exchange
from documents.transmission.outcome import NotFound, NotSent, Uncertain, UncertainReason
from documents.transmission.settings import TransmissionSettings
from documents.transmission.soap import strip_declaration

_KEY = re.compile(r"^[0-9]{50}$")
_DPS_ID = re.compile(r"^DPS[0-9]{42}$")
_EVENT_TYPE = re.compile(r"^[0-9]{6}$")
_PARTY = re.compile(r"^(?:[0-9A-Z]{12}[0-9]{2}|[0-9]{11})$")
ADN_BASE_URLS = {
    Environment.PRODUCTION: "https://adn.nfse.gov.br/contribuintes",
    Environment.HOMOLOGATION: "https://adn.producaorestrita.nfse.gov.br/contribuintes",
}
"""The ADN's taxpayer API (ADN-Contribuinte-swagger.json; protocol_facts.md §4)."""
_JSON = {"Content-Type": "application/json", "Accept": "application/json"}


@dataclass(frozen=True)
class NfseMessage:
    """One Sefin processing message (`E0014`, ...)."""

    codigo: str
    descricao: str
    complemento: str | None = None


@dataclass(frozen=True)
class NfseAuthorized:
    """The NFS-e generated from a DPS (or fetched by key)."""

    chaveAcesso: str
    idDps: str | None
    nfse_xml: bytes
    raw: bytes


@dataclass(frozen=True)
class NfseDps:
    """`GET /dps/{id}`: an NFS-e was generated from this DPS, under `chaveAcesso`."""

    chaveAcesso: str
    idDps: str
    raw: bytes


@dataclass(frozen=True)
class NfseEvent:
    """A registered event, as the authority's signed `evento` XML."""

    event_xml: bytes
    raw: bytes


@dataclass(frozen=True)
class NfseRejected:
    """A definitive refusal with its HTTP status and messages. E0014 = DPS already used."""

    http_status: int
    errors: tuple[NfseMessage, ...]
    raw: bytes

    @property
    def is_duplicate(self) -> bool:
        return any(error.codigo == "E0014" for error in self.errors)


@dataclass(frozen=True)
class AdnDocument:
    """One `LoteDFe` item of the ADN's distribution: `tipo` NFSE or EVENTO (`tipo_evento`
    CANCELAMENTO, ...), `xml` the inflated NFS-e or event; `problem` says why it could not be
    read (its NSU is passed all the same, never silently)."""

    nsu: int
    chave: str
    tipo: str
    tipo_evento: str | None
    xml: bytes = field(repr=False)
    problem: str | None = None


@dataclass(frozen=True)
class AdnBatch:
    """`GET /contribuintes/DFe/{NSU}` with documents (DOCUMENTOS_LOCALIZADOS)."""

    documents: tuple[AdnDocument, ...]
    raw: bytes = field(repr=False)

    @property
    def last_nsu(self) -> int:
        return max((d.nsu for d in self.documents), default=0)


class _Unreadable(Exception):
    pass


T = TypeVar("T")
Answer: TypeAlias = T | NotFound | NfseRejected | Uncertain | NotSent
_Reader: TypeAlias = Callable[[dict[str, Any], bytes], T]


class NfseClient:
    """Sefin Nacional calls for one company (TLS context) and environment."""

    def __init__(
        self, settings: TransmissionSettings, context: ssl.SSLContext, environment: Environment
    ) -> None:
        self._settings = settings
        self._context = context
        self._environment = environment
        self._limits = Limits(
            settings.connect_timeout, settings.read_timeout, defaults.MAX_ANSWER_BYTES
        )

    def issue(self, signed_dps: bytes) -> Answer[NfseAuthorized]:
        """POST /nfse with the signed DPS."""
        body = {"dpsXmlGZipB64": _pack(signed_dps)}
        return self._call("POST", "/nfse", body, _read_issued)

    def nfse(self, key: str) -> Answer[NfseAuthorized]:
        """GET /nfse/{chaveAcesso}."""
        return self._call("GET", f"/nfse/{_checked(key, _KEY)}", None, _read_issued)

    def dps(self, dps_id: str) -> Answer[NfseDps]:
        """GET /dps/{id}: did this DPS already produce an NFS-e?"""
        return self._call("GET", f"/dps/{_checked(dps_id, _DPS_ID)}", None, _read_dps)

    def register_event(self, key: str, signed_request: bytes) -> Answer[NfseEvent]:
        """POST /nfse/{chave}/eventos with a signed pedRegEvento."""
        body = {"pedidoRegistroEventoXmlGZipB64": _pack(signed_request)}
        path = f"/nfse/{_checked(key, _KEY)}/eventos"
        return self._call("POST", path, body, _read_event)

    def event(self, key: str, event_type: str, sequence: int) -> Answer[NfseEvent]:
        """GET /nfse/{chave}/eventos/{tipoEvento}/{numSeqEvento}."""
        path = (
            f"/nfse/{_checked(key, _KEY)}/eventos/{_checked(event_type, re.compile(r'^[0-9]{6}$'))}"
        )
        return self._call("GET", f"{path}/{int(sequence)}", None, _read_event)

    def distribution(self, nsu: int, cnpj: str) -> Answer[AdnBatch]:
        """The ADN's distribution to the taxpayer: `GET /contribuintes/DFe/{nsu}?cnpjConsulta=
        &lote=true`, up to 50 documents from `nsu` on (pass the last NSU read + 1). 404
        (NENHUM_DOCUMENTO_LOCALIZADO) is `NotFound`: nothing new. The ADN has no consumption
        limit like the AN's 656."""
        if isinstance(nsu, bool) or not 0 <= int(nsu) < 10**15:
            raise RequestBuildError(f"invalid NSU: {nsu!r}")
        party = _checked(cnpj, _PARTY)
        path = f"/DFe/{int(nsu)}?cnpjConsulta={party}&lote=true"
        return self._call("GET", path, None, _read_distribution, base=ADN_BASE_URLS)

    def _call(
        self, method: str, path: str, body: dict[str, str] | None, reader: _Reader[T],
        base: dict[Environment, str] | None = None,
    ) -> Answer[T]:  # fmt: skip
        real = f"{base[self._environment]}{path}" if base else nfse_url(self._environment, path)
        url = effective_url(real, self._settings.authority_url)
        data = json.dumps(body).encode() if body is not None else None
        answer = exchange(HttpRequest(method, url, data, _JSON), self._context, self._limits)
        if not isinstance(answer, HttpAnswer):
            return answer
        return _classify(answer, reader)


def _checked(value: str, pattern: re.Pattern[str]) -> str:
    if not pattern.fullmatch(value):
        raise RequestBuildError(f"invalid identifier: {value!r}")
    return value


def _pack(xml: bytes) -> str:
    return base64.b64encode(gzip.compress(strip_declaration(xml), mtime=0)).decode()


def _classify(answer: HttpAnswer, reader: _Reader[T]) -> Answer[T]:
    if answer.status >= 500 or answer.status == 429:  # 429: throttled, not a verdict
        return Uncertain(UncertainReason.HTTP_STATUS, f"HTTP {answer.status}", raw=answer.body)
    try:
        document = _json(answer.body)
        if answer.status in {200, 201}:
            return reader(document, answer.body)
        if answer.status == 404:
            return NotFound("404", _first_description(document), answer.body)
        return NfseRejected(answer.status, _messages(document), answer.body)
    except _Unreadable as exc:
        return Uncertain(UncertainReason.UNREADABLE_ANSWER, str(exc), raw=answer.body)


def _json(body: bytes) -> dict[str, Any]:
    try:
        document = json.loads(body) if body.strip() else {}
    except (ValueError, UnicodeDecodeError) as exc:
        raise _Unreadable(f"not JSON: {exc}") from None
    if not isinstance(document, dict):
        raise _Unreadable("JSON answer is not an object")
    return document


def _messages(document: dict[str, Any]) -> tuple[NfseMessage, ...]:
    """`erros` (list) or `erro` (object, or a list in production SefinNacional 1.6.0)."""
    raw = document.get("erros", document.get("erro", []))
    items = raw if isinstance(raw, list) else [raw]
    return tuple(_message(i) for i in items if isinstance(i, dict))


def _message(item: dict[str, Any]) -> NfseMessage:
    """Both spellings occur: `codigo` (swagger) and `Codigo` (SefinNacional 1.6.0 answers)."""
    folded = {str(k).lower(): v for k, v in item.items()}
    return NfseMessage(
        str(folded.get("codigo", "")), str(folded.get("descricao", "")), folded.get("complemento")
    )


def _first_description(document: dict[str, Any]) -> str:
    messages = _messages(document)
    return messages[0].descricao if messages else ""


def _field(document: dict[str, Any], name: str) -> str:
    value = document.get(name)
    if not isinstance(value, str) or not value:
        raise _Unreadable(f"answer without {name}")
    return value


def _unpack(encoded: str) -> bytes:
    """base64 then bounded gunzip (a 1000:1 gzip bomb must not cost memory)."""
    try:
        compressed = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise _Unreadable(f"invalid base64: {exc}") from None
    inflater = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    try:
        xml = inflater.decompress(compressed, defaults.MAX_NFSE_XML_BYTES + 1)
    except zlib.error as exc:
        raise _Unreadable(f"invalid gzip: {exc}") from None
    if len(xml) > defaults.MAX_NFSE_XML_BYTES or inflater.unconsumed_tail:
        raise _Unreadable("decompressed XML exceeds the limit")
    return xml


def _read_distribution(document: dict[str, Any], raw: bytes) -> AdnBatch:
    """`LoteDFe` items in order; an item whose XML will not unpack keeps its NSU and problem."""
    items = document.get("LoteDFe")
    if not isinstance(items, list):
        raise _Unreadable("answer without LoteDFe")
    found = []
    for item in items:
        if not isinstance(item, dict) or not str(item.get("NSU", "")).isdigit():
            raise _Unreadable("LoteDFe item without NSU")
        nsu, chave = int(item["NSU"]), str(item.get("ChaveAcesso") or "")
        tipo, event = str(item.get("TipoDocumento") or ""), item.get("TipoEvento")
        try:
            xml, problem = _unpack(_field(item, "ArquivoXml")), None
        except _Unreadable as exc:
            xml, problem = b"", str(exc)
        if problem is None and not _KEY.fullmatch(chave):
            problem = f"invalid ChaveAcesso: {chave!r}"
        found.append(AdnDocument(nsu, chave, tipo, str(event) if event else None, xml, problem))
    return AdnBatch(tuple(found), raw)


def _read_issued(document: dict[str, Any], raw: bytes) -> NfseAuthorized:
    xml = _unpack(_field(document, "nfseXmlGZipB64"))
    id_dps = document.get("idDps")
    return NfseAuthorized(_field(document, "chaveAcesso"), id_dps if id_dps else None, xml, raw)


def _read_dps(document: dict[str, Any], raw: bytes) -> NfseDps:
    return NfseDps(_field(document, "chaveAcesso"), _field(document, "idDps"), raw)


def _read_event(document: dict[str, Any], raw: bytes) -> NfseEvent:
    """POST shape `eventoXmlGZipB64`, or the production GET shape `eventos[].arquivoXml`
    (base64 of the base64 text of the gzip)."""
    if "eventoXmlGZipB64" in document:
        return NfseEvent(_unpack(_field(document, "eventoXmlGZipB64")), raw)
    events = document.get("eventos")
    if not isinstance(events, list) or not events or not isinstance(events[0], dict):
        raise _Unreadable("answer without event")
    inner = base64.b64decode(_field(events[0], "arquivoXml")).decode("ascii", "replace")
    return NfseEvent(_unpack(inner), raw)
