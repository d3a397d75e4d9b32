"""NFeDistribuicaoDFe at the Ambiente Nacional (issue 38), over HTTPS with mutual TLS: the NSU
sequence fed by what the simulator authorizes, 138 / 137, the 1-hour consumo indevido (656)
moved by the simulator clock, the consChNFe budget, the summary becoming the NF-e after ciência
and a cancellation arriving as an event."""

from __future__ import annotations

import pytest

from simulator import xsd_extra
from tests.unit.simulator.dfe_factories import schema_errors
from tests.unit.simulator.distribution_factories import (
    DistClient,
    dist_request,
    docs,
    manifestation,
    sim_now,
    val,
)
from tests.unit.simulator.factories import (
    SoapClient,
    cancel_event,
    env_evento,
    make_company,
)

HOUR = 3600
SUPPLIER = "45723174000110"


@pytest.fixture
def dist(client) -> DistClient:
    return DistClient(client)


@pytest.fixture
def an(sim, company) -> SoapClient:
    return SoapClient(sim, company, authority="AN")


def _manifest(an: SoapClient, key: str, event_type: str, sequence: int = 1, **options):
    when = options.pop("when", None) or sim_now(an.sim)
    event = manifestation(an.company, key, event_type, sequence, when=when, **options)
    return an.call("NFeRecepcaoEvento4", env_evento(event))


def test_summary_then_the_nfe_after_ciencia(sim, dist, an, company):
    issued = sim.issue_nfe_to(company.cnpj, number=1)
    assert issued.status == "100"
    answer = dist.dist(ult_nsu=0)
    assert (val(answer, "n:cStat"), val(answer, "n:xMotivo")) == (
        "138",
        "Documento(s) localizado(s)",
    )
    assert val(answer, "n:ultNSU") == val(answer, "n:maxNSU") == "000000000000001"
    ((nsu, schema, summary),) = docs(answer)
    assert (nsu, schema) == (1, "resNFe_v1.01.xsd")
    assert xsd_extra.first_violation(summary, xsd_extra.RES_NFE) is None
    assert val(summary, "n:chNFe") == issued.key and val(summary, "n:cSitNFe") == "1"
    assert val(summary, "n:nProt") == issued.protocol

    registered = _manifest(an, issued.key, "210210")
    assert val(registered, "n:retEvento/n:infEvento/n:cStat") == "135"
    assert (val(registered, "n:retEvento/n:infEvento/n:nProt") or "").startswith("891")
    assert xsd_extra.first_violation(registered, xsd_extra.MANIFESTATION_ANSWER) is None

    by_key = dist.dist(key=issued.key)
    ((nsu, schema, proc),) = docs(by_key)
    assert (val(by_key, "n:cStat"), nsu, schema) == ("138", 2, "procNFe_v4.00.xsd")
    assert schema_errors(proc, "nfe/4.00/nfeProc") == []
    assert val(proc, "n:protNFe/n:infProt/n:nProt") == issued.protocol

    assert val(dist.dist(ult_nsu=1), "n:cStat") == "656"  # ultNSU reached maxNSU an instant ago
    sim.advance_clock(HOUR + 1)
    later = dist.dist(ult_nsu=1)
    assert [(n, s) for n, s, _ in docs(later)] == [(2, "procNFe_v4.00.xsd")]
    assert val(dist.dist(nsu=1), "n:cStat") == "138"  # consNSU: that NSU again (the summary)
    state = sim.distribution(company.cnpj)
    assert [d["schema"] for d in state["documents"]] == ["resNFe_v1.01.xsd", "procNFe_v4.00.xsd"]
    assert state["manifestations"][0]["tpEvento"] == "210210"


def test_nothing_found_is_137_then_656_for_an_hour_restarted_by_each_try(sim, dist):
    first = dist.dist(ult_nsu=0)
    assert (val(first, "n:cStat"), val(first, "n:ultNSU"), val(first, "n:maxNSU")) == (
        "137", "000000000000000", "000000000000000")  # fmt: skip
    assert val(first, "n:loteDistDFeInt") is None
    blocked = dist.dist(ult_nsu=0)
    assert val(blocked, "n:cStat") == "656"
    assert "Consumo Indevido" in (val(blocked, "n:xMotivo") or "")
    sim.advance_clock(HOUR - 600)
    assert val(dist.dist(ult_nsu=0), "n:cStat") == "656"  # and the hour starts again
    sim.advance_clock(HOUR - 600)
    assert val(dist.dist(ult_nsu=0), "n:cStat") == "656"
    sim.advance_clock(HOUR + 1)
    assert val(dist.dist(ult_nsu=0), "n:cStat") == "137"


