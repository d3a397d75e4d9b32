"""Phases B and C of an issuance: send the stored signed XML, then record the official answer.

No database transaction is open while the authority is being called. The answer is applied
in one transaction under the document's row lock, together with its ledger entry: the
acceptance's hold becomes the debit (refunded at once on a rejection or denial). An uncertain
answer leaves the document PENDENTE; it is resolved only by querying the key (`reconcile`),
never by sending a new document. A first transmission that never reached the authority
(`NotSent`: certificate refused in the handshake, connection refused, unknown host) is not
uncertain: the document becomes NAO_ENVIADA, the hold is released, and the order may send it
again.
"""

from __future__ import annotations

import datetime as dt
import logging
import time
from collections.abc import Callable
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from documents.errors import ProtocolMismatchError
from documents.transmission.nfe import NfeClient
from documents.transmission.outcome import (
    Authorized,
    Cancelled,
    Denied,
    NotFound,
    NotSent,
    Received,
    Rejected,
)
from documents.wrappers import nfe_proc
from service.db import transaction, utcnow
from service.issuance import defaults
from service.issuance.authority import Authority, route
from service.issuance.credentials import CompanyCredentials
from service.issuance.idempotency import in_flight
from service.issuance.models import UNRESOLVED, DocumentStatus, FiscalDocument
from service.issuance.not_delivered import log_not_delivered
from service.nfe.acceptance import KIND
from service.notify.publish import document_changed
from service.wallet.operations import debit_held, refund_issuance, release

log = logging.getLogger("service.nfe")

Outcome = object
"""Any answer class of `documents.transmission.outcome`."""


def client_for(
    authority: Authority, creds: CompanyCredentials, document: FiscalDocument, uf: str
) -> NfeClient:
    return NfeClient(
        authority.transport(creds), route(uf, document.ambiente, document.modelo, document.tp_emis)
    )


