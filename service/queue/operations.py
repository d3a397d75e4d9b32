"""Queue use cases on the request side: accept a task, read, list, cancel and reprocess it.

Accepting is steps 1-2 of DESIGN.md's issuance plus the balance check: the body is validated,
the task claims the order's key (company + document + environment + `pedido`, a unique
constraint) and holds the price; the engine, numbering, signing and transmission run in the
worker (`service.queue.work`). Adoption lets the same worker reconcile documents that a
synchronous request left PENDENTE.
"""

from __future__ import annotations

import datetime as dt
import functools
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import bindparam, exists, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from service import clock, runtime
from service.auth import Credential
from service.companies.models import Company
from service.companies.operations import place as place_company
from service.companies.resolver import effective_environment, visible_environments
from service.db import transaction, utcnow
from service.errors import ApiError
from service.ids import new_id
from service.issuance import idempotency, registry
from service.issuance.family import Family
from service.issuance.models import UNRESOLVED, DocumentStatus, FiscalDocument, Order
from service.issuance.reconcile import stale_after
from service.notify.publish import task_summary
from service.pagination import Ordering, Page, paginate, within_period
from service.queue import states
from service.queue.dispatch import after_commit
from service.queue.lookup import find_task, task_key
from service.queue.models import FiscalTask, TaskOrigin, TaskStatus, TaskTransition
from service.wallet.operations import InsufficientBalance, hold_for_issuance, release

S = TaskStatus

KNOWN_DOCUMENTS = ("NFE", "NFCE", "NFSE", "CTE", "CTEOS", "MDFE")
"""The spec's documents; those no family issues yet answer 501 `DOCUMENTO_NAO_SUPORTADO`."""

__all__ = ["FiscalTask", "adopt_orphans", "enqueue", "render"]

CANCELLABLE = frozenset(
    {S.RECEBIDA, S.AGUARDANDO_TRANSMISSAO, S.FALHA_TEMPORARIA, S.ACAO_NECESSARIA}
)
"""Before transmission: no document (number, key, debit) exists for the attempt yet."""

ADOPTION_BATCH = 100


@dataclass(frozen=True)
class Enqueued:
    """The answer to an async request: a task, or the synchronous document of the same order."""

    task_id: str | None
    replay: bool
    document_id: str | None = None
    answer: dict[str, Any] | None = None
    """The new task rendered in the transaction that made it (nothing to read again)."""


def family_of(documento: str) -> Family:
    """The family that issues `documento`, or 501 while none does."""
    try:
        return registry.by_documento(documento)
    except registry.UnknownFamily:
        raise ApiError("DOCUMENTO_NAO_SUPORTADO", body={"documento": documento}) from None


def _hold(session: Session, company: Company, price: Decimal) -> Decimal:
    try:
        return hold_for_issuance(session, company.account_id, price)
    except InsufficientBalance as exc:
        raise ApiError(
            "SALDO_INSUFICIENTE", body={"saldo": str(exc.saldo), "preco": str(exc.preco)}
        ) from exc


def _arm(session: Session, task: FiscalTask, company: Company, motivo: str) -> TaskTransition:
    """Make the task a fresh request: RECEBIDA, due now, errors cleared, price held; answers
    the history's new row."""
    task.falhas, task.nao_recebido_desde, task.nao_recebido_vezes = 0, None, 0
    task.ultimo_erro_codigo = task.ultimo_erro_mensagem = task.ultimo_erro_detalhes = None
    task.proxima_tentativa_em = utcnow()
    price = Decimal(task.preco)
    task.reservado = price  # what the hold takes from a limited account: written with the row
    step = states.move(session, task, S.RECEBIDA, motivo)
    session.flush()  # for a new task, the unique constraint decides concurrent requests here
    held = _hold(session, company, price)  # last: the wallet row stays locked until the commit
    if held != price:
        task.reservado = held  # an unlimited account: nothing held
    after_commit(session, "fiscal", task.id)
    return step


def _new_task(
    company: Company, credential: Credential, documento: str, raw: dict[str, Any], digest: str
) -> FiscalTask:
    settings = runtime.current().settings
    return FiscalTask(
        id=new_id("sol"),
        account_id=company.account_id,
        company_id=company.id,
        documento=documento,
        ambiente=effective_environment(company, credential).value,
        pedido=raw["pedido"],
        origem=TaskOrigin.API.value,
        fingerprint=digest,
        requisicao=raw,
        status=None,
        preco=settings.prices[documento],
        criado_por_chave_id=credential.key_id,
    )


