"""Keep-alive connections per company context, and the "not sent versus uncertain" rules on them."""

from __future__ import annotations

import http.client
import os
import socket
import ssl
import time
from urllib.parse import urlsplit

import pytest

from documents.transmission import pool
from documents.transmission.http import HttpAnswer, HttpRequest, Limits, exchange
from documents.transmission.outcome import Uncertain, UncertainReason
from documents.transmission.pool import POOL
from documents.transmission.tls import client_context

from .conftest import AuthorityServer, Pki

LIMITS = Limits(connect_timeout=5.0, read_timeout=5.0, max_bytes=1_000_000)
OK = b"<ok/>"


def _context(pki: Pki) -> ssl.SSLContext:
    return client_context(pki.client, ca_bundle=str(pki.ca_pem))


def _send(authority: AuthorityServer, context: ssl.SSLContext, body: bytes = b"<doc/>") -> object:
    request = HttpRequest("POST", f"{authority.url}/ws", body, {"Content-Type": "text/xml"})
    return exchange(request, context, LIMITS)


def _ok(outcome: object) -> None:
    assert isinstance(outcome, HttpAnswer), outcome
    assert (outcome.status, outcome.body) == (200, OK)


def _wait_for(condition: object, seconds: float = 2.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:  # type: ignore[operator]
        time.sleep(0.01)


def test_sequential_exchanges_reuse_one_connection(authority: AuthorityServer, pki: Pki) -> None:
    context = _context(pki)
    for _ in range(3):
        authority.answer(OK)
        _ok(_send(authority, context))
    assert authority.connections == 1
    assert len({r.client_port for r in authority.requests}) == 1
    assert POOL.idle_count() == 1


def test_different_contexts_never_share_a_connection(authority: AuthorityServer, pki: Pki) -> None:
    first, second = _context(pki), _context(pki)  # two companies (same A1 here: still apart)
    for context in (first, second, first, second):
        authority.answer(OK)
        _ok(_send(authority, context))
    ports = [r.client_port for r in authority.requests]
    assert authority.connections == 2
    assert ports[0] == ports[2] and ports[1] == ports[3] and ports[0] != ports[1]


def test_connection_closed_by_an_idle_server_is_dropped_before_reuse(
    authority: AuthorityServer, pki: Pki, monkeypatch: pytest.MonkeyPatch
) -> None:
    authority.idle_timeout = 0.2
    context = _context(pki)
    authority.answer(OK)
    _ok(_send(authority, context))
    time.sleep(0.5)  # the server gives the idle connection up
    seen: list[bool] = []
    real = pool.is_dropped

    def spy(conn: http.client.HTTPSConnection) -> bool:
        seen.append(real(conn))
        return seen[-1]

    monkeypatch.setattr(pool, "is_dropped", spy)
    authority.answer(OK)
    _ok(_send(authority, context))
    assert seen == [True]  # found closed, not written to
    assert authority.connections == 2 and len(authority.requests) == 2


def test_server_hanging_up_after_an_answer_is_detected(
    authority: AuthorityServer, pki: Pki
) -> None:
    context = _context(pki)
    authority.answer(OK, hang_up=True)  # keep-alive answer, then the server closes anyway
    _ok(_send(authority, context))
    _wait_for(lambda: pool.is_dropped(_peek(context, authority)))
    authority.answer(OK)
    _ok(_send(authority, context))
    assert authority.connections == 2 and len(authority.requests) == 2


def _peek(context: ssl.SSLContext, authority: AuthorityServer) -> http.client.HTTPSConnection:
    """The parked connection, left parked."""
    parts = urlsplit(authority.url)
    return POOL._slots[(id(context), parts.hostname or "", parts.port or 0)].idle[-1].conn


def test_write_failure_on_a_reused_connection_is_retried_once_on_a_fresh_one(
    authority: AuthorityServer, pki: Pki, monkeypatch: pytest.MonkeyPatch
) -> None:
    context = _context(pki)
    authority.answer(OK)
    _ok(_send(authority, context))
    host, port = "127.0.0.1", int(authority.url.rsplit(":", 1)[1])
    parked = POOL.take(context, host, port)
    assert parked is not None and parked.sock is not None
    socket.socket.shutdown(parked.sock, socket.SHUT_WR)  # our writes now fail locally
    POOL.give_back(context, host, port, parked)
    monkeypatch.setattr(pool, "is_dropped", lambda conn: False)  # the race: closed after the check
    authority.answer(OK)
    _ok(_send(authority, context, b"<second/>"))
    assert authority.connections == 2
    assert [r.body for r in authority.requests] == [b"<doc/>", b"<second/>"]


def test_reused_connection_dropped_after_the_request_is_uncertain_and_not_resent(
    authority: AuthorityServer, pki: Pki
) -> None:
    context = _context(pki)
    authority.answer(OK)
    _ok(_send(authority, context))
    authority.drop()  # reads the request, closes without a byte of answer
    authority.answer(OK)  # would be the answer to a resend
    outcome = _send(authority, context, b"<second/>")
    assert isinstance(outcome, Uncertain), outcome
    assert outcome.reason is UncertainReason.CONNECTION_LOST
    time.sleep(0.2)
    assert [r.body for r in authority.requests] == [b"<doc/>", b"<second/>"]  # exactly once
    assert authority.connections == 1


def test_keep_alive_race_is_never_resent(
    authority: AuthorityServer, pki: Pki, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server closes the idle connection and our check misses it: the request goes out on a
    dead connection. Whatever we see then, the request is not sent twice."""
    authority.idle_timeout = 0.2
    context = _context(pki)
    authority.answer(OK)
    _ok(_send(authority, context))
    time.sleep(0.5)
    monkeypatch.setattr(pool, "is_dropped", lambda conn: False)
    authority.answer(OK)
    outcome = _send(authority, context, b"<second/>")
    time.sleep(0.2)
    if isinstance(outcome, Uncertain):  # the write reached the kernel; the answer never came
        assert outcome.reason is UncertainReason.CONNECTION_LOST
        assert [r.body for r in authority.requests] == [b"<doc/>"]
    else:  # the write itself failed: not sent, so sent once more on a fresh connection
        _ok(outcome)
        assert [r.body for r in authority.requests] == [b"<doc/>", b"<second/>"]


def test_connection_close_answer_is_not_pooled(authority: AuthorityServer, pki: Pki) -> None:
    context = _context(pki)
    authority.answer(OK, close=True)
    _ok(_send(authority, context))
    assert POOL.idle_count() == 0
    authority.answer(OK)
    _ok(_send(authority, context))
    assert authority.connections == 2


def test_failed_exchange_is_not_pooled(authority: AuthorityServer, pki: Pki) -> None:
    context = _context(pki)
    authority.answer(b"x" * 100)
    request = HttpRequest("POST", f"{authority.url}/ws", b"<doc/>", {})
    outcome = exchange(request, context, Limits(5.0, 5.0, max_bytes=10))
    assert isinstance(outcome, Uncertain) and outcome.reason is UncertainReason.UNREADABLE_ANSWER
    assert POOL.idle_count() == 0


def test_connection_idle_longer_than_the_limit_is_not_reused(
    authority: AuthorityServer, pki: Pki, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(POOL, "idle_seconds", 0.1)
    context = _context(pki)
    authority.answer(OK)
    _ok(_send(authority, context))
    time.sleep(0.2)
    authority.answer(OK)
    _ok(_send(authority, context))
    assert authority.connections == 2


def test_idle_limit_is_under_common_server_keep_alive_timeouts() -> None:
    assert 0 < pool.IDLE_SECONDS < 5  # Apache's default KeepAliveTimeout is 5 s


class _FakeConnection:
    def __init__(self) -> None:
        self.closed = False
        self.sock = None

    def close(self) -> None:
        self.closed = True


def test_at_most_a_few_idle_connections_per_key(pki: Pki) -> None:
    context = _context(pki)
    fakes = [_FakeConnection() for _ in range(pool.MAX_IDLE_PER_KEY + 2)]
    for fake in fakes:
        POOL.give_back(context, "h", 443, fake)  # type: ignore[arg-type]
    assert POOL.idle_count() == pool.MAX_IDLE_PER_KEY
    assert [fake.closed for fake in fakes[:3]] == [True, True, False]  # oldest closed first
    POOL.close_idle()
    assert all(fake.closed for fake in fakes) and POOL.idle_count() == 0


def test_a_process_with_more_threads_keeps_one_idle_connection_per_thread(
    pki: Pki, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One idle connection per thread: 16 threads sending at once give 16 connections back; with
    the default cap 12 were closed, to be opened (and handshaken) again moments later."""
    monkeypatch.setattr(POOL, "max_per_key", POOL.max_per_key)
    pool.keep_idle_up_to(16)
    context = _context(pki)
    fakes = [_FakeConnection() for _ in range(17)]
    for fake in fakes:
        POOL.give_back(context, "h", 443, fake)  # type: ignore[arg-type]
    assert POOL.idle_count() == 16
    assert [fake.closed for fake in fakes] == [True] + [False] * 16
    POOL.close_idle()


def test_forked_child_drops_inherited_connections(authority: AuthorityServer, pki: Pki) -> None:
    context = _context(pki)
    authority.answer(OK)
    _ok(_send(authority, context))
    assert POOL.idle_count() == 1
    pid = os.fork()
    if pid == 0:  # the child: exit status says whether anything was inherited
        os._exit(POOL.idle_count())
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    authority.answer(OK)
    _ok(_send(authority, context))  # the parent's connection still works
    assert authority.connections == 1
