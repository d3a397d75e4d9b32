"""Phases B and C of an issuance: send the stored signed XML, then record the official answer.

No database transaction is open while the authority is being called. The answer is applied
in one transaction under the document's row lock, together with its ledger entry: the
acceptance's hold becomes the debit (refunded at once on a rejection or denial). An uncertain
answer leaves the document PENDENTE; it is resolved only by looking it up (`reconcile`), never
by sending a new document. A first transmission that never reached the authority (`NotSent`:
certificate refused in the handshake, connection refused, unknown host) is not uncertain: the
document becomes NAO_ENVIADA, the hold is released, and the order may send it again.

Family-generic: the authorized wrapper, the wallet's document type and the authority client
come from the document's family (`registry`); every client answers the same outcome types.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from sqlalchemy import Integer, bindparam, case, func, inspect, select, update
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.attributes import set_committed_value

from documents.errors import ProtocolMismatchError
from documents.transmission.clients import AuthorityClient
from documents.transmission.outcome import (
    Authorized,
    Cancelled,
    Closed,
    Denied,
    NotSent,
    Received,
    Rejected,
    Uncertain,
)
from service import compiled
from service.authorities import breaker
from service.companies import operations as companies
from service.companies.models import Company
from service.db import transaction, utcnow
from service.issuance import defaults, registry
from service.issuance.authority import Authority
from service.issuance.credential_cache import CompanyCredentials
from service.issuance.documents import lock_document
from service.issuance.models import UNRESOLVED, DocumentStatus, FiscalDocument
from service.issuance.not_delivered import log_not_delivered
from service.notify.publish import document_change_announced, document_changed
from service.storage.documents import authorized_values, signed_xml
from service.wallet.operations import (
    debit_held,
    debit_held_params,
    debit_held_statement,
    refund_issuance,
    release,
)

log = logging.getLogger("service.issuance")

Outcome = object
"""Any answer class of `documents.transmission.outcome`."""


def client_for(
    authority: Authority, creds: CompanyCredentials, document: FiscalDocument, company: Company
) -> AuthorityClient:
    """The authority client of the document's family, for its company and environment."""
    family = registry.by_module(document.modulo)
    return breaker.watch(family.client(authority, creds, document, company), document)


def until_sent(call: Callable[[], Outcome]) -> Outcome:
    """Call; call again (same bytes) only while nothing reached the authority (`NotSent`)."""
    outcome = call()
    for pause in defaults.NOT_SENT_RETRIES:
        if not isinstance(outcome, NotSent):
            break
        time.sleep(pause)
        outcome = call()
    return outcome


def send(client: AuthorityClient, xml: bytes) -> Outcome:
    """Deliver the stored bytes; re-send them only when nothing reached the authority."""
    outcome = until_sent(lambda: client.deliver(xml))
    breaker.observe(client, outcome)  # the authority's state (circuit breaker)
    return outcome


def _refund(session: Session, document: FiscalDocument) -> None:
    refund_issuance(
        session,
        document.account_id,
        charged=Decimal(document.preco),
        tipo_documento=registry.by_module(document.modulo).documento,
        documento_id=document.id,
    )


def _settle_hold(session: Session, document: FiscalDocument, outcome: Outcome, before: str) -> None:
    """Leaving PROCESSANDO (`before`): the hold becomes the debit once the request may have
    reached the authority; a first transmission that never reached it releases the hold
    (nothing charged)."""
    if before != DocumentStatus.PROCESSANDO:
        return
    if isinstance(outcome, NotSent):
        if not handed_out(document):  # a contingency document keeps its hold until sent
            release(session, document.account_id, Decimal(document.preco))
        return
    debit_held(
        session,
        document.account_id,
        held=Decimal(document.preco),
        tipo_documento=registry.by_module(document.modulo).documento,
        documento_id=document.id,
    )


def handed_out(document: FiscalDocument) -> bool:
    """Issued in contingency and valid before its authorization (offline, EPEC)."""
    if document.contingencia_id is None:
        return False
    table = registry.by_module(document.modulo).contingency
    return table is not None and table.handed_out(document.tp_emis)


def _not_sent(document: FiscalDocument, outcome: NotSent) -> None:
    """Nothing reached the authority: not uncertain, nothing to query; the order resends it."""
    document.status = DocumentStatus.NAO_ENVIADA
    log_not_delivered(outcome, documento_id=document.id, chave=document.chave)


