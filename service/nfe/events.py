"""Cancellation (110111) and correction letters (CC-e, 110110) of authorized NF-e/NFC-e.

One event runs like one issuance (DESIGN.md): *claim* under the document's row lock (check the
status, take the sequence, store the signed event as a PROCESSANDO row), *send* with no
transaction open, *record* the answer under the lock again. The stored row is what stops a
concurrent second request from sending: while it is PROCESSANDO and fresh, others get 409
`REQUEST_IN_PROGRESS`. A request that never reached the authority (certificate refused in the
TLS handshake, connection refused) leaves no row, like a rejection: 502/503 naming the cause,
and the same request may simply be repeated. An uncertain answer leaves it PENDENTE (202
`SEFAZ_UNAVAILABLE`); the
next request for the same kind of event first resolves it by querying the key (the answer lists
the document's registered events), within the key's hourly query budget, and only sends again
when the authority does not know it. Until an event is REGISTRADO its row's `xml` holds the
signed `evento` (the bytes to re-send); afterwards the `procEventoNFe`.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass
from typing import Any

from lxml import etree
from sqlalchemy import select
from sqlalchemy.orm import Session

from documents.errors import InvalidDocumentDataError, ProtocolMismatchError, SchemaViolationError
from documents.events.cancel import CANCEL, build_cancel
from documents.events.cce import CCE, build_cce
from documents.events.common import EventHeader, check_length
from documents.keys import AccessKey
from documents.nfe.builder import NFE_NS
from documents.nfe.model import TpAmb
from documents.schemas import assert_valid
from documents.transmission.clients import AuthorityClient
from documents.transmission.outcome import Authorized, Cancelled, NotSent, Rejected
from documents.wrappers import proc_evento_nfe
from documents.xml import parse_untrusted
from service import runtime
from service.auth import Credential
from service.companies.models import Company
from service.db import transaction, utcnow
from service.errors import ApiError, invalid_field
from service.ids import new_id
from service.issuance import documents, not_delivered, registry
from service.issuance.credentials import CompanyCredentials, credentials_for
from service.issuance.documents import load_document, lock_document
from service.issuance.models import (
    UNRESOLVED,
    DocumentEvent,
    DocumentStatus,
    EventKind,
    EventStatus,
    FiscalDocument,
)
from service.issuance.outcome import client_for, until_sent
from service.issuance.reconcile import reconcile, stale_after
from service.issuance.reconcile import within_budget as within_query_budget
from service.notify.publish import document_changed

log = logging.getLogger("service.nfe.events")

MAX_CCE = 20
"""A document takes at most 20 correction letters (nSeqEvento 1..20; SEFAZ rejects 594)."""

REGISTERED = EventStatus.REGISTRADO
PROCESSING = EventStatus.PROCESSANDO
"""Claimed and being sent right now (fresh), or abandoned by a dead process (stale)."""
PENDING = EventStatus.PENDENTE
"""Sent, answer unknown: resolved by querying the key before anything is sent again."""
ABSENT = "AUSENTE"
"""Outcome of a query (never stored): the authority does not hold the event."""

TP_EVENTO = {EventKind.CANCELAMENTO: CANCEL, EventKind.CCE: CCE}
TEXT_LIMITS = {EventKind.CANCELAMENTO: ("justificativa", 255), EventKind.CCE: ("correcao", 1000)}

ALREADY_THERE = {EventKind.CANCELAMENTO: {"573", "218"}, EventKind.CCE: {"573"}}
"""Rejections that mean "the authority already holds this": 573 duplicate event (our earlier,
uncertain attempt got through), 218 document already cancelled. Resolved by query."""

_Q = f"{{{NFE_NS}}}"


@dataclass(frozen=True)
class Context:
    """Who asks and how to reach the authority for one document."""

    document_id: str
    company: Company
    creds: CompanyCredentials
    kind: EventKind
    text: str


@dataclass(frozen=True)
class Registered:
    """The answer of a successful request: the document as it is now, and its event."""

    document: FiscalDocument
    event: DocumentEvent


@dataclass(frozen=True)
class _Send:
    event_id: str
    signed: bytes


@dataclass(frozen=True)
class _Resolve:
    """A PENDENTE (or abandoned) event to resolve by query; one query is already budgeted."""

    event_id: str
    texto: str


@dataclass(frozen=True)
class _Wait:
    """Answer 202 (unknown, over the query budget) or 409 (someone is sending it now)."""

    event_id: str
    in_flight: bool


@dataclass(frozen=True)
class _Registration:
    """What the authority registered: the wrapped XML and its protocol."""

    proc: bytes
    protocolo: str | None
    cstat: str
    texto: str | None


# -- public use cases ---------------------------------------------------------------------


def cancel(
    credential: Credential, company: Company, modulo: str, document_id: str, justificativa: str
) -> Registered:
    """POST /{nfe|nfce}/{id}/cancelamento: the document becomes CANCELADA (and stays charged)."""
    found = documents.find_document(credential, company, registry.by_module(modulo), document_id)
    return _register(found, company, EventKind.CANCELAMENTO, justificativa)


def correct(
    credential: Credential, company: Company, document_id: str, correcao: str
) -> Registered:
    """POST /nfe/{id}/cce: the next correction letter (sequence controlled here, 1..20)."""
    found = documents.find_document(credential, company, registry.by_module("nfe"), document_id)
    return _register(found, company, EventKind.CCE, correcao)


def normalized(kind: EventKind, text: str) -> str:
    """The text as the layout carries it (one line, 15..limit characters), else 422."""
    field, limit = TEXT_LIMITS[kind]
    try:
        return check_length(field, text, 15, limit)
    except InvalidDocumentDataError as exc:
        raise invalid_field(field, f"Informe de 15 a {limit} caracteres.") from exc


# -- the flow -----------------------------------------------------------------------------


def _register(found: FiscalDocument, company: Company, kind: EventKind, text: str) -> Registered:
    """`found` is the selected company's document (`documents.find_document`)."""
    if found.status in UNRESOLVED:
        found = reconcile(found.id)  # it may be authorized: ask before refusing
    if found.status != DocumentStatus.AUTORIZADA and _pending(runtime.db(), found.id, kind) is None:
        raise ApiError("STATUS_INVALIDO")
    texto = normalized(kind, text)
    ctx = Context(found.id, company, credentials_for(company, utcnow()), kind, texto)
    runtime.end_request_transaction()
    step = _claim(ctx)
    if isinstance(step, _Resolve):
        resolution = _resolve(ctx, step.event_id)
        same_request = kind is EventKind.CANCELAMENTO or step.texto == texto
        if resolution == REGISTERED and same_request:
            return _answer(ctx, step.event_id)  # the earlier, uncertain request got through
        if resolution == PENDING:
            raise _waiting(ctx, _Wait(step.event_id, in_flight=False))
        step = _claim(ctx)  # it never happened (or was another letter): claim a fresh one
    if isinstance(step, _Resolve):  # a concurrent request left a pending event meanwhile
        step = _Wait(step.event_id, in_flight=True)
    if isinstance(step, _Wait):
        raise _waiting(ctx, step)
    return _send_and_record(ctx, step)


