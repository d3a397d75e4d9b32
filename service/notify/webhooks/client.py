"""A small HTTPS client for deliveries, on `socket`, `ssl` and `http.client`.

Higher-level clients resolve the host name again when they connect, which reopens the DNS
rebinding window; this one resolves once, checks every address (`ssrf.allowed_addresses`),
connects to exactly one of those addresses and verifies TLS against the host name (SNI). It
never follows redirects (3xx is a failure), reads at most `MAX_RESPONSE_BYTES` of the answer,
and a watchdog closes the socket when the total time budget (8 s) is spent, so a receiver that
drips bytes cannot hold a worker.
"""

from __future__ import annotations

import contextlib
import http.client
import ipaddress
import socket
import ssl
import threading
import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field

from service.notify.webhooks.ssrf import (
    Address,
    Resolver,
    Target,
    Unresolvable,
    UrlRejected,
    allowed_addresses,
    system_resolver,
)

MAX_RESPONSE_BYTES = 64 * 1024
USER_AGENT = "FiscalWebhooks/1.0"

Connector = Callable[[Address, int, float], socket.socket]
"""`(address, port, timeout) -> connected TCP socket`."""


def system_connect(address: Address, port: int, timeout: float) -> socket.socket:
    family = socket.AF_INET6 if isinstance(address, ipaddress.IPv6Address) else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    try:
        sock.connect((str(address), port))
    except BaseException:
        sock.close()
        raise
    return sock


@dataclass(frozen=True)
class Network:
    """How deliveries reach the world; tests inject a resolver, a connector and a clock."""

    resolve: Resolver = system_resolver
    connect: Connector = system_connect
    clock: Callable[[], float] = field(default=time.time)
    """Unix time of an attempt (its `X-Webhook-Timestamp`)."""


@dataclass(frozen=True)
class Outcome:
    """What one attempt got: an HTTP status, or an error, and how long it took."""

    status: int | None
    latency_ms: int
    error: str | None = None

    @property
    def delivered(self) -> bool:
        return self.error is None and self.status is not None and 200 <= self.status < 300


@dataclass(frozen=True)
class Limits:
    timeout: float
    allowed_hosts: Collection[str]
    context: ssl.SSLContext


def tls_context(ca_bundle: str | None) -> ssl.SSLContext:
    """System CAs plus `WEBHOOK_CA_BUNDLE` (the test receiver's CA), hostname checked."""
    context = ssl.create_default_context()
    if ca_bundle:
        context.load_verify_locations(cafile=ca_bundle)
    return context


class _Watchdog:
    """Shuts the socket down when the time budget ends, whatever phase the call is in."""

    def __init__(self, deadline: float) -> None:
        self.fired = False
        self._deadline = deadline
        self._sock: socket.socket | None = None
        self._timer: threading.Timer | None = None

    def watch(self, sock: socket.socket) -> None:
        self._sock = sock
        if self._timer is None:
            self._timer = threading.Timer(max(self._deadline - time.monotonic(), 0.0), self._fire)
            self._timer.daemon = True
            self._timer.start()

    def _fire(self) -> None:
        self.fired = True
        if self._sock is not None:
            # the plain socket's shutdown: SSLSocket's own would race the reading thread
            with contextlib.suppress(OSError):
                socket.socket.shutdown(self._sock, socket.SHUT_RDWR)

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()


def bounded(resolve: Resolver, deadline: float) -> Resolver:
    """`resolve` that gives up at `deadline` (monotonic): getaddrinfo has no timeout of its own,
    so it runs in a daemon thread and the attempt moves on without it."""

    def run(host: str, port: int) -> list[str]:
        answer: list[list[str]] = []
        failure: list[BaseException] = []

        def work() -> None:
            try:
                answer.append(resolve(host, port))
            except BaseException as exc:  # handed to the caller below
                failure.append(exc)

        thread = threading.Thread(target=work, name="webhook-resolve", daemon=True)
        thread.start()
        thread.join(max(deadline - time.monotonic(), 0.0))
        if failure:
            raise failure[0]
        if not answer:
            raise TimeoutError("resolution timed out")
        return answer[0]

    return run


def _connect(
    addresses: list[Address], port: int, connect: Connector, deadline: float
) -> socket.socket:
    """The first address that accepts (every one of them was already checked)."""
    last: OSError | None = None
    for address in addresses:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError
        try:
            return connect(address, port, remaining)
        except OSError as exc:
            last = exc
    raise last or OSError("sem endereço")


def _exchange(sock: ssl.SSLSocket, target: Target, headers: Mapping[str, str], body: bytes) -> int:
    conn = http.client.HTTPConnection(target.host, target.port)
    conn.sock = sock  # already connected, to the checked address, with TLS verified
    try:
        conn.request("POST", target.path, body=body, headers=dict(headers))
        response = conn.getresponse()
        response.read(MAX_RESPONSE_BYTES)
        return response.status
    finally:
        conn.close()


def _describe(exc: BaseException, watchdog: _Watchdog, timeout: float) -> str:
    if watchdog.fired or isinstance(exc, TimeoutError | socket.timeout):
        return f"Tempo esgotado ({timeout:g} s)."
    if isinstance(exc, Unresolvable):
        return f"DNS: {exc}"
    if isinstance(exc, UrlRejected):
        return f"Bloqueado: {exc}"
    if isinstance(exc, ssl.SSLCertVerificationError):
        return f"Certificado TLS não verificado: {exc.verify_message}."
    if isinstance(exc, ssl.SSLError):
        return f"Falha TLS: {exc.reason or exc}."
    if isinstance(exc, http.client.HTTPException):
        return "Resposta HTTP inválida."
    if isinstance(exc, ConnectionRefusedError):
        return "Conexão recusada."
    return f"Falha de conexão: {type(exc).__name__}."


def post(
    network: Network, limits: Limits, target: Target, headers: Mapping[str, str], body: bytes
) -> Outcome:
    """POST `body` to `target`; never raises (the outcome carries the error)."""
    start = time.monotonic()
    deadline = start + limits.timeout
    watchdog = _Watchdog(deadline)
    sock: socket.socket | None = None
    try:
        resolve = bounded(network.resolve, deadline)
        addresses = allowed_addresses(target.host, target.port, resolve, limits.allowed_hosts)
        sock = _connect(addresses, target.port, network.connect, deadline)
        watchdog.watch(sock)
        sock.settimeout(max(deadline - time.monotonic(), 0.001))
        sock = limits.context.wrap_socket(sock, server_hostname=target.host)
        watchdog.watch(sock)
        status = _exchange(sock, target, headers, body)
    except (OSError, UrlRejected, http.client.HTTPException) as exc:
        return Outcome(None, _elapsed_ms(start), _describe(exc, watchdog, limits.timeout))
    finally:
        watchdog.cancel()
        if sock is not None:
            sock.close()
    return Outcome(status, _elapsed_ms(start), _status_error(status))


def _status_error(status: int) -> str | None:
    if 200 <= status < 300:
        return None
    if 300 <= status < 400:
        return f"HTTP {status}: redirecionamento não é seguido."
    return f"HTTP {status}."


def _elapsed_ms(start: float) -> int:
    return int((time.monotonic() - start) * 1000)