def _wrapped(document: FiscalDocument, protocol_xml: bytes) -> tuple[bytes, bytes]:
    """The family's authorized XML (`nfeProc`, `cteProc`, ...; the NFS-e as received) and
    what the row keeps of it (`xml_protocolo`: the authorized XML less the signed XML)."""
    signed = signed_xml(document)
    xml = registry.by_module(document.modulo).wrap(signed, protocol_xml)
    return xml, authorized_values(signed, xml)


def _authorized_values(
    document: FiscalDocument, outcome: Authorized, *, quiet: bool = False
) -> dict[str, Any] | None:
    """Every column an authorization writes on the document (the unchanged key and figures
    included, so one statement serves every family); None when the protocol is not this
    document's (logged unless `quiet`: the caller then goes the way that logs it)."""
    try:
        xml, kept = _wrapped(document, outcome.protocol_xml)
    except ProtocolMismatchError:
        if not quiet:
            log.error("protocol does not match document", extra={"documento_id": document.id})
        return None
    looked_up_by_dps = document.dps_id and outcome.chave  # the authority names the key
    now = utcnow()
    return {
        "xml_protocolo": kept, "status": DocumentStatus.AUTORIZADA,
        "resumo": _summarized(document, xml),
        "chave": outcome.chave if looked_up_by_dps else document.chave,
        "protocolo": outcome.nProt, "recebido_em": outcome.dhRecbto,
        "sefaz_code": outcome.cStat[:10], "sefaz_mensagem": outcome.xMotivo[:500],
        "autorizado_em": now, "updated_at": now,
    }  # fmt: skip


def _authorize_in_one_statement(
    session: Session, document: FiscalDocument, outcome: Authorized
) -> bool:
    """The authorization written by one Core `UPDATE` built once per process, not by the unit
    of work (the answer of nearly every issuance); the object then holds the row as written,
    with nothing left for a flush. False, writing nothing, when the protocol is not this
    document's."""
    values = _authorized_values(document, outcome)
    if values is None:
        return False
    compiled.run(session, _authorized_statement(False), {"p_id": document.id, **values})
    for name, value in values.items():
        set_committed_value(document, name, value)
    return True


def _authorized_if_unchanged(
    session: Session, document: FiscalDocument, outcome: Outcome
) -> FiscalDocument | None:
    """The first transmission's authorization in one statement that also takes the row lock:
    `UPDATE ... WHERE id AND status = PROCESSANDO RETURNING id`, so the row is written only as
    `document` was committed (the status lock's `SELECT` is not needed). Then the change's
    outbox rows and the debit, as `apply` does; on PostgreSQL the debit is part of the same
    statement (`_authorized_and_debited`). None, with nothing written, for any other
    answer, a protocol that is not this document's, or a row another request changed
    meanwhile: the caller then locks and decides (`lock_current`, `apply`)."""
    before = DocumentStatus.PROCESSANDO
    if not isinstance(outcome, Authorized) or document.status != before:
        return None
    values = _authorized_values(document, outcome, quiet=True)
    if values is None:
        return None
    params = {"p_id": document.id, "p_before": before, **values}
    held = Decimal(document.preco)
    debited = held > 0 and session.get_bind().dialect.name == "postgresql"
    if debited:
        if not _authorized_and_debited(session, document, held, params):
            return None
    elif compiled.run(session, _authorized_statement(True), params).first() is None:
        return None
    document = _taken(session, document)
    for name, value in values.items():
        set_committed_value(document, name, value)
    if debited:  # the outbox rows are flushed by the commit
        document_changed(session, document, before)
    else:
        _announce_and_settle(session, document, outcome, before)
    return document


def _authorized_and_debited(
    session: Session, document: FiscalDocument, held: Decimal, params: dict[str, Any]
) -> bool:
    """PostgreSQL: the conditional authorization and the hold's debit with its ledger entry
    in one statement, the debit only if the document was written. False when it was not
    (nothing written at all); a balance that would go negative raises, as `debit_held` does."""
    statement = _authorized_and_debited_statement()
    written, entered = compiled.run(session, statement, {**params, **_debit(document, held)}).one()
    if not written:
        return False
    if not entered:
        raise ValueError("ledger entry would make the balance negative")
    return True


