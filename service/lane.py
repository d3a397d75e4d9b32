"""Connections kept in autocommit mode for the statements that are whole transactions.

`compiled.autocommitted` runs each of an issuance's hot statements as its own transaction
(issue 19). Through SQLAlchemy's pool each one paid a checkout, a switch to autocommit and
back, a reset (`rollback`) and a check-in with their events: about 0.1 ms of CPU per
statement within an issuance, more than the statement's own Python, four times per document.

A lane keeps driver connections that stay in autocommit, given out for one statement at a
time and taken back right after it, under a lock. A thread never holds one while it waits
for another connection, so the lane cannot deadlock with the pool; it opens a connection
only when every one it has is busy, so it holds at most as many as statements ran at once
(one per thread). Each connection is opened through the engine (its connect-time setup) and
then detached from the pool. Like the pool (`db.IDLE_PING_SECONDS`), a connection idle
longer than the window is pinged before use, and a broken one is closed and replaced.
`Engine.dispose()` closes the lane's connections too, and a forked process starts an empty
lane (never the parent's sockets).
"""

from __future__ import annotations

import os
import threading
import time
import weakref
from typing import Any

from psycopg.pq import TransactionStatus
from sqlalchemy import event
from sqlalchemy.engine import Engine

from service import db


class LaneConnection:
    """One driver connection of a lane, in the shape `compiled` runs statements on (the
    pooled connection's `driver_connection` and `info`, and `invalidate` for a lost one)."""

    __slots__ = ("driver_connection", "generation", "idle_since", "info")

    def __init__(self, driver: Any, generation: int) -> None:
        self.driver_connection = driver
        self.info: dict[str, Any] = {}
        self.idle_since = time.monotonic()
        self.generation = generation
        """The lane's `close_all` count when it was opened: one busy during `close_all` is
        closed when it comes back, never kept."""

    def invalidate(self, _exc: BaseException | None = None) -> None:
        """The connection is lost (SQLAlchemy's disconnect check said so): close it; the lane
        drops it when it comes back."""
        _close_quietly(self.driver_connection)

    def usable(self) -> bool:
        driver = self.driver_connection
        return (
            not driver.closed
            and not driver.broken
            and driver.info.transaction_status == TransactionStatus.IDLE
        )


class Lane:
    """The autocommit connections of one engine in one process."""

    def __init__(self, engine: Engine) -> None:
        self._engine = weakref.ref(engine)  # the registry's value must not keep its key alive
        self._idle: list[LaneConnection] = []
        self._lock = threading.Lock()
        self._pid = os.getpid()
        self._generation = 0

    def take(self) -> LaneConnection:
        """A connection for one statement: the most recently used idle one (pinged first when
        it sat idle past the window), else a new one."""
        while True:
            connection = self._pop()
            if connection is None:
                return self._open()
            if self._alive(connection):
                return connection
            _close_quietly(connection.driver_connection)

    def give_back(self, connection: LaneConnection) -> None:
        """Back to the lane after its statement; closed instead when it is broken or not idle
        (an error the statement could not end cleanly), or when the process forked."""
        if not connection.usable():
            _close_quietly(connection.driver_connection)
            return
        connection.idle_since = time.monotonic()
        with self._lock:
            if self._pid == os.getpid() and connection.generation == self._generation:
                self._idle.append(connection)
                return
        _close_quietly(connection.driver_connection)

    def close_all(self) -> None:
        """Close every idle connection, and each busy one when it comes back
        (`Engine.dispose()`)."""
        with self._lock:
            self._forked()  # a forked child disposing: its parent's are not its to end
            idle, self._idle = self._idle, []
            self._generation += 1
        for connection in idle:
            _close_quietly(connection.driver_connection)

    def idle_count(self) -> int:
        with self._lock:
            return len(self._idle)

    def _pop(self) -> LaneConnection | None:
        with self._lock:
            self._forked()
            return self._idle.pop() if self._idle else None

    def _forked(self) -> None:
        """In a fork of the process that filled the lane (called under the lock): set the
        parent's idle connections aside, neither used nor closed (their sockets are the
        parent's, and freeing one would end its session); the lane starts empty here."""
        if self._pid != os.getpid():
            _INHERITED.extend(self._idle)
            self._idle, self._pid = [], os.getpid()

    def _open(self) -> LaneConnection:
        engine = self._engine()
        if engine is None:
            raise RuntimeError("the lane's engine is gone")
        pooled = engine.raw_connection()  # the engine's dialect sets the connection up
        driver: Any = pooled.driver_connection  # before `detach`, which unlinks the pool's record
        pooled.detach()
        driver.autocommit = True
        return LaneConnection(driver, self._generation)

    @staticmethod
    def _alive(connection: LaneConnection) -> bool:
        if not connection.usable():
            return False
        if time.monotonic() - connection.idle_since <= db.IDLE_PING_SECONDS:
            return True
        try:
            connection.driver_connection.execute("SELECT 1")
        except Exception:  # any failure: this connection is not usable
            return False
        return True


_INHERITED: list[LaneConnection] = []
"""A forked process's copies of its parent's idle connections, kept unused and never freed:
libpq ends a connection's server session when it is freed, which would end the parent's."""

_LANES: weakref.WeakKeyDictionary[Engine, Lane] = weakref.WeakKeyDictionary()
_LANES_LOCK = threading.Lock()


def of(engine: Engine) -> Lane:
    """The engine's lane, made on first use (closed with the engine's `dispose`)."""
    lane = _LANES.get(engine)
    if lane is not None:
        return lane
    with _LANES_LOCK:
        lane = _LANES.get(engine)
        if lane is None:
            made = _LANES[engine] = Lane(engine)
            event.listen(engine, "engine_disposed", lambda _engine: made.close_all())
            lane = made
    return lane


def _close_quietly(driver: Any) -> None:
    try:
        driver.close()
    except Exception:  # closing a lost connection may fail; it is gone either way
        return
