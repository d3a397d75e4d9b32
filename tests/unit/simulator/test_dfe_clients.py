"""The product's own CT-e, MDF-e and NFS-e clients (documents/transmission) against the simulator:
the production path, end to end over mutual TLS."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from documents.certificates import load_pkcs12
from documents.transmission.cte import CteClient
from documents.transmission.endpoints import Environment
from documents.transmission.mdfe import MdfeClient
from documents.transmission.nfse import (
    NfseAuthorized,
    NfseClient,
    NfseDps,
    NfseEvent,
    NfseRejected,
)
from documents.transmission.outcome import (
    Authorized,
    Cancelled,
    Closed,
    NotFound,
    OpenManifests,
    Rejected,
    ServiceStatus,
    Throttled,
    Uncertain,
)
from documents.transmission.settings import TransmissionSettings
from documents.transmission.tls import client_context
from documents.transmission.transport import Route, SoapTransport
from simulator.testing import SimulatorHandle, running_simulator
from tests.unit.simulator.dfe_factories import build_cte, build_mdfe, cte_cancel, mdfe_close
from tests.unit.simulator.factories import PASSWORD, Company, make_company
from tests.unit.simulator.nfse_factories import build_dps, cancel_request


@dataclass
class Product:
    sim: SimulatorHandle
    company: Company
    cte: CteClient
    cte_os: CteClient
    mdfe: MdfeClient
    nfse: NfseClient


@pytest.fixture(scope="module")
def product(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Product]:
    """One simulator for the module; every test uses its own document numbers."""
    base = tmp_path_factory.mktemp("clients")
    with running_simulator(base / "sim") as sim:
        company = make_company(sim, base / "c", "11222333000181")
        a1 = load_pkcs12(company.pfx.read_bytes(), PASSWORD)
        settings = TransmissionSettings(authority_url=sim.base_url, ca_bundle=str(sim.ca_bundle),
                                        read_timeout=5)  # fmt: skip
        context = client_context(a1, ca_bundle=settings.ca_bundle)
        transport = SoapTransport(settings, context)
        yield Product(
            sim, company,
            CteClient(transport, Route("SP", Environment.HOMOLOGATION, model="57")),
            CteClient(transport, Route("SP", Environment.HOMOLOGATION, model="67")),
            MdfeClient(transport, Route("PR", Environment.HOMOLOGATION)),
            NfseClient(settings, context, Environment.HOMOLOGATION),
        )  # fmt: skip


@pytest.fixture(autouse=True)
def _no_fault_left_behind(product: Product) -> Iterator[None]:
    yield
    product.sim.clear_faults()


def test_cte_client_authorizes_queries_and_cancels(product: Product) -> None:
    status = product.cte.status()
    assert isinstance(status, ServiceStatus) and status.online
    issued = build_cte(product.company, number=101)
    outcome = product.cte.authorize(issued.xml)
    assert isinstance(outcome, Authorized)
    assert (outcome.cStat, outcome.chave) == ("100", issued.key)
    assert isinstance(product.cte.query(issued.key), Authorized)
    again = product.cte.authorize(issued.xml)
    assert isinstance(again, Rejected) and again.is_duplicate
    cancel = product.cte.send_event(cte_cancel(product.company, issued.key, outcome.nProt))
    assert isinstance(cancel, Authorized) and cancel.cStat == "135"
    assert isinstance(product.cte.query(issued.key), Cancelled)
    unknown = build_cte(product.company, number=102, sign=False).key
    assert isinstance(product.cte.query(unknown), NotFound)


def test_cte_os_client_and_duplicate_number(product: Product) -> None:
    first = build_cte(product.company, number=201, os=True)
    assert isinstance(product.cte_os.authorize(first.xml), Authorized)
    other = build_cte(product.company, number=201, os=True, code="87654321")
    outcome = product.cte_os.authorize(other.xml)
    assert isinstance(outcome, Rejected)
    assert (outcome.cStat, outcome.duplicate_key) == ("539", first.key)


def test_mdfe_client_open_manifests_close_and_closed_query(product: Product) -> None:
    assert isinstance(product.mdfe.status(), ServiceStatus)
    issued = build_mdfe(product.company, number=301)
    outcome = product.mdfe.authorize(issued.xml)
    assert isinstance(outcome, Authorized)
    listed = product.mdfe.open_manifests(product.company.cnpj)
    assert isinstance(listed, OpenManifests)
    assert (issued.key, outcome.nProt) in [(m.chMDFe, m.nProt) for m in listed.manifests]
    closed = product.mdfe.send_event(mdfe_close(product.company, issued.key, outcome.nProt))
    assert isinstance(closed, Authorized)
    assert isinstance(product.mdfe.query(issued.key), Closed)
    remaining = product.mdfe.open_manifests(product.company.cnpj)
    assert isinstance(remaining, OpenManifests)
    assert issued.key not in [m.chMDFe for m in remaining.manifests]


def test_consumo_indevido_reaches_the_client_as_throttled(product: Product) -> None:
    issued = build_mdfe(product.company, number=302)
    assert isinstance(product.mdfe.authorize(issued.xml), Authorized)
    product.sim.set_fault("query_limit", limit=0, scope="cnpj:11222333000181")
    outcome = product.mdfe.query(issued.key)
    assert isinstance(outcome, Throttled) and outcome.cStat == "678"


def test_lost_cte_answer_is_uncertain_and_the_query_reconciles(product: Product) -> None:
    product.sim.set_fault("drop_after_processing", service="CTeRecepcaoSincV4", times=1)
    issued = build_cte(product.company, number=103)
    assert isinstance(product.cte.authorize(issued.xml), Uncertain)
    assert isinstance(product.cte.query(issued.key), Authorized)


def test_nfse_client_issue_lookup_duplicate_and_cancel(product: Product) -> None:
    dps = build_dps(product.company, number=401)
    outcome = product.nfse.issue(dps.xml)
    assert isinstance(outcome, NfseAuthorized)
    assert outcome.idDps == dps.id and b"<NFSe" in outcome.nfse_xml
    found = product.nfse.dps(dps.id)
    assert isinstance(found, NfseDps) and found.chaveAcesso == outcome.chaveAcesso
    fetched = product.nfse.nfse(outcome.chaveAcesso)
    assert isinstance(fetched, NfseAuthorized) and fetched.nfse_xml == outcome.nfse_xml
    duplicate = product.nfse.issue(dps.xml)
    assert isinstance(duplicate, NfseRejected) and duplicate.is_duplicate
    event = product.nfse.register_event(
        outcome.chaveAcesso, cancel_request(product.company, outcome.chaveAcesso)
    )
    assert isinstance(event, NfseEvent) and b"<evento" in event.event_xml
    read = product.nfse.event(outcome.chaveAcesso, "101101", 1)
    assert isinstance(read, NfseEvent) and read.event_xml == event.event_xml
    assert isinstance(product.nfse.event(outcome.chaveAcesso, "101101", 2), NotFound)


def test_lost_nfse_answer_then_dps_lookup(product: Product) -> None:
    """Retry guidance of protocol_facts §4: after a timeout, GET /dps/{id} tells what happened."""
    missing = build_dps(product.company, number=402)
    assert isinstance(product.nfse.dps(missing.id), NotFound)
    product.sim.set_fault("drop_after_processing", scope="cnpj:11222333000181", times=1)
    dps = build_dps(product.company, number=403)
    assert isinstance(product.nfse.issue(dps.xml), Uncertain)
    assert isinstance(product.nfse.dps(dps.id), NfseDps)
