"""The fiscal worker: each claim of a task carries it one step further along the state machine.

Steps (DESIGN.md "one issuance", reliability.md §1.5):
- *prepare*: engine, registers and certificate; then one transaction turns the price hold into
  the debit, fixes number and key, stores the signed XML and moves the task to TRANSMITINDO;
- *transmit*: send the stored bytes with no transaction open; *record* the answer in one
  transaction (document, ledger, task, outbox rows). A request that never reached the authority
  (the document is NAO_ENVIADA, nothing charged) has nothing to query: a refused certificate
  needs a person (ACAO_NECESSARIA; `reprocessar` once a trusted one is installed), anything
  else (connection refused, unknown host) is a temporary failure retried by preparing and
  sending again (same number and key);
- *query*: an unknown answer is resolved by asking for the key, within the hourly budget; the
  authority's "not received" (217) is believed only after the tolerance period, and then the
  same signed XML (same key) is sent again.
A task found TRANSMITINDO with an expired lease belonged to a worker that died mid-send: it is
resumed by querying first, never by sending a new document.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from flask import current_app
from sqlalchemy import select
from sqlalchemy.orm import Session

from documents.transmission.outcome import (
    NotFound,
    NotSent,
    Throttled,
    Uncertain,
    UncertainReason,
)
from service import clock, runtime
from service.companies import operations as companies
from service.companies import snapshots
from service.companies.models import Company
from service.db import transaction, utcnow
from service.errors import ApiError
from service.issuance import (
    automatic_contingency,
    deferred,
    idempotency,
    not_delivered,
    registry,
)
from service.issuance import outcome as transmit
from service.issuance.acceptance import Request, accept, accept_claimed
from service.issuance.credentials import credentials_for
from service.issuance.documents import lock_document
from service.issuance.models import UNRESOLVED, DocumentStatus, FiscalDocument, Order
from service.issuance.reconcile import apply_query, look_up, reserve_query, stale_after
from service.queue import lease, states
from service.queue.dispatch import WorkKind
from service.queue.models import FiscalTask, TaskStatus
from service.queue.retry import RetryPolicy
from service.storage.documents import signed_xml
from service.wallet.operations import release

log = logging.getLogger("service.queue.fiscal")

S = TaskStatus
OPEN_ROWS = FiscalTask.status.in_([s.value for s in states.OPEN])
PREPARABLE = frozenset({S.RECEBIDA, S.AGUARDANDO_TRANSMISSAO, S.FALHA_TEMPORARIA})
RESENT_AFTER = frozenset({UncertainReason.SERVICE_PAUSED, UncertainReason.HTTP_STATUS})
"""Uncertain answers that say the request was not processed (108/109, an HTTP error page):
the same bytes are sent again after a pause. A repeat of something that did get through is
answered 204 (duplicate) and then resolved by query, so this never issues twice."""
ERROR_DETAILS = ("missing", "motivos", "errors", "details", "sefaz_code")
REFUSED_REQUEST = frozenset({"VALIDATION_ERROR"})
"""Errors of the request's own content: as sent it can never be issued (the synchronous call
answers the same 422), so the task ends in ERRO at once instead of waiting for a person."""
INTERRUPTED = "PREPARACAO_INTERROMPIDA"
UNEXPECTED = "ERRO_INTERNO"


def policy() -> RetryPolicy:
    return RetryPolicy(runtime.current().settings.queue_retry_schedule)


# -- claiming -----------------------------------------------------------------------------


def _due(session: Session, now: dt.datetime, limit: int) -> list[str]:
    return lease.due_ids(session, FiscalTask, OPEN_ROWS, now, limit)


def _perform(task_id: str) -> None:
    """One step of one task, in its own app context (its own request-scoped session)."""
    with current_app._get_current_object().app_context():  # type: ignore[attr-defined]
        step = _claim(task_id)
        if step is not None:
            step(task_id)


def _claim(task_id: str) -> Callable[[str], None] | None:
    now = utcnow()
    with transaction(runtime.current().sessions) as session:
        task, abandoned = lease.claim_noting_abandonment(
            session, FiscalTask, task_id, OPEN_ROWS, now=now, duration=stale_after()
        )
        if task is None:
            return None
        if task.status == S.TRANSMITINDO:
            states.move(session, task, S.AGUARDANDO_RETORNO, "transmissão interrompida; consultar")
        document = session.get(FiscalDocument, task.documento_id) if task.documento_id else None
        step = _next_step(TaskStatus(task.status), document)
        if step is not None:
            return step
        if abandoned and _failed_preparation(session, task, INTERRUPTED, "preparação interrompida"):
            return None  # its preparation kept dying: ended (ERRO), never retried forever
        company = _company(session, task)  # read here, not again
        return lambda claimed_id: _prepare(claimed_id, task, company)


def _company(session: Session, task: FiscalTask) -> Company:
    """The task's company as a request resolves it (on PostgreSQL its row version, and the
    row itself only when this process has not cached that version yet)."""
    if snapshots.supported(session):
        found = snapshots.resolve(session, task.account_id, snapshots.BY_ID, id=task.company_id)
        if found:
            return found[0]
    company = session.get(Company, task.company_id)
    assert company is not None
    return company


def _next_step(status: TaskStatus, document: FiscalDocument | None) -> Callable[[str], None] | None:
    """The step for a task with a document to follow; None: prepare it (`_prepare`)."""
    unresolved = document is not None and document.status in UNRESOLVED
    if status is S.AGUARDANDO_RETORNO and document is not None:
        return _query if unresolved else _follow
    if status is S.FALHA_TEMPORARIA and unresolved:
        return _resend
    return None


def _mine(session: Session, task_id: str, allowed: frozenset[TaskStatus]) -> FiscalTask | None:
    """The task under its row lock, if this worker still holds it in an expected state (the
    client may have cancelled it, or a slow step may have outlived the lease)."""
    query = select(FiscalTask).where(FiscalTask.id == task_id).with_for_update()
    task = session.execute(query).scalar_one()
    ours = task.lease_dono == lease.owner() and task.status in allowed
    return task if ours else None


def _read(task_id: str) -> tuple[FiscalTask, Company, FiscalDocument | None]:
    """Fresh copies of the task, its company and its document (a short read transaction)."""
    with transaction(runtime.current().sessions) as session:
        task = session.get(FiscalTask, task_id)
        assert task is not None
        company = session.get(Company, task.company_id)
        assert company is not None
        document = session.get(FiscalDocument, task.documento_id) if task.documento_id else None
        return task, company, document


def _credentials(company: Company, now: dt.datetime) -> Any:
    """The company's signer and TLS context; ApiError when the certificate is missing/expired."""
    try:
        return credentials_for(company, now)
    finally:
        runtime.end_request_transaction()