def _order_state(session: Session, task: FiscalTask) -> tuple[str | None, str | None]:
    """One statement: the order's task, if one exists, and the document a synchronous request
    already made for the order, if any (one that never reached the authority, NAO_ENVIADA, is
    not an answer: the task sends it again)."""
    params = {
        "p_company_id": task.company_id, "p_documento": task.documento,
        "p_modulo": task.documento.lower(), "p_ambiente": task.ambiente, "p_pedido": task.pedido,
    }  # fmt: skip
    task_id, document_id = session.execute(_order_state_statement(), params).one()
    return task_id, document_id


@functools.cache
def _order_state_statement() -> Any:
    """Built once per process: `_order_state`'s two scalar subqueries, values bound per call."""
    names = ("company_id", "documento", "ambiente", "pedido")
    key: list[Any] = [bindparam(f"p_{name}") for name in names]
    task = select(FiscalTask.id).where(*task_key(*key)).scalar_subquery()
    document = (
        select(Order.documento_id)
        .join(FiscalDocument, FiscalDocument.id == Order.documento_id)
        .where(
            Order.company_id == bindparam("p_company_id"),
            Order.modulo == bindparam("p_modulo"),
            Order.ambiente == bindparam("p_ambiente"),
            Order.pedido == bindparam("p_pedido"),
            FiscalDocument.status != DocumentStatus.NAO_ENVIADA.value,
        )
        .scalar_subquery()
    )
    return select(task, document)


def _existing(
    session: Session, task: FiscalTask, company: Company, raw: dict[str, Any], digest: str
) -> Enqueued:
    """A request for a task that exists: replay, a corrected re-send, or a reused key."""
    if digest == task.fingerprint:
        return Enqueued(task.id, replay=True)
    if task.status not in (S.REJEITADA, S.CANCELADA, S.ERRO):
        raise ApiError(
            "IDEMPOTENCY_KEY_REUSED",
            "Este pedido já foi usado com outro conteúdo.",
            body={"solicitacao_id": task.id, "status": task.status},
        )
    task.fingerprint, task.requisicao, task.documento_id = digest, raw, None
    _arm(session, task, company, "reenvio do pedido com conteúdo corrigido")
    return Enqueued(task.id, replay=False)


def enqueue(
    company: Company, credential: Credential, documento: str, body: dict[str, Any], raw: Any
) -> Enqueued:
    """Accept an async issuance in one transaction (202), or name what already exists."""
    family = family_of(documento)
    digest = idempotency.fingerprint(body)
    raw = dict(raw)
    raw.pop("documento", None)
    fresh = _new_task(company, credential, documento, raw, digest)
    refuse_what_cannot_be_issued(family, company, fresh, body)
    runtime.end_request_transaction()
    try:
        with transaction(runtime.current().sessions) as session:
            place_company(session, company)
            return _claim(session, fresh, company, raw, digest)
    except IntegrityError:
        with transaction(runtime.current().sessions) as session:  # a concurrent first request won
            place_company(session, company)
            return _claim(session, fresh, company, raw, digest)


REFUSED_AT_ONCE = frozenset({"VALIDATION_ERROR"})
"""What the family's decision can answer about the request's own content: the client learns
it with the same 422 a synchronous call gives, before a task exists. Anything a person can fix
later without changing the request (configuration, certificate, a review) is accepted and waits
in ACAO_NECESSARIA, as before."""


def refuse_what_cannot_be_issued(
    family: Family, company: Company, fresh: FiscalTask, body: dict[str, Any]
) -> None:
    """Run the family's decision (`prepare`: registers, engine, layout data; no lock, number or
    charge) on a new request, so every validation the synchronous path raises is raised before
    the 202. A request for an order that already has a task or a document is not judged here:
    its replay is answered as it was, whatever changed since."""
    today = clock.operation_date(company.uf, clock.utc_now())
    try:
        family.prepare(runtime.db(), company, body, fresh.ambiente, today)
    except ApiError as exc:
        if exc.code not in REFUSED_AT_ONCE or _order_state(runtime.db(), fresh) != (None, None):
            return
        raise


