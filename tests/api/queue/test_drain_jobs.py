"""Issue 19: announcements of one kind coalesce into one queued rq drain job.

A job per task cost more in rq's own bookkeeping than the task's work; now an announcement only
makes sure one drain job of its kind is queued, the job performs every due row it finds, and an
announcement after a drain started queues the next job (for another worker). Rows are found by
query, so a coalesced announcement loses nothing.
"""

from __future__ import annotations

import itertools
import threading
import time
from typing import Any

import pytest
from rq import Queue, SimpleWorker
from rq.registry import FailedJobRegistry

from service.queue import jobs
from service.queue.dispatch import WorkKind, drain_mark
from service.queue.drain import perform_due
from tests.api.nfe.helpers import authority_settings, nfe_body, ready_to_issue
from tests.api.queue.conftest import QUEUE_SETTINGS
from tests.api.queue.helpers import API, task

ASYNC = {"Prefer": "respond-async"}


def _production(backend: str) -> None:
    if backend != "postgres":
        pytest.skip("rq runs in the production mode (PostgreSQL + Redis)")


def _fiscal_queue(rt: Any) -> Queue:
    return Queue(rt.settings.redis_prefix + "fiscal", connection=rt.redis)


def _queue_tasks(client: Any, headers: dict[str, str], count: int, tag: str = "A") -> list[str]:
    ids = []
    for number in range(count):
        answer = client.post(API + "/nfe", headers={**headers, **ASYNC},
                             json=nfe_body(f"DRENO-{tag}{number}"))  # fmt: skip
        assert answer.status_code == 202, answer.get_json()
        ids.append(answer.get_json()["solicitacao_id"])
    return ids


def test_many_tasks_queue_one_drain_job_that_does_them_all(idle_app, sim, backend):
    _production(backend)
    client, rt = idle_app.test_client(), idle_app.extensions["fiscal"]
    ready = ready_to_issue(client, rt, sim)
    queue = _fiscal_queue(rt)
    ids = _queue_tasks(client, ready.headers, 5)
    assert queue.count == 1  # five announcements, one job

    jobs.bind(idle_app)
    SimpleWorker([queue], connection=rt.redis).work(burst=True)

    assert [task(client, ready.headers, i)["status"] for i in ids] == ["AUTORIZADA"] * 5
    assert queue.count == 0 and FailedJobRegistry(queue=queue).count == 0


def test_an_announcement_after_the_drain_started_queues_the_next_job(app_factory, sim, backend):
    _production(backend)
    idle_app = app_factory(**authority_settings(sim), queue_inprocess=False, **QUEUE_SETTINGS,
                           queue_drain_seconds=0, queue_drain_threads=1)  # fmt: skip
    client, rt = idle_app.test_client(), idle_app.extensions["fiscal"]
    ready = ready_to_issue(client, rt, sim)
    queue = _fiscal_queue(rt)
    first = _queue_tasks(client, ready.headers, 2)
    assert rt.redis.exists(drain_mark(rt.settings.redis_prefix, "fiscal"))
    queue.empty()  # as if a worker had just taken the job

    jobs.bind(idle_app)
    jobs.drain("fiscal")  # mark gone; one task done, then out of time (QUEUE_DRAIN_SECONDS=0)

    statuses = sorted(task(client, ready.headers, i)["status"] for i in first)
    assert statuses == ["AUTORIZADA", "RECEBIDA"]
    assert queue.count == 1  # the row left is announced: a fresh job carries on
    SimpleWorker([queue], connection=rt.redis).work(burst=True)
    assert [task(client, ready.headers, i)["status"] for i in first] == ["AUTORIZADA"] * 2
    later = _queue_tasks(client, ready.headers, 1, "B")
    assert queue.count == 1  # the mark was gone: this announcement queued a job
    SimpleWorker([queue], connection=rt.redis).work(burst=True)
    assert task(client, ready.headers, later[0])["status"] == "AUTORIZADA"


def test_a_drain_does_each_row_once_and_survives_a_failing_row(app_factory):
    app = app_factory()
    done: list[str] = []

    def perform(row_id: str) -> None:
        done.append(row_id)
        if row_id == "bad":
            raise RuntimeError("this row's step fails")

    kind = WorkKind("teste", "fiscal", lambda session, now, limit: ["bad", "good"], perform)
    with app.app_context():
        assert perform_due(kind, until=time.monotonic() + 5) is True
        assert sorted(done) == ["bad", "good"]  # always due, yet each done once
        done.clear()
        assert perform_due(kind, until=time.monotonic() - 1) is False
        assert len(done) == 1  # out of time from the start, yet one row done: drains progress


def test_a_drain_job_works_in_threads_and_fails_as_one(app_factory):
    app = app_factory()
    seen: list[str] = []
    calls = itertools.count()

    def work() -> bool:
        seen.append(threading.current_thread().name)
        return next(calls) > 0  # the first call ran out of time, the second finished

    assert jobs.in_threads(app, 2, work) is False  # one ran out of time: announce the rest
    assert len(set(seen)) == 2
    assert jobs.in_threads(app, 2, lambda: True) is True

    def failing() -> bool:
        if threading.current_thread() is not threading.main_thread():
            raise RuntimeError("database down")
        return True

    with pytest.raises(RuntimeError, match="database down"):  # the job fails, no re-announce
        jobs.in_threads(app, 2, failing)
