"""Issue 19: a service process loads what every first issuance needs before it serves (rule
packs, every XSD), so the first requests after a deployment do not pay it under load."""

from __future__ import annotations

import gc

import yaml

from documents import schemas
from engine import packs
from service.config import load_settings
from service.fiscal.rules import global_rules
from service.server import gunicorn_options
from service.warmup import post_worker_init, warm


def test_warm_loads_rules_and_every_schema_then_freezes():
    try:
        warm()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
    assert global_rules.cache_info().currsize == 1
    assert set(schemas._compiled._made) == set(schemas.catalogue())


def test_each_gunicorn_worker_warms_before_it_accepts():
    options = gunicorn_options(load_settings(), "127.0.0.1", 8000, None)
    assert options["post_worker_init"] is post_worker_init


def test_rule_packs_parse_with_libyaml_and_keep_dates_as_text():
    if yaml.__with_libyaml__:
        assert issubclass(packs._PlainLoader, yaml.CSafeLoader)
    assert yaml.load("vigencia: 2026-01-01", Loader=packs._PlainLoader) == {
        "vigencia": "2026-01-01"
    }


def test_production_runs_one_process_per_core_with_threads_for_the_authority(monkeypatch):
    """One process per core: `2 × cores + 1` processes cost 12-15 % more CPU per document
    at 16 clients than one per core; the threads cover the authority's latency."""
    from service import db, server

    monkeypatch.setenv("DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/0")
    monkeypatch.setenv("FISCAL_ENCRYPTION_KEY", "k" * 44)
    for cores, processes in ((1, 2), (2, 2), (8, 8)):
        monkeypatch.setattr(server.os, "cpu_count", lambda cores=cores: cores)
        options = gunicorn_options(load_settings(), "127.0.0.1", 8000, None)
        assert options["workers"] == processes
        assert options["threads"] == server.PRODUCTION_THREADS <= db.POOL_SIZE
    assert gunicorn_options(load_settings(), "127.0.0.1", 8000, 3, 5)["workers"] == 3


def test_each_worker_keeps_an_idle_authority_connection_per_thread(monkeypatch):
    """One idle authority connection per thread: with 16 threads and 4 kept per company, a
    burst closed the excess and opened them again (a mutual-TLS handshake for about one
    document in ten at 16 clients). The worker's hook raises the cap to its thread count."""
    from types import SimpleNamespace

    from documents.transmission import pool
    from service import warmup

    monkeypatch.setattr(warmup, "warm", lambda: 0.0)
    monkeypatch.setattr(pool.POOL, "max_per_key", pool.MAX_IDLE_PER_KEY)
    post_worker_init(SimpleNamespace(cfg=SimpleNamespace(threads=16)))
    assert pool.POOL.max_per_key == 16
    post_worker_init(SimpleNamespace(cfg=SimpleNamespace(threads=1)))
    assert pool.POOL.max_per_key == pool.MAX_IDLE_PER_KEY  # never below the default
