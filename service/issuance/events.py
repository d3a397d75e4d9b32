"""Events of authorized documents of any family (cancellation, CC-e, desacordo, close, add driver).

One event runs like one issuance (DESIGN.md): *claim* under the document's row lock (check the
status, take the sequence, store the signed event as a PROCESSANDO row), *send* with no
transaction open, *record* the answer under the lock again. The stored row is what stops a
concurrent second request from sending: while it is PROCESSANDO and fresh, others get 409
`REQUEST_IN_PROGRESS`. An uncertain answer leaves it PENDENTE (202 `SEFAZ_UNAVAILABLE`); the
next request for the same kind of event first resolves it by looking the document up (the
answer lists its registered events), within the key's hourly query budget, and only sends
again when the authority does not know it. Until an event is REGISTRADO its row's `xml` holds
the signed event (the bytes to re-send); afterwards the authority's wrapped event.

What differs between families and kinds is an `EventSpec` the family supplies: the event type,
the text's field and limits, the sequence's bound, the codes that mean "already there", the
document's resulting status, how the event is built and signed, wrapped, and found in a lookup.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from documents.errors import InvalidDocumentDataError, ProtocolMismatchError, SchemaViolationError
from documents.events.common import check_length
from documents.transmission.clients import AuthorityClient, look_up_event
from documents.transmission.outcome import Authorized, Cancelled, NotFound, NotSent, Rejected
from service import runtime
from service.authorities import breaker
from service.companies.models import Company
from service.db import transaction, utcnow
from service.errors import ApiError, invalid_field
from service.ids import new_id
from service.issuance import documents, not_delivered
from service.issuance.credential_cache import CompanyCredentials
from service.issuance.credentials import credentials_for
from service.issuance.documents import load_document, lock_document
from service.issuance.family import EventDraft, EventSpec, Registration
from service.issuance.models import (
    UNRESOLVED,
    DocumentEvent,
    DocumentStatus,
    EventKind,
    EventStatus,
    FiscalDocument,
)
from service.issuance.outcome import client_for, details_of, until_sent
from service.issuance.reconcile import reconcile, stale_after
from service.issuance.reconcile import within_budget as within_query_budget
from service.notify.publish import document_changed

log = logging.getLogger("service.issuance.events")

REGISTERED = EventStatus.REGISTRADO
PROCESSING = EventStatus.PROCESSANDO
"""Claimed and being sent right now (fresh), or abandoned by a dead process (stale)."""
PENDING = EventStatus.PENDENTE
"""Sent, answer unknown: resolved by looking the document up before anything is sent again."""
ABSENT = "AUSENTE"
"""Outcome of a lookup (never stored): the authority does not hold the event."""


@dataclass(frozen=True)
class Context:
    """Who asks and how to reach the authority for one document."""

    document_id: str
    company: Company
    creds: CompanyCredentials
    spec: EventSpec
    text: str

    @property
    def kind(self) -> EventKind:
        return self.spec.kind


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


# -- the use case -------------------------------------------------------------------------


def register(found: FiscalDocument, company: Company, spec: EventSpec, text: str) -> Registered:
    """Register an event of kind `spec` on `found`, the selected company's document."""
    if found.status in UNRESOLVED:
        found = reconcile(found.id)  # it may be authorized: ask before refusing
    if found.status != DocumentStatus.AUTORIZADA and _pending(runtime.db(), found.id, spec) is None:
        raise ApiError("STATUS_INVALIDO")
    texto = normalized(spec, text)
    ctx = Context(found.id, company, credentials_for(company, utcnow()), spec, texto)
    runtime.end_request_transaction()
    return _register(ctx)


def normalized(spec: EventSpec, text: str) -> str:
    """The text as the layout carries it (one line, 15..limit characters), else 422."""
    try:
        return check_length(spec.text_field, text, 15, spec.text_limit)
    except InvalidDocumentDataError as exc:
        raise invalid_field(
            spec.text_field, f"Informe de 15 a {spec.text_limit} caracteres."
        ) from exc


# -- the flow -----------------------------------------------------------------------------


