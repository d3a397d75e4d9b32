"""The simulator (which checks like SVRS: XSDs, modal XSD, signature chain, key, dates,
environment, the MDF-e event rules) authorizes the manifests our pipeline builds, answers the
queries and registers our events: add driver, close (then 132), cancel."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path

import pytest
from lxml import etree

from documents.certificates import load_pkcs12
from documents.keys import random_cnf
from documents.mdfe.builder import MDFE_NS
from documents.mdfe.events import (
    MdfeEventHeader,
    build_add_driver,
    build_cancel,
    build_close,
    prepare_event,
)
from documents.mdfe.pipeline import SignedMdfe, prepare_mdfe
from documents.mdfe.wrappers import mdfe_proc, proc_evento_mdfe
from documents.nfe.model import TpAmb
from documents.schemas import validate
from documents.signing import XmlSigner
from simulator.clock import BRASILIA
from simulator.routing import Family
from simulator.testing import running_simulator
from tests.unit.simulator.dfe_factories import compressed, cons_nao_enc, cons_sit, text
from tests.unit.simulator.factories import PASSWORD, Company, SoapClient, make_company

from .data import ISSUER_CNPJ, mdfe_data, nfe_manifest

HOUR = dt.timedelta(hours=1)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SoapClient]:
    base = tmp_path_factory.mktemp("mdfe-documents")
    with running_simulator(base / "sim") as sim:
        yield SoapClient(sim, make_company(sim, base / ISSUER_CNPJ, ISSUER_CNPJ), authority="SVRS")


@pytest.fixture(scope="module")
def signer(client: SoapClient) -> XmlSigner:
    return _signer(client.company)


def _signer(company: Company) -> XmlSigner:
    return XmlSigner(load_pkcs12(Path(company.pfx).read_bytes(), PASSWORD))


def _now() -> dt.datetime:
    return dt.datetime.now(BRASILIA) - dt.timedelta(minutes=1)


def _call(client: SoapClient, service: str, payload: bytes) -> etree._Element:
    return client.call(service, payload, family=Family.MDFE)


def _authorize(client: SoapClient, signed: SignedMdfe) -> tuple[bytes, str]:
    """Send, check 100, wrap with the protocol; return the mdfeProc and nProt."""
    answer = _call(client, "MDFeRecepcaoSinc", compressed(signed.xml))
    assert text(answer, "cStat") == "100", text(answer, "xMotivo")
    protocol = answer.find("{*}protMDFe")
    assert protocol is not None
    stored = mdfe_proc(signed.xml, protocol)
    assert validate(stored, "mdfe/3.00/mdfeProc") == []
    return stored, text(answer, "protMDFe/infProt/nProt") or ""


def _situation(client: SoapClient, key: str) -> str | None:
    return text(_call(client, "MDFeConsulta", cons_sit(MDFE_NS, key)), "cStat")


def _open_keys(client: SoapClient) -> list[str]:
    answer = _call(client, "MDFeConsNaoEnc", cons_nao_enc(ISSUER_CNPJ))
    return [str(e.text) for e in answer.iterfind(f"{{{MDFE_NS}}}infMDFe/{{{MDFE_NS}}}chMDFe")]


def _event(client: SoapClient, xml: bytes) -> etree._Element:
    return _call(client, "MDFeRecepcaoEvento", xml)


def _header(signed: SignedMdfe, sequence: int = 1) -> MdfeEventHeader:
    return MdfeEventHeader(signed.key, TpAmb.HOMOLOGACAO, ISSUER_CNPJ, _now(), sequence)


def test_simulator_authorizes_our_manifest_adds_a_driver_and_closes_it(
    client: SoapClient, signer: XmlSigner
) -> None:
    signed = prepare_mdfe(mdfe_data(number=201, issued_at=_now(), departure=None,
                                    cmdf=random_cnf(201)), signer)  # fmt: skip
    _, n_prot = _authorize(client, signed)
    assert _situation(client, signed.key.text) == "100"
    assert signed.key.text in _open_keys(client)

    driver = prepare_event(build_add_driver(_header(signed, 1), "MARIA SOUZA", "11144477735"),
                           signer)  # fmt: skip
    added = _event(client, driver.xml)
    assert text(added, "infEvento/cStat") == "135", text(added, "infEvento/xMotivo")
    assert validate(proc_evento_mdfe(driver.xml, added), "mdfe/3.00/procEventoMDFe") == []
    again = prepare_event(build_add_driver(_header(signed, 2), "MARIA SOUZA", "11144477735"),
                          signer)  # fmt: skip
    assert text(_event(client, again.xml), "infEvento/cStat") == "577"  # duplicate driver

    today = dt.datetime.now(BRASILIA).date()  # the closing's day, not a minute before it:
    # `_now()` lags a minute, so just after midnight it named the day before the authorization
    close = prepare_event(build_close(_header(signed), n_prot, today, "PR", "4106902"), signer)
    closed = _event(client, close.xml)
    assert text(closed, "infEvento/cStat") == "135", text(closed, "infEvento/xMotivo")
    assert validate(proc_evento_mdfe(close.xml, closed), "mdfe/3.00/procEventoMDFe") == []
    assert _situation(client, signed.key.text) == "132"
    assert signed.key.text not in _open_keys(client)


def test_simulator_cancels_our_nfe_manifest(client: SoapClient, signer: XmlSigner) -> None:
    signed = prepare_mdfe(nfe_manifest(number=202, issued_at=_now(), departure=_now() + HOUR,
                                       cmdf=random_cnf(202)), signer)  # fmt: skip
    _, n_prot = _authorize(client, signed)
    cancel = prepare_event(
        build_cancel(_header(signed), n_prot, "Viagem cancelada pelo contratante"), signer
    )
    registered = _event(client, cancel.xml)
    assert text(registered, "infEvento/cStat") == "135", text(registered, "infEvento/xMotivo")
    stored = proc_evento_mdfe(cancel.xml, registered)
    assert validate(stored, "mdfe/3.00/procEventoMDFe") == []
    assert _situation(client, signed.key.text) == "101"
    assert signed.key.text not in _open_keys(client)