def test_pages_of_fifty_and_no_wait_while_documents_remain(sim, dist, company):
    keys = [sim.issue_nfe_to(company.cnpj, number=n).key for n in range(1, 52)]
    page = dist.dist(ult_nsu=0)
    assert len(docs(page)) == 50
    assert (val(page, "n:ultNSU"), val(page, "n:maxNSU")) == ("000000000000050", "000000000000051")
    rest = dist.dist(ult_nsu=50)  # ultNSU < maxNSU: the next call is not consumo indevido
    assert [(n, v.findtext("{*}chNFe")) for n, _, v in docs(rest)] == [(51, keys[-1])]
    assert val(dist.dist(ult_nsu=51), "n:cStat") == "656"


def test_cons_ch_nfe_budget_of_twenty_per_hour(sim, dist, company):
    key = sim.issue_nfe_to(company.cnpj, number=2).key
    for _ in range(20):
        assert val(dist.dist(key=key), "n:cStat") == "138"
    assert val(dist.dist(key=key), "n:cStat") == "656"
    sim.advance_clock(HOUR + 1)
    assert val(dist.dist(key=key), "n:cStat") == "138"


def test_cons_ch_nfe_of_a_note_not_addressed_to_the_party_is_137(sim, dist):
    other = sim.issue_nfe_to("12345678000195", number=3)
    assert val(dist.dist(key=other.key), "n:cStat") == "137"


def test_cancellation_reaches_the_recipient_as_an_event(sim, dist, company, tmp_path):
    issued = sim.issue_nfe_to(company.cnpj, number=4)
    supplier = SoapClient(sim, make_company(sim, tmp_path / "supplier", SUPPLIER))
    cancelled = supplier.call(
        "NFeRecepcaoEvento4", env_evento(cancel_event(supplier.company, issued.key,
                                                      issued.protocol or ""))
    )  # fmt: skip
    assert val(cancelled, "n:retEvento/n:infEvento/n:cStat") == "135"
    found = docs(dist.dist(ult_nsu=0))
    assert [(n, s) for n, s, _ in found] == [(1, "resNFe_v1.01.xsd"), (2, "resEvento_v1.01.xsd")]
    summary, event = found[0][2], found[1][2]
    assert val(summary, "n:cSitNFe") == "3"  # the situation at the time of the query
    assert xsd_extra.first_violation(event, xsd_extra.RES_EVENTO) is None
    assert (val(event, "n:tpEvento"), val(event, "n:chNFe")) == ("110111", issued.key)


def test_autxml_party_and_carrier_receive_the_nfe_itself(sim, tmp_path):
    accountant = "12345678000195"
    issued = sim.issue_nfe_to("11222333000181", number=5, aut_xml=[accountant])
    client = SoapClient(sim, make_company(sim, tmp_path / "acc", accountant))
    ((nsu, schema, proc),) = docs(DistClient(client).dist(ult_nsu=0))
    assert (nsu, schema) == (1, "procNFe_v4.00.xsd")
    assert proc.findtext("{*}NFe/{*}infNFe/{*}autXML/{*}CNPJ") == accountant
    assert sim.distribution(SUPPLIER)["documents"] == []  # the issuer never gets its own NF-e
    assert issued.status == "100"


def test_the_issuer_receives_the_recipient_manifestation(sim, an, company, tmp_path):
    issued = sim.issue_nfe_to(company.cnpj, number=6)
    _manifest(an, issued.key, "210200")
    supplier = SoapClient(sim, make_company(sim, tmp_path / "supplier", SUPPLIER))
    ((_, schema, proc),) = docs(DistClient(supplier).dist(ult_nsu=0))
    assert schema == "procEventoNFe_v1.00.xsd"
    assert xsd_extra.first_violation(proc, xsd_extra.MANIFESTATION_PROC) is None
    assert proc.findtext("{*}retEvento/{*}infEvento/{*}tpEvento") == "210200"


def test_message_rules(sim, dist, client):
    assert val(dist.dist("99888777000100", ult_nsu=0), "n:cStat") == "593"  # another company
    same_base = dist.dist("11222333000262", ult_nsu=0)  # a branch of the certificate's company
    assert val(same_base, "n:cStat") == "137"
    sim.issue_nfe_to(client.company.cnpj, number=7)
    assert val(dist.dist(nsu=2), "n:cStat") == "589"
    assert val(dist.call(dist_request(client.company.cnpj, tp_amb="1")), "n:cStat") == "252"
    broken = dist_request(client.company.cnpj).replace(b"<cUFAutor>35", b"<cUFAutor>99")
    assert val(dist.call(broken), "n:cStat") == "215"
    bare = dist.post(dist_request(client.company.cnpj), wrapped=False)
    assert bare.status_code == 500 and b"nfeDistDFeInteresse" in bare.content


def test_paralysed_an_answers_a_valid_ret_dist_dfe_int(sim, dist):
    sim.set_fault("paralysed", code="108", service="NFeDistribuicaoDFe", times=1)
    answer = dist.dist(ult_nsu=0)  # the answer is checked against retDistDFeInt_v1.01.xsd
    assert (val(answer, "n:cStat"), val(answer, "n:ultNSU")) == ("108", "000000000000000")
    assert val(dist.dist(ult_nsu=0), "n:cStat") == "137"
