"""Leases: a row of work is done by one worker at a time, and by another if that one dies.

A worker claims a due row by setting `lease_ate` (lease until) and `lease_dono` (owner) in a
transaction that selected it `FOR UPDATE SKIP LOCKED` (PostgreSQL; SQLite serializes with
BEGIN IMMEDIATE). The lease is longer than the longest call the work makes, so a live worker
never loses it; a dead worker's lease simply expires and the row is due again.
"""

from __future__ import annotations

import functools
import os
import socket
import threading
from datetime import datetime, timedelta
from typing import Any, TypeVar

from sqlalchemy import ColumnElement, String, bindparam, or_, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from service.db import UTCDateTime, utcnow


class Leased:
    """Columns of a row of work: when it is due and who holds it until when."""

    proxima_tentativa_em: Mapped[datetime] = mapped_column(
        UTCDateTime(), default=utcnow, index=True
    )
    lease_ate: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    lease_dono: Mapped[str | None] = mapped_column(String(120), nullable=True)


L = TypeVar("L", bound=Leased)


def owner() -> str:
    """Who holds a lease: host, process and thread (for operators reading the table)."""
    return f"{socket.gethostname()}:{os.getpid()}:{threading.get_ident()}"[:120]


def is_due(model: type[Leased], now: Any) -> ColumnElement[bool]:
    """Due now and not leased by a live worker (`now`: a datetime or a bound parameter)."""
    lease: Any = model.lease_ate
    due: ColumnElement[bool] = (model.proxima_tentativa_em <= now) & or_(
        lease.is_(None), lease < now
    )
    return due


def due_ids(
    session: Session, model: type[Leased], open_rows: ColumnElement[bool], now: datetime, limit: int
) -> list[str]:
    """Ids of rows that are open and due, oldest due first (read only; claiming is separate)."""
    table: Any = model
    query = (
        select(table.id)
        .where(open_rows, is_due(model, now))
        .order_by(table.proxima_tentativa_em)
        .limit(limit)
    )
    return list(session.execute(query).scalars())


def claim(
    session: Session,
    model: type[L],
    row_id: str,
    open_rows: ColumnElement[bool],
    *,
    now: datetime,
    duration: timedelta,
) -> L | None:
    """Take the lease on one due, open row; None when it is not due or someone else holds it."""
    return claim_noting_abandonment(session, model, row_id, open_rows, now=now, duration=duration)[
        0
    ]


def claim_noting_abandonment(
    session: Session,
    model: type[L],
    row_id: str,
    open_rows: ColumnElement[bool],
    *,
    now: datetime,
    duration: timedelta,
) -> tuple[L | None, bool]:
    """`claim`, and whether the row had been abandoned: it still named a holder whose lease
    expired while working on it (the process died, or the step raised before releasing it).
    Work that keeps being abandoned can then be counted and ended, never retried forever."""
    query = _claim_statement(model, open_rows)  # type: ignore[arg-type]  # classes hash
    row = session.execute(query, {"p_id": row_id, "p_now": now}).scalar_one_or_none()
    if row is None:
        return None, False
    abandoned = row.lease_dono is not None
    row.lease_ate, row.lease_dono = now + duration, owner()
    return row, abandoned


@functools.cache
def _claim_statement(model: type[Leased], open_rows: ColumnElement[bool]) -> Any:
    """Built once per process and kind of work (`open_rows` is each kind's constant): every
    step of every task, delivery and e-mail claims its row with it."""
    table: Any = model
    now = bindparam("p_now", type_=UTCDateTime())
    return (
        select(model)
        .where(table.id == bindparam("p_id"), open_rows, is_due(model, now))
        .with_for_update(skip_locked=True)
    )


def release(row: Leased, *, next_at: datetime | None = None) -> None:
    """Give the lease back; `next_at` makes the row due again then (None: keep its due time)."""
    row.lease_ate, row.lease_dono = None, None
    if next_at is not None:
        row.proxima_tentativa_em = next_at
