"""One HTTPS request over `http.client`, telling "not sent" from "uncertain".

`http.client` lets us separate the phases: connect (TCP + TLS handshake), write the request, read
the answer. A failure before the request is completely written cannot have been processed, so it
is `NotSent` (safe to retry). Once written, any failure (timeout, reset, truncated answer) is
`Uncertain`. One exception: a TLS alert about our certificate can arrive on the first read under
TLS 1.3 (the server checks the client certificate after our handshake finished); the server's
TLS layer then discarded the request, so that is `NotSent` too.

Connections are kept alive per company context (`pool.py`, whose docstring explains why reuse
keeps this classification exact): a write failure on a reused connection is `NotSent` and is tried
once more on a fresh connection; a read failure on one stays `Uncertain` and is never resent.
"""

from __future__ import annotations

import http.client
import socket
import ssl
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from documents.transmission.outcome import NotSent, NotSentReason, Uncertain, UncertainReason
from documents.transmission.pool import POOL

_REJECTION_ALERTS = (
    "CERTIFICATE",
    "UNKNOWN_CA",
    "ACCESS_DENIED",
    "HANDSHAKE_FAILURE",
    "DECRYPT_ERROR",
)
"""OpenSSL alert reasons by which a peer refuses our certificate: `TLSV1_ALERT_UNKNOWN_CA`,
`SSLV3_ALERT_BAD_CERTIFICATE`, `TLSV13_ALERT_CERTIFICATE_REQUIRED`, `..._CERTIFICATE_EXPIRED`,
`..._CERTIFICATE_UNKNOWN`, `TLSV1_ALERT_ACCESS_DENIED`, `SSLV3_ALERT_HANDSHAKE_FAILURE`, and
`TLSV1_ALERT_DECRYPT_ERROR`: the peer could not verify a signature of ours, which is what a
certificate from another CA bearing the trusted CA's name gives (the server finds its CA by that
name, and the signature fails). Our own verification of the server (`CERTIFICATE_VERIFY_FAILED`)
is not an alert and stays TLS_FAILED."""
_ALERT_WAIT = 1.0
"""Seconds to wait for the peer's alert after a failed write (it is already in flight)."""


@dataclass(frozen=True)
class HttpAnswer:
    """A complete HTTP answer (any status)."""

    status: int
    body: bytes
    content_type: str


@dataclass(frozen=True)
class HttpRequest:
    method: str
    url: str
    body: bytes | None
    headers: Mapping[str, str]


@dataclass(frozen=True)
class Limits:
    connect_timeout: float
    read_timeout: float
    max_bytes: int


def exchange(
    request: HttpRequest, context: ssl.SSLContext, limits: Limits
) -> HttpAnswer | NotSent | Uncertain:
    """Send `request` and read the whole answer, classifying every failure. Uses an idle
    keep-alive connection of this context when one exists."""
    parts = urlsplit(request.url)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")  # e.g. the ADN's
    target = _Target(context, parts.hostname or "", parts.port or 443, path)
    idle = POOL.take(context, target.host, target.port)
    if idle is not None:
        answer = _send(idle, request, target, limits, reused=True)
        if not (isinstance(answer, NotSent) and answer.reason is NotSentReason.WRITE_FAILED):
            return answer
        # the server had given the connection up: no complete request reached it, so once more
    conn = http.client.HTTPSConnection(
        target.host, target.port, context=context, timeout=limits.connect_timeout
    )
    conn.auto_open = 0  # a lost socket must fail, never be silently reopened by http.client
    failure = _connect(conn)
    if failure is not None:
        conn.close()
        return failure
    return _send(conn, request, target, limits, reused=False)


@dataclass(frozen=True)
class _Target:
    context: ssl.SSLContext
    host: str
    port: int
    path: str


def _send(
    conn: http.client.HTTPSConnection,
    request: HttpRequest,
    target: _Target,
    limits: Limits,
    *,
    reused: bool,
) -> HttpAnswer | NotSent | Uncertain:
    """Write and read on a connected `conn`; park it afterwards when it can be reused, else close
    it."""
    parked = False
    try:
        failure = _write(conn, request, target.path, limits.read_timeout, reused=reused)
        if failure is not None:
            return failure
        answer, reusable = _read(conn, limits.max_bytes, reused=reused)
        if reusable:
            POOL.give_back(target.context, target.host, target.port, conn)
            parked = True
        return answer
    finally:
        if not parked:
            conn.close()