def _debit(document: FiscalDocument, held: Decimal) -> dict[str, Any]:
    """The bound values of the hold's debit (`debit_held_statement`) for `document`."""
    return debit_held_params(
        document.account_id, held,
        tipo_documento=registry.by_module(document.modulo).documento, documento_id=document.id,
    )  # fmt: skip


@functools.cache
def _authorized_and_debited_statement(autocommit: bool = False) -> Any:
    """Built once per process: `WITH authorized AS (<the conditional authorization>), entered AS
    (INSERT INTO ledger_entries ... WHERE EXISTS (authorized)) SELECT the counts of authorized
    and entered` (the debit is an insert only: the hold already took the amount from the
    account's credit slices; no wallet row is written by an answer).

    `autocommit`: the form that is a whole transaction (`_authorized_autocommitted`): it
    answers how many documents were authorized (0: nothing written at all), or aborts
    (`fiscal_abort`) when the document was authorized without its debit (a balance that
    would go negative), so that neither stays."""
    authorized = _authorized_statement(True).cte("authorized")
    entered = debit_held_statement(select(authorized.c.id).exists()).cte("entered")
    count = func.count
    counts = (
        select(count()).select_from(authorized).scalar_subquery(),
        select(count()).select_from(entered).scalar_subquery(),
    )
    if not autocommit:
        return select(*counts)
    ran = select(counts[0].label("written"), counts[1].label("entered")).subquery("ran")
    abort = func.fiscal_abort("answer: authorized without its debit", type_=Integer)
    whole = case((ran.c.written == ran.c.entered, ran.c.written), else_=abort)
    return select(whole).select_from(ran)


@functools.cache
def _authorized_statement(if_unchanged: bool) -> Any:
    """Built once per process (each form): the authorization's columns; `if_unchanged`, only
    while the status is `p_before`, answering the id when written."""
    rows = FiscalDocument.__table__.c
    columns = ("xml_protocolo", "status", "resumo", "chave", "protocolo", "recebido_em",
               "sefaz_code", "sefaz_mensagem", "autorizado_em", "updated_at")  # fmt: skip
    statement = (
        update(FiscalDocument.__table__)  # type: ignore[arg-type]
        .where(rows.id == bindparam("p_id"))
        .values({name: bindparam(name, type_=rows[name].type) for name in columns})
    )
    if if_unchanged:
        status = bindparam("p_before", type_=rows.status.type)
        statement = statement.where(rows.status == status).returning(rows.id)
    return statement


def _summarized(document: FiscalDocument, xml: bytes) -> dict[str, Any] | None:
    """The family's figures with what the authority fixed merged in (NFS-e: its number)."""
    summary = registry.by_module(document.modulo).authorized_summary
    if summary is None:
        return document.resumo
    return {**(document.resumo or {}), **summary(xml)}


def _deny(session: Session, document: FiscalDocument, outcome: Denied) -> None:
    """Use denied: the number is consumed, the document has no effect and is not charged."""
    try:
        document.xml_protocolo = _wrapped(document, outcome.protocol_xml)[1]
    except ProtocolMismatchError:
        document.xml_protocolo = None
    document.status = DocumentStatus.DENEGADA
    document.protocolo = outcome.nProt
    document.sefaz_code, document.sefaz_mensagem = outcome.cStat[:10], outcome.xMotivo[:500]
    _refund(session, document)


def _reject(session: Session, document: FiscalDocument, outcome: Rejected) -> None:
    document.status = DocumentStatus.REJEITADA
    document.sefaz_code, document.sefaz_mensagem = outcome.cStat[:10], outcome.xMotivo[:500]
    document.detalhes = details_of(outcome)
    _refund(session, document)


def details_of(outcome: Rejected) -> list[dict[str, str]] | None:
    """Every message of a refusal as `{codigo, descricao}` (the national system's E-codes)."""
    return [{"codigo": c, "descricao": d} for c, d in outcome.messages] or None


def _pending(document: FiscalDocument, outcome: Outcome) -> None:
    if isinstance(outcome, Uncertain):  # the operator's one clue to why it must be queried
        log.warning(
            "uncertain authority answer",
            extra={"documento_id": document.id, "reason": str(outcome.reason),
                   "detail": outcome.detail[:300]},
        )  # fmt: skip
    document.status = DocumentStatus.PENDENTE
    code = getattr(outcome, "cStat", None)
    if code:
        document.sefaz_code = str(code)[:10]
        document.sefaz_mensagem = str(getattr(outcome, "xMotivo", ""))[:500] or None
    if isinstance(outcome, Received):
        document.recibo = outcome.nRec


