from __future__ import annotations

import time

import pytest
import requests

from tests.unit.simulator.factories import (
    SoapClient,
    build_nfe,
    cons_sit,
    cons_stat,
    envi_nfe,
    make_company,
    val,
)


def test_answer_lost_after_processing_then_query_finds_it(client, sim):
    sim.set_fault("drop_after_processing", scope="cnpj:11222333000181", times=1)
    issued = build_nfe(client.company, number=50)
    with pytest.raises(requests.ConnectionError):
        client.post("NFeAutorizacao4", envi_nfe(issued.xml))
    answer = client.call("NFeConsultaProtocolo4", cons_sit(issued.key))
    assert val(answer, "n:cStat") == "100"
    assert [d["chave"] for d in sim.state()["documents"]] == [issued.key]


def test_timeout_drops_without_processing(client, sim):
    sim.set_fault("timeout", seconds=0.2, service="NFeAutorizacao4", times=1)
    issued = build_nfe(client.company, number=51)
    with pytest.raises(requests.ConnectionError):
        client.post("NFeAutorizacao4", envi_nfe(issued.xml))
    assert val(client.call("NFeConsultaProtocolo4", cons_sit(issued.key)), "n:cStat") == "217"


def test_delay_then_normal_answer(client, sim):
    sim.set_fault("delay", seconds=0.3, times=1)
    assert val(client.call("NFeStatusServico4", cons_stat()), "n:cStat") == "107"


def test_delay_without_times_delays_every_request_once(client, sim):
    """A permanent delay (no `times`, probability 1) is taken once per request, not forever."""
    sim.set_fault("delay", seconds=0.2)
    for _ in range(2):
        started = time.monotonic()
        assert val(client.call("NFeStatusServico4", cons_stat(), timeout=5), "n:cStat") == "107"
        assert 0.2 <= time.monotonic() - started < 2.0
    assert len(sim.state()["faults"]) == 1  # still in force for the next request


def test_two_delays_in_force_are_both_taken_once(client, sim):
    sim.set_fault("delay", seconds=0.2)
    sim.set_fault("delay", seconds=0.2, service="NFeStatusServico4")
    started = time.monotonic()
    assert val(client.call("NFeStatusServico4", cons_stat(), timeout=5), "n:cStat") == "107"
    assert 0.4 <= time.monotonic() - started < 2.0


def test_delay_longer_than_client_timeout_is_seen_as_timeout(client, sim):
    sim.set_fault("delay", seconds=1.5, times=1)
    with pytest.raises(requests.Timeout):
        client.post("NFeStatusServico4", cons_stat(), timeout=0.5)


def test_http_5xx(client, sim):
    sim.set_fault("http_error", status=503, times=1)
    assert client.post("NFeStatusServico4", cons_stat()).status_code == 503
    assert client.post("NFeStatusServico4", cons_stat()).status_code == 200


@pytest.mark.parametrize("code", ["108", "109"])
def test_service_paralysed(client, sim, code):
    sim.set_fault("paralysed", code=code, scope="cnpj:11222333000181")
    assert val(client.call("NFeStatusServico4", cons_stat()), "n:cStat") == code
    answer = client.call("NFeAutorizacao4", envi_nfe(build_nfe(client.company, number=52).xml))
    assert val(answer, "n:cStat") == code
    assert sim.clear_faults("cnpj:11222333000181") == 1
    assert val(client.call("NFeStatusServico4", cons_stat()), "n:cStat") == "107"


def test_forced_rejection_scoped_to_a_series_spares_other_series(client, sim):
    sim.set_fault("reject", code="999", scope="cnpj:11222333000181,series:7")
    rejected = client.call("NFeAutorizacao4", envi_nfe(build_nfe(client.company, number=1,
                                                                 series=7).xml))  # fmt: skip
    assert val(rejected, "n:protNFe/n:infProt/n:cStat") == "999"
    fine = client.call("NFeAutorizacao4", envi_nfe(build_nfe(client.company, number=1).xml))
    assert val(fine, "n:protNFe/n:infProt/n:cStat") == "100"


def test_consumo_indevido_after_n_queries_per_hour(client, sim):
    sim.set_fault("query_limit", limit=2, scope="cnpj:11222333000181")
    issued = build_nfe(client.company, number=53, sign=False)
    codes = [val(client.call("NFeConsultaProtocolo4", cons_sit(issued.key)), "n:cStat")
             for _ in range(3)]  # fmt: skip
    assert codes == ["217", "217", "656"]
    sim.advance_clock(3601)
    assert val(client.call("NFeConsultaProtocolo4", cons_sit(issued.key)), "n:cStat") == "217"


def test_fault_scoped_to_one_cnpj_does_not_touch_another(client, sim, tmp_path):
    other = SoapClient(sim, make_company(sim, tmp_path / "b", "44555666000177"))
    sim.set_fault("paralysed", code="108", scope="cnpj:44555666000177")
    assert val(other.call("NFeStatusServico4", cons_stat()), "n:cStat") == "108"
    assert val(client.call("NFeStatusServico4", cons_stat()), "n:cStat") == "107"


def test_tag_scope_header(client, sim):
    sim.set_fault("http_error", status=500, scope="tag:test-42")
    assert client.post("NFeStatusServico4", cons_stat(),
                       headers={"X-Simulator-Scope": "test-42"}).status_code == 500  # fmt: skip
    assert client.post("NFeStatusServico4", cons_stat()).status_code == 200


def test_probabilistic_faults_are_deterministic_under_a_seed(tmp_path):
    from simulator.faults import FaultBook, RequestScope

    def draws(seed):
        book = FaultBook(seed)
        book.add_all([{"kind": "http_error", "probability": 0.5}])
        scope = RequestScope("NFeStatusServico4", "1")
        return [book.take([__import__("simulator.faults").faults.FaultKind.HTTP_ERROR], scope)
                is not None for _ in range(20)]  # fmt: skip

    assert draws(7) == draws(7)
    assert draws(7) != draws(8)


def test_faults_from_environment_variable(tmp_path, monkeypatch):
    from simulator.settings import from_environment

    env = {"FISCAL_SIM_FAULTS": '[{"kind": "paralysed", "code": "109"}]', "FISCAL_SIM_SEED": "3"}
    settings = from_environment(tmp_path, env)
    assert settings.seed == 3
    assert settings.faults[0]["code"] == "109"


def test_invalid_fault_is_refused_with_400(sim):
    with pytest.raises(Exception) as info:
        sim.set_fault("paralysed", code="100")
    assert "400" in str(info.value)
