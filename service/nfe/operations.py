"""NF-e / NFC-e use cases: issue, read (reconciling what is pending) and render.

`issue` runs the three phases of DESIGN.md's "one issuance": decide and prepare (no lock),
accept (one transaction: order, number, charge, signed XML), transmit and record (one
transaction for the answer). Everything a caller can observe comes from stored rows, so a
replay renders exactly what the first request would render now.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from documents.transmission.outcome import NotSent
from service import clock, runtime
from service.auth import Credential
from service.companies.models import Company
from service.companies.resolver import effective_environment, visible_environments
from service.db import transaction
from service.errors import ApiError
from service.issuance import idempotency, not_delivered
from service.issuance.credentials import credentials_for
from service.issuance.models import UNRESOLVED, DocumentEvent, DocumentStatus, FiscalDocument
from service.nfe import assemble, transmit
from service.nfe.acceptance import (
    KIND,
    MODULE,
    Accepted,
    Request,
    accept,
    current_document,
    find_order,
)

API_PREFIX = "/api/v1"


@dataclass(frozen=True)
class Issued:
    document: FiscalDocument
    replay: bool
    not_delivered: ApiError | None = None
    """Set when this request's transmission never reached the authority (NAO_ENVIADA)."""


def stale_after() -> dt.timedelta:
    """How long a PROCESSANDO document may be silent before it is presumed abandoned."""
    rt = runtime.current()
    transmission = rt.authority.transmission
    seconds = transmission.connect_timeout + transmission.read_timeout
    return dt.timedelta(seconds=seconds + rt.settings.processing_grace_seconds)


def _request(
    company: Company, credential: Credential, body: dict[str, Any], modelo: str
) -> Request:
    settings = runtime.current().settings
    return Request(
        company=company,
        modulo=MODULE[modelo],
        modelo=modelo,
        ambiente=effective_environment(company, credential).value,
        pedido=body["pedido"],
        body=body,
        fingerprint=idempotency.fingerprint(body),
        key_id=credential.key_id,
        price=settings.prices[KIND[modelo]],
    )


def _early_replay(req: Request, now: dt.datetime) -> str | None:
    """A request for an existing order is answered before any work when it is a replay."""
    session = runtime.db()
    order = find_order(session, req)
    if order is None:
        return None
    current = current_document(session, order)
    decision = idempotency.decide(
        order, current, req.fingerprint, now=now, stale_after=stale_after()
    )
    return current.id if decision is idempotency.Decision.REPLAY and current else None


def _queued_first(req: Request) -> None:
    """A queued request for this order without a document yet: it goes first (409)."""
    from service.queue.operations import open_task_without_document

    task = open_task_without_document(
        runtime.db(), req.company.id, KIND[req.modelo], req.ambiente, req.pedido
    )
    if task is not None:
        raise ApiError(
            "REQUEST_IN_PROGRESS", body={"solicitacao_id": task.id, "status": task.status}
        )


def _accept(req: Request, draft: assemble.Draft, now: dt.datetime) -> Accepted:
    rt = runtime.current()
    creds = credentials_for(req.company, now)
    runtime.end_request_transaction()
    try:
        with transaction(rt.sessions) as session:
            return accept(session, req, draft, creds, now=now, stale_after=stale_after())
    except IntegrityError:
        # A concurrent first request for the same order committed between our read and insert.
        with transaction(rt.sessions) as session:
            order = find_order(session, req)
            current = current_document(session, order) if order else None
            if order is None or current is None:
                raise
            idempotency.decide(order, current, req.fingerprint, now=now, stale_after=stale_after())
            return Accepted(current.id, replay=True)


def issue(company: Company, credential: Credential, body: dict[str, Any], modelo: str) -> Issued:
    """POST /nfe and /nfce."""
    now = clock.utc_now()
    req = _request(company, credential, body, modelo)
    replayed = _early_replay(req, now)
    if replayed is not None:
        runtime.end_request_transaction()
        return Issued(reconcile(replayed), replay=True)
    _queued_first(req)
    runtime.end_request_transaction()
    draft = assemble.draft(
        runtime.db(),
        company,
        body,
        modelo=modelo,
        ambiente=req.ambiente,
        today=clock.operation_date(company.uf, now),
    )
    accepted = _accept(req, draft, now)
    if accepted.replay:
        return Issued(reconcile(accepted.document_id), replay=True)
    return _transmit(accepted.document_id, company)


