"""What an rq job runs: drain the due rows of one kind (or, as earlier versions queued, perform
one row) inside the worker process's app.

The app (engine, pools, credentials cache) is built once per worker process by `bind`; rq's
SimpleWorker runs jobs in that same process, so nothing is rebuilt per job.
"""

from __future__ import annotations

import time

from flask import Flask

from service import runtime
from service.queue.dispatch import drain_mark
from service.queue.drain import perform_due
from service.queue.kinds import all_kinds

_app: Flask | None = None
"""The worker process's app; the one module-level state, set once by `fiscal worker`."""


def bind(app: Flask) -> None:
    global _app
    _app = app


def _bound() -> Flask:
    global _app
    if _app is None:
        from service.app import create_app

        _app = create_app()
    return _app


def drain(kind: str, seconds: float | None = None) -> None:
    """The rq job: first say no drain of `kind` is queued any more (an announcement from now on
    queues the next job, for another worker), then perform due rows for up to `seconds`
    (`QUEUE_DRAIN_SECONDS`); when time runs out with rows left, announce them so that a fresh
    job carries on."""
    with _bound().app_context():
        rt = runtime.current()
        if seconds is None:
            seconds = rt.settings.queue_drain_seconds
        if rt.redis is not None:
            rt.redis.delete(drain_mark(rt.settings.redis_prefix, kind))
        if not perform_due(all_kinds()[kind], until=time.monotonic() + seconds):
            rt.dispatcher.dispatch(kind, "")


def perform(kind: str, row_id: str) -> None:
    """One row's job (queued by earlier versions; a stale or duplicate job claims nothing)."""
    with _bound().app_context():
        all_kinds()[kind].perform(row_id)
