"""Reconciliation: an uncertain document (PENDENTE, or PROCESSANDO abandoned by a dead process)
is resolved by looking it up at its authority (access key, or DPS id for NFS-e), within the
hourly query budget of the key; never by sending something new. Only when the authority says
"not received" (cStat 217, DPS 404) on more than one lookup spanning the tolerance period is
the same signed XML sent again (same key, same DPS id: a copy that did arrive meanwhile is
answered as a duplicate and resolved by the next lookup, never issued twice).

Family-generic: the lookup reference and the client come from the document's family.
"""

from __future__ import annotations

import datetime as dt
import logging

from sqlalchemy.orm import Session, sessionmaker

from documents.transmission.outcome import Authorized, Cancelled, Closed, Denied, NotFound
from service import clock, runtime
from service.authorities import breaker
from service.companies.models import Company
from service.db import transaction
from service.errors import ApiError
from service.issuance import defaults, registry
from service.issuance.credentials import credentials_for
from service.issuance.documents import load_document, lock_document
from service.issuance.idempotency import in_flight
from service.issuance.models import UNRESOLVED, FiscalDocument
from service.issuance.outcome import Outcome, apply, client_for, mark_pending, send
from service.storage.documents import signed_xml

log = logging.getLogger("service.issuance")


def stale_after() -> dt.timedelta:
    """How long a PROCESSANDO document may be silent before it is presumed abandoned."""
    rt = runtime.current()
    transmission = rt.authority.transmission
    seconds = transmission.connect_timeout + transmission.read_timeout
    return dt.timedelta(seconds=seconds + rt.settings.processing_grace_seconds)


def reconcile(document_id: str, *, company: Company | None = None) -> FiscalDocument:
    """Resolve an uncertain document by looking it up, within the hourly query budget."""
    runtime.end_request_transaction()
    document = load_document(document_id)
    if document.status not in UNRESOLVED:
        return document
    rt = runtime.current()
    now = clock.utc_now()  # query budget and certificate validity: server time
    company = company or runtime.db().get(Company, document.company_id)
    assert company is not None
    try:
        creds = credentials_for(company, now)
    except ApiError:
        return document  # no usable certificate: cannot ask; stays as it is
    finally:
        runtime.end_request_transaction()
    if not reserve_query(rt.sessions, document_id, now, stale_after()):
        return load_document(document_id)
    outcome = look_up(document, company, creds)
    if apply_query(rt.sessions, document_id, outcome):
        resend(document_id, company, creds)
    return load_document(document_id)


def tolerance() -> dt.timedelta:
    """How long "not received" must persist before it is believed."""
    return dt.timedelta(seconds=runtime.current().settings.not_received_tolerance_seconds)


def believe_not_received(document: FiscalDocument, now: dt.datetime) -> bool:
    """Count one "not received" lookup; True (and the count restarts) once there were
    `NOT_RECEIVED_LOOKUPS` of them spanning the tolerance."""
    document.nao_recebido_consultas = (document.nao_recebido_consultas or 0) + 1
    document.nao_recebido_desde = document.nao_recebido_desde or now
    believed = document.nao_recebido_consultas >= defaults.NOT_RECEIVED_LOOKUPS and (
        now - document.nao_recebido_desde >= tolerance()
    )
    if believed:
        document.nao_recebido_desde, document.nao_recebido_consultas = None, 0
    return believed


def resend(document_id: str, company: Company, creds: object) -> None:
    """The authority does not have it, confirmed: the stored signed bytes go again."""
    rt = runtime.current()
    document = load_document(document_id)
    client = client_for(rt.authority, creds, document, company)  # type: ignore[arg-type]
    answer = send(client, signed_xml(document))
    log.info("not received: the same XML sent again", extra={"documento_id": document_id})
    with transaction(rt.sessions) as session:
        document = lock_document(session, document_id)
        if document.status in UNRESOLVED:
            apply(session, document, answer)


def look_up(document: FiscalDocument, company: Company, creds: object) -> Outcome:
    """Ask the authority about the document (its family says by what)."""
    family = registry.by_module(document.modulo)
    client = client_for(runtime.current().authority, creds, document, company)  # type: ignore[arg-type]
    outcome = client.look_up(family.reference(document))
    breaker.observe(client, outcome)  # a lookup answered (or not) says how the authority is
    return outcome


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


def apply_query(sessions: sessionmaker[Session], document_id: str, outcome: Outcome) -> bool:
    """What a key query says: authorized, denied, cancelled; anything else stays PENDENTE.
    True when "not received" is now believed: the caller sends the same XML again."""
    with transaction(sessions) as session:
        document = lock_document(session, document_id)
        if document.status not in UNRESOLVED:
            return False
        if isinstance(outcome, Authorized | Denied | Cancelled | Closed):
            apply(session, document, outcome)
            return False
        mark_pending(session, document, outcome)
        if not isinstance(outcome, NotFound):
            return False
        log.info("document not found at the authority", extra={"documento_id": document.id})
        return believe_not_received(document, clock.utc_now())
