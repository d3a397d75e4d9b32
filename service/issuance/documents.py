"""Reading documents of any family: by id within the selected company, locked for an answer,
listed, and rendered as the API shows them. Everything a caller observes comes from stored
rows, so a replay renders exactly what the first request would render now."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.orm import Session

from service import runtime
from service.auth import Credential
from service.companies.models import Company
from service.companies.resolver import visible_environments
from service.db import transaction
from service.errors import ApiError
from service.issuance import registry
from service.issuance.family import Family
from service.issuance.models import DocumentEvent, DocumentStatus, FiscalDocument
from service.pagination import Among, Ordering, Page, paginate, within_period
from service.storage.documents import authorized_xml, has_authorized, signed_xml
from service.urls import API_PREFIX

WITH_XML = (DocumentStatus.AUTORIZADA, DocumentStatus.CANCELADA, DocumentStatus.ENCERRADA)
"""Statuses whose document has an authorized XML (and so its files)."""


def lock_document(session: Session, document_id: str) -> FiscalDocument:
    """The document under `SELECT ... FOR UPDATE` (serialized by BEGIN IMMEDIATE on SQLite)."""
    query = select(FiscalDocument).where(FiscalDocument.id == document_id).with_for_update()
    return session.execute(query).scalar_one()


def load_document(document_id: str) -> FiscalDocument:
    """A fresh copy of the document, read in its own short transaction."""
    with transaction(runtime.current().sessions) as session:
        document = session.get(FiscalDocument, document_id)
        assert document is not None
        return document


def find_document(
    credential: Credential, company: Company, family: Family, document_id: str
) -> FiscalDocument:
    """A document of the family and the selected company (hence of the key's account) in an
    environment the key may see, else the family's 404: another company is no exception."""
    document = runtime.db().get(FiscalDocument, document_id)
    visible = document is not None and (
        document.account_id == credential.account_id
        and document.company_id == company.id
        and document.modulo == family.module
        and document.ambiente in visible_environments(credential)
    )
    if not visible or document is None:
        raise ApiError(family.not_found)
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


def listed(credential: Credential, company: Company, family: Family, args: dict[str, Any]) -> Page:
    """The company's documents of the family, newest first (filters: status, pedido, de, ate).
    The company was resolved within the key's account, so the account guards the page's rows
    instead of filtering the scan (a column outside the list indexes)."""
    query = select(FiscalDocument).where(
        FiscalDocument.company_id == company.id, FiscalDocument.modulo == family.module
    )
    if args.get("pedido"):
        query = query.where(FiscalDocument.pedido == args["pedido"])
    query, among = _visible_with_status(within_period(query, FiscalDocument.created_at, args),
                                        credential, family, args.get("status"))  # fmt: skip
    order = Ordering(family.module, FiscalDocument.created_at, FiscalDocument.id)
    guard = [FiscalDocument.account_id == credential.account_id]
    return paginate(runtime.db(), query, args, order, among=among, guard=guard)


def _visible_with_status(
    query: Select[Any], credential: Credential, family: Family, status: str | None
) -> tuple[Select[Any], list[Among]]:
    """Each page is one range of a list index: a live key sees every environment
    (`ix_fiscal_documents_list`, or `…_list_status` with a status: two ranges merged for a
    status that stands for two), a test key homologation's alone (`…_list_ambiente`, which
    carries the status it filters on)."""
    among = [Among(FiscalDocument.status, stored_statuses(family, status))] if status else []
    if not credential.is_test:
        return query, among
    environments = Among(FiscalDocument.ambiente, visible_environments(credential))
    return query.where(environments.clause(), *(a.clause() for a in among)), []


def stored_statuses(family: Family, shown: str) -> tuple[str, ...]:
    """The stored statuses a listed `status` stands for: the family's uncertain name (NFS-e:
    PROCESSANDO) covers both PROCESSANDO and PENDENTE, as `render` shows them."""
    if shown == family.uncertain_status:
        return (DocumentStatus.PROCESSANDO.value, DocumentStatus.PENDENTE.value)
    return (shown,)


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


def has_xml(document: FiscalDocument) -> bool:
    if document.status == DocumentStatus.CONTINGENCIA:
        return True  # handed out before its authorization: its signed XML is the document
    return has_authorized(document) and document.status in WITH_XML


def current_xml(document: FiscalDocument) -> bytes:
    """The XML a user downloads: the authorized one, or the signed one of a document handed
    out in contingency before its authorization."""
    if document.status == DocumentStatus.CONTINGENCIA:
        return signed_xml(document)
    authorized = authorized_xml(document)
    assert authorized is not None
    return authorized


def links(document: FiscalDocument) -> dict[str, str]:
    """Where the document's files are (`xml` and the family's PDF name)."""
    family = registry.by_module(document.modulo)
    base = f"{API_PREFIX}/{document.modulo}/{document.id}"
    return {"xml": f"{base}/xml", family.pdf_member: f"{base}/{family.pdf_name}"}


def contingency_of(document: FiscalDocument) -> dict[str, Any]:
    """How a contingency document was issued: its period, tpEmis and transmission deadline."""
    family = registry.by_module(document.modulo)
    table = family.contingency
    handed_out = table is not None and table.handed_out(document.tp_emis)
    tipo = "SVC" if not handed_out else ("EPEC" if table and document.tp_emis == table.epec
                                         else "OFFLINE")  # fmt: skip
    return {
        "tipo": tipo, "tp_emis": document.tp_emis, "periodo_id": document.contingencia_id,
        "prazo_transmissao": _iso(document.contingencia_prazo),
    }  # fmt: skip


def render(document: FiscalDocument, *, with_events: bool = False) -> dict[str, Any]:
    """The document resource (spec: id, status, numero, serie, chave, protocolo, xml, pdf)."""
    family = registry.by_module(document.modulo)
    files = links(document) if has_xml(document) else {"xml": None, family.pdf_member: None}
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
        **files,
        "criado_em": _iso(document.created_at),
        "autorizado_em": _iso(document.autorizado_em),
        "cancelado_em": _iso(document.cancelado_em),
    }
    if document.status == DocumentStatus.PENDENTE:
        data["status"] = family.uncertain_status
    if document.detalhes:
        data["detalhes"] = document.detalhes
    if document.contingencia_id:
        data["contingencia"] = contingency_of(document)
    if with_events:
        data["eventos"] = [render_event(e) for e in events_of(document.id)]
    return family.render(document, data) if family.render else data
