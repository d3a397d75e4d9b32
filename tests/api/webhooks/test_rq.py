"""Production shape: the commit announces the delivery as an rq job on Redis and a real rq
SimpleWorker performs it; retries come back through the sweeper."""

from __future__ import annotations

import time

import pytest
from rq import Queue, SimpleWorker

from service.queue import jobs
from service.queue.sweeper import sweep
from tests.api.webhooks.helpers import (
    deliveries_of,
    delivery,
    emit,
    receiver_app,
    runtime_of,
    subscribe,
    tenant,
)


def test_rq_worker_delivers_and_retries(backend, app_factory, receiver):
    if backend != "postgres":
        pytest.skip("rq runs in the production mode (PostgreSQL + Redis)")
    app = receiver_app(app_factory, receiver)
    rt, client = runtime_of(app), app.test_client()
    queue = Queue(rt.settings.redis_prefix + "notificacoes", connection=rt.redis)
    who = tenant(rt)
    _, secret = subscribe(client, who.live, receiver.url())
    receiver.secrets = [secret]
    receiver.answer(500)

    [row] = deliveries_of(rt, emit(rt, who))
    assert queue.count == 1  # announced after the commit, as an rq job

    jobs.bind(app)
    deadline = time.monotonic() + 20
    while delivery(rt, row.id).status == "PENDENTE":
        assert time.monotonic() < deadline, "delivery stuck"
        SimpleWorker([queue], connection=rt.redis).work(burst=True)
        sweep(app, rt.dispatcher, kinds=["webhook"])  # the retry is due again at once

    assert delivery(rt, row.id).status == "ENTREGUE"
    assert [r.answered for r in receiver.requests] == [500, 200]
    assert all(r.verified for r in receiver.requests)