def _found_after(document: FiscalDocument, outcome: Cancelled | Closed) -> None:
    """A lookup found it cancelled, or closed (MDF-e 132): it was authorized, so it stays
    charged; the authorization's protocol, when the answer carries it, completes its XML."""
    if outcome.protocol_xml and document.xml_protocolo is None:
        try:
            document.xml_protocolo = _wrapped(document, outcome.protocol_xml)[1]
        except ProtocolMismatchError:
            log.error("protocol does not match document", extra={"documento_id": document.id})
    if isinstance(outcome, Closed):
        document.status = DocumentStatus.ENCERRADA
        return
    document.status = DocumentStatus.CANCELADA
    document.cancelado_em = document.cancelado_em or utcnow()


def apply(session: Session, document: FiscalDocument, outcome: Outcome) -> None:
    """The one place an authority answer changes a document (caller holds the row lock);
    the webhook and mail outbox rows of the change are written in the same transaction."""
    before = document.status
    first_transmission = before == DocumentStatus.PROCESSANDO
    refunded = isinstance(outcome, Denied) or (
        isinstance(outcome, Rejected) and not outcome.is_duplicate
    )
    if refunded:  # the debit precedes its refund in the ledger
        _settle_hold(session, document, outcome, before)
    if isinstance(outcome, NotSent) and first_transmission and handed_out(document):
        document.status = DocumentStatus.CONTINGENCIA  # still valid; sent in a later round
    elif isinstance(outcome, NotSent) and first_transmission:
        _not_sent(document, outcome)
    elif isinstance(outcome, Authorized):
        if not _authorize_in_one_statement(session, document, outcome):
            _pending(document, outcome)
    else:
        _apply(session, document, outcome)
    if refunded:
        document_changed(session, document, before)
    else:
        _announce_and_settle(session, document, outcome, before)


def _announce_and_settle(
    session: Session, document: FiscalDocument, outcome: Outcome, before: str
) -> None:
    """The change's outbox rows, then the hold settled: the account's wallet row is locked
    last, until the commit."""
    document_changed(session, document, before)
    session.flush()
    _settle_hold(session, document, outcome, before)


def _apply(session: Session, document: FiscalDocument, outcome: Outcome) -> None:
    if isinstance(outcome, Denied):
        _deny(session, document, outcome)
    elif isinstance(outcome, Rejected) and not outcome.is_duplicate:
        _reject(session, document, outcome)
    elif isinstance(outcome, Cancelled | Closed):
        _found_after(document, outcome)
    else:
        _pending(document, outcome)  # uncertain, throttled, duplicate, a re-send not sent


def mark_pending(session: Session, document: FiscalDocument, outcome: Outcome) -> None:
    """A lookup that settled nothing: the document stays (or becomes) PENDENTE."""
    before = document.status
    _pending(document, outcome)
    document_changed(session, document, before)
    session.flush()
    _settle_hold(session, document, None, before)  # an abandoned PROCESSANDO may have been sent


def record(
    sessions: sessionmaker[Session],
    document: FiscalDocument,
    outcome: Outcome,
    *,
    company: Company | None = None,
) -> FiscalDocument:
    """Apply the answer of the first transmission; answers the document as committed.

    `document` is the attempt as its acceptance committed it. Under the row lock only its
    status is read again: unchanged, the object itself is brought into this transaction
    without re-reading the row (its signed XML and all); changed meanwhile (a lookup by
    another request resolved it), the row is read whole. `company`, when the caller has it,
    is placed in the session unread too (the notifications read it). An authorization of the
    attempt as it was committed is written by one conditional statement that also takes the
    lock (`_authorized_if_unchanged`); on PostgreSQL, when it announces nothing, that
    statement is its own transaction (`_authorized_autocommitted`)."""
    with transaction(sessions) as session:
        if company is not None:
            companies.place(session, company)
        authorized = _authorized_autocommitted(session, document, outcome)
        if authorized is not None:
            return authorized
        return apply_answer(session, document, outcome)


