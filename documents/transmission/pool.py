"""Idle keep-alive connections to the authorities, kept per company TLS context.

Why: a TCP connect plus a mutual-TLS handshake costs about 2 ms of CPU per document (our
throughput benchmark); a company sending many documents to one host pays it once per few seconds
instead. `exchange` (http.py) takes an idle connection here and gives it back after a complete
answer.

Keyed by (context identity, host, port). The context is per company and per certificate
(`tls.ContextCache`), so a connection presents exactly one company's certificate and is only ever
reused with that same context object. A parked connection keeps a strong reference to its context,
so the `id()` in the key cannot be recycled for another context while anything is parked under it;
a replaced certificate gets a new context object, and the old one's connections simply expire.

The "not sent versus uncertain" guarantee on a reused connection (the keep-alive race: the server
closes an idle connection just as we write):

- Before reuse, a connection whose socket is readable is dropped (`is_dropped`): an idle HTTP/1.1
  connection has nothing to say, so readable means EOF, a reset, a TLS alert or stray bytes. This
  catches every close that reached us before we write, which is nearly all of them.
- A failure while *writing* on a reused connection means the request was not completely written,
  so the server cannot have processed it: `NotSent`, and `exchange` tries once more on a fresh
  connection.
- A failure while *reading* the answer on a reused connection stays `Uncertain`, even when no byte
  of answer arrived (`http.client.RemoteDisconnected`). The server may have read and processed the
  request and then closed without answering; from our side that is indistinguishable from the
  race. Resending could deliver a document twice, which the lifecycle forbids: the caller
  reconciles by querying, as for any other `Uncertain`. The idle limit below keeps the race window
  small, the readability check closes most of it.

Fork safety: a forked child (gunicorn, rq workers) must not write on its parent's TLS sessions, so
the child drops every inherited idle connection (`os.register_at_fork`). Closing only closes the
child's copy of the descriptor; no TLS close_notify is sent, so the parent's connections live on.
"""

from __future__ import annotations

import http.client
import os
import select
import ssl
import threading
import time
from collections import deque
from dataclasses import dataclass, field

IDLE_SECONDS = 4.0
"""Longest a connection waits unused before it is closed instead of reused. Well under common
server keep-alive timeouts (Apache 5 s, nginx 75 s, IIS 120 s), so we normally give a connection
up before the server does; that keeps the keep-alive race (see the module docstring), the one way
reuse can turn into an `Uncertain`, rare."""
MAX_IDLE_PER_KEY = 4
"""Idle connections kept per (context, host, port) by default: enough for a few threads of one
company, few enough that thousands of companies do not hold thousands of sockets. A process
that sends from more threads at once raises it to its thread count (`keep_idle_up_to`)."""

Key = tuple[int, str, int]


@dataclass
class _Parked:
    conn: http.client.HTTPSConnection
    since: float


@dataclass
class _Slot:
    context: ssl.SSLContext  # strong reference: the key's id() stays this context's
    idle: deque[_Parked] = field(default_factory=deque)


