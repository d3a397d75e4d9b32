"""A certificate the simulator refuses with a TLS alert is `NotSent`, certificate refused.

The certificate comes from another CA bearing the trusted CA's very subject name: the server finds
its CA by that name, the signature check fails and it answers `TLSV1_ALERT_DECRYPT_ERROR`. Under
TLS 1.2 that alert ends the handshake; under TLS 1.3 it arrives after our handshake ended, on the
write (a large request) or on the first read (a small one). Every case must say "not delivered,
your certificate was refused", never "uncertain" (which leaves a document PENDENTE for an hour).
"""

from __future__ import annotations

import ssl
from collections.abc import Iterator
from pathlib import Path

import pytest

from documents.certificates import A1Certificate, load_pkcs12
from documents.transmission.http import HttpRequest, Limits, exchange
from documents.transmission.outcome import NotSent, NotSentReason
from documents.transmission.tls import client_context
from simulator import pki
from simulator.testing import SimulatorHandle, running_simulator

STATUS_PATH = "/homologacao.nfe.fazenda.sp.gov.br/ws/nfestatusservico4.asmx"
PASSWORD = "senha"


@pytest.fixture(scope="module")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimulatorHandle]:
    with running_simulator(Path(tmp_path_factory.mktemp("authority"))) as handle:
        yield handle


@pytest.fixture(scope="module")
def namesake_a1() -> A1Certificate:
    """An A1 from a CA with the simulator CA's subject name (`pki.create_ca()`'s default) and
    another key."""
    pfx = pki.issue_a1(pki.create_ca(), cnpj="11222333000181", name="HOMONIMA", password=PASSWORD)
    return load_pkcs12(pfx, PASSWORD)


@pytest.mark.parametrize("size", [64, 400_000], ids=["refused-on-read", "refused-on-write"])
@pytest.mark.parametrize("version", [ssl.TLSVersion.TLSv1_3, ssl.TLSVersion.TLSv1_2])
def test_certificate_of_a_namesake_ca_is_refused_not_uncertain(
    sim: SimulatorHandle, namesake_a1: A1Certificate, version: ssl.TLSVersion, size: int
) -> None:
    context = client_context(namesake_a1, ca_bundle=str(sim.ca_bundle))
    context.maximum_version = version
    request = HttpRequest("POST", sim.base_url + STATUS_PATH, b"x" * size, {})
    outcome = exchange(request, context, Limits(5.0, 5.0, 1_000_000))
    assert isinstance(outcome, NotSent), outcome
    assert outcome.reason is NotSentReason.TLS_REJECTED and outcome.certificate_refused, outcome
    assert "DECRYPT_ERROR" in outcome.detail