def batch_id() -> str:
    """idLote: up to 15 digits, distinct per call (microseconds)."""
    return str(time.time_ns() // 1000)[-15:]


def until_sent(call: Callable[[], Outcome]) -> Outcome:
    """Call; call again (same bytes) only while nothing reached the authority (`NotSent`)."""
    outcome = call()
    for pause in defaults.NOT_SENT_RETRIES:
        if not isinstance(outcome, NotSent):
            break
        time.sleep(pause)
        outcome = call()
    return outcome


def send(client: NfeClient, xml: bytes) -> Outcome:
    """Authorize the stored bytes; re-send them only when nothing reached the authority."""
    outcome = until_sent(lambda: client.authorize(xml, batch_id=batch_id()))
    for _ in range(defaults.RECEIPT_POLLS):
        if not isinstance(outcome, Received):
            break
        time.sleep(min(float(outcome.tMed), 3.0))
        outcome = client.poll_receipt(outcome.nRec)
    return outcome


def lock_document(session: Session, document_id: str) -> FiscalDocument:
    """The document under `SELECT ... FOR UPDATE` (serialized by BEGIN IMMEDIATE on SQLite)."""
    query = select(FiscalDocument).where(FiscalDocument.id == document_id).with_for_update()
    return session.execute(query).scalar_one()


def _refund(session: Session, document: FiscalDocument) -> None:
    refund_issuance(
        session,
        document.account_id,
        charged=Decimal(document.preco),
        tipo_documento=KIND[document.modelo],
        documento_id=document.id,
    )


def _settle_hold(session: Session, document: FiscalDocument, outcome: Outcome) -> None:
    """Leaving PROCESSANDO: the hold becomes the debit once the request may have reached the
    authority; a first transmission that never reached it releases the hold (nothing charged)."""
    if document.status != DocumentStatus.PROCESSANDO:
        return
    if isinstance(outcome, NotSent):
        release(session, document.account_id, Decimal(document.preco))
        return
    debit_held(
        session,
        document.account_id,
        held=Decimal(document.preco),
        tipo_documento=KIND[document.modelo],
        documento_id=document.id,
    )


def _not_sent(document: FiscalDocument, outcome: NotSent) -> None:
    """Nothing reached the authority: not uncertain, nothing to query; the order resends it."""
    document.status = DocumentStatus.NAO_ENVIADA.value
    log_not_delivered(outcome, documento_id=document.id, chave=document.chave)


def _authorize(document: FiscalDocument, outcome: Authorized) -> bool:
    try:
        document.xml_autorizado = nfe_proc(document.xml_assinado, outcome.protocol_xml)
    except ProtocolMismatchError:
        log.error("protocol does not match document", extra={"documento_id": document.id})
        return False
    document.status = DocumentStatus.AUTORIZADA.value
    document.protocolo, document.recebido_em = outcome.nProt, outcome.dhRecbto
    document.sefaz_code, document.sefaz_mensagem = outcome.cStat, outcome.xMotivo[:500]
    document.autorizado_em = utcnow()
    return True


def _deny(session: Session, document: FiscalDocument, outcome: Denied) -> None:
    """Use denied: the number is consumed, the document has no effect and is not charged."""
    try:
        document.xml_autorizado = nfe_proc(document.xml_assinado, outcome.protocol_xml)
    except ProtocolMismatchError:
        document.xml_autorizado = None
    document.status = DocumentStatus.DENEGADA.value
    document.protocolo = outcome.nProt
    document.sefaz_code, document.sefaz_mensagem = outcome.cStat, outcome.xMotivo[:500]
    _refund(session, document)


def _reject(session: Session, document: FiscalDocument, outcome: Rejected) -> None:
    document.status = DocumentStatus.REJEITADA.value
    document.sefaz_code, document.sefaz_mensagem = outcome.cStat, outcome.xMotivo[:500]
    _refund(session, document)


def _pending(document: FiscalDocument, outcome: Outcome) -> None:
    document.status = DocumentStatus.PENDENTE.value
    code = getattr(outcome, "cStat", None)
    if code:
        document.sefaz_code = str(code)[:4]
        document.sefaz_mensagem = str(getattr(outcome, "xMotivo", ""))[:500] or None
    if isinstance(outcome, Received):
        document.recibo = outcome.nRec


def _cancelled(document: FiscalDocument, outcome: Cancelled) -> None:
    """Found cancelled: it was authorized (so it stays charged) and later cancelled."""
    if outcome.protocol_xml and document.xml_autorizado is None:
        try:
            document.xml_autorizado = nfe_proc(document.xml_assinado, outcome.protocol_xml)
        except ProtocolMismatchError:
            log.error("protocol does not match document", extra={"documento_id": document.id})
    document.status = DocumentStatus.CANCELADA.value
    document.cancelado_em = document.cancelado_em or utcnow()


def apply(session: Session, document: FiscalDocument, outcome: Outcome) -> None:
    """The one place an authority answer changes a document (caller holds the row lock);
    the webhook and mail outbox rows of the change are written in the same transaction."""
    before = document.status
    first_transmission = before == DocumentStatus.PROCESSANDO
    _settle_hold(session, document, outcome)
    if isinstance(outcome, NotSent) and first_transmission:
        _not_sent(document, outcome)
    else:
        _apply(session, document, outcome)
    document_changed(session, document, before)


def _apply(session: Session, document: FiscalDocument, outcome: Outcome) -> None:
    if isinstance(outcome, Authorized):
        if not _authorize(document, outcome):
            _pending(document, outcome)
    elif isinstance(outcome, Denied):
        _deny(session, document, outcome)
    elif isinstance(outcome, Rejected) and not outcome.is_duplicate:
        _reject(session, document, outcome)
    elif isinstance(outcome, Cancelled):
        _cancelled(document, outcome)
    else:
        _pending(document, outcome)  # uncertain, throttled, duplicate, a re-send not sent


def record(sessions: sessionmaker[Session], document_id: str, outcome: Outcome) -> str:
    """Apply the answer of the first transmission; answers the resulting status."""
    with transaction(sessions) as session:
        document = lock_document(session, document_id)
        if document.status in UNRESOLVED:
            apply(session, document, outcome)
        return document.status


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


def within_budget(document: FiscalDocument, now: dt.datetime) -> bool:
    """Count one query of the key in the current hour; False when the budget is spent.

    Document and event queries share the budget (the authority counts queries by key).
    """
    start = document.consultas_janela_inicio
    if start is None or now - start >= dt.timedelta(hours=1):
        document.consultas_janela_inicio, document.consultas_na_janela = now, 0
    if document.consultas_na_janela >= defaults.QUERIES_PER_KEY_PER_HOUR:
        return False
    document.consultas_na_janela += 1
    return True


def reserve_query(
    sessions: sessionmaker[Session], document_id: str, now: dt.datetime, stale_after: dt.timedelta
) -> bool:
    """Count one query of the key against the hourly budget; False when it must wait."""
    with transaction(sessions) as session:
        document = lock_document(session, document_id)
        if document.status not in UNRESOLVED:
            return False
        if in_flight(document, now, stale_after):
            return False  # someone is transmitting it right now
        return within_budget(document, now)


def apply_query(sessions: sessionmaker[Session], document_id: str, outcome: Outcome) -> None:
    """What a key query says: authorized, denied, cancelled; anything else stays PENDENTE."""
    with transaction(sessions) as session:
        document = lock_document(session, document_id)
        if document.status not in UNRESOLVED:
            return
        if isinstance(outcome, Authorized | Denied | Cancelled):
            apply(session, document, outcome)
        else:
            before = document.status
            _settle_hold(session, document, None)  # an abandoned PROCESSANDO may have been sent
            _pending(document, outcome)
            document_changed(session, document, before)
        if isinstance(outcome, NotFound):
            log.info("key not found at the authority", extra={"documento_id": document.id})
