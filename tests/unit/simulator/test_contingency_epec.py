"""EPEC (issue 37): the Ambiente Nacional registers the 110140 event (136), refuses it with the
manual's codes, blocks an issuer whose EPEC went 7 days without its NF-e (142 + chNFePend), and
the UF authorizes the tpEmis 4 NF-e only against a matching EPEC (467, 468, 692)."""

from __future__ import annotations

import datetime as dt

import pytest

from simulator.clock import parse_wire
from tests.unit.simulator import contingency_factories as cf
from tests.unit.simulator.dfe_factories import schema_errors
from tests.unit.simulator.factories import SoapClient, env_evento, envi_nfe, val

RET = "n:retEvento/n:infEvento"
PROT = "n:protNFe/n:infProt/n:cStat"


@pytest.fixture
def an(sim, company) -> SoapClient:
    """RecepcaoEvento 4.00 of the Ambiente Nacional (nfelib servers.py key AN)."""
    return SoapClient(sim, company, authority="AN")


def _epec(an: SoapClient, issued: cf.Issued, **options: object):
    return an.call("NFeRecepcaoEvento4", env_evento(cf.epec_event(an.company, issued, **options)))


def _authorize(client: SoapClient, issued: cf.Issued) -> tuple[str | None, str | None]:
    answer = client.call("NFeAutorizacao4", envi_nfe(issued.xml))
    return val(answer, PROT), val(answer, "n:protNFe/n:infProt/n:xMotivo")


def test_epec_registered_then_its_nfe_authorized_at_the_uf(sim, client, an):
    issued = cf.nfe(client.company, 20, tp_emis="4")
    answer = _epec(an, issued)
    assert val(answer, "n:cStat") == "128"
    assert val(answer, "n:cOrgao") == "91"
    assert val(answer, f"{RET}/n:cStat") == "136"
    assert val(answer, f"{RET}/n:cOrgaoAutor") == "35"
    assert (val(answer, f"{RET}/n:nProt") or "").startswith("891")
    assert schema_errors(answer, "nfe/1.00/retEnvEvento-110140") == []
    assert _authorize(client, issued) == ("100", "Autorizado o uso da NF-e")
    (record,) = sim.admin("GET", "/_admin/epec")["epec"]
    assert record["chave"] == issued.key and record["conciliated_at"] is not None


def test_nfe_with_tp_emis_4_and_no_epec_is_468(client):
    assert _authorize(client, cf.nfe(client.company, 21, tp_emis="4"))[0] == "468"


def test_nfe_diverging_from_its_epec_is_467(client, an):
    when = cf.now()
    registered = cf.nfe(client.company, 22, tp_emis="4", emitted=when)
    assert val(_epec(an, registered), f"{RET}/n:cStat") == "136"
    changed = cf.nfe(client.company, 22, tp_emis="4", emitted=when, items=2)
    assert changed.key == registered.key
    code, reason = _authorize(client, changed)
    assert code == "467"
    assert "[tag:vNF]" in (reason or "")


def test_another_key_for_an_epec_number_is_692(client, an):
    assert val(_epec(an, cf.nfe(client.company, 23, tp_emis="4")), f"{RET}/n:cStat") == "136"
    normal = cf.nfe(client.company, 23)
    code, reason = _authorize(client, normal)
    assert code == "692"
    assert "[Chave EPEC:" in (reason or "")


def test_epec_older_than_seven_days_blocks_new_ones_with_142(sim, client, an):
    old = cf.nfe(client.company, 24, tp_emis="4")
    assert val(_epec(an, old), f"{RET}/n:cStat") == "136"
    moved = parse_wire(sim.advance_clock(8 * 24 * 3600))
    fresh = cf.nfe(client.company, 25, tp_emis="4", emitted=moved)
    answer = _epec(an, fresh, when=moved)
    assert val(answer, f"{RET}/n:cStat") == "142"
    assert [e.text for e in answer.iterfind(f"{RET}/n:chNFePend", cf.N)] == [old.key]
    assert schema_errors(answer, "nfe/1.00/retEnvEvento-110140") == []


def test_the_late_nfe_still_conciliates_and_unblocks(sim, client, an):
    old = cf.nfe(client.company, 26, tp_emis="4")
    assert val(_epec(an, old), f"{RET}/n:cStat") == "136"
    moved = parse_wire(sim.advance_clock(8 * 24 * 3600))
    assert _authorize(client, old)[0] == "100"  # accepted: 30 days is the NF-e's limit
    fresh = cf.nfe(client.company, 27, tp_emis="4", emitted=moved)
    assert val(_epec(an, fresh, when=moved), f"{RET}/n:cStat") == "136"


@pytest.mark.parametrize(
    ("case", "expected"),
    [("normal key", "484"), ("duplicate", "573"), ("same number", "485"), ("authorized", "661"),
     ("wrong cOrgao", "250"), ("author UF", "455"), ("old dhEmi", "228"),
     ("recipient CNPJ", "208")],
)  # fmt: skip
def test_epec_rejections(client, an, case, expected):
    company = client.company
    if case == "normal key":
        answer = _epec(an, cf.nfe(company, 30))
    elif case == "duplicate":
        issued = cf.nfe(company, 31, tp_emis="4")
        _epec(an, issued)
        answer = _epec(an, issued)
    elif case == "same number":
        _epec(an, cf.nfe(company, 32, tp_emis="4"))
        answer = _epec(an, cf.nfe(company, 32, tp_emis="4", cnf="48213578"))
    elif case == "authorized":
        assert _authorize(client, cf.nfe(company, 33))[0] == "100"
        answer = _epec(an, cf.nfe(company, 33, tp_emis="4", cnf="48213578"))
    elif case == "wrong cOrgao":
        answer = _epec(an, cf.nfe(company, 34, tp_emis="4"), c_orgao="35")
    elif case == "author UF":
        answer = _epec(an, cf.nfe(company, 35, tp_emis="4"), author_uf="33")
    elif case == "recipient CNPJ":
        answer = _epec(an, cf.nfe(company, 38, tp_emis="4"), dest_cnpj="11444777000100")
    else:
        emitted = cf.now() - dt.timedelta(days=2)
        answer = _epec(an, cf.nfe(company, 36, tp_emis="4", emitted=emitted))
    assert val(answer, f"{RET}/n:cStat") == expected
    assert val(answer, f"{RET}/n:nProt") is None


def test_an_down_takes_the_epec_service_down(sim, client, an):
    sim.set_outage("AN", code="108")
    answer = _epec(an, cf.nfe(client.company, 37, tp_emis="4"))
    assert val(answer, "n:cStat") == "108"
    assert val(answer, "n:retEvento") is None
