"""The task state machine, enforced here and nowhere else.

`TRANSITIONS` is the whole table (the README's "Fiscal queue" section says when each step
happens). AUTORIZADA and REJEITADA are reached only with an official result (`oficial`: the
authority's protocol or cStat); AUTORIZADA is final (a later fiscal cancellation is an event of
the document, not of the task); ERRO is the final state of a request that can never be issued
as sent (our refusal, before anything was numbered or sent); REJEITADA, ERRO and CANCELADA
re-open only when the same `pedido` is re-sent with corrected content.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from service.db import utcnow
from service.notify import publish
from service.queue.models import FiscalTask, TaskStatus, TaskTransition

S = TaskStatus

TRANSITIONS: dict[TaskStatus | None, frozenset[TaskStatus]] = {
    None: frozenset({S.RECEBIDA, S.AGUARDANDO_RETORNO}),
    S.RECEBIDA: frozenset(
        {
            S.AGUARDANDO_TRANSMISSAO,
            S.AGUARDANDO_RETORNO,
            S.ACAO_NECESSARIA,
            S.CANCELADA,
            S.FALHA_TEMPORARIA,
            S.ERRO,
        }
    ),
    S.AGUARDANDO_TRANSMISSAO: frozenset(
        {
            S.TRANSMITINDO,
            S.AGUARDANDO_RETORNO,
            S.ACAO_NECESSARIA,
            S.CANCELADA,
            S.FALHA_TEMPORARIA,
            S.ERRO,
        }
    ),
    S.TRANSMITINDO: frozenset(
        {S.AUTORIZADA, S.REJEITADA, S.AGUARDANDO_RETORNO, S.FALHA_TEMPORARIA, S.ACAO_NECESSARIA}
    ),
    S.AGUARDANDO_RETORNO: frozenset({S.AUTORIZADA, S.REJEITADA, S.TRANSMITINDO, S.ACAO_NECESSARIA}),
    S.FALHA_TEMPORARIA: frozenset(
        {
            S.TRANSMITINDO,
            S.AGUARDANDO_TRANSMISSAO,
            S.AGUARDANDO_RETORNO,
            S.ACAO_NECESSARIA,
            S.CANCELADA,
            S.ERRO,
        }
    ),
    S.ACAO_NECESSARIA: frozenset(
        {S.RECEBIDA, S.AGUARDANDO_TRANSMISSAO, S.AGUARDANDO_RETORNO, S.CANCELADA}
    ),
    S.REJEITADA: frozenset({S.RECEBIDA}),
    S.CANCELADA: frozenset({S.RECEBIDA}),
    S.ERRO: frozenset({S.RECEBIDA}),
    S.AUTORIZADA: frozenset(),
}

OFFICIAL_ONLY = frozenset({S.AUTORIZADA, S.REJEITADA})
FINAL = frozenset({S.AUTORIZADA, S.REJEITADA, S.CANCELADA, S.ERRO})
"""States the worker never leaves by itself."""
OPEN = frozenset(TaskStatus) - FINAL - {S.ACAO_NECESSARIA}
"""States the worker is responsible for (they come due and are claimed)."""


class IllegalTransition(Exception):
    """A transition the table does not allow: a bug, never a client error."""


def move(
    session: Session,
    task: FiscalTask,
    to: TaskStatus,
    motivo: str,
    *,
    oficial: str | None = None,
    now: datetime | None = None,
) -> TaskTransition:
    """Change `task.status` to `to`, recording the step in the history (same transaction);
    answers the history's new row."""
    current = TaskStatus(task.status) if task.status else None
    if to not in TRANSITIONS[current]:
        raise IllegalTransition(f"{current} -> {to}")
    if to in OFFICIAL_ONLY and not oficial:
        raise IllegalTransition(f"{to} needs the authority's official result")
    moment = now or utcnow()
    task.status = to.value
    task.finalizada_em = moment if to in FINAL else None
    step = TaskTransition(
        task_id=task.id, de=current, para=to.value, motivo=motivo[:500], em=moment
    )
    session.add(step)
    publish.task_moved(session, task, to)
    return step
