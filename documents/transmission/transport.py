"""One SOAP call: resolve the URL, wrap the payload, exchange over mTLS, unwrap the answer."""

from __future__ import annotations

import ssl
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from lxml import etree

from documents.transmission import defaults
from documents.transmission.answers import UnreadableAnswer
from documents.transmission.endpoints import (
    UF_CODES,
    Environment,
    effective_url,
    real_url,
    uf_acronym,
)
from documents.transmission.http import HttpAnswer, HttpRequest, Limits, exchange
from documents.transmission.outcome import NotSent, Uncertain, UncertainReason
from documents.transmission.services import SoapService
from documents.transmission.settings import TransmissionSettings
from documents.transmission.soap import (
    AnswerFormatError,
    build_envelope,
    content_type,
    extract_answer,
)

T = TypeVar("T")


@dataclass(frozen=True)
class SoapAnswer:
    """The payload element of a well-formed answer and the raw HTTP body it came in."""

    payload: etree._Element
    raw: bytes


@dataclass(frozen=True)
class Route:
    """Where a company's documents go: UF of the issuer, environment, model, tpEmis.

    `authority` pins a server key of nfelib's tables instead of the UF's routing: a call the
    UF's authoriser does not serve, such as the EPEC at the Ambiente Nacional (`AN`)."""

    uf: str
    environment: Environment
    model: str = "55"
    tp_emis: str = "1"
    authority: str | None = None

    @property
    def cuf(self) -> str:
        return UF_CODES[uf_acronym(self.uf)]


class SoapTransport:
    """Calls SEFAZ SOAP services with one company's TLS context and the shared settings."""

    def __init__(self, settings: TransmissionSettings, context: ssl.SSLContext) -> None:
        self._settings = settings
        self._context = context
        self._limits = Limits(
            settings.connect_timeout, settings.read_timeout, defaults.MAX_ANSWER_BYTES
        )

    def url_for(self, service: SoapService, route: Route) -> str:
        """The URL actually called: the real endpoint, or its image under `AUTHORITY_URL`."""
        url = real_url(
            service, route.uf, route.environment, model=route.model, tp_emis=route.tp_emis,
            authority=route.authority,
        )  # fmt: skip
        return effective_url(url, self._settings.authority_url)

    def call(
        self, service: SoapService, route: Route, payload: bytes, expected: str
    ) -> SoapAnswer | NotSent | Uncertain:
        """POST `payload` to `service`; `expected` is the answer's root element local name."""
        envelope = build_envelope(service, payload, cuf=route.cuf)
        headers = {"Content-Type": content_type(service)}
        request = HttpRequest("POST", self.url_for(service, route), envelope, headers)
        answer = exchange(request, self._context, self._limits)
        return _unwrap(answer, expected) if isinstance(answer, HttpAnswer) else answer


def _unwrap(answer: HttpAnswer, expected: str) -> SoapAnswer | Uncertain:
    if answer.status != 200:
        detail = f"HTTP {answer.status}"
        return Uncertain(UncertainReason.HTTP_STATUS, detail, raw=answer.body)
    try:
        payload = extract_answer(answer.body)
    except AnswerFormatError as exc:
        return Uncertain(UncertainReason.UNREADABLE_ANSWER, str(exc), raw=answer.body)
    name = etree.QName(payload).localname
    if name != expected:
        detail = f"expected {expected}, got {name}"
        return Uncertain(UncertainReason.UNREADABLE_ANSWER, detail, raw=answer.body)
    return SoapAnswer(payload, answer.body)


def interpret(
    answer: SoapAnswer | NotSent | Uncertain, reader: Callable[[etree._Element, bytes], T]
) -> T | NotSent | Uncertain:
    """Apply `reader` to a well-formed answer; a layout it cannot read is `Uncertain`."""
    if not isinstance(answer, SoapAnswer):
        return answer
    try:
        return reader(answer.payload, answer.raw)
    except UnreadableAnswer as exc:
        return Uncertain(UncertainReason.UNREADABLE_ANSWER, str(exc), raw=answer.raw)
