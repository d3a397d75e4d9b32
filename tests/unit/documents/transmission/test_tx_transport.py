"""Failure classification on the wire: what was not sent versus what may have been processed."""

from __future__ import annotations

import builtins
import os
import ssl
import tempfile
from pathlib import Path
from typing import Any

import pytest

from documents.transmission.errors import ClientIdentityError
from documents.transmission.nfe import NfeClient
from documents.transmission.outcome import NotSent, NotSentReason, Uncertain, UncertainReason
from documents.transmission.settings import TransmissionSettings
from documents.transmission.tls import ContextCache, client_context
from documents.transmission.transport import Route, SoapTransport

from .conftest import AuthorityServer, Identity, Pki, answer, free_port, settings_for

NFCE = answer("envia_lote_modelo_65")


def _client(url: str, pki: Pki, route: Route, *, identity: Identity | None = None,
            read_timeout: float = 5.0, trust: bool = True) -> NfeClient:  # fmt: skip
    settings = settings_for(url, pki, read_timeout=read_timeout)
    ca_bundle = settings.ca_bundle if trust else None
    context = client_context(identity or pki.client, ca_bundle=ca_bundle)
    return NfeClient(SoapTransport(settings, context), route)


def test_http_5xx_is_uncertain(authority: AuthorityServer, pki: Pki, route_rs: Route) -> None:
    authority.answer(b"<html>Service Unavailable</html>", status=503)
    outcome = _client(authority.url, pki, route_rs).authorize(NFCE, batch_id="1")
    assert isinstance(outcome, Uncertain)
    assert (outcome.reason, outcome.detail) == (UncertainReason.HTTP_STATUS, "HTTP 503")


def test_read_timeout_is_uncertain(authority: AuthorityServer, pki: Pki, route_rs: Route) -> None:
    authority.stall(2.0)
    client = _client(authority.url, pki, route_rs, read_timeout=0.3)
    outcome = client.authorize(NFCE, batch_id="1")
    assert isinstance(outcome, Uncertain)
    assert outcome.reason is UncertainReason.READ_TIMEOUT
    assert len(authority.requests) == 1  # the authority did get the request


def test_connection_dropped_after_request_is_uncertain(
    authority: AuthorityServer, pki: Pki, route_rs: Route
) -> None:
    authority.drop()
    outcome = _client(authority.url, pki, route_rs).authorize(NFCE, batch_id="1")
    assert isinstance(outcome, Uncertain)
    assert outcome.reason is UncertainReason.CONNECTION_LOST
    assert NFCE.strip() in authority.requests[0].body


def test_connection_refused_is_not_sent(pki: Pki, route_rs: Route) -> None:
    url = f"https://127.0.0.1:{free_port()}"
    outcome = _client(url, pki, route_rs).authorize(NFCE, batch_id="1")
    assert isinstance(outcome, NotSent)
    assert outcome.reason is NotSentReason.CONNECTION_REFUSED


def test_untrusted_server_certificate_is_not_sent(
    authority: AuthorityServer, pki: Pki, route_rs: Route
) -> None:
    outcome = _client(authority.url, pki, route_rs, trust=False).status()
    assert isinstance(outcome, NotSent)
    assert outcome.reason is NotSentReason.TLS_FAILED
    assert authority.requests == []


def test_client_certificate_refused_by_authority_is_not_sent(
    authority: AuthorityServer, pki: Pki, route_rs: Route
) -> None:
    outcome = _client(authority.url, pki, route_rs, identity=pki.rogue_client).status()
    assert isinstance(outcome, NotSent)
    # TLS 1.3: the alert comes after our handshake; it is seen on the write or on the first read
    assert outcome.reason in {NotSentReason.TLS_REJECTED, NotSentReason.WRITE_FAILED}, outcome
    assert authority.requests == []


@pytest.mark.parametrize(
    "body",
    [
        b"not xml at all",
        b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>',
        b'<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body>'
        b"<soap:Fault><soap:Reason><soap:Text>Server was unable</soap:Text></soap:Reason>"
        b"</soap:Fault></soap:Body></soap:Envelope>",
        b'<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body>'
        b'<nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeAutorizacao4">'
        b'<retEnviNFe xmlns="http://www.portalfiscal.inf.br/nfe"><xMotivo>?</xMotivo></retEnviNFe>'
        b"</nfeResultMsg></soap:Body></soap:Envelope>",
    ],
    ids=["garbage", "doctype", "soap-fault", "no-cstat"],
)
def test_unreadable_answer_is_uncertain(
    authority: AuthorityServer, pki: Pki, route_rs: Route, body: bytes
) -> None:
    authority.answer(body)
    outcome = _client(authority.url, pki, route_rs).authorize(NFCE, batch_id="1")
    assert isinstance(outcome, Uncertain)
    assert outcome.reason is UncertainReason.UNREADABLE_ANSWER


