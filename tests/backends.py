"""Which real backends this run can use; with CI=true PostgreSQL and Redis are mandatory."""

from __future__ import annotations

import os
import secrets
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

PG_ADMIN_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
IN_CI = os.environ.get("CI", "").lower() == "true"


def _reachable(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def postgres_available() -> bool:
    return _reachable("127.0.0.1", 5432)


def redis_available() -> bool:
    return _reachable("127.0.0.1", 6379)


def require_or_skip(available: bool, what: str) -> str | None:
    """None when usable; a skip reason otherwise; CI never skips."""
    if available:
        return None
    if IN_CI:
        raise RuntimeError(f"{what} must be reachable when CI=true")
    return f"{what} not reachable on this machine"


@contextmanager
def fresh_postgres_database() -> Iterator[str]:
    """A new database for this test session, dropped afterwards."""
    import psycopg

    name = f"fiscal_test_{secrets.token_hex(6)}"
    admin = PG_ADMIN_URL
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base = admin.rsplit("/", 1)[0]
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
                (name,),
            )
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')


@contextmanager
def postgres_engine_with(metadata: Any) -> Iterator[Any]:
    """An engine of the service (`db.make_engine`) on a fresh PostgreSQL database holding
    `metadata`'s tables, disposed and dropped afterwards (skips where PostgreSQL is absent)."""
    import pytest

    from service import db

    reason = require_or_skip(postgres_available(), "PostgreSQL")
    if reason:
        pytest.skip(reason)
    with fresh_postgres_database() as url:
        engine = db.make_engine(url)
        metadata.create_all(engine)
        yield engine
        engine.dispose()
