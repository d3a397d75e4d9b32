"""The product's own NF-e client (documents/transmission) against the contingency simulator:
the status the breaker will read, the SVC-AN route (tpEmis 6) and a late offline NFC-e."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from documents.certificates import load_pkcs12
from documents.transmission.endpoints import Environment
from documents.transmission.nfe import NfeClient
from documents.transmission.outcome import Authorized, Rejected, ServiceStatus
from documents.transmission.settings import TransmissionSettings
from documents.transmission.tls import client_context
from documents.transmission.transport import Route, SoapTransport
from simulator.testing import SimulatorHandle, running_simulator
from tests.unit.simulator import contingency_factories as cf
from tests.unit.simulator.factories import PASSWORD, Company, make_company

HOM = Environment.HOMOLOGATION


@dataclass
class Product:
    sim: SimulatorHandle
    company: Company
    transport: SoapTransport

    def nfe(self, uf: str, *, model: str = "55", tp_emis: str = "1") -> NfeClient:
        return NfeClient(self.transport, Route(uf, HOM, model=model, tp_emis=tp_emis))


@pytest.fixture
def product(tmp_path) -> Iterator[Product]:
    with running_simulator(tmp_path / "sim") as sim:
        company = make_company(sim, tmp_path / "c", "11222333000181")
        a1 = load_pkcs12(company.pfx.read_bytes(), PASSWORD)
        settings = TransmissionSettings(authority_url=sim.base_url, ca_bundle=str(sim.ca_bundle),
                                        read_timeout=5)  # fmt: skip
        context = client_context(a1, ca_bundle=settings.ca_bundle)
        yield Product(sim, company, SoapTransport(settings, context))


def test_status_of_a_paralysed_uf_is_not_online(product):
    product.sim.set_outage("SP", code="109")
    status = product.nfe("SP").status()
    assert isinstance(status, ServiceStatus)
    assert (status.cStat, status.online) == ("109", False)


def test_svc_an_through_the_product_route(product):
    svc = product.nfe("SP", tp_emis="6")  # the product's route to SVC-AN (SVAN's URLs)
    before = svc.status()
    assert isinstance(before, Rejected) and before.cStat == "114"
    product.sim.set_outage("SP", code="109")
    product.sim.set_svc("SP")
    assert isinstance(svc.status(), ServiceStatus)
    issued = cf.nfe(product.company, 90, tp_emis="6")
    outcome = svc.authorize(issued.xml, batch_id="1")
    assert isinstance(outcome, Authorized) and outcome.cStat == "100"
    assert isinstance(svc.query(issued.key), Authorized)
    product.sim.clear_outages("SP")
    assert isinstance(product.nfe("SP").query(issued.key), Authorized)


def test_late_offline_nfce_is_authorized_150(product):
    issued = cf.nfe(product.company, 91, tp_emis="9", model="65", uf="RS")
    product.sim.advance_clock(25 * 3600)
    outcome = product.nfe("RS", model="65", tp_emis="9").authorize(issued.xml, batch_id="2")
    assert isinstance(outcome, Authorized) and outcome.cStat == "150"
