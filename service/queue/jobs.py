"""What an rq job runs: perform one row of one kind inside the worker process's app.

The app (engine, pools, credentials cache) is built once per worker process by `bind`; rq's
SimpleWorker runs jobs in that same process, so nothing is rebuilt per job.
"""

from __future__ import annotations

from flask import Flask

from service.queue.kinds import all_kinds

_app: Flask | None = None
"""The worker process's app; the one module-level state, set once by `fiscal worker`."""


def bind(app: Flask) -> None:
    global _app
    _app = app


def perform(kind: str, row_id: str) -> None:
    """The rq job: claim and do `row_id` (a stale or duplicate job finds nothing to claim)."""
    app = _app
    if app is None:
        from service.app import create_app

        app = create_app()
        bind(app)
    with app.app_context():
        all_kinds()[kind].perform(row_id)