def _open_targets() -> list[str]:
    targets = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            targets.append(os.readlink(f"/proc/self/fd/{fd}"))
        except OSError:
            continue
    return targets


def test_no_private_key_is_written_to_disk(
    pki: Pki, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    written: list[str] = []
    real_open, real_os_open = builtins.open, os.open

    def spy_open(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if any(flag in mode for flag in "wax+"):
            written.append(str(file))
        return real_open(file, mode, *args, **kwargs)

    def spy_os_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            written.append(str(path))
        return real_os_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", spy_open)
    monkeypatch.setattr(os, "open", spy_os_open)
    contexts = [client_context(pki.client, ca_bundle=str(pki.ca_pem)) for _ in range(20)]
    assert len(contexts) == 20
    assert written == []
    assert list(tmp_path.iterdir()) == []
    assert not [target for target in _open_targets() if "a1-identity" in target]


def test_mismatched_key_is_refused(pki: Pki) -> None:
    broken = Identity(pki.client.certificate, pki.rogue_client.private_key)
    with pytest.raises(ClientIdentityError):
        client_context(broken, ca_bundle=str(pki.ca_pem))


def test_context_is_built_once_per_company_and_certificate(pki: Pki) -> None:
    cache = ContextCache(ca_bundle=str(pki.ca_pem))
    first = cache.context_for("company-1", pki.client)
    assert cache.context_for("company-1", pki.client) is first
    assert cache.context_for("company-2", pki.client) is not first
    assert cache.context_for("company-1", pki.rogue_client) is not first


def test_settings_from_environment() -> None:
    settings = TransmissionSettings.from_environ(
        {"AUTHORITY_URL": "https://127.0.0.1:8443", "AUTHORITY_CA_BUNDLE": "/ca.pem",
         "AUTHORITY_READ_TIMEOUT": "12.5", "AUTHORITY_CONNECT_TIMEOUT": ""}
    )  # fmt: skip
    assert settings == TransmissionSettings("https://127.0.0.1:8443", "/ca.pem", 10.0, 12.5)
    assert TransmissionSettings.from_environ({}).authority_url is None


@pytest.mark.parametrize("attempt", range(5))
def test_refused_client_certificate_is_always_named_as_such(
    authority: AuthorityServer, pki: Pki, route_rs: Route, attempt: int
) -> None:
    """TLS 1.3: whether the alert is met on the write or on the first read, it is the refusal."""
    outcome = _client(authority.url, pki, route_rs, identity=pki.rogue_client).authorize(
        NFCE, batch_id=str(attempt)
    )
    assert isinstance(outcome, NotSent), outcome
    assert outcome.reason is NotSentReason.TLS_REJECTED, outcome
    assert outcome.certificate_refused
    assert authority.requests == []


def test_refused_client_certificate_during_a_tls12_handshake(
    authority: AuthorityServer, pki: Pki, route_rs: Route
) -> None:
    settings = settings_for(authority.url, pki)
    context = client_context(pki.rogue_client, ca_bundle=settings.ca_bundle)
    context.maximum_version = ssl.TLSVersion.TLSv1_2
    outcome = NfeClient(SoapTransport(settings, context), route_rs).status()
    assert isinstance(outcome, NotSent), outcome
    assert outcome.reason is NotSentReason.TLS_REJECTED and outcome.certificate_refused
    assert "ALERT" in outcome.detail.upper()


def test_unknown_host_is_not_sent(pki: Pki, route_rs: Route) -> None:
    outcome = _client("https://autoridade.invalid", pki, route_rs).status()
    assert isinstance(outcome, NotSent)
    assert outcome.reason is NotSentReason.DNS_FAILED and not outcome.certificate_refused


def test_server_certificate_we_do_not_trust_is_not_a_refusal_of_ours(
    authority: AuthorityServer, pki: Pki, route_rs: Route
) -> None:
    outcome = _client(authority.url, pki, route_rs, trust=False).status()
    assert isinstance(outcome, NotSent) and not outcome.certificate_refused
