"""A real local HTTPS webhook receiver for tests: loopback only, certificate from a test CA.

It records every request (headers, raw body, when), verifies the signature with the documented
recipe against the secrets the test gives it, and answers from a script (e.g. 500, 500, then
200) so retries can be observed. `hook` runs inside the handler (to act while a delivery is in
flight).
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import socket
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from tests.unit.notify.webhooks.recipe import verifies


def _name(common: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common)])


def make_test_pki(directory: Path) -> tuple[Path, Path, Path]:
    """(ca.pem, server.pem, server.key) for `localhost` and 127.0.0.1, valid for a day."""
    now = dt.datetime.now(dt.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_ski = x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key())
    ca = (
        x509.CertificateBuilder()
        .subject_name(_name("Fiscal webhook test CA"))
        .issuer_name(_name("Fiscal webhook test CA"))
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(False, False, False, False, False, True, True, False, False),
            critical=True,
        )
        .add_extension(ca_ski, critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    server = (
        x509.CertificateBuilder()
        .subject_name(_name("localhost"))
        .issuer_name(ca.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName(
                [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
            ),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_subject_key_identifier(ca_ski), critical=False
        )
        .sign(ca_key, hashes.SHA256())
    )
    ca_path, cert_path, key_path = (
        directory / "ca.pem",
        directory / "server.pem",
        directory / "server.key",
    )
    ca_path.write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    cert_path.write_bytes(server.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return ca_path, cert_path, key_path


@dataclass
class Received:
    headers: dict[str, str]
    body: bytes
    at: float
    verified: bool
    answered: int


@dataclass
class Reply:
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b"ok"
    delay: float = 0.0
    """Seconds to wait before answering (timeouts)."""
    drip: bool = False
    """Send the status line one byte at a time, forever (total-deadline tests)."""


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        """A client that hung up early (timeouts, capped reads) is expected here."""


class Receiver:
    """`with Receiver(tmp_path) as rx: rx.url` — an HTTPS server on 127.0.0.1."""

    def __init__(self, directory: Path) -> None:
        self.ca_path, cert, key = make_test_pki(directory)
        self.secrets: list[str] = []
        self.script: list[Reply] = []
        self.default = Reply()
        self.requests: list[Received] = []
        self.clock: Callable[[], float] = time.time
        self.hook: Callable[[], None] | None = None
        self._lock = threading.Lock()
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        self._server = _QuietServer(("127.0.0.1", 0), self._handler())
        self._server.socket = context.wrap_socket(self._server.socket, server_side=True)
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    def url(self, path: str = "/hook") -> str:
        return f"https://localhost:{self.port}{path}"

    def __enter__(self) -> Receiver:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def answer(self, *replies: Reply | int) -> None:
        """The next requests get these answers, in order; then `default`."""
        self.script = [r if isinstance(r, Reply) else Reply(status=r) for r in replies]

    def verified_with(self, secret: str, received: Received) -> bool:
        return verifies(secret, received.headers, received.body, now=received.at)

    def _next_reply(self) -> Reply:
        with self._lock:
            return self.script.pop(0) if self.script else self.default

    def _record(self, received: Received) -> None:
        with self._lock:
            self.requests.append(received)

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_: object) -> None:
                return None

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length)
                at = receiver.clock()
                headers = dict(self.headers.items())
                ok = any(verifies(s, headers, body, now=at) for s in receiver.secrets)
                reply = receiver._next_reply()
                receiver._record(Received(headers, body, at, ok, reply.status))
                if receiver.hook is not None:
                    receiver.hook()
                if reply.drip:
                    self._drip()
                    return
                if reply.delay:
                    time.sleep(reply.delay)
                self.send_response(reply.status)
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(reply.body)))
                self.end_headers()
                self.wfile.write(reply.body)

            def _drip(self) -> None:
                try:
                    for byte in b"HTTP/1.1 200 OK\r\n" * 1000:
                        self.wfile.write(bytes([byte]))
                        self.wfile.flush()
                        time.sleep(0.05)
                except OSError:
                    return

        return Handler


class Canary:
    """A plain TCP listener on loopback that only counts connections (redirect targets)."""

    def __init__(self) -> None:
        self.connections = 0
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.bind(("127.0.0.1", 0))
        self._sock.listen(8)
        self._sock.settimeout(0.1)
        self.port = self._sock.getsockname()[1]
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._sock.accept()
            except OSError:
                continue
            self.connections += 1
            conn.close()

    def __enter__(self) -> Canary:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join(1)
        self._sock.close()
