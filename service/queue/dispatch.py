"""Saying "row X of kind K is due": after the transaction that made it due commits, never before.

Enqueueing before commit lets a worker look for a row that does not exist yet; enqueueing after
commit can be lost if the process dies in between. So the row itself is the job (it is committed
with the state change) and the signal sent after commit is only a hint: the sweeper finds due
rows that no signal announced (reliability.md §1.5, "transactionally staged jobs").
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy import event
from sqlalchemy.orm import Session, sessionmaker

from service.queue.defaults import WAKE_SECONDS

log = logging.getLogger("service.queue")

PENDING = "queue.pending_dispatch"
"""`Session.info` key of the (kind, row id) pairs to announce when the session commits."""

JOB = "service.queue.jobs.perform"
"""The rq job of one row (by name, so Redis never holds pickled code); what earlier versions
queued, still performed."""

DRAIN_JOB = "service.queue.jobs.drain"
"""The rq job that performs due rows of one kind (`jobs.drain`); what announcements queue now."""


@dataclass(frozen=True)
class WorkKind:
    """One kind of background work: which rq queue carries it, how to find what is due, how to
    do one row. `perform` runs inside an app context and claims the row's lease itself."""

    name: str
    queue: str
    due_ids: Callable[[Session, datetime, int], list[str]]
    perform: Callable[[str], None]


class Dispatcher(Protocol):
    def dispatch(self, kind: str, row_id: str) -> None: ...


class NullDispatcher:
    """No worker attached (tests that drive work by hand, CLI tools): rows wait for a sweep."""

    def dispatch(self, kind: str, row_id: str) -> None:
        return None


class RqDispatcher:
    """Production: announcements of one kind coalesce into one queued rq drain job.

    A job per row cost more than the row's own work (rq's bookkeeping is about twenty Redis
    commands a job), so an announcement only makes sure one drain job of its kind is queued:
    a mark set once (`SET NX`) queues the job, the job deletes the mark when it starts, and an
    announcement after that start queues the next job, which another worker takes. Rows are
    found by the drain's query, never carried by the job, so nothing is lost with a job."""

    def __init__(self, redis: Any, prefix: str, queue_of: Callable[[str], str]) -> None:
        from rq import Queue

        self._redis, self._prefix = redis, prefix
        self._queues: dict[str, Any] = {}
        self._make: Callable[[str], Any] = lambda name: Queue(prefix + name, connection=redis)
        self._queue_of = queue_of

    def dispatch(self, kind: str, row_id: str) -> None:
        name = self._queue_of(kind)
        if name not in self._queues:
            self._queues[name] = self._make(name)
        mark = drain_mark(self._prefix, kind)
        try:
            if self._redis.set(mark, "1", nx=True, ex=int(WAKE_SECONDS)):
                self._queues[name].enqueue(DRAIN_JOB, kind, result_ttl=0, failure_ttl=86400)
        except Exception:  # Redis down: the sweeper will find the due row
            log.warning("could not enqueue", extra={"kind": kind, "row_id": row_id}, exc_info=True)


def drain_mark(prefix: str, kind: str) -> str:
    """Redis key present while a drain job of `kind` is queued and not yet started."""
    return f"{prefix}drain-queued:{kind}"


class Relay:
    """The runtime's dispatcher: forwards to a target chosen after the app is built (the
    in-process worker needs the app), dropping announcements until then."""

    def __init__(self, target: Dispatcher | None = None) -> None:
        self.target: Dispatcher = target or NullDispatcher()

    def dispatch(self, kind: str, row_id: str) -> None:
        self.target.dispatch(kind, row_id)


def after_commit(session: Session, kind: str, row_id: str) -> None:
    """Announce `row_id` to the workers once (and only if) this session's transaction commits."""
    session.info.setdefault(PENDING, []).append((kind, row_id))


def install(sessions: sessionmaker[Session], dispatcher: Dispatcher) -> None:
    """Wire `after_commit` announcements of every session of `sessions` to `dispatcher`."""

    @event.listens_for(sessions, "after_commit")
    def _announce(session: Session) -> None:
        for kind, row_id in session.info.pop(PENDING, []):
            dispatcher.dispatch(kind, row_id)

    @event.listens_for(sessions, "after_rollback")
    def _forget(session: Session) -> None:
        session.info.pop(PENDING, None)
