"""One issuance of any family: decide and prepare (no lock), accept (one transaction: order,
number, hold, signed XML), transmit and record (one transaction for the answer).

`issue` runs DESIGN.md's "one issuance" for whatever family it is given; the family supplies the
request's meaning (`prepare`), the layout (`sign`) and the authority (`client`), and nothing here
names a model number.
"""

from __future__ import annotations

import datetime as dt
import functools
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.exc import IntegrityError

from documents.transmission.outcome import NotSent
from service import clock, runtime
from service.auth import Credential
from service.companies.models import Company
from service.companies.resolver import effective_environment
from service.db import transaction
from service.errors import ApiError
from service.issuance import (
    automatic_contingency,
    deferred,
    idempotency,
    not_delivered,
    outcome,
)
from service.issuance.acceptance import (
    Accepted,
    Request,
    accept,
    accept_claimed,
    current_document,
    find_order,
)
from service.issuance.credential_cache import CompanyCredentials
from service.issuance.credentials import credentials_for
from service.issuance.documents import load_document
from service.issuance.family import Draft, Family
from service.issuance.models import DocumentStatus, FiscalDocument, Order
from service.issuance.reconcile import look_up, reconcile, stale_after
from service.queue.lookup import open_task_id_query
from service.queue.models import FiscalTask
from service.storage.documents import signed_xml


@dataclass(frozen=True)
class Issued:
    document: FiscalDocument
    replay: bool
    not_delivered: ApiError | None = None
    """Set when this request's transmission never reached the authority (NAO_ENVIADA)."""


def request_for(
    family: Family, company: Company, credential: Credential, body: dict[str, Any]
) -> Request:
    """The accepted shape of one issuance request (the queue builds it from a stored task)."""
    requisicao = idempotency.plain(body)
    return Request(
        family=family,
        company=company,
        ambiente=effective_environment(company, credential).value,
        pedido=body["pedido"],
        body=body,
        requisicao=requisicao,
        fingerprint=idempotency.fingerprint_of_plain(requisicao),
        key_id=credential.key_id,
        price=runtime.current().settings.prices[family.documento],
    )


@functools.cache
def _existing_statement() -> Any:
    """Built once per process (binding the values per request): the order's id and an open
    queued request's id, as two scalar subqueries of one SELECT."""
    order = (
        select(Order.id)
        .where(
            Order.company_id == bindparam("company_id"),
            Order.modulo == bindparam("modulo"),
            Order.ambiente == bindparam("ambiente"),
            Order.pedido == bindparam("pedido"),
        )
        .scalar_subquery()
    )
    task = open_task_id_query(
        bindparam("company_id"), bindparam("documento"), bindparam("ambiente"), bindparam("pedido")
    )
    return select(order, task)


def _existing(req: Request) -> tuple[str | None, str | None]:
    """One statement: the order's id (if it exists) and a queued request of it still without
    a document (if any)."""
    params = {
        "company_id": req.company.id, "modulo": req.modulo, "ambiente": req.ambiente,
        "pedido": req.pedido, "documento": req.family.documento,
    }  # fmt: skip
    order_id, task_id = runtime.db().execute(_existing_statement(), params).one()
    return order_id, task_id


def _early_replay(req: Request, now: dt.datetime) -> str | None:
    """A request for an existing order is answered before any work when it is a replay; a
    queued request for this order without a document yet goes first (409)."""
    order_id, task_id = _existing(req)
    if order_id is not None:
        session = runtime.db()
        order = session.get(Order, order_id)
        assert order is not None
        current = current_document(session, order)
        decision = idempotency.decide(
            order, current, req.fingerprint, now=now, stale_after=stale_after()
        )
        if decision is idempotency.Decision.REPLAY and current:
            return current.id
    if task_id is not None:
        task = runtime.db().get(FiscalTask, task_id)
        status = task.status if task is not None else None
        raise ApiError("REQUEST_IN_PROGRESS", body={"solicitacao_id": task_id, "status": status})
    return None


