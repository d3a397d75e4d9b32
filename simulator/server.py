"""The simulator process: HTTPS with mutual TLS for the authority services, plain HTTP on loopback
for the admin API.

A hand-rolled threaded server (not a WSGI framework) because the fault modes need the raw socket:
delaying, timing out, and dropping the connection after the work is committed.
"""

from __future__ import annotations

import contextlib
import json
import logging
import socket
import ssl
import struct
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from cryptography import x509
from lxml import etree

from documents.certificates import holder_ids
from simulator import (
    admin_contingency,
    admin_distribution,
    adn,
    contingency,
    cte,
    distribution,
    mdfe,
    nfe,
    nfe_events,
    nfse,
    pki,
    request_facts,
    soap,
    svc,
)
from simulator.authority import Authority
from simulator.call import Call
from simulator.clock import Clock, wire
from simulator.errors import BadRequest, Rejection, SimulatorConfigError
from simulator.faults import PRE_PROCESSING, FaultBook, FaultKind, RequestScope
from simulator.routing import Family, Route, adn_subpath, for_document, nfse_subpath, resolve
from simulator.settings import Settings
from simulator.state import Store

assert nfe_events  # registers the NF-e event and voiding services
assert distribution  # registers NFeDistribuicaoDFe (Ambiente Nacional)
log = logging.getLogger("simulator")
MAX_BODY_BYTES = 5_000_000
STATE_FILE = "simulator.sqlite3"
SOAP_TYPE = "application/soap+xml; charset=utf-8"
JSON_TYPE = "application/json"
PARALYSED_REASONS = {
    "108": "Servico Paralisado Momentaneamente (curto prazo)",
    "109": "Servico Paralisado sem Previsao",
}


class _NfeFamily:
    """The NF-e services behind the same two calls as the CT-e and MDF-e families."""

    handle = staticmethod(nfe.handle)
    simple_answer = staticmethod(nfe.simple_answer)


FAMILIES: dict[Family, Any] = {
    Family.NFE: _NfeFamily(),
    Family.CTE: cte.FAMILY,
    Family.MDFE: mdfe.FAMILY,
}


class _Dropped(Exception):
    """The connection was dropped on purpose (fault): nothing more is written."""