# -- prepare ------------------------------------------------------------------------------


def _request(task: FiscalTask, company: Company, body: dict[str, Any]) -> Request:
    return Request(
        family=registry.by_documento(task.documento),
        company=company,
        ambiente=task.ambiente,
        pedido=task.pedido,
        body=body,
        requisicao=idempotency.plain(body),
        fingerprint=task.fingerprint,
        key_id=task.criado_por_chave_id or "",
        price=Decimal(task.preco),
        held=Decimal(task.reservado),
    )


def _prepare(task_id: str, task: FiscalTask, company: Company) -> None:
    """Decide taxes and build the document; problems a person must fix -> ACAO_NECESSARIA.
    `task` and `company`: as the claim's transaction read them."""
    now = clock.utc_now()
    try:
        family = registry.by_documento(task.documento)
        body = family.request_loader.load(task.requisicao)
        req = _request(task, company, body)
        today = clock.operation_date(company.uf, now)
        with transaction(runtime.current().sessions) as session:
            draft = family.prepare(session, company, body, req.ambiente, today)
        creds = _credentials(company, now)
        try:
            automatic_contingency.before_issuance(family, company, req.ambiente, creds, now)
        finally:
            runtime.end_request_transaction()  # SQLite: a read must not keep the write lock
    except ApiError as exc:
        return _needs_action(task_id, exc)
    except Exception as exc:  # a defect: counted, retried on the schedule, then ended
        return _crashed(task_id, exc)
    try:
        fixed = accept_claimed(
            runtime.current().sessions,
            req,
            lambda session, claimed: _fix_document(
                session, task_id, req, draft, creds, now, claimed
            ),
            before_claim=lambda session: _still_mine(session, task_id),
        )
    except _NotMine:
        return None  # cancelled (or its lease lost) before a number was taken
    except ApiError as exc:
        if exc.code == "REQUEST_IN_PROGRESS":  # a synchronous request of this order is sending
            return _later(task_id, stale_after())
        return _needs_action(task_id, exc)
    except Exception as exc:  # rolled back with the acceptance: nothing was numbered
        return _crashed(task_id, exc)
    return _transmit(task_id, (company, fixed, creds)) if fixed else None