def _register(ctx: Context) -> Registered:
    step = _claim(ctx)
    if isinstance(step, _Resolve):
        resolution = _resolve(ctx, step.event_id)
        same_request = not ctx.spec.same_text_only or step.texto == ctx.text
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
    if isinstance(verdict, Rejected) and verdict.cStat in ctx.spec.already_there:
        resolution = _resolve(ctx, step.event_id) if _budgeted(ctx) else PENDING
        if resolution == REGISTERED:
            return _answer(ctx, step.event_id)
        if resolution == PENDING:
            verdict = PENDING
    if isinstance(verdict, Rejected):
        raise ApiError(
            ctx.spec.rejection,
            verdict.xMotivo or None,
            sefaz_code=verdict.cStat,
            details=details_of(verdict),
        )
    if isinstance(verdict, NotSent):
        raise not_delivered.api_error(verdict, ctx.creds.a1)
    raise _waiting(ctx, _Wait(step.event_id, in_flight=False))


def _claim(ctx: Context) -> _Send | _Resolve | _Wait:
    """Under the row lock: resolve what is pending, or check status and store a signed event."""
    now = utcnow()
    with transaction(runtime.current().sessions) as session:
        document = lock_document(session, ctx.document_id)
        pending = _pending(session, ctx.document_id, ctx.spec)
        if pending is not None:
            fresh = pending.created_at > now - stale_after()
            if pending.status == PROCESSING and fresh:
                return _Wait(pending.id, in_flight=True)
            if not within_query_budget(document, now):
                return _Wait(pending.id, in_flight=False)
            return _Resolve(pending.id, pending.texto)
        if document.status != DocumentStatus.AUTORIZADA:
            raise ApiError("STATUS_INVALIDO")
        sequence = _next_sequence(session, document, ctx.spec)
        signed = _signed_event(ctx, document, sequence, now)
        event = DocumentEvent(
            id=new_id("evt"),
            documento_id=document.id,
            company_id=document.company_id,
            tipo=ctx.kind.value,
            tp_evento=ctx.spec.tp_evento,
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
    outcome = until_sent(lambda: client.register_event(key, signed))
    breaker.observe(client, outcome)  # the authority's state (circuit breaker)
    return outcome


def _record(ctx: Context, step: _Send, outcome: Any) -> Rejected | NotSent | str:
    """Apply the answer: REGISTRADO, PENDENTE (uncertain), the rejection, or not delivered."""
    with transaction(runtime.current().sessions) as session:
        document = lock_document(session, ctx.document_id)
        event = session.get(DocumentEvent, step.event_id)
        if event is None or event.status == REGISTERED:
            return REGISTERED if event is not None else PENDING
        if isinstance(outcome, Authorized):
            try:
                proc = ctx.spec.wrap(step.signed, outcome.protocol_xml)
            except ProtocolMismatchError:
                log.error("event answer does not match", extra={"documento_id": document.id})
            else:
                _registered(
                    session,
                    document,
                    event,
                    Registration(proc, outcome.nProt, outcome.cStat, None),
                    ctx.spec,
                )
                return REGISTERED
        if isinstance(outcome, Rejected) and outcome.cStat not in ctx.spec.already_there:
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
        event.sefaz_code = str(code)[:10] if code else None
        return outcome if isinstance(outcome, Rejected) else PENDING


def _resolve(ctx: Context, event_id: str) -> str:
    """Query the key (one query already budgeted): REGISTRADO, PENDENTE when the answer says
    nothing, or ABSENT when the authority does not hold the event (its row is then dropped)."""
    document = load_document(ctx.document_id)
    with transaction(runtime.current().sessions) as session:
        claimed = session.get(DocumentEvent, event_id)
        tp_evento, sequence = (claimed.tp_evento, claimed.sequencia) if claimed else ("", 0)
    outcome = look_up_event(_client(ctx), document.chave, tp_evento, sequence)
    with transaction(runtime.current().sessions) as session:
        document = lock_document(session, ctx.document_id)
        event = session.get(DocumentEvent, event_id)
        if event is None or event.status == REGISTERED:
            return REGISTERED if event is not None else ABSENT
        if isinstance(outcome, NotFound) and ctx.spec.absent_when_not_found:
            session.delete(event)  # the authority says it does not hold this event
            return ABSENT
        if not isinstance(outcome, Authorized | Cancelled):
            event.status = PENDING  # the authority did not say: still unknown
            return PENDING
        found = ctx.spec.registered_in(outcome.raw, event.tp_evento, event.sequencia)
        if found is not None:
            _registered(session, document, event, found, ctx.spec)
            return REGISTERED
        if isinstance(outcome, Cancelled):
            return _cancelled_elsewhere(session, document, event, outcome, ctx.spec)
        session.delete(event)  # the authority does not know it: it never happened
        return ABSENT


def _cancelled_elsewhere(
    session: Session,
    document: FiscalDocument,
    event: DocumentEvent,
    outcome: Cancelled,
    spec: EventSpec,
) -> str:
    """The lookup answers cancelled but without our event's XML: the document is cancelled all
    the same; a pending cancellation counts as registered (no XML), any other event is void."""
    _change_status(session, document, DocumentStatus.CANCELADA)
    if spec.effect is not DocumentStatus.CANCELADA:
        session.delete(event)
        return ABSENT
    event.status, event.sefaz_code, event.xml = REGISTERED, outcome.cStat[:10], None
    return REGISTERED


def _registered(
    session: Session,
    document: FiscalDocument,
    event: DocumentEvent,
    found: Registration,
    spec: EventSpec,
) -> None:
    event.status, event.protocolo, event.sefaz_code = REGISTERED, found.protocolo, found.cstat
    event.xml = found.proc
    event.texto = found.texto or event.texto
    if spec.effect is not None:
        _change_status(session, document, spec.effect)


def _change_status(session: Session, document: FiscalDocument, status: DocumentStatus) -> None:
    """The event's effect on the document, with its webhook and mail rows."""
    before = document.status
    document.status = status
    if status is DocumentStatus.CANCELADA:
        document.cancelado_em = document.cancelado_em or utcnow()
    document_changed(session, document, before)


def _next_sequence(session: Session, document: FiscalDocument, spec: EventSpec) -> int:
    """The event's `nSeqEvento`: 1, or one more than the kind's last registered event (a
    refused one was dropped, so its number is free again)."""
    if spec.max_sequence == 1:
        return 1
    query = select(func.max(DocumentEvent.sequencia)).where(
        DocumentEvent.documento_id == document.id, DocumentEvent.tipo == spec.kind.value
    )
    sequence = int(session.execute(query).scalar() or 0) + 1
    if sequence > spec.max_sequence:
        raise invalid_field(
            spec.text_field, f"O documento já tem {spec.max_sequence} eventos deste tipo."
        )
    return sequence


def _budgeted(ctx: Context) -> bool:
    with transaction(runtime.current().sessions) as session:
        return within_query_budget(lock_document(session, ctx.document_id), utcnow())


# -- XML ----------------------------------------------------------------------------------


def _signed_event(ctx: Context, document: FiscalDocument, sequence: int, now: dt.datetime) -> bytes:
    """The family's event, built, signed and checked against the official XSD, before it is
    stored; text the layout refuses is the caller's 422."""
    draft = EventDraft(document, ctx.company, ctx.creds, sequence, ctx.text, now)
    try:
        return ctx.spec.build(draft)
    except InvalidDocumentDataError as exc:
        raise invalid_field(ctx.spec.text_field, str(exc)) from exc
    except SchemaViolationError as exc:
        raise invalid_field(
            ctx.spec.text_field, "Texto com caracteres que o leiaute oficial não aceita."
        ) from exc


# -- helpers ------------------------------------------------------------------------------


def _client(ctx: Context) -> AuthorityClient:
    document = load_document(ctx.document_id)
    return client_for(runtime.current().authority, ctx.creds, document, ctx.company)


def _pending(session: Session, document_id: str, spec: EventSpec) -> DocumentEvent | None:
    query = select(DocumentEvent).where(
        DocumentEvent.documento_id == document_id,
        DocumentEvent.tipo == spec.kind.value,
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
