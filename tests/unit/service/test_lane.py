"""Issue 19: the statements that are whole transactions run on the engine's lane of
autocommit connections (`service.lane`), not through a pool checkout each; the lane reuses
its connections, never holds more than ran at once, replaces lost ones and closes with the
engine (PostgreSQL)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
import sqlalchemy as sa
from sqlalchemy.exc import DBAPIError, IntegrityError

from service import compiled, db, lane
from tests import backends

METADATA = sa.MetaData()
MARKS = sa.Table("lane_marks", METADATA, sa.Column("id", sa.String(20), primary_key=True))
MARK = sa.insert(MARKS).values(id=sa.bindparam("p_id", type_=sa.String)).returning(MARKS.c.id)
BACKEND = sa.select(sa.func.pg_backend_pid())
SLOW_BACKEND = sa.select(sa.func.pg_backend_pid(), sa.func.pg_sleep(sa.bindparam("p_wait")))


@pytest.fixture
def engine() -> Iterator[sa.Engine]:
    with backends.postgres_engine_with(METADATA) as made:
        yield made


def _admin(engine: sa.Engine) -> psycopg.Connection[Any]:
    url = engine.url.render_as_string(hide_password=False)
    return psycopg.connect(url.replace("postgresql+psycopg", "postgresql"), autocommit=True)


def _backends_of(engine: sa.Engine) -> set[int]:
    with _admin(engine) as admin:
        rows = admin.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
            (engine.url.database,),
        ).fetchall()
    return {row[0] for row in rows}


def test_consecutive_statements_share_one_connection_and_never_check_out(engine) -> None:
    checkouts: list[object] = []

    def checkout(*args: Any) -> None:
        checkouts.append(args)

    first = compiled.autocommitted(engine, BACKEND, {}).scalar()
    sa.event.listen(engine, "checkout", checkout)
    try:
        again = [compiled.autocommitted(engine, BACKEND, {}).scalar() for _ in range(5)]
    finally:
        sa.event.remove(engine, "checkout", checkout)
    assert again == [first] * 5
    assert checkouts == []
    assert lane.of(engine).idle_count() == 1


def test_the_lane_holds_at_most_what_ran_at_once(engine) -> None:
    """Four statements at once take four connections; afterwards one at a time reuses them
    (the most recent first) and opens no fifth."""
    start = threading.Barrier(4)
    pids: list[int] = []

    def run() -> None:
        start.wait()
        pids.append(compiled.autocommitted(engine, SLOW_BACKEND, {"p_wait": 0.3}).first()[0])

    threads = [threading.Thread(target=run) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(pids)) == 4 and lane.of(engine).idle_count() == 4
    sequential = {compiled.autocommitted(engine, BACKEND, {}).scalar() for _ in range(10)}
    assert len(sequential) == 1 and sequential <= set(pids)
    assert lane.of(engine).idle_count() == 4


def test_a_failed_statement_leaves_its_connection_usable(engine) -> None:
    pid = compiled.autocommitted(engine, BACKEND, {}).scalar()
    compiled.autocommitted(engine, MARK, {"p_id": "a"})
    with pytest.raises(IntegrityError):
        compiled.autocommitted(engine, MARK, {"p_id": "a"})
    assert compiled.autocommitted(engine, BACKEND, {}).scalar() == pid
    assert compiled.autocommitted(engine, MARK, {"p_id": "b"}).scalar() == "b"


def test_a_lost_connection_is_dropped_and_replaced(engine) -> None:
    pid = compiled.autocommitted(engine, BACKEND, {}).scalar()
    with _admin(engine) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
    with pytest.raises(DBAPIError) as raised:
        compiled.autocommitted(engine, BACKEND, {})
    assert raised.value.connection_invalidated
    assert lane.of(engine).idle_count() == 0
    assert compiled.autocommitted(engine, BACKEND, {}).scalar() != pid


def test_a_connection_idle_past_the_window_is_pinged_and_replaced(engine, monkeypatch) -> None:
    """As the pool does (`db.IDLE_PING_SECONDS`): a connection the database dropped while it
    sat idle is found by the ping, so the statement itself does not fail."""
    pid = compiled.autocommitted(engine, BACKEND, {}).scalar()
    with _admin(engine) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
    monkeypatch.setattr(db, "IDLE_PING_SECONDS", 0.0)
    assert compiled.autocommitted(engine, BACKEND, {}).scalar() != pid


def test_dispose_closes_the_lanes_connections(engine) -> None:
    pid = compiled.autocommitted(engine, BACKEND, {}).scalar()
    assert pid in _backends_of(engine)
    engine.dispose()
    assert lane.of(engine).idle_count() == 0
    with _admin(engine) as admin:  # a closed session's backend may take a moment to go
        admin.execute("SELECT pg_sleep(0.2)")
    assert pid not in _backends_of(engine)


def test_a_forked_process_does_not_use_the_parents_connections(engine, monkeypatch) -> None:
    parent = compiled.autocommitted(engine, BACKEND, {}).scalar()
    monkeypatch.setattr(lane.os, "getpid", lambda: -1)
    assert compiled.autocommitted(engine, BACKEND, {}).scalar() != parent
    assert lane.of(engine).idle_count() == 1  # the child's own, not the parent's
    inherited = [c.driver_connection for c in lane._INHERITED]
    assert any(not driver.closed for driver in inherited)  # left as it was, never closed
    assert parent in _backends_of(engine)  # the parent's session goes on


def test_a_connection_busy_during_dispose_is_closed_when_it_comes_back(engine) -> None:
    road = lane.of(engine)
    busy = road.take()
    engine.dispose()
    road.give_back(busy)
    assert busy.driver_connection.closed and road.idle_count() == 0


def test_a_forked_process_disposing_leaves_the_parents_sessions(engine, monkeypatch) -> None:
    parent = compiled.autocommitted(engine, BACKEND, {}).scalar()
    monkeypatch.setattr(lane.os, "getpid", lambda: -2)
    engine.dispose()
    assert parent in _backends_of(engine)