class _NotMine(Exception):
    """The task is no longer this worker's to prepare: no number is taken for it."""


def _still_mine(session: Session, task_id: str) -> None:
    """In the claim's transaction, under the task's row lock: a task the client cancelled
    meanwhile takes no number (a cancellation after the claim leaves the number with the
    order, for the order's next request)."""
    if _mine(session, task_id, PREPARABLE) is None:
        raise _NotMine


def _fix_document(
    session: Session,
    task_id: str,
    req: Request,
    draft: Any,
    creds: Any,
    now: dt.datetime,
    claimed: Order | None = None,
) -> FiscalDocument | None:
    """One transaction: number, key, signed XML, the task's hold handed to the document (it
    becomes the debit when the answer is recorded); the document when there is XML to send."""
    task = _mine(session, task_id, PREPARABLE)
    if task is None:
        return None
    held = Decimal(task.reservado) or None  # none left after an attempt never sent: hold again
    accepted = accept(
        session, req, draft, creds, now=now, stale_after=stale_after(), claimed=claimed,
        held=held,
    )  # fmt: skip
    # the task changes after the document's insert, so its row is written once, at the commit
    task.reservado, task.documento_id = Decimal("0.00"), accepted.document_id
    if accepted.replay:  # another request (a synchronous one) made this order's document
        _follow_the_orders_document(session, task, accepted.document_id, held)
        return None
    if task.status == S.RECEBIDA:
        states.move(session, task, S.AGUARDANDO_TRANSMISSAO, "documento montado e validado")
    task.tentativas += 1
    states.move(session, task, S.TRANSMITINDO, "documento numerado e assinado; enviando")
    assert accepted.document is not None  # a new attempt carries its stored document
    if accepted.document.status == DocumentStatus.CONTINGENCIA:  # handed out; sent later
        _await(session, task, utcnow() + _pause(task), "emitido em contingência; será "
               "transmitido quando a autoridade voltar")  # fmt: skip
        return None
    return accepted.document


def _follow_the_orders_document(
    session: Session, task: FiscalTask, document_id: str, held: Decimal | None
) -> None:
    """The order already has a document another request made (a synchronous request that
    claimed the order before this task was queued): the task's hold is released (that
    document carries its own charge) and the task follows the document, as one awaiting the
    authority's answer does: settled now when the document is final, else queried after a
    pause (the other request may still be sending it)."""
    release(session, task.account_id, held or Decimal("0.00"))
    _await(session, task, utcnow() + _pause(task), "o pedido já tem documento; acompanhá-lo")
    _settle_from_document(session, task, session.get(FiscalDocument, document_id))


# -- transmit and record ------------------------------------------------------------------


