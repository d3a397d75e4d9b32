"""The simulator (which checks like the authority: XSDs, modal XSD, signature chain, key, dates,
UF, environment) authorizes the CT-e and CT-e OS our pipeline builds and registers our events."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path

import pytest
from lxml import etree

from documents.certificates import load_pkcs12
from documents.cte.events import (
    Correction,
    CteEventHeader,
    build_cancel,
    build_cce,
    build_disagreement,
    prepare_event,
)
from documents.cte.pipeline import SignedCte, prepare_cte, prepare_cteos
from documents.cte.wrappers import cte_proc, cteos_proc, proc_evento_cte
from documents.keys import random_cnf
from documents.nfe.model import TpAmb
from documents.schemas import validate
from documents.signing import XmlSigner
from simulator.clock import BRASILIA
from simulator.routing import Family
from simulator.testing import running_simulator
from tests.unit.simulator.dfe_factories import compressed, text
from tests.unit.simulator.factories import PASSWORD, Company, SoapClient, make_company

from .data import ISSUER_CNPJ, TAKER_CNPJ, cte_data, cteos_data


@pytest.fixture(scope="module")
def clients(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, SoapClient]]:
    base = tmp_path_factory.mktemp("cte-documents")
    with running_simulator(base / "sim") as sim:
        yield {
            cnpj: SoapClient(sim, make_company(sim, base / cnpj, cnpj), authority="SP")
            for cnpj in (ISSUER_CNPJ, TAKER_CNPJ)
        }


def _signer(company: Company) -> XmlSigner:
    return XmlSigner(load_pkcs12(Path(company.pfx).read_bytes(), PASSWORD))


def _now() -> dt.datetime:
    return dt.datetime.now(BRASILIA) - dt.timedelta(minutes=1)


def _send(client: SoapClient, signed: SignedCte, service: str) -> etree._Element:
    return client.call(service, compressed(signed.xml), family=Family.CTE)


def _event(client: SoapClient, xml: bytes) -> etree._Element:
    return client.call("CTeRecepcaoEventoV4", xml, family=Family.CTE)


def test_simulator_authorizes_our_cte_and_registers_its_events(
    clients: dict[str, SoapClient],
) -> None:
    issuer, taker = clients[ISSUER_CNPJ], clients[TAKER_CNPJ]
    signer = _signer(issuer.company)
    data = cte_data(number=101, issued_at=_now(), cct=random_cnf(101))
    signed = prepare_cte(data, signer)
    answer = _send(issuer, signed, "CTeRecepcaoSincV4")
    assert text(answer, "cStat") == "100", text(answer, "xMotivo")
    protocol = answer.find("{*}protCTe")
    assert protocol is not None
    stored = cte_proc(signed.xml, protocol)
    assert validate(stored, "cte/4.00/cteProc") == []
    n_prot = text(answer, "protCTe/infProt/nProt") or ""

    def header(author: str, sequence: int = 1) -> CteEventHeader:
        return CteEventHeader(signed.key, TpAmb.HOMOLOGACAO, author, _now(), sequence)

    cce = prepare_event(build_cce(header(ISSUER_CNPJ), (
        Correction("compl", "xObs", "Entregar no periodo da tarde"),)), signer)  # fmt: skip
    assert text(_event(issuer, cce.xml), "infEvento/cStat") == "135"
    disagreement = build_disagreement(header(TAKER_CNPJ), "Carga entregue com avaria no destino")
    signed_disagreement = prepare_event(disagreement, _signer(taker.company))
    assert text(_event(taker, signed_disagreement.xml), "infEvento/cStat") == "135"
    cancel = prepare_event(
        build_cancel(header(ISSUER_CNPJ), n_prot, "Frete cancelado pelo cliente"), signer
    )
    registered = _event(issuer, cancel.xml)
    assert text(registered, "infEvento/cStat") == "135", text(registered, "infEvento/xMotivo")
    stored_event = proc_evento_cte(cancel.xml, registered)
    assert validate(stored_event, "cte/4.00/procEventoCTe") == []


def test_simulator_authorizes_our_cteos(clients: dict[str, SoapClient]) -> None:
    issuer = clients[ISSUER_CNPJ]
    data = cteos_data(number=102, issued_at=_now(), cct=random_cnf(102))
    signed = prepare_cteos(data, _signer(issuer.company))
    answer = _send(issuer, signed, "CTeRecepcaoOSV4")
    assert text(answer, "cStat") == "100", text(answer, "xMotivo")
    protocol = answer.find("{*}protCTe")
    assert protocol is not None
    assert validate(cteos_proc(signed.xml, protocol), "cte/4.00/cteOSProc") == []