def _claim(
    session: Session, fresh: FiscalTask, company: Company, raw: dict[str, Any], digest: str
) -> Enqueued:
    task_id, document_id = _order_state(session, fresh)
    if task_id is not None:
        task = find_task(
            session, company.id, fresh.documento, fresh.ambiente, fresh.pedido, lock=True
        )
        if task is not None:
            return _existing(session, task, company, raw, digest)
    if document_id is not None:
        return Enqueued(None, replay=True, document_id=document_id)
    session.add(fresh)
    step = _arm(session, fresh, company, "solicitação recebida")
    session.flush()  # the row as committed (`updated_at`): the answer is rendered from it
    return Enqueued(fresh.id, replay=False, answer=render(session, fresh, steps=[step]))


# -- reading ------------------------------------------------------------------------------


def find_for(credential: Credential, company: Company, task_id: str) -> FiscalTask:
    """A task of the selected company (hence of the key's account) in an environment the key
    may see, else 404: another company of the same account is no exception."""
    task = runtime.db().get(FiscalTask, task_id)
    if (
        task is None
        or task.account_id != credential.account_id
        or task.company_id != company.id
        or task.ambiente not in visible_environments(credential)
    ):
        raise ApiError("SOLICITACAO_NAO_ENCONTRADA")
    return task


def history(session: Session, task_id: str) -> list[TaskTransition]:
    query = select(TaskTransition).where(TaskTransition.task_id == task_id)
    return list(session.execute(query.order_by(TaskTransition.id)).scalars())