def prepare(req: Request, now: dt.datetime) -> Draft:
    """The family's decision for the request, dated by the issuer's local calendar day."""
    company = req.company
    today = clock.operation_date(company.uf, now)
    return req.family.prepare(runtime.db(), company, req.body, req.ambiente, today)


class _Replayed(Exception):
    """The request repeats an order whose document exists: it is answered with that one."""

    def __init__(self, document_id: str) -> None:
        super().__init__(document_id)
        self.document_id = document_id


def _unclaimed(req: Request, now: dt.datetime) -> None:
    """Nothing was claimed: a replay is answered (`_Replayed`), a queued request of the order
    goes first (409); otherwise the acceptance goes on (an existing order, a short balance)."""
    try:
        replayed = _early_replay(req, now)
    finally:
        runtime.end_request_transaction()
    if replayed is not None:
        raise _Replayed(replayed)


def _accept(req: Request, draft: Draft, now: dt.datetime, creds: CompanyCredentials) -> Accepted:
    rt = runtime.current()
    try:
        return accept_claimed(
            rt.sessions,
            req,
            lambda session, claimed: accept(
                session, req, draft, creds, now=now, stale_after=stale_after(), claimed=claimed
            ),
            unclaimed=lambda: _unclaimed(req, now),
            within=runtime.db(),  # the request's reads end with the claim's commit
        )
    except _Replayed as replayed:
        return Accepted(replayed.document_id, replay=True)
    except IntegrityError:
        # A concurrent first request for the same order committed between our read and insert.
        with transaction(rt.sessions) as session:
            order = find_order(session, req)
            current = current_document(session, order) if order else None
            if order is None or current is None:
                raise
            idempotency.decide(order, current, req.fingerprint, now=now, stale_after=stale_after())
            return Accepted(current.id, replay=True)


def issue(family: Family, company: Company, credential: Credential, body: dict[str, Any]) -> Issued:
    """`POST /{module}`: prepare, accept, transmit and record; or replay. A new order is
    claimed without looking for it first (the claim's statement refuses an existing order
    and one whose queued request goes first), so only a request that claims nothing reads
    why (`_unclaimed`)."""
    now = clock.utc_now()
    req = request_for(family, company, credential, body)
    try:
        draft = prepare(req, now)
        creds = credentials_for(company, now)
    except ApiError:  # a replay is answered as it was, whatever changed since
        replayed = _early_replay(req, now)
        if replayed is None:
            raise
        runtime.end_request_transaction()
        return Issued(reconcile(replayed), replay=True)
    automatic_contingency.before_issuance(family, company, req.ambiente, creds, now)
    accepted = _accept(req, draft, now, creds)
    if accepted.replay or accepted.document is None:
        return Issued(reconcile(accepted.document_id), replay=True)
    if accepted.document.status == DocumentStatus.CONTINGENCIA:
        return Issued(accepted.document, replay=False)  # handed out now, transmitted later
    if deferred.registers_first(accepted.document):  # EPEC: registered, then handed out
        return Issued(deferred.register_first(accepted.document, company, creds), replay=False)
    return transmit(accepted.document, company, creds)


def transmit(document: FiscalDocument, company: Company, creds: CompanyCredentials) -> Issued:
    """Send the stored bytes, record the answer; a duplicate is looked up, never re-sent.
    `document` is the attempt as the acceptance committed it (nothing is read again)."""
    rt = runtime.current()
    document_id = document.id
    client = outcome.client_for(rt.authority, creds, document, company)
    answer = outcome.send(client, signed_xml(document))
    document = outcome.record(rt.sessions, document, answer, company=company)
    if outcome.is_duplicate(answer):
        document = reconcile(document_id, company=company)  # 204/539/E0014: ask, never resend
        if document.status == DocumentStatus.PENDENTE:
            outcome.settle_duplicate_number(rt.sessions, document_id, answer)
        document = load_document(document_id)
    failure = None
    if document.status == DocumentStatus.NAO_ENVIADA and isinstance(answer, NotSent):
        failure = not_delivered.api_error(answer, creds.a1)
    return Issued(document, replay=False, not_delivered=failure)


__all__ = ["Issued", "issue", "look_up", "prepare", "reconcile", "request_for", "transmit"]