def _send_and_record(ctx: Context, step: _Send) -> Registered:
    outcome = _send(_client(ctx), step.signed, load_document(ctx.document_id).chave)
    verdict = _record(ctx, step, outcome)
    if verdict == REGISTERED:
        return _answer(ctx, step.event_id)
    if isinstance(verdict, Rejected) and verdict.cStat in ALREADY_THERE[ctx.kind]:
        resolution = _resolve(ctx, step.event_id) if _budgeted(ctx) else PENDING
        if resolution == REGISTERED:
            return _answer(ctx, step.event_id)
        if resolution == PENDING:
            verdict = PENDING
    if isinstance(verdict, Rejected):
        raise ApiError("SEFAZ_REJECTION", verdict.xMotivo or None, sefaz_code=verdict.cStat)
    if isinstance(verdict, NotSent):
        raise not_delivered.api_error(verdict, ctx.creds.a1)
    raise _waiting(ctx, _Wait(step.event_id, in_flight=False))


def _claim(ctx: Context) -> _Send | _Resolve | _Wait:
    """Under the row lock: resolve what is pending, or check status and store a signed event."""
    now = utcnow()
    with transaction(runtime.current().sessions) as session:
        document = lock_document(session, ctx.document_id)
        pending = _pending(session, ctx.document_id, ctx.kind)
        if pending is not None:
            fresh = pending.created_at > now - stale_after()
            if pending.status == PROCESSING and fresh:
                return _Wait(pending.id, in_flight=True)
            if not within_query_budget(document, now):
                return _Wait(pending.id, in_flight=False)
            return _Resolve(pending.id, pending.texto)
        if document.status != DocumentStatus.AUTORIZADA:
            raise ApiError("STATUS_INVALIDO")
        sequence = 1 if ctx.kind is EventKind.CANCELAMENTO else document.cce_sequencia + 1
        if sequence > MAX_CCE:
            raise invalid_field("correcao", f"O documento já tem {MAX_CCE} cartas de correção.")
        signed = _signed_event(ctx, document, sequence, now)
        event = DocumentEvent(
            id=new_id("evt"),
            documento_id=document.id,
            company_id=document.company_id,
            tipo=ctx.kind.value,
            tp_evento=TP_EVENTO[ctx.kind],
            sequencia=sequence,
            status=PROCESSING,
            texto=ctx.text,
            xml=signed,
            created_at=now,
        )
        session.add(event)
        return _Send(event.id, signed)