def _transmit(document_id: str, company: Company) -> Issued:
    rt = runtime.current()
    creds = credentials_for(company, dt.datetime.now(dt.UTC))
    runtime.end_request_transaction()
    document = _load(document_id)
    client = transmit.client_for(rt.authority, creds, document, str(company.uf))
    outcome = transmit.send(client, document.xml_assinado)
    transmit.record(rt.sessions, document_id, outcome)
    if transmit.is_duplicate(outcome):
        document = reconcile(document_id, company=company)  # 204/539: ask, never resend
        if document.status == DocumentStatus.PENDENTE:
            transmit.settle_duplicate_number(rt.sessions, document_id, outcome)
    document = _load(document_id)
    failure = None
    if document.status == DocumentStatus.NAO_ENVIADA and isinstance(outcome, NotSent):
        failure = not_delivered.api_error(outcome, creds.a1)
    return Issued(document, replay=False, not_delivered=failure)


def _load(document_id: str) -> FiscalDocument:
    with transaction(runtime.current().sessions) as session:
        document = session.get(FiscalDocument, document_id)
        assert document is not None
        return document


def reconcile(document_id: str, *, company: Company | None = None) -> FiscalDocument:
    """Resolve a PENDENTE (or abandoned PROCESSANDO) document by querying its key, within the
    hourly query budget; never by sending it again."""
    runtime.end_request_transaction()
    document = _load(document_id)
    if document.status not in UNRESOLVED:
        return document
    rt = runtime.current()
    now = dt.datetime.now(dt.UTC)
    company = company or runtime.db().get(Company, document.company_id)
    assert company is not None
    try:
        creds = credentials_for(company, now)
    except ApiError:
        return document  # no usable certificate: cannot ask; stays as it is
    finally:
        runtime.end_request_transaction()
    if not transmit.reserve_query(rt.sessions, document_id, now, stale_after()):
        return _load(document_id)
    client = transmit.client_for(rt.authority, creds, document, str(company.uf))
    transmit.apply_query(rt.sessions, document_id, client.query(document.chave))
    return _load(document_id)


def find_document(
    credential: Credential, company: Company, modulo: str, document_id: str
) -> FiscalDocument:
    """A document of the selected company (hence of the key's account) in an environment the
    key may see, else 404: another company of the same account is no exception."""
    document = runtime.db().get(FiscalDocument, document_id)
    visible = document is not None and (
        document.account_id == credential.account_id
        and document.company_id == company.id
        and document.modulo == modulo
        and document.ambiente in visible_environments(credential)
    )
    if not visible or document is None:
        raise ApiError("DOCUMENTO_NAO_ENCONTRADO")
    return document


def find_event(document: FiscalDocument, event_id: str) -> DocumentEvent:
    """An event of this document (an id of another document's event is 404, like an unknown
    one: the document found by `find_document` is the only scope)."""
    event = runtime.db().get(DocumentEvent, event_id)
    if event is None or event.documento_id != document.id:
        raise ApiError("NAO_ENCONTRADO", "Evento não encontrado neste documento.")
    return event


def events_of(document_id: str) -> list[DocumentEvent]:
    query = select(DocumentEvent).where(DocumentEvent.documento_id == document_id)
    return list(runtime.db().execute(query.order_by(DocumentEvent.created_at)).scalars())


def render_event(event: DocumentEvent) -> dict[str, Any]:
    return {
        "id": event.id,
        "tipo": event.tipo,
        "sequencia": event.sequencia,
        "status": event.status,
        "protocolo": event.protocolo,
        "texto": event.texto,
        "criado_em": _iso(event.created_at),
    }


def _iso(moment: dt.datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def links(document: FiscalDocument) -> dict[str, str]:
    base = f"{API_PREFIX}/{document.modulo}/{document.id}"
    pdf = "danfce" if document.modelo == "65" else "danfe"
    return {"xml": f"{base}/xml", "danfe": f"{base}/{pdf}"}


def render(document: FiscalDocument, *, with_events: bool = False) -> dict[str, Any]:
    """The document resource (spec: id, status, numero, serie, chave, protocolo, xml, danfe)."""
    has_xml = document.xml_autorizado is not None and document.status in (
        DocumentStatus.AUTORIZADA,
        DocumentStatus.CANCELADA,
    )
    data: dict[str, Any] = {
        "id": document.id,
        "status": document.status,
        "pedido": document.pedido,
        "modelo": document.modelo,
        "ambiente": document.ambiente,
        "numero": document.numero,
        "serie": document.serie,
        "chave": document.chave,
        "protocolo": document.protocolo,
        "valor_total": document.valor_total,
        "sefaz_code": document.sefaz_code,
        "sefaz_mensagem": document.sefaz_mensagem,
        **(links(document) if has_xml else {"xml": None, "danfe": None}),
        "criado_em": _iso(document.created_at),
        "autorizado_em": _iso(document.autorizado_em),
        "cancelado_em": _iso(document.cancelado_em),
    }
    if with_events:
        data["eventos"] = [render_event(e) for e in events_of(document.id)]
    return data