def _connect(conn: http.client.HTTPSConnection) -> NotSent | None:
    try:
        conn.connect()
    except socket.gaierror as exc:
        return NotSent(NotSentReason.DNS_FAILED, str(exc))
    except ConnectionRefusedError as exc:
        return NotSent(NotSentReason.CONNECTION_REFUSED, str(exc))
    except TimeoutError as exc:
        return NotSent(NotSentReason.CONNECT_TIMEOUT, str(exc) or "connect timed out")
    except ssl.SSLError as exc:
        reason = NotSentReason.TLS_REJECTED if _is_rejection(exc) else NotSentReason.TLS_FAILED
        return NotSent(reason, str(exc))
    except ssl.CertificateError as exc:
        return NotSent(NotSentReason.TLS_FAILED, str(exc))
    except OSError as exc:
        return NotSent(NotSentReason.CONNECT_FAILED, str(exc))
    return None


def _write(
    conn: http.client.HTTPSConnection,
    request: HttpRequest,
    path: str,
    timeout: float,
    *,
    reused: bool,
) -> NotSent | None:
    """The request written completely (None), or why not. On a reused connection our certificate
    was accepted long ago, so no refusal alert is awaited."""
    if conn.sock is not None:
        conn.sock.settimeout(timeout)
    try:
        conn.request(request.method, path, body=request.body, headers=dict(request.headers))
    except ssl.SSLError as exc:
        if _is_rejection(exc):
            return NotSent(NotSentReason.TLS_REJECTED, str(exc))
        failed = NotSent(NotSentReason.WRITE_FAILED, str(exc))
        return failed if reused else _pending_alert(conn) or failed
    except (OSError, http.client.HTTPException) as exc:
        failed = NotSent(NotSentReason.WRITE_FAILED, str(exc) or type(exc).__name__)
        return failed if reused else _pending_alert(conn) or failed
    return None


def _pending_alert(conn: http.client.HTTPSConnection) -> NotSent | None:
    """After a failed write, the alert the peer sent before closing (TLS 1.3 refuses our
    certificate after our side of the handshake is done, so the write may hit the closed socket
    first); None when no refusal is waiting to be read."""
    sock = conn.sock
    if sock is None:
        return None
    try:
        sock.settimeout(_ALERT_WAIT)
        sock.recv(1)
    except ssl.SSLError as exc:
        return NotSent(NotSentReason.TLS_REJECTED, str(exc)) if _is_rejection(exc) else None
    except OSError:
        return None
    return None


def _read(
    conn: http.client.HTTPSConnection, max_bytes: int, *, reused: bool
) -> tuple[HttpAnswer | NotSent | Uncertain, bool]:
    """The answer, and whether the connection may be reused: the body was read to its end and
    the server did not ask to close. A failure here is `Uncertain` (never resent), also on a
    reused connection that got no byte of answer: the server may have processed the request."""
    answered = False
    try:
        response = conn.getresponse()
        answered = True
        body = response.read(max_bytes + 1)
    except (OSError, http.client.HTTPException) as exc:
        return _read_failure(exc, refusal_possible=not (reused or answered)), False
    if len(body) > max_bytes:
        detail = f"answer larger than {max_bytes} B"
        return Uncertain(UncertainReason.UNREADABLE_ANSWER, detail), False
    answer = HttpAnswer(response.status, body, response.getheader("Content-Type", ""))
    return answer, response.isclosed() and not response.will_close


def _read_failure(
    exc: OSError | http.client.HTTPException, *, refusal_possible: bool
) -> NotSent | Uncertain:
    """Why reading failed. The one `NotSent` is an alert refusing our certificate before any
    answer on a fresh connection: TLS 1.3 checks it after our handshake ended, so the alert
    comes when we read, and the server's TLS layer dropped the request unread. On a reused
    connection our certificate was accepted long ago, and after an answer began the request
    was heard: there such an alert proves nothing and the answer stays uncertain."""
    if isinstance(exc, TimeoutError):
        return Uncertain(UncertainReason.READ_TIMEOUT, str(exc) or "read timed out")
    if isinstance(exc, ssl.SSLError) and refusal_possible and _is_rejection(exc):
        return NotSent(NotSentReason.TLS_REJECTED, str(exc))
    return Uncertain(UncertainReason.CONNECTION_LOST, str(exc) or type(exc).__name__)


def _is_rejection(exc: ssl.SSLError) -> bool:
    """A TLS alert refusing our certificate: the peer's TLS layer dropped the request."""
    reason = str(getattr(exc, "reason", "") or "")
    return "ALERT" in reason and any(marker in reason for marker in _REJECTION_ALERTS)
