"""SVC-AN / SVC-RS (issue 37): the real SVC URLs (shared with SVAN / SVRS in nfelib's tables)
accept tpEmis 6 / 7 NF-e only for UFs that activated them, with the MOC's rejections otherwise;
their documents are looked up and cancelled there, and reach the UF when it comes back."""

from __future__ import annotations

import urllib.error

import pytest
from lxml import etree

from simulator.routing import Family
from tests.unit.simulator import contingency_factories as cf
from tests.unit.simulator.dfe_factories import CTE_NS, compressed, cte_cancel, text
from tests.unit.simulator.dfe_factories import cons_sit as cte_cons_sit
from tests.unit.simulator.dfe_factories import cons_stat_cte as cte_status
from tests.unit.simulator.factories import (
    SoapClient,
    cancel_event,
    cons_sit,
    cons_stat,
    env_evento,
    envi_nfe,
    val,
)

PROT = "n:protNFe/n:infProt/n:cStat"


@pytest.fixture
def svan(sim, company) -> SoapClient:
    """The SVC-AN endpoints: the same URLs as SVAN's (nfelib servers.py, sped-nfe wsnfe)."""
    return SoapClient(sim, company, authority="SVAN")


def _send(client: SoapClient, issued: cf.Issued) -> tuple[str | None, str | None, str | None]:
    answer = client.call("NFeAutorizacao4", envi_nfe(issued.xml))
    return (val(answer, "n:cStat"), val(answer, PROT),
            val(answer, "n:protNFe/n:infProt/n:nProt"))  # fmt: skip


def test_svc_status_follows_the_activation_of_the_uf(sim, svan):
    assert val(svan.call("NFeStatusServico4", cons_stat("35")), "n:cStat") == "114"
    sim.set_svc("SP")
    assert val(svan.call("NFeStatusServico4", cons_stat("35")), "n:cStat") == "107"
    sim.set_svc("SP", deactivate_in_seconds=3600)
    answer = svan.call("NFeStatusServico4", cons_stat("35"))
    assert val(answer, "n:cStat") == "113"
    assert "SEFAZ-SP" in (val(answer, "n:xMotivo") or "")
    sim.advance_clock(3601)
    assert val(svan.call("NFeStatusServico4", cons_stat("35")), "n:cStat") == "114"


def test_svan_still_serves_its_own_ufs_normally(sim, svan):
    assert val(svan.call("NFeStatusServico4", cons_stat("21")), "n:cStat") == "107"  # MA


def test_sp_down_svc_an_authorizes_cancels_and_syncs_to_sp_when_it_returns(sim, client, svan):
    sim.set_outage("SP", code="109", service="NFeAutorizacao4")
    sim.set_svc("SP")
    issued = cf.nfe(client.company, 10, tp_emis="6")
    lot, code, protocol = _send(svan, issued)
    assert (lot, code) == ("104", "100")
    assert protocol is not None and protocol.startswith("235")  # 2 = Receita Federal (SVC-AN)
    assert val(svan.call("NFeConsultaProtocolo4", cons_sit(issued.key)), "n:cStat") == "100"
    assert val(client.call("NFeConsultaProtocolo4", cons_sit(issued.key)), "n:cStat") == "217"
    cancel = env_evento(cancel_event(client.company, issued.key, protocol))
    cancelled = svan.call("NFeRecepcaoEvento4", cancel)
    assert val(cancelled, "n:retEvento/n:infEvento/n:cStat") == "135"
    assert val(svan.call("NFeConsultaProtocolo4", cons_sit(issued.key)), "n:cStat") == "101"
    assert sim.clear_outages("SP")["synchronized"] == [issued.key]
    at_sp = client.call("NFeConsultaProtocolo4", cons_sit(issued.key))
    assert val(at_sp, "n:cStat") == "101"
    assert at_sp.find("n:procEventoNFe", {"n": cf.NS}) is not None


def test_deactivating_the_svc_synchronizes_its_documents(sim, client, svan):
    sim.set_svc("SP")
    issued = cf.nfe(client.company, 11, tp_emis="6")
    assert _send(svan, issued)[1] == "100"
    assert sim.set_svc("SP", active=False)["synchronized"] == [issued.key]
    assert val(client.call("NFeConsultaProtocolo4", cons_sit(issued.key)), "n:cStat") == "100"
    # events now go to the UF, and the SVC refuses new work for SP
    assert _send(svan, cf.nfe(client.company, 12, tp_emis="6"))[0] == "114"


def test_svc_not_activated_answers_114(client, svan):
    lot, code, _ = _send(svan, cf.nfe(client.company, 13, tp_emis="6"))
    assert (lot, code) == ("114", None)


@pytest.mark.parametrize(("tp_emis", "expected"), [("1", "713"), ("7", "713")])
def test_svc_an_refuses_another_tp_emis(sim, client, svan, tp_emis, expected):
    sim.set_svc("SP")
    _, code, _ = _send(svan, cf.nfe(client.company, 14, tp_emis=tp_emis))
    assert code == expected


def test_svc_refuses_an_nfce(sim, client, svan):
    sim.set_svc("SP")
    nfce = cf.nfe(client.company, 15, tp_emis="6", model="65")
    assert _send(svan, nfce)[1] == "783"


