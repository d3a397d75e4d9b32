"""Driving the queue in tests: the in-process worker (embedded) or real rq workers (production)."""

from __future__ import annotations

import time
from typing import Any

from flask import Flask

API = "/api/v1"
FINAL = {"AUTORIZADA", "REJEITADA", "CANCELADA", "ACAO_NECESSARIA", "ERRO"}


def task(client: Any, headers: dict[str, str], task_id: str) -> dict[str, Any]:
    answer = client.get(f"{API}/fiscal/solicitacoes/{task_id}", headers=headers)
    assert answer.status_code == 200, answer.get_json()
    body: dict[str, Any] = answer.get_json()
    return body


def run_rq(app: Flask) -> None:
    """One sweep (announce everything due) and a burst of a real rq SimpleWorker on Redis."""
    from rq import Queue, SimpleWorker

    from service.queue import jobs
    from service.queue.sweeper import sweep
    from service.workers import QUEUES

    rt = app.extensions["fiscal"]
    jobs.bind(app)
    sweep(app, rt.dispatcher)
    queues = [Queue(rt.settings.redis_prefix + name, connection=rt.redis) for name in QUEUES]
    SimpleWorker(queues, connection=rt.redis).work(burst=True)


def settle(
    app: Flask,
    client: Any,
    headers: dict[str, str],
    task_id: str,
    until: set[str] | None = None,
    timeout: float = 30.0,
) -> dict[str, Any]:
    """Wait (driving rq in production mode) until the task reaches one of `until`."""
    wanted = until or FINAL
    production = app.extensions.get("fiscal_worker") is None
    deadline = time.monotonic() + timeout
    while True:
        if production:
            run_rq(app)
        body = task(client, headers, task_id)
        if body["status"] in wanted:
            return body
        assert time.monotonic() < deadline, f"task stuck: {body}"
        time.sleep(0.05)


def path(body: dict[str, Any]) -> list[str]:
    """The statuses a task went through, in order."""
    return [step["para"] for step in body["historico"]]
