"""Fixtures: a throwaway PKI and a real HTTPS server on loopback that demands a client certificate
and answers with canned authority answers (copied verbatim from the shared corpus into
`answers/`, see answers/PROVENANCE.md)."""

from __future__ import annotations

import datetime as dt
import http.server
import ipaddress
import re
import socket
import ssl
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from documents.transmission.endpoints import Environment
from documents.transmission.pool import close_idle
from documents.transmission.settings import TransmissionSettings
from documents.transmission.tls import client_context
from documents.transmission.transport import Route, SoapTransport

ANSWERS = Path(__file__).parent / "answers"


def answer(name: str) -> bytes:
    """A corpus answer by a unique fragment of its file name."""
    (path,) = [p for p in ANSWERS.iterdir() if name in p.name]
    return path.read_bytes()


def with_status(body: bytes, cstat: str, xmotivo: str) -> bytes:
    """The corpus rejection answer with another cStat/xMotivo (authorities send that shape)."""
    body = body.replace(b"<cStat>225</cStat>", f"<cStat>{cstat}</cStat>".encode())
    old = b"<xMotivo>Rejeicao: Falha no Schema XML da NFe</xMotivo>"
    return body.replace(old, f"<xMotivo>{xmotivo}</xMotivo>".encode())


def receipt_status(cstat: str, xmotivo: str) -> bytes:
    """The corpus retConsReciNFe without its protNFe and with another batch cStat."""
    body = answer("retConsReciNFe_autorizada")
    body = re.sub(rb"<protNFe.*</protNFe>", b"", body, flags=re.DOTALL)
    body = body.replace(b"<cStat>104</cStat>", f"<cStat>{cstat}</cStat>".encode(), 1)
    return body.replace(
        b"<xMotivo>Lote processado</xMotivo>", f"<xMotivo>{xmotivo}</xMotivo>".encode()
    )


@dataclass(frozen=True)
class Identity:
    """Shaped like `documents.certificates.A1Certificate`."""

    certificate: x509.Certificate
    private_key: rsa.RSAPrivateKey
    chain: tuple[x509.Certificate, ...] = ()


