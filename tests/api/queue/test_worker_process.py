"""`fiscal worker`: what the rq worker process sets up before its first job."""

from __future__ import annotations

import pytest

from tests.conftest import make_settings


def test_worker_keeps_an_idle_authority_connection_per_drain_thread(
    backend, database_urls, tmp_path, redis_prefix, monkeypatch
):
    """Each worker keeps an idle authority connection per thread: a drain's threads send at
    once, and with fewer kept than threads the excess is closed after a burst and handshaken
    again."""
    if backend != "postgres":
        pytest.skip("the rq worker runs in production mode (PostgreSQL and Redis)")
    from documents.transmission import pool
    from service import warmup, workers

    monkeypatch.setattr(pool.POOL, "max_per_key", pool.MAX_IDLE_PER_KEY)
    monkeypatch.setattr(warmup, "warm", lambda: 0.0)
    settings = make_settings(
        backend, database_urls, tmp_path, redis_prefix + "w:", queue_drain_threads=12
    )
    workers.run_worker(settings, burst=True)  # nothing queued: returns at once
    assert pool.POOL.max_per_key == 12