def _authorized_autocommitted(
    session: Session, document: FiscalDocument, outcome: Outcome
) -> FiscalDocument | None:
    """PostgreSQL, the hot path's answer as a transaction of its own: the authorization of the
    attempt as committed, with its debit (`_authorized_and_debited_statement`'s form that
    aborts unless both are written; an unlimited account's, the conditional update alone),
    in autocommit: one round trip, no `BEGIN`, `COMMIT` or Session. Only when the change
    announces nothing (no webhook subscription wants its event, no one its e-mail: then
    `document_changed` writes no outbox row, which would have to commit with it) and that
    was known without a database transaction (cached subscriptions; mail disabled, or its
    preferences read, which keeps the transactional form). None, with nothing written, for
    any other case: `apply_answer` then decides in the session's transaction (its answer for
    a protocol that is not this document's, a row changed meanwhile, a short balance)."""
    before = DocumentStatus.PROCESSANDO
    if not isinstance(outcome, Authorized) or document.status != before:
        return None
    if compiled.autocommit_engine(session) is None:
        return None
    if document_change_announced(session, document, DocumentStatus.AUTORIZADA):
        return None
    bind = compiled.autocommit_engine(session)  # again: none of the lookups may have read
    values = _authorized_values(document, outcome, quiet=True) if bind else None
    if bind is None or values is None:
        return None
    params = {"p_id": document.id, "p_before": before, **values}
    held = Decimal(document.preco)
    if held > 0:
        statement = _authorized_and_debited_statement(autocommit=True)
        try:
            written = compiled.autocommitted(bind, statement, {**params, **_debit(document, held)})
        except compiled.Aborted:
            return None
        if not written.scalar():
            return None
    elif compiled.autocommitted(bind, _authorized_statement(True), params).first() is None:
        return None
    for name, value in values.items():
        set_committed_value(document, name, value)
    return document


def apply_answer(session: Session, document: FiscalDocument, outcome: Outcome) -> FiscalDocument:
    """The answer to sending `document` (the attempt as a transaction committed it) applied in
    `session`: an authorization of the attempt as committed by one statement that also takes
    the row lock (and, on PostgreSQL, debits; `_authorized_if_unchanged`); anything else, or
    an attempt changed meanwhile, under the row lock (`lock_current`, `apply`). Answers the
    document as this transaction leaves it."""
    authorized = _authorized_if_unchanged(session, document, outcome)
    if authorized is not None:
        return authorized
    current = lock_current(session, document)
    if current.status in UNRESOLVED:
        apply(session, current, outcome)
    return current


def lock_current(session: Session, document: FiscalDocument) -> FiscalDocument:
    """`document` (as a transaction committed it) under its row lock in `session`: only the
    status is read again; unchanged, the object itself is taken (no re-read), else the row."""
    (status,) = compiled.run(session, _status_for_update(), {"p_id": document.id}).one()
    if status != document.status:
        return lock_document(session, document.id)
    return _taken(session, document)


def _taken(session: Session, document: FiscalDocument) -> FiscalDocument:
    """`document`, as a transaction committed it, in `session` without reading it again."""
    if inspect(document).detached:  # its transaction's session is closed: taken as it is
        session.add(document)
        return document
    return session.merge(document, load=False)


@functools.cache
def _status_for_update() -> Any:
    """Built once per process: a document's status under its row lock."""
    rows = FiscalDocument.__table__.c
    return select(rows.status).where(rows.id == bindparam("p_id")).with_for_update()


def is_duplicate(outcome: Outcome) -> bool:
    """204/539: the authority already has this key (or this number): ask, never resend."""
    return isinstance(outcome, Rejected) and outcome.is_duplicate


def settle_duplicate_number(
    sessions: sessionmaker[Session], document_id: str, outcome: Outcome
) -> None:
    """539 and our own key unknown to the authority: the number belongs to another document
    there, so ours is rejected (the caller may correct and resend the order)."""
    if not (isinstance(outcome, Rejected) and outcome.cStat == "539"):
        return
    with transaction(sessions) as session:
        document = lock_document(session, document_id)
        if document.status in UNRESOLVED:
            reject(session, document, outcome.cStat, outcome.xMotivo)


def reject(session: Session, document: FiscalDocument, cstat: str, xmotivo: str) -> None:
    """An official refusal known from an earlier answer (539 whose key the authority lacks)."""
    before = document.status
    _reject(session, document, Rejected(cStat=cstat, xMotivo=xmotivo, raw=b""))
    document_changed(session, document, before)