def _send(client: AuthorityClient, signed: bytes, key: str) -> Any:
    """Send the stored bytes; again only when nothing reached the authority."""
    return until_sent(lambda: client.register_event(key, signed))


def _record(ctx: Context, step: _Send, outcome: Any) -> Rejected | NotSent | str:
    """Apply the answer: REGISTRADO, PENDENTE (uncertain), the rejection, or not delivered."""
    with transaction(runtime.current().sessions) as session:
        document = lock_document(session, ctx.document_id)
        event = session.get(DocumentEvent, step.event_id)
        if event is None or event.status == REGISTERED:
            return REGISTERED if event is not None else PENDING
        if isinstance(outcome, Authorized):
            try:
                proc = proc_evento_nfe(step.signed, outcome.protocol_xml)
            except ProtocolMismatchError:
                log.error("event answer does not match", extra={"documento_id": document.id})
            else:
                _registered(
                    session,
                    document,
                    event,
                    _Registration(proc, outcome.nProt, outcome.cStat, None),
                )
                return REGISTERED
        if isinstance(outcome, Rejected) and outcome.cStat not in ALREADY_THERE[ctx.kind]:
            session.delete(event)  # refused: the sequence stays free for a corrected request
            return outcome
        if isinstance(outcome, NotSent):  # a freshly claimed event that never left: no trace
            not_delivered.log_not_delivered(
                outcome, documento_id=document.id, chave=document.chave, evento=event.tipo
            )
            session.delete(event)
            return outcome
        event.status = PENDING
        code = getattr(outcome, "cStat", None)
        event.sefaz_code = str(code)[:4] if code else None
        return outcome if isinstance(outcome, Rejected) else PENDING


def _resolve(ctx: Context, event_id: str) -> str:
    """Query the key (one query already budgeted): REGISTRADO, PENDENTE when the answer says
    nothing, or ABSENT when the authority does not hold the event (its row is then dropped)."""
    document = load_document(ctx.document_id)
    outcome = _client(ctx).look_up(document.chave)
    with transaction(runtime.current().sessions) as session:
        document = lock_document(session, ctx.document_id)
        event = session.get(DocumentEvent, event_id)
        if event is None or event.status == REGISTERED:
            return REGISTERED if event is not None else ABSENT
        if not isinstance(outcome, Authorized | Cancelled):
            event.status = PENDING  # the authority did not say: still unknown
            return PENDING
        found = registered_in(outcome.raw, event.tp_evento, event.sequencia)
        if found is not None:
            _registered(session, document, event, found)
            return REGISTERED
        if isinstance(outcome, Cancelled):
            return _cancelled_elsewhere(session, document, event, outcome)
        session.delete(event)  # the authority does not know it: it never happened
        return ABSENT


def _cancelled_elsewhere(
    session: Session, document: FiscalDocument, event: DocumentEvent, outcome: Cancelled
) -> str:
    """The key answers cancelled but without our event's XML: the document is cancelled all
    the same; a pending cancellation counts as registered (no XML), a pending CC-e is void."""
    before = document.status
    document.status = DocumentStatus.CANCELADA
    document.cancelado_em = document.cancelado_em or utcnow()
    document_changed(session, document, before)
    if event.tipo != EventKind.CANCELAMENTO:
        session.delete(event)
        return ABSENT
    event.status, event.sefaz_code, event.xml = REGISTERED, outcome.cStat[:4], None
    return REGISTERED


def _registered(
    session: Session, document: FiscalDocument, event: DocumentEvent, found: _Registration
) -> None:
    event.status, event.protocolo, event.sefaz_code = REGISTERED, found.protocolo, found.cstat
    event.xml = found.proc
    event.texto = found.texto or event.texto
    if event.tipo == EventKind.CANCELAMENTO:
        before = document.status
        document.status = DocumentStatus.CANCELADA
        document.cancelado_em = document.cancelado_em or utcnow()
        document_changed(session, document, before)
    else:
        document.cce_sequencia = max(document.cce_sequencia, event.sequencia)


