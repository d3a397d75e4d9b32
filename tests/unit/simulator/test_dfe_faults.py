"""The fault modes on the CT-e, MDF-e and NFS-e services, and a restart that keeps their state."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from simulator.routing import Family
from simulator.testing import SimulatorHandle, running_simulator, running_simulator_process
from tests.unit.simulator.dfe_factories import (
    CTE_NS,
    MDFE_NS,
    build_cte,
    build_mdfe,
    compressed,
    cons_sit,
    cons_stat_cte,
    cons_stat_mdfe,
    text,
)
from tests.unit.simulator.factories import Company, SoapClient, make_company
from tests.unit.simulator.nfse_factories import SefinClient, build_dps, codes

CNPJ = "11222333000181"
NUMBERS = itertools.count(1)


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[SimulatorHandle, Company]]:
    """One simulator for the module; faults are cleared after every test."""
    base = tmp_path_factory.mktemp("faults")
    with running_simulator(base / "sim") as handle:
        yield handle, make_company(handle, base / "c", CNPJ)


@pytest.fixture
def sim(world: tuple[SimulatorHandle, Company]) -> Iterator[SimulatorHandle]:
    yield world[0]
    world[0].clear_faults()


@pytest.fixture
def cte(sim: SimulatorHandle, world: tuple[SimulatorHandle, Company]) -> SoapClient:
    return SoapClient(sim, world[1], authority="SP")


@pytest.fixture
def mdfe(sim: SimulatorHandle, world: tuple[SimulatorHandle, Company]) -> SoapClient:
    return SoapClient(sim, world[1], authority="SVRS")


@pytest.fixture
def sefin(sim: SimulatorHandle, world: tuple[SimulatorHandle, Company]) -> SefinClient:
    return SefinClient(sim, world[1])


def _cte_status(client: SoapClient, key: str) -> str | None:
    return text(client.call("CTeConsultaV4", cons_sit(CTE_NS, key), family=Family.CTE), "cStat")


@pytest.mark.parametrize("code", ["108", "109"])
def test_paralysed_cte_and_mdfe_answer_their_own_message(
    sim: SimulatorHandle, cte: SoapClient, mdfe: SoapClient, code: str
) -> None:
    sim.set_fault("paralysed", code=code, scope=f"cnpj:{CNPJ}")
    status = cte.call("CTeStatusServicoV4", cons_stat_cte(), family=Family.CTE)
    assert (status.tag.split("}")[1], text(status, "cStat")) == ("retConsStatServCTe", code)
    issued = build_cte(cte.company, number=next(NUMBERS))
    reception = cte.call("CTeRecepcaoSincV4", compressed(issued.xml), family=Family.CTE)
    assert (reception.tag.split("}")[1], text(reception, "cStat")) == ("retCTe", code)
    manifest = mdfe.call("MDFeStatusServico", cons_stat_mdfe(), family=Family.MDFE)
    assert text(manifest, "cStat") == code
    sim.clear_faults()
    assert _cte_status(cte, issued.key) == "217"  # nothing was processed


def test_paralysed_nfse_is_503_with_its_code(sim: SimulatorHandle, sefin: SefinClient) -> None:
    sim.set_fault("paralysed", code="108", service="nfse")
    response = sefin.issue(build_dps(sefin.company, number=next(NUMBERS)).xml)
    assert (response.status_code, codes(response)) == (503, ["E9108"])


def test_cte_answer_lost_after_processing_is_found_by_query(
    sim: SimulatorHandle, cte: SoapClient
) -> None:
    sim.set_fault("drop_after_processing", service="CTeRecepcaoSincV4", times=1)
    issued = build_cte(cte.company, number=next(NUMBERS))
    with pytest.raises(requests.ConnectionError):
        cte.post("CTeRecepcaoSincV4", compressed(issued.xml), family=Family.CTE)
    assert _cte_status(cte, issued.key) == "100"


def test_mdfe_timeout_processes_nothing(sim: SimulatorHandle, mdfe: SoapClient) -> None:
    sim.set_fault("timeout", seconds=0.2, service="MDFeRecepcaoSinc", times=1)
    issued = build_mdfe(mdfe.company, number=next(NUMBERS))
    with pytest.raises(requests.ConnectionError):
        mdfe.post("MDFeRecepcaoSinc", compressed(issued.xml), family=Family.MDFE)
    query = mdfe.call("MDFeConsulta", cons_sit(MDFE_NS, issued.key), family=Family.MDFE)
    assert text(query, "cStat") == "217"


def test_nfse_http_error_delay_and_timeout(sim: SimulatorHandle, sefin: SefinClient) -> None:
    sim.set_fault("http_error", status=502, service="nfse", times=1)
    failed = sefin.issue(build_dps(sefin.company, number=next(NUMBERS)).xml)
    assert failed.status_code == 502 and failed.headers["Content-Type"] == "application/json"
    sim.set_fault("delay", seconds=1.0, service="nfse", times=1)
    with pytest.raises(requests.Timeout):
        sefin.issue(build_dps(sefin.company, number=next(NUMBERS)).xml, timeout=0.3)
    sim.set_fault("timeout", seconds=0.1, service="nfse", times=1)
    dps = build_dps(sefin.company, number=next(NUMBERS))
    with pytest.raises(requests.ConnectionError):
        sefin.issue(dps.xml)
    assert sefin.request("GET", f"/dps/{dps.id}").status_code == 404


def test_forced_rejection_by_series(
    sim: SimulatorHandle, cte: SoapClient, sefin: SefinClient
) -> None:
    sim.set_fault("reject", code="999", scope=f"cnpj:{CNPJ},series:7")
    rejected = cte.call("CTeRecepcaoSincV4",
                        compressed(build_cte(cte.company, number=next(NUMBERS), series=7).xml),
                        family=Family.CTE)  # fmt: skip
    assert text(rejected, "cStat") == "999"
    number = next(NUMBERS)
    fine = cte.call("CTeRecepcaoSincV4", compressed(build_cte(cte.company, number=number).xml),
                    family=Family.CTE)  # fmt: skip
    assert text(fine, "cStat") == "100"
    refused = sefin.issue(build_dps(sefin.company, number=next(NUMBERS), series="7").xml)
    assert (refused.status_code, codes(refused)) == (400, ["999"])
    accepted = sefin.issue(build_dps(sefin.company, number=next(NUMBERS), series="8").xml)
    assert accepted.status_code == 201


def test_nfse_lookup_limit_is_429(sim: SimulatorHandle, sefin: SefinClient) -> None:
    key = sefin.issue(build_dps(sefin.company, number=next(NUMBERS)).xml).json()["chaveAcesso"]
    sim.set_fault("query_limit", limit=1, scope=f"cnpj:{CNPJ}")
    statuses = [sefin.request("GET", f"/nfse/{key}").status_code for _ in range(2)]
    assert statuses == [200, 429]


def test_cte_mdfe_and_nfse_survive_a_restart(tmp_path: Path) -> None:
    data_dir = tmp_path / "sim"
    with running_simulator_process(data_dir) as first:
        company = make_company(first, tmp_path / "c", CNPJ)
        cte, mdfe = SoapClient(first, company, "SP"), SoapClient(first, company, "SVRS")
        issued_cte, issued_mdfe = build_cte(company, number=1), build_mdfe(company, number=1)
        cte.call("CTeRecepcaoSincV4", compressed(issued_cte.xml), family=Family.CTE)
        mdfe.call("MDFeRecepcaoSinc", compressed(issued_mdfe.xml), family=Family.MDFE)
        dps = build_dps(company, number=1)
        key = SefinClient(first, company).issue(dps.xml).json()["chaveAcesso"]
    with running_simulator_process(data_dir) as second:
        cte, mdfe = SoapClient(second, company, "SP"), SoapClient(second, company, "SVRS")
        assert _cte_status(cte, issued_cte.key) == "100"
        query = mdfe.call("MDFeConsulta", cons_sit(MDFE_NS, issued_mdfe.key), family=Family.MDFE)
        assert text(query, "cStat") == "100"
        sefin = SefinClient(second, company)
        assert sefin.request("GET", f"/dps/{dps.id}").json()["chaveAcesso"] == key
        assert sefin.request("GET", f"/nfse/{key}").status_code == 200
        assert codes(sefin.issue(dps.xml)) == ["E0014"]
        again = cte.call("CTeRecepcaoSincV4", compressed(issued_cte.xml), family=Family.CTE)
        assert text(again, "cStat") == "204"
