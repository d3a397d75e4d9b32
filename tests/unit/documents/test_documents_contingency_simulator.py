"""Contingency end to end against the simulator over mutual TLS, with the product's own clients
(documents/transmission): the EPEC of a tpEmis 4 NF-e registered at the Ambiente Nacional
(136), its NF-e then authorized by the UF (which confers every field with the EPEC), an EPEC
blocked by an old pending one (142 with chNFePend), an offline CT-e, an SVC-RS CT-e and an
offline MDF-e."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

from documents.certificates import load_pkcs12
from documents.cte.model import Contingency as CteContingency
from documents.cte.model import TpEmisCte
from documents.cte.pipeline import prepare_cte
from documents.events.epec import prepare_epec
from documents.keys import random_cnf
from documents.mdfe.model import TpEmisMdfe
from documents.mdfe.pipeline import prepare_mdfe
from documents.nfe.model import Contingency, TpEmis
from documents.nfe.pipeline import SignedNFe, prepare_nfe
from documents.schemas import validate
from documents.signing import XmlSigner
from documents.transmission.clients import NfeAuthority
from documents.transmission.cte import CteClient
from documents.transmission.endpoints import Environment
from documents.transmission.mdfe import MdfeClient
from documents.transmission.nfe import NfeClient
from documents.transmission.outcome import Authorized, Rejected
from documents.transmission.settings import TransmissionSettings
from documents.transmission.tls import client_context
from documents.transmission.transport import Route, SoapTransport
from documents.wrappers import proc_evento_nfe
from simulator.clock import BRASILIA, parse_wire
from simulator.testing import SimulatorHandle, running_simulator
from tests.unit.documents.cte.data import cte_data
from tests.unit.documents.mdfe.data import mdfe_data
from tests.unit.simulator.factories import PASSWORD, make_company

HOM = Environment.HOMOLOGATION
CNPJ = "11222333000181"
REASON = "SEFAZ autorizadora e SVC fora do ar"


@dataclass
class Product:
    sim: SimulatorHandle
    signer: XmlSigner
    transport: SoapTransport

    def nfe(self, *, tp_emis: str = "4") -> NfeClient:
        return NfeClient(self.transport, Route("SP", HOM, model="55", tp_emis=tp_emis))


@contextmanager
def _running(base: Path) -> Iterator[Product]:
    with running_simulator(base / "sim") as sim:
        company = make_company(sim, base / "company", CNPJ)
        a1 = load_pkcs12(company.pfx.read_bytes(), PASSWORD)
        settings = TransmissionSettings(authority_url=sim.base_url, ca_bundle=str(sim.ca_bundle),
                                        read_timeout=5)  # fmt: skip
        context = client_context(a1, ca_bundle=settings.ca_bundle)
        yield Product(sim, XmlSigner(a1), SoapTransport(settings, context))


@pytest.fixture(scope="module")
def product(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Product]:
    with _running(tmp_path_factory.mktemp("contingency-documents")) as running:
        yield running


def _now() -> dt.datetime:
    return dt.datetime.now(BRASILIA).replace(microsecond=0) - dt.timedelta(minutes=1)


def _epec_note(factory: ModuleType, signer: XmlSigner, number: int, when: dt.datetime) -> SignedNFe:
    data = dataclasses.replace(
        factory.nfe_data(2, reform=False), numero=number, issued_at=when, cnf=random_cnf(number),
        tp_emis=TpEmis.EPEC, contingency=Contingency(when - dt.timedelta(minutes=5), REASON),
    )  # fmt: skip
    return prepare_nfe(data, signer)


def test_epec_registered_at_the_an_then_its_nfe_authorized_by_the_uf(
    product: Product, nfe_factory: ModuleType
) -> None:
    when = _now()
    note = _epec_note(nfe_factory, product.signer, 301, when)
    epec = prepare_epec(note.xml, product.signer, when + dt.timedelta(seconds=30))
    outcome = product.nfe().send_epec(epec.xml, batch_id="301")
    assert isinstance(outcome, Authorized), outcome
    assert outcome.cStat == "136" and outcome.chave == note.key.text
    assert outcome.nProt.startswith("891") and outcome.dhRecbto
    assert validate(proc_evento_nfe(epec.xml, outcome.protocol_xml),
                    "nfe/1.00/procEventoNFe-110140") == []  # fmt: skip
    authorized = product.nfe().authorize(note.xml, batch_id="302")  # at the UF, later
    assert isinstance(authorized, Authorized) and authorized.cStat == "100", authorized


def test_a_second_epec_for_the_note_is_a_duplicate(
    product: Product, nfe_factory: ModuleType
) -> None:
    when = _now()
    note = _epec_note(nfe_factory, product.signer, 303, when)
    authority = NfeAuthority(product.nfe())
    first = authority.register_epec(prepare_epec(note.xml, product.signer, when).xml)
    assert isinstance(first, Authorized) and first.cStat == "136"
    again = authority.register_epec(prepare_epec(note.xml, product.signer, when).xml)
    assert isinstance(again, Rejected) and again.cStat == "573" and again.pending_keys == ()


def test_epec_blocked_by_an_old_pending_one_lists_it(
    tmp_path: Path, nfe_factory: ModuleType
) -> None:
    """On a simulator of its own: it moves the clock 8 days ahead."""
    with _running(tmp_path) as product:
        _blocked(product, nfe_factory)


def _blocked(product: Product, nfe_factory: ModuleType) -> None:
    when = _now()
    old = _epec_note(nfe_factory, product.signer, 310, when)
    registered = product.nfe().send_epec(prepare_epec(old.xml, product.signer, when).xml,
                                         batch_id="310")  # fmt: skip
    assert isinstance(registered, Authorized)
    moved = parse_wire(product.sim.advance_clock(8 * 24 * 3600)) - dt.timedelta(minutes=1)
    fresh = _epec_note(nfe_factory, product.signer, 311, moved.replace(microsecond=0))
    outcome = product.nfe().send_epec(prepare_epec(fresh.xml, product.signer, moved).xml,
                                      batch_id="311")  # fmt: skip
    assert isinstance(outcome, Rejected) and outcome.cStat == "142", outcome
    assert old.key.text in outcome.pending_keys


def test_offline_and_svc_cte_are_authorized(product: Product) -> None:
    when = _now()
    started = CteContingency(when - dt.timedelta(minutes=5), REASON)
    offline = cte_data(number=401, issued_at=when, cct=random_cnf(401),
                       tp_emis=TpEmisCte.OFFLINE, contingency=started)  # fmt: skip
    signed = prepare_cte(offline, product.signer)
    outcome = CteClient(product.transport, Route("SP", HOM, model="57", tp_emis="2")).authorize(
        signed.xml
    )
    assert isinstance(outcome, Authorized) and outcome.cStat == "100", outcome
    product.sim.set_svc("SP", family="cte")  # SP's CT-e SVC is SVC-RS (tpEmis 7)
    svc = cte_data(number=402, issued_at=when, cct=random_cnf(402), tp_emis=TpEmisCte.SVC_RS)
    signed = prepare_cte(svc, product.signer)
    route = Route("SP", HOM, model="57", tp_emis="7")  # SVRS's URLs, where SVC-RS answers
    outcome = CteClient(product.transport, route).authorize(signed.xml)
    assert isinstance(outcome, Authorized) and outcome.cStat == "100", outcome
    assert outcome.nProt.startswith("7")  # SVC-RS's authorizer digit ([MOC-CTe] §7.5)


def test_offline_mdfe_is_authorized(product: Product) -> None:
    data = mdfe_data(number=501, issued_at=_now(), cmdf=random_cnf(501),
                     tp_emis=TpEmisMdfe.OFFLINE)  # fmt: skip
    signed = prepare_mdfe(data, product.signer)
    outcome = MdfeClient(product.transport, Route("SC", HOM, model="58")).authorize(signed.xml)
    assert isinstance(outcome, Authorized) and outcome.cStat == "100", outcome
