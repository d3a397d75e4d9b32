"""Finding the task of an order: the queue's own writes and the synchronous issuance (which must
not race a queued request of the same order) read tasks the same way, through this module."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.queue import states
from service.queue.models import FiscalTask


def task_key(company_id: Any, documento: Any, ambiente: Any, pedido: Any) -> tuple[Any, ...]:
    """The WHERE of an order's task (unique: one task per order)."""
    return (
        FiscalTask.company_id == company_id,
        FiscalTask.documento == documento,
        FiscalTask.ambiente == ambiente,
        FiscalTask.pedido == pedido,
    )


def open_task_id_query(company_id: Any, documento: Any, ambiente: Any, pedido: Any) -> Any:
    """SQL: the id of the order's task while it has no document and is not final (else NULL),
    for a caller that asks it together with other things in one statement (values or bound
    parameters)."""
    return (
        select(FiscalTask.id)
        .where(
            *task_key(company_id, documento, ambiente, pedido),
            FiscalTask.documento_id.is_(None),
            FiscalTask.status.not_in([s.value for s in states.FINAL]),
        )
        .scalar_subquery()
    )


def find_task(
    session: Session, company_id: str, documento: str, ambiente: str, pedido: str, *, lock: bool
) -> FiscalTask | None:
    query = select(FiscalTask).where(*task_key(company_id, documento, ambiente, pedido))
    if lock:
        query = query.with_for_update()
    return session.execute(query).scalar_one_or_none()
