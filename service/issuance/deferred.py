"""Later transmission of documents handed out in contingency (status CONTINGENCIA): offline
NFC-e, CT-e and MDF-e, an NF-e covered by its EPEC.

The worker's periodic work (`service.queue.sweeper.sweep`; the in-process worker's thread)
takes them in number order per company, model and series, once the company is out of
contingency for the model and while the authority is not FORA: the first one that cannot go
stops the rest of its series (numbers reach the authority in order). Each is moved to
PROCESSANDO in one transaction (the hold stays), its stored signed XML sent unchanged and the
answer recorded by `outcome.record`: authorized, rejected (reported as
`<family>.contingencia_rejeitada`, never re-numbered), or, when nothing reached the
authority, CONTINGENCIA again for the next round. A crash after the move leaves a PROCESSANDO
document that reconciliation resolves by its key, as any other.
"""

from __future__ import annotations

import logging
from decimal import Decimal
from itertools import groupby

from flask import Flask
from sqlalchemy import select
from sqlalchemy.orm import Session

from documents.transmission.outcome import Rejected
from service import clock, runtime
from service.authorities import breaker
from service.authorities.keys import AuthorityKey, authoriser
from service.authorities.models import AuthorityStatus
from service.companies.models import Company
from service.db import transaction
from service.errors import ApiError
from service.issuance import contingency, outcome, registry
from service.issuance.credential_cache import CompanyCredentials
from service.issuance.credentials import credentials_for
from service.issuance.documents import load_document, lock_document
from service.issuance.models import DocumentStatus, FiscalDocument
from service.storage.documents import signed_xml
from service.wallet.operations import release

log = logging.getLogger("service.issuance")

BATCH = 200
"""Documents looked at per round: a long outage's backlog goes over several rounds."""


def transmit_in(app: Flask) -> int:
    """The periodic work's entry; never raises. Answers how many documents were sent."""
    with app.app_context():
        try:
            return transmit_due()
        except Exception:
            log.exception("contingency transmission failed")
            return 0


def _waiting() -> list[tuple[str, str, str, int, int, str, str]]:
    columns = (FiscalDocument.id, FiscalDocument.company_id, FiscalDocument.modelo,
               FiscalDocument.serie, FiscalDocument.numero, FiscalDocument.ambiente,
               FiscalDocument.chave)  # fmt: skip
    query = (
        select(*columns)
        .where(FiscalDocument.status == DocumentStatus.CONTINGENCIA)
        .order_by(
            FiscalDocument.company_id,
            FiscalDocument.modelo,
            FiscalDocument.serie,
            FiscalDocument.numero,
        )
        .limit(BATCH)
    )
    with transaction(runtime.current().sessions) as session:
        return [tuple(row) for row in session.execute(query)]  # type: ignore[misc]


def transmit_due() -> int:
    """Send what may go now, in number order; how many were sent."""
    sent = 0
    rows = _waiting()
    for _, series in groupby(rows, key=lambda r: (r[1], r[2], r[3])):
        for document_id, company_id, *_ in series:
            if not transmit_one(document_id, company_id):
                break  # this series waits: later numbers never overtake an earlier one
            sent += 1
    return sent


def _may_go(session: Session, company: Company, modelo: str, ambiente: str) -> bool:
    """Only once the company is out of contingency for the model (an automatic period ends
    when the authority answers again; a manual one when the company leaves it), and while the
    authority is not FORA: sent earlier, it would only be lost on the way (and an uncertain
    loss costs lookups before it may be sent again)."""
    if contingency.slot(modelo, ambiente) in (company.contingencia or {}):
        return False
    key = AuthorityKey(modelo, authoriser(modelo, str(company.uf)), ambiente)
    return breaker.current(session, key).status is not AuthorityStatus.FORA


def transmit_one(document_id: str, company_id: str) -> bool:
    """Send one waiting document; False when it stays waiting (authority down, nothing
    delivered, no usable certificate)."""
    rt = runtime.current()
    with transaction(rt.sessions) as session:
        company = session.get(Company, company_id)
        document = session.get(FiscalDocument, document_id)
        if company is None or document is None:
            return True
        if document.status != DocumentStatus.CONTINGENCIA:
            return True  # sent meanwhile by another worker
        if not _may_go(session, company, document.modelo, document.ambiente):
            return False
    try:
        creds = credentials_for(company, clock.utc_now())
    except ApiError:
        return False
    finally:
        runtime.end_request_transaction()
    with transaction(rt.sessions) as session:
        document = lock_document(session, document_id)
        if document.status != DocumentStatus.CONTINGENCIA:
            return True
        document.status = DocumentStatus.PROCESSANDO
    client = outcome.client_for(rt.authority, creds, document, company)
    answer = outcome.send(client, signed_xml(document))
    recorded = outcome.record(rt.sessions, document, answer, company=company)
    log.info("contingency document transmitted",
             extra={"documento_id": document_id, "status": str(recorded.status)})  # fmt: skip
    return recorded.status != DocumentStatus.CONTINGENCIA


def registers_first(document: FiscalDocument) -> bool:
    """A document accepted in a mode that registers a prior event before handing it out."""
    table = registry.by_module(document.modulo).contingency
    return (
        document.status == DocumentStatus.PROCESSANDO
        and table is not None
        and table.register is not None
        and document.tp_emis == table.epec
    )


def register_first(
    document: FiscalDocument, company: Company, creds: CompanyCredentials
) -> FiscalDocument:
    """Register the prior event (EPEC) and record what it says, in one transaction: registered,
    the document is handed out (CONTINGENCIA, the event kept); refused, the document is
    REJEITADA with the authority's code (refunded; the same order may try again); not
    delivered, NAO_ENVIADA (nothing charged; the same order sends it again)."""
    rt = runtime.current()
    table = registry.by_module(document.modulo).contingency
    assert table is not None and table.register is not None
    prior = table.register(rt.authority, creds, document, company)
    with transaction(rt.sessions) as session:
        current = lock_document(session, document.id)
        if current.status != DocumentStatus.PROCESSANDO:
            return current
        if prior.registered:
            current.status = DocumentStatus.CONTINGENCIA
            if prior.event is not None:
                session.add(prior.event)
        elif isinstance(prior.outcome, Rejected) and not prior.outcome.is_duplicate:
            outcome.apply(session, current, prior.outcome)
        else:
            current.status = DocumentStatus.NAO_ENVIADA
            release(session, current.account_id, Decimal(current.preco))
    return load_document(document.id)