class ConnectionPool:
    """Thread-safe idle connections; a connection is either parked here or owned by one caller."""

    def __init__(
        self, *, idle_seconds: float = IDLE_SECONDS, max_per_key: int = MAX_IDLE_PER_KEY
    ) -> None:
        self.idle_seconds = idle_seconds
        self.max_per_key = max_per_key
        self._lock = threading.Lock()
        self._slots: dict[Key, _Slot] = {}
        self._swept = time.monotonic()

    def take(
        self, context: ssl.SSLContext, host: str, port: int
    ) -> http.client.HTTPSConnection | None:
        """The most recently parked live connection for this context and host, or None."""
        key = (id(context), host, port)
        while True:
            now = time.monotonic()
            with self._lock:
                stale = self._sweep_locked(now)
                conn = self._pop_locked(key, context, now, stale)
            _close_all(stale)
            if conn is None or not is_dropped(conn):
                return conn
            conn.close()

    def give_back(
        self, context: ssl.SSLContext, host: str, port: int, conn: http.client.HTTPSConnection
    ) -> None:
        """Park a connection whose last answer was read completely and not marked `close`."""
        key = (id(context), host, port)
        now = time.monotonic()
        with self._lock:
            stale = self._sweep_locked(now)
            slot = self._slots.setdefault(key, _Slot(context))
            slot.idle.append(_Parked(conn, now))
            while len(slot.idle) > self.max_per_key:
                stale.append(slot.idle.popleft().conn)
        _close_all(stale)

    def close_idle(self) -> None:
        """Close every parked connection (tests; shutdown)."""
        with self._lock:
            slots, self._slots = self._slots, {}
        _close_all([parked.conn for slot in slots.values() for parked in slot.idle])

    def idle_count(self) -> int:
        with self._lock:
            return sum(len(slot.idle) for slot in self._slots.values())

    def after_fork_in_child(self) -> None:
        """Forget the parent's connections. The lock may have been held by a parent thread at the
        fork, so it is replaced, not taken."""
        self._lock = threading.Lock()
        self.close_idle()

    def _pop_locked(
        self,
        key: Key,
        context: ssl.SSLContext,
        now: float,
        stale: list[http.client.HTTPSConnection],
    ) -> http.client.HTTPSConnection | None:
        slot = self._slots.get(key)
        if slot is None or slot.context is not context:
            return None
        while slot.idle and now - slot.idle[0].since >= self.idle_seconds:
            stale.append(slot.idle.popleft().conn)
        conn = slot.idle.pop().conn if slot.idle else None
        if not slot.idle:
            del self._slots[key]
        return conn

    def _sweep_locked(self, now: float) -> list[http.client.HTTPSConnection]:
        """Expired connections of every key, at most once per idle period, so contexts no longer
        used (a company gone quiet, a replaced certificate) do not keep sockets open forever."""
        if now - self._swept < self.idle_seconds:
            return []
        self._swept = now
        stale = []
        for key, slot in list(self._slots.items()):
            while slot.idle and now - slot.idle[0].since >= self.idle_seconds:
                stale.append(slot.idle.popleft().conn)
            if not slot.idle:
                del self._slots[key]
        return stale


def is_dropped(conn: http.client.HTTPSConnection) -> bool:
    """True when an idle connection can no longer be used: no socket, buffered TLS data, or a
    readable socket (EOF, reset, alert or stray bytes; an idle HTTP/1.1 peer has nothing to say).
    `poll`, not `select`, so descriptors above 1024 work."""
    sock = conn.sock
    if sock is None:
        return True
    if isinstance(sock, ssl.SSLSocket) and sock.pending():
        return True
    try:
        fd = sock.fileno()
    except OSError:
        return True
    if fd < 0:
        return True
    poller = select.poll()
    poller.register(fd, select.POLLIN | select.POLLPRI)
    return bool(poller.poll(0))


def _close_all(conns: list[http.client.HTTPSConnection]) -> None:
    for conn in conns:
        conn.close()


POOL = ConnectionPool()
"""The process's idle connections (one per process; emptied in forked children)."""


def close_idle() -> None:
    """Close every idle connection of this process."""
    POOL.close_idle()


def keep_idle_up_to(threads: int) -> None:
    """Let this process park as many connections per company and host as it has threads that
    send at once (a gunicorn worker's threads). With fewer, a burst of one company's documents
    ends with the excess connections closed and, moments later, opened again: a TCP connect
    and a mutual-TLS handshake each, on both ends (at 16 clients on 16 threads a cap of 4 made
    about one document in ten pay one; bench/results/api.md, issue 19, seventh session).
    Idle connections still close after `IDLE_SECONDS`, so only a company sending that many
    documents at once holds that many sockets."""
    POOL.max_per_key = max(MAX_IDLE_PER_KEY, threads)


os.register_at_fork(after_in_child=POOL.after_fork_in_child)