def _name(common_name: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def _issue(
    subject: str,
    issuer: Identity | None,
    *,
    ca: bool = False,
    server: bool = False,
) -> Identity:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    now = dt.datetime.now(dt.UTC)
    signer_name = issuer.certificate.subject if issuer else _name(subject)
    builder = (
        x509.CertificateBuilder()
        .subject_name(_name(subject))
        .issuer_name(signer_name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(days=1))
        .not_valid_after(now + dt.timedelta(days=30))
        .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
    )
    if server:
        alt = [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
        builder = builder.add_extension(x509.SubjectAlternativeName(alt), critical=False)
        builder = builder.add_extension(
            x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False
        )
    elif not ca:
        builder = builder.add_extension(
            x509.ExtendedKeyUsage([ExtendedKeyUsageOID.CLIENT_AUTH]), critical=False
        )
    signing_key = issuer.private_key if issuer else key
    return Identity(builder.sign(signing_key, hashes.SHA256()), key)


@dataclass(frozen=True)
class Pki:
    ca: Identity
    server: Identity
    client: Identity
    rogue_client: Identity
    ca_pem: Path
    server_pem: Path


@pytest.fixture(scope="session")
def pki(tmp_path_factory: pytest.TempPathFactory) -> Pki:
    ca = _issue("Test Authority CA", None, ca=True)
    rogue_ca = _issue("Rogue CA", None, ca=True)
    server = _issue("127.0.0.1", ca, server=True)
    client = _issue("EMPRESA TESTE LTDA:12345678000195", ca)
    rogue = _issue("INTRUSO:99999999000199", rogue_ca)
    folder = tmp_path_factory.mktemp("pki")
    ca_pem = folder / "ca.pem"
    ca_pem.write_bytes(ca.certificate.public_bytes(serialization.Encoding.PEM))
    server_pem = folder / "server.pem"  # the test server's own key: not the company's A1
    server_pem.write_bytes(
        server.certificate.public_bytes(serialization.Encoding.PEM)
        + server.private_key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.TraditionalOpenSSL,
            serialization.NoEncryption(),
        )
    )
    return Pki(ca, server, client, rogue, ca_pem, server_pem)


@dataclass
class Recorded:
    path: str
    headers: dict[str, str]
    body: bytes
    client_subject: str
    client_port: int = 0  # tells the TCP connections apart


@dataclass
class Behaviour:
    """What the server does with the next request: answer, drop after reading, or stall.
    `close` answers with `Connection: close`; `hang_up` answers without announcing it and then
    closes the connection (a server giving up an idle keep-alive connection)."""

    kind: str = "answer"
    status: int = 200
    body: bytes = b""
    stall_seconds: float = 0.0
    close: bool = False
    hang_up: bool = False


@dataclass
class AuthorityServer:
    url: str
    requests: list[Recorded] = field(default_factory=list)
    plan: list[Behaviour] = field(default_factory=list)
    connections: int = 0  # TCP connections accepted (and TLS handshakes done)
    idle_timeout: float | None = None  # seconds a kept-alive connection may wait for a request

    def answer(
        self, body: bytes, status: int = 200, *, close: bool = False, hang_up: bool = False
    ) -> None:
        self.plan.append(Behaviour("answer", status, body, close=close, hang_up=hang_up))

    def drop(self) -> None:
        self.plan.append(Behaviour("drop"))

    def stall(self, seconds: float) -> None:
        self.plan.append(Behaviour("stall", stall_seconds=seconds))


def _handler(server_state: AuthorityServer) -> type[http.server.BaseHTTPRequestHandler]:
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: object) -> None:
            return

        def setup(self) -> None:
            server_state.connections += 1
            super().setup()
            self.connection.settimeout(server_state.idle_timeout)

        def _serve(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length)
            cert = self.connection.getpeercert()  # type: ignore[attr-defined]
            subject = dict(item[0] for item in cert["subject"]) if cert else {}
            server_state.requests.append(
                Recorded(
                    self.path,
                    dict(self.headers),
                    body,
                    subject.get("commonName", ""),
                    self.client_address[1],
                )
            )
            plan = server_state.plan.pop(0) if server_state.plan else Behaviour(status=500)
            if plan.kind == "drop":
                self.close_connection = True
                self.connection.close()
                return
            if plan.kind == "stall":
                time.sleep(plan.stall_seconds)
                self.close_connection = True
                return
            self.send_response(plan.status)
            self.send_header("Content-Type", "application/soap+xml; charset=utf-8")
            self.send_header("Content-Length", str(len(plan.body)))
            if plan.close:
                self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(plan.body)
            self.close_connection = plan.close or plan.hang_up

        do_POST = _serve
        do_GET = _serve

    return Handler


@pytest.fixture(autouse=True)
def no_idle_connections() -> Iterator[None]:
    """Each test starts and ends with an empty keep-alive pool (servers are per test)."""
    close_idle()
    yield
    close_idle()


@pytest.fixture
def authority(pki: Pki) -> Iterator[AuthorityServer]:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH, cafile=str(pki.ca_pem))
    context.verify_mode = ssl.CERT_REQUIRED
    context.load_cert_chain(str(pki.server_pem))
    state = AuthorityServer(url="")
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    httpd.daemon_threads = True
    httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
    state.url = f"https://127.0.0.1:{httpd.server_address[1]}"
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield state
    httpd.shutdown()
    httpd.server_close()
    thread.join()


def settings_for(url: str, pki: Pki, *, read_timeout: float = 5.0) -> TransmissionSettings:
    return TransmissionSettings(
        authority_url=url, ca_bundle=str(pki.ca_pem), connect_timeout=5.0, read_timeout=read_timeout
    )


@pytest.fixture
def transport(authority: AuthorityServer, pki: Pki) -> SoapTransport:
    settings = settings_for(authority.url, pki)
    return SoapTransport(settings, client_context(pki.client, ca_bundle=settings.ca_bundle))


@pytest.fixture
def route_rs() -> Route:
    return Route("RS", Environment.HOMOLOGATION, model="65")


def free_port() -> int:
    """A loopback port with nothing listening on it (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port