def _resend(task_id: str) -> None:
    with transaction(runtime.current().sessions) as session:
        task = _mine(session, task_id, frozenset({S.FALHA_TEMPORARIA, S.AGUARDANDO_RETORNO}))
        if task is None:
            return None
        task.tentativas += 1
        states.move(session, task, S.TRANSMITINDO, "reenvio do mesmo XML assinado (mesma chave)")
    return _transmit(task_id)


Prepared = tuple[Company, FiscalDocument, Any]
"""What the preparation of a task just committed: its company, document and credentials."""


def _transmit(task_id: str, prepared: Prepared | None = None) -> None:
    """Send the stored XML and record the answer. `prepared`: what the preparation of this
    task just committed (nothing to read again), else read fresh."""
    rt = runtime.current()
    if prepared is None:
        _, company, unsent = _read(task_id)
        assert unsent is not None
        try:
            creds = _credentials(company, utcnow())
        except ApiError as exc:
            return _needs_action(task_id, exc)
    else:
        company, unsent, creds = prepared
    if deferred.registers_first(unsent):
        return _register_first(task_id, unsent, company, creds)
    client = transmit.client_for(rt.authority, creds, unsent, company)
    outcome = transmit.send(client, signed_xml(unsent))
    with transaction(rt.sessions) as session:
        companies.place(session, company)
        document = transmit.apply_answer(session, unsent, outcome)
        task = _mine(session, task_id, frozenset({S.TRANSMITINDO}))
        if task is None:
            return None
        if document.status == DocumentStatus.NAO_ENVIADA and isinstance(outcome, NotSent):
            return _not_delivered(session, task, not_delivered.api_error(outcome, creds.a1))
        _settle(session, task, document, outcome)
    return None


def _register_first(task_id: str, unsent: FiscalDocument, company: Company, creds: Any) -> None:
    """A document whose contingency mode registers a prior event (EPEC) before it is handed
    out: registered, the task follows it until its later transmission is answered."""
    document = deferred.register_first(unsent, company, creds)
    with transaction(runtime.current().sessions) as session:
        task = _mine(session, task_id, frozenset({S.TRANSMITINDO}))
        if task is None:
            return None
        if document.status == DocumentStatus.NAO_ENVIADA:
            return _temporary(session, task, ApiError("AUTORIDADE_INACESSIVEL"))
        _settle_from_document(session, task, document)
    return None


def _not_delivered(session: Session, task: FiscalTask, error: ApiError) -> None:
    """Nothing reached the authority: a refused certificate waits for a person; anything else
    is sent again after a pause (preparing again: the document is no longer unresolved)."""
    if error.code != not_delivered.CERTIFICATE_REFUSED:
        return _temporary(session, task, error)
    _error(task, error.code, error.message)
    lease.release(task)
    states.move(session, task, S.ACAO_NECESSARIA, f"ação necessária: {error.code}")
    return None


def _settle(session: Session, task: FiscalTask, document: FiscalDocument, outcome: Any) -> None:
    """The task's next state from the document's (official results) or from the outcome."""
    if document.status not in UNRESOLVED:
        return _settle_from_document(session, task, document)
    if isinstance(outcome, NotSent | Throttled) or _not_processed(outcome):
        return _temporary(session, task, outcome)
    if transmit.is_duplicate(outcome):  # 204/539: the authority holds the key (or the number)
        _error(task, outcome.cStat, outcome.xMotivo)
        return _await(session, task, utcnow(), "duplicidade informada; consultar a chave")
    return _await(session, task, utcnow() + _pause(task), _reason(outcome))


def _not_processed(outcome: Any) -> bool:
    return isinstance(outcome, Uncertain) and outcome.reason in RESENT_AFTER


def _settle_from_document(session: Session, task: FiscalTask, document: Any) -> None:
    lease.release(task)
    status = DocumentStatus(document.status)
    if status in (DocumentStatus.AUTORIZADA, DocumentStatus.CANCELADA):
        oficial = document.protocolo or document.sefaz_code or "autorizada"
        states.move(
            session, task, S.AUTORIZADA, f"autorizada (protocolo {oficial})", oficial=oficial
        )
    elif status in (DocumentStatus.REJEITADA, DocumentStatus.DENEGADA):
        _error(task, document.sefaz_code, document.sefaz_mensagem)
        oficial = document.sefaz_code or status.value
        states.move(
            session, task, S.REJEITADA, f"{status.value.lower()} ({oficial})", oficial=oficial
        )
    elif task.status != S.AGUARDANDO_RETORNO:
        _await(session, task, utcnow() + _pause(task), "documento pendente na autoridade")