def test_the_uf_refuses_an_svc_tp_emis(client):
    assert _send(client, cf.nfe(client.company, 16, tp_emis="6"))[1] == "570"


def test_svc_rs_serves_pr_with_tp_emis_7(sim, company):
    svrs = SoapClient(sim, company, authority="SVRS")
    sim.set_svc("PR")
    issued = cf.nfe(company, 17, tp_emis="7", uf="PR")
    lot, code, protocol = _send(svrs, issued)
    assert (lot, code) == ("104", "100")
    assert protocol is not None and protocol.startswith("741")  # SVC-RS digit, cUF 41
    assert sim.admin("GET", "/_admin/svc")["documents"][0]["svc"] == "SVC-RS"


def test_a_uf_activates_only_its_own_svc(sim):
    with pytest.raises(urllib.error.HTTPError) as error:
        sim.set_svc("SP", svc="SVC-RS")
    assert error.value.code == 400


def test_scheduled_deactivation_hands_the_documents_to_the_uf_when_it_passes(sim, client, svan):
    sim.set_svc("SP", deactivate_in_seconds=3600)
    issued = cf.nfe(client.company, 18, tp_emis="6")
    assert _send(svan, issued)[1] == "100"  # 113 is a status answer: the SVC still serves
    assert val(client.call("NFeConsultaProtocolo4", cons_sit(issued.key)), "n:cStat") == "217"
    sim.advance_clock(3601)
    assert val(client.call("NFeConsultaProtocolo4", cons_sit(issued.key)), "n:cStat") == "100"
    assert sim.admin("GET", "/_admin/svc")["documents"][0]["synced_at"] is not None


def test_the_svc_itself_can_be_down(sim, svan):
    sim.set_svc("SP")
    sim.set_outage("SVC-AN", code="109")
    assert val(svan.call("NFeStatusServico4", cons_stat("35")), "n:cStat") == "109"
    assert val(svan.call("NFeStatusServico4", cons_stat("21")), "n:cStat") == "107"  # SVAN (MA)


def test_svc_an_document_of_an_svrs_uf_is_found_at_svrs_after_sync(sim, company, svan):
    svrs = SoapClient(sim, company, authority="SVRS")
    sim.set_svc("SC")
    issued = cf.nfe(company, 19, tp_emis="6", uf="SC")
    assert _send(svan, issued)[1] == "100"
    assert val(svrs.call("NFeConsultaProtocolo4", cons_sit(issued.key)), "n:cStat") == "217"
    assert sim.set_svc("SC", active=False)["synchronized"] == [issued.key]
    assert val(svrs.call("NFeConsultaProtocolo4", cons_sit(issued.key)), "n:cStat") == "100"


# -- CT-e: SVC-RS (tpEmis 7, SVRS's URLs) and SVC-SP (tpEmis 8, SP's URLs) -------------------


def _cte(client: SoapClient, issued: cf.Issued) -> etree._Element:
    return client.call("CTeRecepcaoSincV4", compressed(issued.xml), family=Family.CTE)


def test_cte_svc_sp_serves_sc_only_once_activated_then_syncs(sim, company):
    sp = SoapClient(sim, company, authority="SP")  # SVC-SP answers at SP's (= SVSP's) URLs
    svrs = SoapClient(sim, company, authority="RS")  # SVRS's CT-e URLs (nfelib lists them as RS)
    status = cte_status("42")
    assert text(sp.call("CTeStatusServicoV4", status, family=Family.CTE), "cStat") == "114"
    issued = cf.cte(company, 80, tp_emis="8", cuf="42")
    assert text(_cte(sp, issued), "cStat") == "114"
    assert sim.set_svc("SC", family="cte")["svc"] == "SVC-SP"
    assert text(sp.call("CTeStatusServicoV4", status, family=Family.CTE), "cStat") == "107"
    answer = _cte(sp, issued)
    assert text(answer, "cStat") == "100"
    assert (text(answer, "protCTe/infProt/nProt") or "").startswith("842")  # [MOC-CTe] §7.5
    lookup = cte_cons_sit(CTE_NS, issued.key)
    assert text(sp.call("CTeConsultaV4", lookup, family=Family.CTE), "cStat") == "100"
    assert text(svrs.call("CTeConsultaV4", lookup, family=Family.CTE), "cStat") == "217"
    protocol = text(answer, "protCTe/infProt/nProt") or ""
    cancel = cte_cancel(company, issued.key, protocol)
    cancelled = sp.call("CTeRecepcaoEventoV4", cancel, family=Family.CTE)
    assert text(cancelled, "infEvento/cStat") == "135"
    sim.set_svc("SC", family="cte", active=False)
    assert text(svrs.call("CTeConsultaV4", lookup, family=Family.CTE), "cStat") == "101"


def test_cte_svc_rs_serves_sp_with_tp_emis_7(sim, company):
    svrs = SoapClient(sim, company, authority="RS")
    sim.set_svc("SP", family="cte")
    answer = _cte(svrs, cf.cte(company, 81, tp_emis="7"))
    assert text(answer, "cStat") == "100"
    assert (text(answer, "protCTe/infProt/nProt") or "").startswith("735")
