"""The EPEC of an SP NFC-e end to end against the simulator over mutual TLS, with the product's own
clients: SEFAZ-SP's NFC-e authorization is down, the tpEmis 4 NFC-e's EPEC is registered at
SEFAZ-SP's EPEC service (136), and the NFC-e transmitted later is authorized (the EPEC then
conciliated)."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from documents.certificates import load_pkcs12
from documents.events.epec import prepare_epec
from documents.keys import random_cnf
from documents.nfce.qrcode import Csc
from documents.nfe.model import Contingency, TpEmis
from documents.nfe.pipeline import SignedNFe, prepare_nfe
from documents.schemas import validate
from documents.signing import XmlSigner
from documents.transmission.clients import NfeAuthority
from documents.transmission.endpoints import Environment
from documents.transmission.nfe import NfeClient
from documents.transmission.outcome import Authorized, Rejected
from documents.transmission.settings import TransmissionSettings
from documents.transmission.tls import client_context
from documents.transmission.transport import Route, SoapTransport
from documents.wrappers import proc_evento_nfe
from simulator.clock import BRASILIA
from simulator.testing import SimulatorHandle, running_simulator
from tests.unit.simulator.factories import PASSWORD, make_company

HOM = Environment.HOMOLOGATION
CNPJ = "11222333000181"
REASON = "SEFAZ-SP NFC-e fora do ar desde as 9h"
CSC = Csc("000001", "SEGREDO-DE-TESTE")


@dataclasses.dataclass
class Product:
    sim: SimulatorHandle
    signer: XmlSigner
    transport: SoapTransport

    def nfce(self) -> NfeClient:
        return NfeClient(self.transport, Route("SP", HOM, model="65", tp_emis="4"))


@pytest.fixture(scope="module")
def product(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Product]:
    base: Path = tmp_path_factory.mktemp("epec-nfce")
    with running_simulator(base / "sim") as sim:
        company = make_company(sim, base / "company", CNPJ)
        a1 = load_pkcs12(company.pfx.read_bytes(), PASSWORD)
        settings = TransmissionSettings(authority_url=sim.base_url, ca_bundle=str(sim.ca_bundle),
                                        read_timeout=5)  # fmt: skip
        context = client_context(a1, ca_bundle=settings.ca_bundle)
        yield Product(sim, XmlSigner(a1), SoapTransport(settings, context))


def _now() -> dt.datetime:
    return dt.datetime.now(BRASILIA).replace(microsecond=0) - dt.timedelta(minutes=1)


def _nfce(factory: ModuleType, signer: XmlSigner, number: int, when: dt.datetime) -> SignedNFe:
    data = dataclasses.replace(
        factory.nfce_data(2, reform=False), numero=number, issued_at=when,
        cnf=random_cnf(number), tp_emis=TpEmis.EPEC,
        contingency=Contingency(when - dt.timedelta(minutes=5), REASON),
    )  # fmt: skip
    return prepare_nfe(data, signer, csc=CSC)


def test_sp_nfce_epec_registered_then_the_nfce_authorized(
    product: Product, nfe_factory: ModuleType
) -> None:
    when = _now()
    note = _nfce(nfe_factory, product.signer, 401, when)
    product.sim.set_outage("SP", code="109", family="nfe")  # the NFC-e authorizer is down
    try:
        epec = prepare_epec(note.xml, product.signer, when + dt.timedelta(seconds=30))
        outcome = NfeAuthority(product.nfce()).register_epec(epec.xml)
    finally:
        product.sim.clear_outages("SP")
    assert isinstance(outcome, Authorized), outcome
    assert outcome.cStat == "136" and outcome.chave == note.key.text
    assert outcome.nProt.startswith("135") and outcome.dhRecbto
    assert (
        validate(proc_evento_nfe(epec.xml, outcome.protocol_xml), "nfe/1.00/procEventoNFe-110140")
        != []
    )  # nfelib's is the NF-e's layout
    authorized = product.nfce().authorize(note.xml, batch_id="402")  # at SEFAZ-SP, later
    assert isinstance(authorized, Authorized) and authorized.cStat == "100", authorized
    (record,) = [e for e in product.sim.admin("GET", "/_admin/epec")["epec"]
                 if e["chave"] == note.key.text]  # fmt: skip
    assert record["conciliated_at"] is not None


def test_a_second_nfce_epec_is_a_duplicate_and_a_lone_tp_emis_4_nfce_is_468(
    product: Product, nfe_factory: ModuleType
) -> None:
    when = _now()
    note = _nfce(nfe_factory, product.signer, 403, when)
    first = product.nfce().send_epec(prepare_epec(note.xml, product.signer, when).xml,
                                     batch_id="403")  # fmt: skip
    assert isinstance(first, Authorized) and first.cStat == "136"
    again = product.nfce().send_epec(prepare_epec(note.xml, product.signer, when).xml,
                                     batch_id="404")  # fmt: skip
    assert isinstance(again, Rejected) and again.cStat == "573"
    lone = _nfce(nfe_factory, product.signer, 405, when)
    refused = product.nfce().authorize(lone.xml, batch_id="405")
    assert isinstance(refused, Rejected) and refused.cStat == "468", refused