class AuthorityHandler(BaseHTTPRequestHandler):
    """One HTTPS request to an authority service."""

    server: AuthorityServer
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body go in two writes; no delayed-ACK stall
    timeout = 60

    def setup(self) -> None:
        super().setup()
        ssl_socket = self.request
        assert isinstance(ssl_socket, ssl.SSLSocket)
        ssl_socket.do_handshake()
        self.server.count_handshake()

    def log_message(self, format: str, *args: Any) -> None:
        log.debug("%s " + format, self.client_address[0], *args)

    def do_POST(self) -> None:
        self._serve("POST")

    def do_GET(self) -> None:
        self._serve("GET")

    def do_HEAD(self) -> None:
        self._serve("HEAD")

    def _serve(self, method: str) -> None:
        try:
            self._dispatch(method)
        except _Dropped:
            self.close_connection = True
        except BadRequest as exc:
            self._send(exc.status, soap.fault(exc.message), SOAP_TYPE)

    def _dispatch(self, method: str) -> None:
        body = self._body()
        route = resolve(self.path)
        if route is None:
            raise BadRequest(404, f"Servico nao encontrado: {urlsplit(self.path).path}")
        authority = self.server.authority
        caller = self._caller()
        scope = RequestScope(
            "nfse" if route.family is Family.NFSE else route.service,
            caller,
            self.headers.get("X-Simulator-Scope"),
        )
        rest = route.family is Family.NFSE
        request = None if rest else _parsed(body)
        facts = request_facts.read(request)
        route = svc.effective_route(for_document(route, self.path, facts.uf), facts)
        paralysed = self._outage(route, facts, rest=rest)
        paralysed = self._pre_faults(scope, rest=rest) or paralysed
        if rest:
            status, answer, content_type = self._nfse(route, method, body, scope, paralysed)
        else:
            answer = self._soap(route, body, scope, paralysed, request)
            status, content_type = 200, SOAP_TYPE
        if authority.faults.take([FaultKind.DROP_AFTER_PROCESSING], scope):
            self._drop()
        held = authority.faults.take([FaultKind.HOLD_AFTER_PROCESSING], scope)
        if held is not None:
            time.sleep(held.seconds)
        self._send(status, answer, content_type)

    def _soap(
        self,
        route: Route,
        body: bytes,
        scope: RequestScope,
        paralysed: str | None,
        parsed: soap.SoapRequest | None = None,
    ) -> bytes:
        request = parsed or soap.parse_request(body)
        if request.operation.lower() != route.service.lower():
            raise BadRequest(500, f"Operacao {request.operation} nao atendida em {route.service}")
        wrapper = soap.WRAPPED_OPERATIONS.get(route.service)
        if request.wrapper != wrapper:
            raise BadRequest(500, f"Elemento {wrapper or 'DadosMsg'} esperado no soap:Body")
        call = Call(self.server.authority, route, request, scope)
        family = FAMILIES[route.family]
        if paralysed is not None:
            answer = family.simple_answer(call, paralysed, PARALYSED_REASONS[paralysed])
        elif scope.caller is None:
            answer = family.simple_answer(call, "282", "Rejeicao: Certificado Transmissor sem CNPJ")
        else:
            answer = _contingency_answer(call)
            if answer is None:
                answer = family.handle(call)
        return soap.envelope(request.operation, request.family, answer)

    def _outage(self, route: Route, facts: request_facts.Facts, *, rest: bool) -> str | None:
        """Apply the outage of the authority the request reached (outages.py): returns the
        paralysed cStat, or fails the request (hang, reset, HTTP error) without processing."""
        outage = self.server.authority.outages.find(route, facts)
        if outage is None:
            return None
        effect = outage.effect(route.service)
        if effect == "cstat":
            return outage.code
        if effect == "timeout":
            outage.released.wait(outage.seconds)
            self._drop()
        if effect == "reset":
            self._reset()
        self.close_connection = True
        if rest:
            body = json.dumps({"mensagem": "Servico indisponivel (simulado)"}).encode()
            self._send(outage.status, body, JSON_TYPE)
        else:
            self._send(outage.status, soap.fault("Servico indisponivel (simulado)"), SOAP_TYPE)
        raise _Dropped

    def _nfse(
        self, route: Route, method: str, body: bytes, scope: RequestScope, paralysed: str | None
    ) -> tuple[int, bytes, str]:
        """Sefin Nacional REST: JSON answers; paralysed is 503 with the E91xx code."""
        adn_route = route.authority == "ADN"
        subpath = adn_subpath(self.path) if adn_route else nfse_subpath(self.path)
        request = nfse.RestRequest(
            self.server.authority, method, subpath, body, route.tp_amb.value, scope,
        )  # fmt: skip
        if paralysed is not None:
            error = nfse.NfseError(503, f"E9{paralysed}", PARALYSED_REASONS[paralysed])
            answer = nfse.error_answer(request, error)
        elif scope.caller is None:
            error = nfse.NfseError(403, "E9282", "Certificado de transmissao sem CNPJ/CPF")
            answer = nfse.error_answer(request, error)
        elif adn_route:
            answer = adn.handle(request)
        else:
            answer = nfse.handle(request)
        data = b"" if answer.body is None else json.dumps(answer.body).encode()
        return answer.status, data, JSON_TYPE

    def _pre_faults(self, scope: RequestScope, *, rest: bool) -> str | None:
        """Apply delay/timeout/HTTP error faults, each at most once for this request (delays
        add up); returns a paralysed cStat when one applies."""
        faults = self.server.authority.faults
        paralysed = None
        taken: set[int] = set()
        while (fault := faults.take(PRE_PROCESSING, scope, taken=taken)) is not None:
            taken.add(fault.id)
            if fault.kind is FaultKind.DELAY:
                time.sleep(fault.seconds)
                continue
            if fault.kind is FaultKind.TIMEOUT:
                time.sleep(fault.seconds)
                self._drop()
            if fault.kind is FaultKind.HTTP_ERROR:
                self.close_connection = True  # announced, so clients never reuse the socket
                if rest:
                    body = json.dumps({"mensagem": "Erro interno do servidor (simulado)"})
                    self._send(fault.status, body.encode(), JSON_TYPE)
                else:
                    self._send(fault.status, soap.fault("Erro interno do servidor (simulado)"),
                               SOAP_TYPE)  # fmt: skip
                raise _Dropped
            paralysed = fault.code
            break
        return paralysed

    def _caller(self) -> str | None:
        """CNPJ/CPF of the client certificate (the TLS layer already checked chain and validity)."""
        der = self.request.getpeercert(binary_form=True)
        if not der:
            return None
        ids = holder_ids(x509.load_der_x509_certificate(der))
        return ids.cnpj or ids.cpf

    def _body(self) -> bytes:
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY_BYTES:
            raise BadRequest(413, "Mensagem maior que o limite")
        return self.rfile.read(length) if length else b""

    def _drop(self) -> None:
        """Close the TCP connection without an answer nor a TLS close_notify."""
        with contextlib.suppress(OSError):
            self.request.shutdown(socket.SHUT_RDWR)
        raise _Dropped

    def _reset(self) -> None:
        """Abort the TCP connection (RST, SO_LINGER 0): the client sees ECONNRESET."""
        with contextlib.suppress(OSError):
            self.request.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.rfile.close()  # its reference would keep the socket open past close()
            self.request.close()
        raise _Dropped

    def _send(self, status: int, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


class AuthorityServer(ThreadingHTTPServer):
    """Threaded HTTPS server; the TLS handshake runs in the request thread, not in accept()."""

    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128
    """The listen backlog (socketserver's default is 5): a burst of new connections, as when
    every service process connects at once, must not overflow it into SYN retransmissions,
    a latency of the simulator the service's figures would carry."""

    def __init__(self, address: tuple[str, int], authority: Authority, context: ssl.SSLContext):
        super().__init__(address, AuthorityHandler)
        self.authority = authority
        self.handshakes = 0
        """Mutual-TLS handshakes completed: new connections, as a client's reuse shows them."""
        self._handshakes_lock = threading.Lock()
        self.socket = context.wrap_socket(
            self.socket, server_side=True, do_handshake_on_connect=False
        )

    def count_handshake(self) -> None:
        with self._handshakes_lock:
            self.handshakes += 1

    def handle_error(self, request: Any, client_address: Any) -> None:
        log.warning("connection from %s ended with an error", client_address, exc_info=True)


class AdminHandler(BaseHTTPRequestHandler):
    """Plain-HTTP admin API on loopback: faults, clock and a view of the state."""

    server: AdminServer
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def log_message(self, format: str, *args: Any) -> None:
        log.debug("admin " + format, *args)

    def do_GET(self) -> None:
        path = urlsplit(self.path).path
        authority = self.server.authority
        handled = admin_contingency.get(authority, path)
        if handled is None:
            handled = admin_distribution.get(authority, path, parse_qs(urlsplit(self.path).query))
        if handled is not None:
            self._json(*handled)
        elif path == "/_admin/state":
            self._json(200, admin_state(authority))
        elif path == "/_admin/faults":
            self._json(200, {"faults": [f.describe() for f in authority.faults.active()]})
        elif path == "/_admin/connections":
            self._json(200, {"tls_handshakes": self.server.connections()})
        elif path == "/_admin/ca":
            self._reply(200, authority.ca.pem(), "application/x-pem-file")
        else:
            self._json(404, {"error": "not found"})

    def do_POST(self) -> None:
        path = urlsplit(self.path).path
        try:
            payload = self._payload()
            handled = admin_contingency.post(self.server.authority, path, payload)
            if handled is not None:
                self._json(*handled)
            elif path == "/_admin/faults":
                specs = payload if isinstance(payload, list) else [payload]
                added = self.server.authority.faults.add_all(specs)
                self._json(201, {"faults": [f.describe() for f in added]})
            elif path == "/_admin/clock":
                now = self.server.authority.clock.advance(float(payload["advance_seconds"]))
                self._json(200, {"now": wire(now)})
            else:
                self._json(404, {"error": "not found"})
        except (SimulatorConfigError, KeyError, ValueError, TypeError) as exc:
            self._json(400, {"error": str(exc)})

    def do_DELETE(self) -> None:
        parts = urlsplit(self.path)
        try:
            handled = admin_contingency.delete(self.server.authority, parts.path,
                                               parse_qs(parts.query))  # fmt: skip
        except (SimulatorConfigError, ValueError) as exc:
            self._json(400, {"error": str(exc)})
            return
        if handled is not None:
            self._json(*handled)
            return
        if parts.path != "/_admin/faults":
            self._json(404, {"error": "not found"})
            return
        scope = parse_qs(parts.query).get("scope", [None])[0]
        self._json(200, {"removed": self.server.authority.faults.clear(scope)})

    def _payload(self) -> Any:
        length = int(self.headers.get("Content-Length") or 0)
        return json.loads(self.rfile.read(length) or b"{}")

    def _json(self, status: int, data: Any) -> None:
        self._reply(status, json.dumps(data).encode(), "application/json")

    def _reply(self, status: int, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class AdminServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(
        self, address: tuple[str, int], authority: Authority, connections: Callable[[], int]
    ):
        super().__init__(address, AdminHandler)
        self.authority = authority
        self.connections = connections
        """The authority server's mutual-TLS handshakes so far (`/_admin/connections`)."""


def admin_state(authority: Authority) -> dict[str, Any]:
    """What the simulator holds: ground truth for tests (every authorization it committed)."""
    documents = authority.store.all_documents()
    return {
        "now": wire(authority.now()),
        "documents": [
            {
                "chave": d.access_key,
                "status": d.status,
                "nProt": d.protocol,
                "family": d.family,
                "model": d.model,
                "issuer": d.issuer,
                "serie": d.series,
                "numero": d.number,
            }
            for d in documents
        ],
        "nfse": [
            {
                "chave": n.access_key,
                "idDps": n.dps_id,
                "status": n.status,
                "emitente": n.issuer,
                "municipio": n.municipality,
                "numero": n.number,
            }
            for n in authority.store.all_nfse()
        ],
        "voided_ranges": authority.store.count_voided(),
        "queries": authority.store.query_counts(),
        "faults": [f.describe() for f in authority.faults.active()],
        "outages": [o.describe() for o in authority.outages.active()],
        "contingency": admin_contingency.contingency_documents(authority),
        "svc": admin_contingency.svc_state(authority)["activations"],
        "epec": admin_contingency.epec_state(authority),
    }


def _parsed(body: bytes) -> soap.SoapRequest | None:
    """The SOAP request, or None when unusable (then answered by ``_soap`` as before)."""
    try:
        return soap.parse_request(body)
    except BadRequest:
        return None


def _contingency_answer(call: Call) -> etree._Element | None:
    """The SVC's or the AN EPEC's own answer; lot-level rejections (114) become the answer."""
    try:
        return contingency.handle(call)
    except Rejection as rejection:
        return FAMILIES[call.route.family].simple_answer(call, rejection.code, rejection.reason)


class Simulator:
    """One simulator: CA, trust store, state, both servers. ``start()`` runs them in threads."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        data_dir = settings.data_dir
        data_dir.mkdir(parents=True, exist_ok=True)
        ca = _certificate_authority(settings)
        self.ca_bundle = data_dir / pki.CA_CERT_FILE
        if settings.ca_cert is not None:
            self.ca_bundle.write_bytes(ca.pem())
        trust_path = settings.trust_bundle or self.ca_bundle
        trusted = pki.load_trust_store(trust_path.read_bytes())
        faults = FaultBook(settings.seed)
        faults.add_all(settings.faults)
        signer = pki.load_or_issue_authority_signer(ca, data_dir)
        self.authority = Authority(
            settings, Store(data_dir / STATE_FILE), Clock(), faults, ca, trusted, signer
        )
        cert_path, key_path = pki.write_server_certificate(ca, data_dir)
        context = _tls_context(cert_path, key_path, trust_path)
        self.https = AuthorityServer((settings.host, settings.port), self.authority, context)
        self.admin = AdminServer(
            (settings.host, settings.admin_port), self.authority, lambda: self.https.handshakes
        )
        self._threads: list[threading.Thread] = []

    @property
    def base_url(self) -> str:
        host, port = self.https.server_address[:2]
        return f"https://{host!s}:{port}"

    @property
    def admin_url(self) -> str:
        host, port = self.admin.server_address[:2]
        return f"http://{host!s}:{port}"

    def start(self) -> None:
        for server in (self.https, self.admin):
            thread = threading.Thread(target=server.serve_forever, daemon=True)
            thread.start()
            self._threads.append(thread)

    def stop(self) -> None:
        for server in (self.https, self.admin):
            server.shutdown()
            server.server_close()
        for thread in self._threads:
            thread.join(timeout=5)
        self.authority.store.close()


def _certificate_authority(settings: Settings) -> pki.CertificateAuthority:
    if settings.ca_cert is not None and settings.ca_key is not None:
        return pki.load_ca(settings.ca_cert, settings.ca_key)
    return pki.load_or_create_ca(settings.data_dir)


def _tls_context(cert: Path, key: Path, trust: Path) -> ssl.SSLContext:
    """Mutual TLS 1.2+: the client must present a certificate that chains to the trust bundle."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.verify_mode = ssl.CERT_REQUIRED
    context.load_verify_locations(cafile=str(trust))
    context.load_cert_chain(str(cert), str(key))
    return context