def _temporary(session: Session, task: FiscalTask, outcome: Any) -> None:
    """Nothing was processed: try again after a growing pause (the same bytes, or, when nothing
    was delivered, the document prepared again with the same number and key)."""
    task.falhas += 1
    code, message = _failure(outcome)
    _error(task, code, message)
    if policy().exhausted(task.falhas):
        lease.release(task)
        states.move(
            session, task, S.ACAO_NECESSARIA, "tentativas esgotadas; verificar a autoridade"
        )
        return
    pause = policy().delay(task.falhas)
    if isinstance(outcome, Throttled):  # 656: the block restarts with every call; wait it out
        pause = max(pause, dt.timedelta(seconds=outcome.retry_after))
    lease.release(task, next_at=utcnow() + pause)
    states.move(session, task, S.FALHA_TEMPORARIA, f"falha temporária ({code}); nova tentativa")


def _failure(outcome: Any) -> tuple[Any, Any]:
    """(code, message) of a temporary failure: our error, or the authority's answer."""
    if isinstance(outcome, ApiError):
        return outcome.code, outcome.message
    code = getattr(outcome, "cStat", None) or type(outcome).__name__.upper()
    return code, getattr(outcome, "xMotivo", None) or getattr(outcome, "detail", "")


def _await(session: Session, task: FiscalTask, due: dt.datetime, motivo: str) -> None:
    lease.release(task, next_at=due)
    if task.status != S.AGUARDANDO_RETORNO:
        states.move(session, task, S.AGUARDANDO_RETORNO, motivo)


def _pause(task: FiscalTask) -> dt.timedelta:
    """Between key queries: the retry schedule, by how many answers were awaited so far."""
    return policy().delay(max(task.nao_recebido_vezes, task.falhas, 0) + 1)


def _reason(outcome: Any) -> str:
    detail = getattr(outcome, "reason", None) or getattr(outcome, "cStat", None)
    return f"resultado incerto ({detail or type(outcome).__name__}); consultar a chave"


def _error(task: FiscalTask, code: Any, message: Any) -> None:
    task.ultimo_erro_codigo = str(code)[:40] if code else None
    task.ultimo_erro_mensagem = str(message)[:500] if message else None


# -- query --------------------------------------------------------------------------------


def _query(task_id: str) -> None:
    """Ask the authority for the key, within the hourly budget; never send anything new."""
    rt = runtime.current()
    now = utcnow()
    _, company, document = _read(task_id)
    assert document is not None
    try:
        creds = _credentials(company, now)
    except ApiError as exc:
        return _needs_action(task_id, exc)
    if not reserve_query(rt.sessions, document.id, now, stale_after()):
        return _later(task_id, _budget_wait(document.id, now))
    outcome = look_up(document, company, creds)
    believed = apply_query(rt.sessions, document.id, outcome)
    if _after_query(task_id, outcome, believed):
        _resend(task_id)
    return None


def _after_query(task_id: str, outcome: Any, believed: bool) -> bool:
    """Record what the query said; True when the tolerance is over and the XML goes again."""
    now = utcnow()
    with transaction(runtime.current().sessions) as session:
        task = _mine(session, task_id, frozenset({S.AGUARDANDO_RETORNO}))
        if task is None:
            return False
        document = lock_document(session, str(task.documento_id))
        if document.status in UNRESOLVED and isinstance(outcome, NotFound):
            if task.ultimo_erro_codigo == "539":  # our key unknown: the number is another key's
                transmit.reject(session, document, "539", task.ultimo_erro_mensagem or "")
            else:
                task.nao_recebido_vezes += 1  # spaces the next query
                if believed:  # counted on the document (`reconcile.believe_not_received`)
                    task.nao_recebido_vezes = 0
                    return True
        if document.status not in UNRESOLVED:
            _settle_from_document(session, task, document)
        else:
            _await(session, task, now + _pause(task), _reason(outcome))
        return False


