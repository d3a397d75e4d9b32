"""Finding the task of an order: the queue's own writes and the synchronous issuance (which must
not race a queued request of the same order) read tasks the same way, through this module."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.queue import states
from service.queue.models import FiscalTask


def find_task(
    session: Session, company_id: str, documento: str, ambiente: str, pedido: str, *, lock: bool
) -> FiscalTask | None:
    query = select(FiscalTask).where(
        FiscalTask.company_id == company_id,
        FiscalTask.documento == documento,
        FiscalTask.ambiente == ambiente,
        FiscalTask.pedido == pedido,
    )
    if lock:
        query = query.with_for_update()
    return session.execute(query).scalar_one_or_none()


def open_task_without_document(
    session: Session, company_id: str, documento: str, ambiente: str, pedido: str
) -> FiscalTask | None:
    """A queued request for this order that has not produced a document yet (a synchronous
    request for the same order must wait for it: 409)."""
    task = find_task(session, company_id, documento, ambiente, pedido, lock=False)
    if task is None or task.documento_id is not None:
        return None
    return None if task.status in states.FINAL else task
