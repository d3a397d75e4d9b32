"""What an rq job runs: drain the due rows of one kind (or, as earlier versions queued, perform
one row) inside the worker process's app.

The app (engine, pools, credentials cache) is built once per worker process by `bind`; rq's
SimpleWorker runs jobs in that same process, so nothing is rebuilt per job.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

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
    (`QUEUE_DRAIN_SECONDS`) in `QUEUE_DRAIN_THREADS` threads; when time runs out with rows
    left, announce them so that a fresh job carries on."""
    app = _bound()
    with app.app_context():
        rt = runtime.current()
        if seconds is None:
            seconds = rt.settings.queue_drain_seconds
        if rt.redis is not None:
            rt.redis.delete(drain_mark(rt.settings.redis_prefix, kind))
        until = time.monotonic() + seconds
        finished = in_threads(app, rt.settings.queue_drain_threads,
                              lambda: perform_due(all_kinds()[kind], until=until))  # fmt: skip
        if not finished:
            rt.dispatcher.dispatch(kind, "")


def in_threads(app: Flask, count: int, work: Callable[[], bool]) -> bool:
    """`work` in `count` threads at once (this one and `count - 1` more, each in its own app
    context), so that one thread's authority call or commit overlaps another's CPU work; True
    when every thread finished its work (none ran out of time). A thread's exception is raised
    here once all have stopped, failing the job as it would in one thread."""
    results: list[bool] = []
    errors: list[BaseException] = []

    def run() -> None:
        with app.app_context():
            try:
                results.append(work())
            except BaseException as exc:  # raised again by the job's own thread, below
                errors.append(exc)

    helpers = [threading.Thread(target=run, name=f"fiscal-drain-{n}") for n in range(count - 1)]
    for helper in helpers:
        helper.start()
    run()
    for helper in helpers:
        helper.join()
    if errors:
        raise errors[0]
    return all(results)


def perform(kind: str, row_id: str) -> None:
    """One row's job (queued by earlier versions; a stale or duplicate job claims nothing)."""
    with _bound().app_context():
        all_kinds()[kind].perform(row_id)
