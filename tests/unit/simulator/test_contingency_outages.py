"""Per-authority outages on demand (issue 37): status answers 108/109, the other services fail
as configured (their own cStat, HTTP 5xx, reset, hang), other UFs are untouched, and the
authority comes back when the outage is cleared."""

from __future__ import annotations

import time
import urllib.error

import pytest
import requests

from simulator.routing import Family
from tests.unit.simulator.dfe_factories import cons_stat_cte, cons_stat_mdfe, text
from tests.unit.simulator.factories import (
    SoapClient,
    build_nfe,
    cons_sit,
    cons_stat,
    envi_nfe,
    val,
)


@pytest.mark.parametrize("code", ["108", "109"])
def test_paralysed_uf_status_and_authorization_answer_the_code(client, sim, code):
    sim.set_outage("SP", code=code, family="nfe")
    assert val(client.call("NFeStatusServico4", cons_stat("35")), "n:cStat") == code
    answer = client.call("NFeAutorizacao4", envi_nfe(build_nfe(client.company, number=1).xml))
    assert val(answer, "n:cStat") == code
    assert val(answer, "n:protNFe") is None
    assert sim.state()["documents"] == []
    assert sim.clear_outages("SP")["removed"] == 1
    assert val(client.call("NFeStatusServico4", cons_stat("35")), "n:cStat") == "107"


def test_outage_of_a_uf_at_a_shared_authorizer_spares_the_other_ufs(sim, company):
    svrs = SoapClient(sim, company, authority="SVRS")
    sim.set_outage("SC", code="108")
    assert val(svrs.call("NFeStatusServico4", cons_stat("42")), "n:cStat") == "108"
    assert val(svrs.call("NFeStatusServico4", cons_stat("33")), "n:cStat") == "107"


def test_other_services_can_fail_with_http_5xx_while_status_answers_109(client, sim):
    sim.set_outage("SP", code="109", others="http_error", status=503)
    assert val(client.call("NFeStatusServico4", cons_stat("35")), "n:cStat") == "109"
    response = client.post("NFeAutorizacao4", envi_nfe(build_nfe(client.company, number=2).xml))
    assert response.status_code == 503
    assert b"Fault" in response.content


def test_reset_drops_the_connection_without_processing(client, sim):
    sim.set_outage("SP", mode="reset")
    issued = build_nfe(client.company, number=3)
    with pytest.raises(requests.ConnectionError):
        client.post("NFeAutorizacao4", envi_nfe(issued.xml), timeout=5)
    sim.clear_outages()
    assert val(client.call("NFeConsultaProtocolo4", cons_sit(issued.key)), "n:cStat") == "217"


def test_refused_is_a_reset_as_well(client, sim):
    sim.set_outage("SP", mode="refused", service="NFeStatusServico4")
    with pytest.raises(requests.ConnectionError):
        client.post("NFeStatusServico4", cons_stat("35"), timeout=5)


def test_timeout_hangs_past_the_client_timeout_until_cleared(client, sim):
    sim.set_outage("SP", mode="timeout", seconds=30)
    started = time.monotonic()
    with pytest.raises(requests.Timeout):
        client.post("NFeStatusServico4", cons_stat("35"), timeout=0.5)
    assert time.monotonic() - started < 5
    sim.clear_outages("SP")  # releases the hung request (dropped, nothing processed)
    assert val(client.call("NFeStatusServico4", cons_stat("35")), "n:cStat") == "107"


def test_model_filter_keeps_the_other_model_up(client, sim):
    sim.set_outage("SP", model="65", others="http_error")
    nfce = build_nfe(client.company, number=4, model="65")
    assert client.post("NFeAutorizacao4", envi_nfe(nfce.xml)).status_code == 503
    nfe = build_nfe(client.company, number=5)
    answer = client.call("NFeAutorizacao4", envi_nfe(nfe.xml))
    assert val(answer, "n:protNFe/n:infProt/n:cStat") == "100"


def test_cte_and_mdfe_status_services_answer_the_outage(sim, company):
    sp = SoapClient(sim, company, authority="SP")
    svrs = SoapClient(sim, company, authority="SVRS")
    assert text(sp.call("CTeStatusServicoV4", cons_stat_cte("35"), family=Family.CTE),
                "cStat") == "107"  # fmt: skip
    sim.set_outage("SP", family="cte", code="109")
    sim.set_outage("SVRS", family="mdfe", code="108")
    assert text(sp.call("CTeStatusServicoV4", cons_stat_cte("35"), family=Family.CTE),
                "cStat") == "109"  # fmt: skip
    assert text(svrs.call("MDFeStatusServico", cons_stat_mdfe(), family=Family.MDFE),
                "cStat") == "108"  # fmt: skip
    assert val(sp.call("NFeStatusServico4", cons_stat("35")), "n:cStat") == "107"
    sim.clear_outages()
    assert text(svrs.call("MDFeStatusServico", cons_stat_mdfe(), family=Family.MDFE),
                "cStat") == "107"  # fmt: skip


def test_admin_lists_outages_and_refuses_bad_ones(sim):
    sim.set_outage("35", code="108")
    listed = sim.admin("GET", "/_admin/outages")["outages"]
    assert [(o["target"], o["code"], o["mode"]) for o in listed] == [("SP", "108", "paralysed")]
    assert sim.state()["outages"][0]["target"] == "SP"
    with pytest.raises(urllib.error.HTTPError) as error:
        sim.set_outage("SP", code="107")
    assert error.value.code == 400
    with pytest.raises(urllib.error.HTTPError):
        sim.set_outage("SP", mode="sleeping")
