"""Issue 19: a pooled connection is pinged only after sitting idle (`IDLE_PING_SECONDS`), not
on every checkout; a connection the database dropped meanwhile is still replaced
transparently."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from service import db
from tests import backends


@pytest.fixture
def pg_url() -> str:
    reason = backends.require_or_skip(backends.postgres_available(), "PostgreSQL")
    if reason:
        pytest.skip(reason)
    return backends.PG_ADMIN_URL


def _backend_pid(engine) -> int:  # type: ignore[no-untyped-def]
    with engine.connect() as conn:
        return int(conn.execute(text("SELECT pg_backend_pid()")).scalar_one())


def _terminate(pid: int) -> None:
    import psycopg

    with psycopg.connect(backends.PG_ADMIN_URL, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", (pid,))


def test_a_connection_dropped_while_idle_is_replaced(pg_url, monkeypatch):
    engine = db.make_engine(pg_url)
    try:
        dropped = _backend_pid(engine)
        _terminate(dropped)
        monkeypatch.setattr(db, "IDLE_PING_SECONDS", 0.0)
        assert _backend_pid(engine) != dropped  # pinged, found dead, replaced: no error
    finally:
        engine.dispose()


def test_recently_used_connections_are_not_pinged(pg_url):
    """No ping within the idle window: a connection dropped a moment after its last use fails
    its next statement once (what `pool_pre_ping` would have hidden at the price of a round
    trip on every checkout), and the pool then replaces it."""
    from sqlalchemy.exc import OperationalError

    engine = db.make_engine(pg_url)
    try:
        dropped = _backend_pid(engine)
        _terminate(dropped)
        with pytest.raises(OperationalError):
            _backend_pid(engine)
        assert _backend_pid(engine) != dropped
    finally:
        engine.dispose()