def _iso(moment: dt.datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def render(
    session: Session,
    task: FiscalTask,
    *,
    with_history: bool = True,
    steps: list[TaskTransition] | None = None,
) -> dict[str, Any]:
    """The task resource (docs "Queue"): status, attempts, last error, document, history
    (`steps`: the whole history when the caller has it, as for a task it just created)."""
    summary = task_summary(session, task)
    waiting = task.status in states.OPEN
    data: dict[str, Any] = {
        "solicitacao_id": task.id,
        "status": task.status,
        "documento": task.documento,
        "pedido": task.pedido,
        "empresa_id": task.company_id,
        "ambiente": task.ambiente,
        "origem": task.origem,
        "tentativas": task.tentativas,
        "proxima_tentativa_em": _iso(task.proxima_tentativa_em) if waiting else None,
        "ultimo_erro": _last_error(task),
        "documento_id": task.documento_id,
        "documento_status": summary["documento_status"],
        "chave": summary.get("chave"),
        "numero": summary.get("numero"),
        "serie": summary.get("serie"),
        "links": summary["links"],
        "criado_em": _iso(task.created_at),
        "atualizado_em": _iso(task.updated_at),
        "finalizada_em": _iso(task.finalizada_em),
    }
    if with_history:
        data["historico"] = [
            {"de": t.de, "para": t.para, "motivo": t.motivo, "em": _iso(t.em)}
            for t in (steps if steps is not None else history(session, task.id))
        ]
    return data


def _last_error(task: FiscalTask) -> dict[str, Any] | None:
    if not task.ultimo_erro_codigo:
        return None
    return {
        "codigo": task.ultimo_erro_codigo,
        "mensagem": task.ultimo_erro_mensagem,
        **(task.ultimo_erro_detalhes or {}),
    }


def documents_of(session: Session, tasks: list[FiscalTask]) -> list[FiscalDocument]:
    """The documents of a page of tasks, read in one query: `render` looks each up by id
    (`session.get`), which the identity map then answers without a query per task. The caller
    keeps the list while rendering (the identity map only holds weak references)."""
    ids = [t.documento_id for t in tasks if t.documento_id]
    if not ids:
        return []
    return list(session.execute(select(FiscalDocument).where(FiscalDocument.id.in_(ids))).scalars())


def listed(credential: Credential, company: Company, args: dict[str, Any]) -> Page:
    """The selected company's tasks the key may see, newest first (filters: status,
    documento, pedido, de, ate). As for documents (`documents.listed`): one range of
    `ix_fiscal_tasks_list`, `…_list_status` or, for a test key, `…_list_ambiente`; the
    account a guard on the page's rows."""
    query = select(FiscalTask).where(FiscalTask.company_id == company.id)
    if credential.is_test:
        query = query.where(FiscalTask.ambiente.in_(visible_environments(credential)))
    for name in ("status", "documento", "pedido"):
        if args.get(name):
            query = query.where(getattr(FiscalTask, name) == args[name])
    query = within_period(query, FiscalTask.created_at, args)
    order = Ordering("solicitacoes", FiscalTask.created_at, FiscalTask.id)
    guard = [FiscalTask.account_id == credential.account_id]
    return paginate(runtime.db(), query, args, order, guard=guard)


# -- client actions -----------------------------------------------------------------------


def _locked(session: Session, task_id: str) -> FiscalTask:
    query = select(FiscalTask).where(FiscalTask.id == task_id).with_for_update()
    return session.execute(query).scalar_one()


def cancel(credential: Credential, company: Company, task_id: str) -> str:
    """CANCELADA, only while nothing was transmitted (never a fiscal cancellation)."""
    find_for(credential, company, task_id)
    runtime.end_request_transaction()
    with transaction(runtime.current().sessions) as session:
        task = _locked(session, task_id)
        if task.status not in CANCELLABLE or task.documento_id is not None:
            raise ApiError("SOLICITACAO_NAO_CANCELAVEL", body={"status": task.status})
        release(session, task.account_id, Decimal(task.reservado))
        task.reservado = Decimal("0.00")
        states.move(session, task, S.CANCELADA, "cancelada pelo cliente antes da transmissão")
        return task.id


def reprocess(credential: Credential, company: Company, task_id: str) -> str:
    """ACAO_NECESSARIA -> back to work, after the configuration was fixed."""
    find_for(credential, company, task_id)
    runtime.end_request_transaction()
    with transaction(runtime.current().sessions) as session:
        task = _locked(session, task_id)
        if task.status != S.ACAO_NECESSARIA:
            raise ApiError("SOLICITACAO_NAO_REPROCESSAVEL", body={"status": task.status})
        document = session.get(FiscalDocument, task.documento_id) if task.documento_id else None
        if document is None or document.status not in UNRESOLVED:
            owner = session.get(Company, task.company_id)
            assert owner is not None
            task.documento_id = None
            _arm(session, task, owner, "reprocessamento pedido pelo cliente")
            return task.id
        task.falhas, task.proxima_tentativa_em = 0, utcnow()
        states.move(session, task, S.AGUARDANDO_RETORNO, "reprocessamento: consultar a autoridade")
        after_commit(session, "fiscal", task.id)
        return task.id


# -- adoption (sweeper) -------------------------------------------------------------------


def adopt_orphans(now: dt.datetime) -> int:
    """Open a reconciliation task for every PENDENTE (or abandoned PROCESSANDO) document that
    no task follows: a synchronous request that answered 202, or a process that died."""
    rt = runtime.current()
    with transaction(rt.sessions) as session:
        followed = exists().where(FiscalTask.documento_id == FiscalDocument.id)
        stale = FiscalDocument.updated_at < now - stale_after()
        query = (
            select(FiscalDocument)
            .where(
                ~followed,
                (FiscalDocument.status == DocumentStatus.PENDENTE.value)
                | ((FiscalDocument.status == DocumentStatus.PROCESSANDO.value) & stale),
            )
            .limit(ADOPTION_BATCH)
        )
        adopted = 0
        for document in session.execute(query).scalars():
            adopted += _adopt(session, document, now)
        return adopted


def _adopt(session: Session, document: FiscalDocument, now: dt.datetime) -> int:
    documento = registry.by_module(document.modulo).documento
    if find_task(
        session, document.company_id, documento, document.ambiente, document.pedido, lock=False
    ):
        return 0  # the order's task exists and will get to it
    task = FiscalTask(
        id=new_id("sol"),
        account_id=document.account_id,
        company_id=document.company_id,
        documento=documento,
        ambiente=document.ambiente,
        pedido=document.pedido,
        origem=TaskOrigin.RECONCILIACAO.value,
        fingerprint=document.fingerprint,
        requisicao=document.requisicao,
        status=None,
        preco=Decimal("0.00"),
        documento_id=document.id,
        proxima_tentativa_em=now,
    )
    session.add(task)
    states.move(session, task, S.AGUARDANDO_RETORNO, "documento pendente sem acompanhamento")
    after_commit(session, "fiscal", task.id)
    return 1