def _budget_wait(document_id: str, now: dt.datetime) -> dt.timedelta:
    """Until the key's query window reopens (or the in-flight sender's grace has passed)."""
    with transaction(runtime.current().sessions) as session:
        document = session.get(FiscalDocument, document_id)
        start = document.consultas_janela_inicio if document else None
    reopens = (start + dt.timedelta(hours=1) - now) if start else stale_after()
    return max(reopens, dt.timedelta(seconds=1))


def _follow(task_id: str) -> None:
    """The document was resolved elsewhere (a GET reconciled it): the task follows."""
    with transaction(runtime.current().sessions) as session:
        task = _mine(session, task_id, frozenset({S.AGUARDANDO_RETORNO}))
        if task is not None:
            _settle_from_document(session, task, session.get(FiscalDocument, task.documento_id))


# -- waiting and giving up ----------------------------------------------------------------


def _later(task_id: str, wait: dt.timedelta) -> None:
    with transaction(runtime.current().sessions) as session:
        task = session.get(FiscalTask, task_id, with_for_update=True)
        if task is not None and task.lease_dono == lease.owner():
            lease.release(task, next_at=utcnow() + wait)


def _needs_action(task_id: str, exc: ApiError) -> None:
    """A person must act (configuration, certificate, review): ACAO_NECESSARIA, hold released.
    A request that can never be issued as sent ends in ERRO instead (`REFUSED_REQUEST`)."""
    with transaction(runtime.current().sessions) as session:
        task = _mine(session, task_id, states.OPEN)
        if task is None:
            return
        release(session, task.account_id, Decimal(task.reservado))
        task.reservado = Decimal("0.00")
        _error(task, exc.code, exc.message)
        task.ultimo_erro_detalhes = {k: exc.extra[k] for k in ERROR_DETAILS if k in exc.extra}
        lease.release(task)
        if exc.code in REFUSED_REQUEST:
            states.move(session, task, S.ERRO, f"pedido recusado: {exc.code}")
        else:
            states.move(session, task, S.ACAO_NECESSARIA, f"ação necessária: {exc.code}")


def _crashed(task_id: str, exc: Exception) -> None:
    """The preparation raised something that is not an answer of ours (a defect): logged,
    counted as a failure and retried on the schedule; ended in ERRO when it is spent."""
    log.exception("fiscal task %s: preparation failed", task_id, exc_info=exc)
    with transaction(runtime.current().sessions) as session:
        task = _mine(session, task_id, PREPARABLE)
        if task is not None:
            message = f"falha inesperada ({type(exc).__name__})"
            _failed_preparation(session, task, UNEXPECTED, message)


def _failed_preparation(session: Session, task: FiscalTask, code: str, message: str) -> bool:
    """One more failed preparation of `task` (nothing numbered or sent): a pause before the
    next, or, past the retry schedule, ERRO with the hold released. True when it ended."""
    task.falhas += 1
    _error(task, code, f"{message}; o serviço registrou a falha para análise")
    if not policy().exhausted(task.falhas):
        lease.release(task, next_at=utcnow() + policy().delay(task.falhas))
        if task.status != S.FALHA_TEMPORARIA:
            states.move(session, task, S.FALHA_TEMPORARIA, f"{message}; nova tentativa")
        return False
    release(session, task.account_id, Decimal(task.reservado))
    task.reservado = Decimal("0.00")
    lease.release(task)
    states.move(session, task, S.ERRO, f"{message}; tentativas esgotadas")
    return True


FISCAL = WorkKind("fiscal", "fiscal", _due, _perform)
