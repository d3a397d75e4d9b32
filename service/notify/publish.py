"""What fiscal state changes tell the outside world: webhook events and notification e-mails.

Called inside the transaction that changes the state, so the outbox rows commit (or vanish)
with it. Document changes produce the per-module events (`nfe.authorized`, ...) for synchronous
and queued issuances alike; task changes produce the queue's `fiscal.document.*` events. Mail
follows the document for official results and the task for "action required".
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from sqlalchemy.orm import Session

from engine.context import RURAL_CONTEXT
from service.companies.models import Module
from service.companies.operations import placed_or_get
from service.issuance import registry
from service.issuance.models import DocumentStatus, FiscalDocument
from service.nfe import rural
from service.queue.models import FiscalTask, TaskStatus
from service.urls import API_PREFIX

DOCUMENT_EVENTS = {
    DocumentStatus.PENDENTE: ("processing", "pendente"),
    DocumentStatus.AUTORIZADA: ("authorized", "autorizada"),
    DocumentStatus.REJEITADA: ("rejected", "rejeitada"),
    DocumentStatus.DENEGADA: ("rejected", "rejeitada"),
    DocumentStatus.CANCELADA: ("cancelled", None),
    DocumentStatus.ENCERRADA: ("closed", None),
}
"""Document status -> (webhook suffix, mail kind or None); the kind is the family's (`nfe.`,
`nfse.`, ... `mdfe.closed`)."""

CONTINGENCY_REJECTED = "contingencia_rejeitada"
"""Also sent when a document handed out in contingency is refused at its later transmission:
it circulated, so the issuer must act (cancel the sale, issue a replacement)."""

TASK_EVENTS = {
    TaskStatus.RECEBIDA: ("queued", None),
    TaskStatus.AGUARDANDO_RETORNO: ("pending", None),
    TaskStatus.AUTORIZADA: ("authorized", None),
    TaskStatus.REJEITADA: ("rejected", None),
    TaskStatus.ACAO_NECESSARIA: ("action_required", "acao_necessaria"),
    TaskStatus.CANCELADA: ("cancelled", None),
    TaskStatus.ERRO: ("error", "rejeitada"),
}
"""Task status -> (`fiscal.document.*` suffix, mail kind or None). A task in ERRO has no
document to carry the rejection's mail, so the task sends it, to those who asked for
rejections (`rejeitada`)."""


def document_links(document: FiscalDocument) -> dict[str, str]:
    base = f"{API_PREFIX}/{document.modulo}/{document.id}"
    pdf = registry.by_module(document.modulo).pdf_name
    return {"documento": base, "xml": f"{base}/xml", pdf: f"{base}/{pdf}"}


def _context(session: Session, company_id: str) -> dict[str, str]:
    """A rural producer's documents say so: `context` (the spec's name) and `contexto`."""
    company = placed_or_get(session, company_id)
    if company is None:
        return {}
    if not (rural.is_rural(company) or Module.RURAL.value in (company.modulos or [])):
        return {}
    return {"context": RURAL_CONTEXT, "contexto": RURAL_CONTEXT}


def document_summary(session: Session, document: FiscalDocument) -> dict[str, Any]:
    """The thin payload: what the document is and where to fetch it; never XML or secrets."""
    return {
        "id": document.id,
        "documento": registry.by_module(document.modulo).documento,
        "status": document.status,
        "chave": document.chave,
        "numero": document.numero,
        "serie": document.serie,
        "pedido": document.pedido,
        "ambiente": document.ambiente,
        "protocolo": document.protocolo,
        "sefaz_code": document.sefaz_code,
        "sefaz_mensagem": document.sefaz_mensagem,
        "links": document_links(document),
        **_purpose(document),
        **_context(session, document.company_id),
    }


def _purpose(document: FiscalDocument) -> dict[str, Any]:
    """An NF-e/NFC-e names its purpose (`finalidade` 1 normal, 2 complementar, 3 ajuste,
    4 devolução) and direction (`tipo_operacao` 0 entrada, 1 saída), as its resource does."""
    resumo = document.resumo or {}
    return {k: resumo[k] for k in ("finalidade", "tipo_operacao") if resumo.get(k) is not None}


def task_summary(session: Session, task: FiscalTask) -> dict[str, Any]:
    document = session.get(FiscalDocument, task.documento_id) if task.documento_id else None
    base: dict[str, Any] = (
        document_summary(session, document) if document else {"id": None, "pedido": task.pedido}
    )
    detalhes = task.ultimo_erro_detalhes or {}
    return {
        **base,
        "documento": task.documento,
        "ambiente": task.ambiente,
        "solicitacao_id": task.id,
        "solicitacao_status": task.status,
        "documento_status": document.status if document else None,
        "status": task.status,
        "erro": {"codigo": task.ultimo_erro_codigo, "mensagem": task.ultimo_erro_mensagem}
        if task.ultimo_erro_codigo
        else None,
        "motivos": detalhes.get("motivos") or detalhes.get("missing") or [],
        "links": {
            "solicitacao": f"{API_PREFIX}/fiscal/solicitacoes/{task.id}",
            **(base.get("links") or {}),
        },
        **_context(session, task.company_id),
    }


def _handed_out(document: FiscalDocument) -> bool:
    """Issued offline or under EPEC: it circulated before the authority saw it."""
    table = registry.by_module(document.modulo).contingency
    return bool(document.contingencia_id) and table is not None and table.handed_out(
        document.tp_emis)  # fmt: skip


def document_changed(session: Session, document: FiscalDocument, before: str | None) -> None:
    """Outbox rows for a document whose status just changed from `before`."""
    if document.status == before or document.status not in DOCUMENT_EVENTS:
        return
    suffix, mail_kind = DOCUMENT_EVENTS[DocumentStatus(document.status)]
    data = functools.cache(lambda: document_summary(session, document))
    _emit(
        session,
        registry.by_module(document.modulo).webhook_kind(suffix),
        document.account_id,
        document.company_id,
        document.ambiente,
        data,
    )
    if suffix == "rejected" and _handed_out(document):
        _emit(session, registry.by_module(document.modulo).webhook_kind(
            CONTINGENCY_REJECTED), document.account_id, document.company_id, document.ambiente,
            data)  # fmt: skip
    if mail_kind:
        _mail(
            session,
            mail_kind,
            document.account_id,
            document.company_id,
            document.ambiente,
            document.id,
            data,
        )


def document_change_announced(session: Session, document: FiscalDocument, to: str) -> bool:
    """Whether `document_changed` writes an outbox row when `document` moves to `to`: a
    webhook subscription wants the event, or someone is to receive its e-mail. It asks the
    same lookups `document_changed` does (cached subscriptions; e-mail preferences only when
    mail is enabled), so a False here means that call would write nothing."""
    from service.notify.mail.outbox import notification_recipients
    from service.notify.webhooks.outbox import event_targets

    if document.status == to or to not in DOCUMENT_EVENTS:
        return False
    suffix, mail_kind = DOCUMENT_EVENTS[DocumentStatus(to)]
    account, company = document.account_id, document.company_id
    kind = registry.by_module(document.modulo).webhook_kind(suffix)
    if event_targets(session, kind, account, company, document.ambiente):
        return True
    return bool(mail_kind and notification_recipients(session, mail_kind, account, company))


def task_moved(session: Session, task: FiscalTask, to: TaskStatus) -> None:
    """Outbox rows for a task that just entered `to` (reconciliation tasks stay silent)."""
    if to not in TASK_EVENTS or task.origem != "API":
        return
    suffix, mail_kind = TASK_EVENTS[to]
    data = functools.cache(lambda: task_summary(session, task))
    _emit(
        session, f"fiscal.document.{suffix}", task.account_id, task.company_id, task.ambiente, data
    )
    if mail_kind:
        reference = task.documento_id or task.id
        _mail(session, mail_kind, task.account_id, task.company_id, task.ambiente, reference, data)


Summary = Callable[[], dict[str, Any]]
"""A payload built on its first call only (`functools.cache`): with no subscriber and no
recipient it is never built (building reads the company and the task's document)."""


def _emit(
    session: Session, tipo: str, account_id: str, company_id: str, ambiente: str, data: Summary
) -> None:
    from service.notify.webhooks.outbox import record_event

    record_event(
        session,
        tipo=tipo,
        account_id=account_id,
        company_id=company_id,
        ambiente=ambiente,
        data=data,
    )


def _mail(
    session: Session,
    kind: str,
    account_id: str,
    company_id: str,
    ambiente: str,
    reference: str,
    summary: Summary,
) -> None:
    from service.notify.mail.outbox import record_notification

    record_notification(
        session,
        kind=kind,
        account_id=account_id,
        company_id=company_id,
        ambiente=ambiente,
        reference=reference,
        summary=summary,
    )