def _budgeted(ctx: Context) -> bool:
    with transaction(runtime.current().sessions) as session:
        return within_query_budget(lock_document(session, ctx.document_id), utcnow())


# -- XML ----------------------------------------------------------------------------------


def _signed_event(ctx: Context, document: FiscalDocument, sequence: int, now: dt.datetime) -> bytes:
    """Build, sign and check the `evento` against the official XSD before it is stored."""
    author = ctx.company.cnpj or ctx.company.cpf or ""
    tp_amb = TpAmb.PRODUCAO if document.ambiente == "PRODUCAO" else TpAmb.HOMOLOGACAO
    header = EventHeader(AccessKey.parse(document.chave), tp_amb, author, now, sequence)
    field = TEXT_LIMITS[ctx.kind][0]
    try:
        if ctx.kind is EventKind.CANCELAMENTO:
            built = build_cancel(header, document.protocolo or "", ctx.text)
        else:
            built = build_cce(header, ctx.text)
        ctx.creds.signer.sign(built.root, built.reference_id)
        assert_valid(built.root, f"nfe/1.00/evento-{built.event_type}")
    except InvalidDocumentDataError as exc:
        raise invalid_field(field, str(exc)) from exc
    except SchemaViolationError as exc:
        raise invalid_field(
            field, "Texto com caracteres que o leiaute oficial não aceita."
        ) from exc
    return bytes(etree.tostring(built.root, encoding="UTF-8"))


def registered_in(raw: bytes, tp_evento: str, sequence: int) -> _Registration | None:
    """Our event among the `procEventoNFe` of a retConsSitNFe answer, re-checked and rewrapped
    (key, type, sequence, environment and a registering cStat), or None."""
    for proc in parse_untrusted(raw).iter(_Q + "procEventoNFe"):
        evento, ret = proc.find(_Q + "evento"), proc.find(_Q + "retEvento")
        info = evento.find(_Q + "infEvento") if evento is not None else None
        if evento is None or ret is None or info is None:
            continue
        kind, number = info.findtext(_Q + "tpEvento"), info.findtext(_Q + "nSeqEvento")
        if kind != tp_evento or not (number or "").isdigit() or int(number or 0) != sequence:
            continue
        try:
            wrapped = proc_evento_nfe(evento, ret)
        except ProtocolMismatchError:
            continue
        detail = info.find(f"{_Q}detEvento")
        text = None
        if detail is not None:
            text = detail.findtext(_Q + "xJust") or detail.findtext(_Q + "xCorrecao")
        answer = ret.find(_Q + "infEvento")
        assert answer is not None  # proc_evento_nfe checked it
        return _Registration(
            wrapped, answer.findtext(_Q + "nProt"), answer.findtext(_Q + "cStat") or "", text
        )
    return None


# -- helpers ------------------------------------------------------------------------------


def _client(ctx: Context) -> AuthorityClient:
    document = load_document(ctx.document_id)
    return client_for(runtime.current().authority, ctx.creds, document, ctx.company)


def _pending(session: Session, document_id: str, kind: EventKind) -> DocumentEvent | None:
    query = select(DocumentEvent).where(
        DocumentEvent.documento_id == document_id,
        DocumentEvent.tipo == kind.value,
        DocumentEvent.status.in_((PROCESSING, PENDING)),
    )
    return session.execute(query.order_by(DocumentEvent.sequencia)).scalars().first()


def _answer(ctx: Context, event_id: str) -> Registered:
    with transaction(runtime.current().sessions) as session:
        document = session.get(FiscalDocument, ctx.document_id)
        event = session.get(DocumentEvent, event_id)
        assert document is not None and event is not None
        return Registered(document, event)


def _waiting(ctx: Context, wait: _Wait) -> ApiError:
    """409 while another request sends the event; 202 while its result is unknown."""
    if wait.in_flight:
        return ApiError("REQUEST_IN_PROGRESS", "Há um evento deste tipo em processamento.")
    with transaction(runtime.current().sessions) as session:
        document = session.get(FiscalDocument, ctx.document_id)
        event = session.get(DocumentEvent, wait.event_id)
        assert document is not None
    body = documents.render(document, with_events=True)
    if event is not None:
        body["evento"] = documents.render_event(event)
    return ApiError("SEFAZ_UNAVAILABLE", body=body)
