"""Rules that refuse or qualify a contingency document (issue 37): tpEmis per model and UF,
dhCont / xJust (MOC B28), the key's tpEmis digit, late offline NFC-e and contingency NF-e (150),
CT-e G008-G010 and the offline CT-e / MDF-e."""

from __future__ import annotations

import datetime as dt

import pytest

from simulator.clock import parse_wire, wire
from simulator.routing import Family
from tests.unit.simulator import contingency_factories as cf
from tests.unit.simulator.dfe_factories import compressed, text
from tests.unit.simulator.factories import SoapClient, cons_sit, envi_nfe, val

PROT = "n:protNFe/n:infProt/n:cStat"


def _code(client: SoapClient, issued: cf.Issued) -> str | None:
    return val(client.call("NFeAutorizacao4", envi_nfe(issued.xml)), PROT)


@pytest.fixture
def rs(sim, company) -> SoapClient:
    """SEFAZ-RS: its own NFC-e authorizer, with offline contingency."""
    return SoapClient(sim, company, authority="RS")


def test_normal_document_with_dhcont_is_556(client):
    edit = cf.ide_edit(dhCont=wire(cf.now()), xJust=cf.REASON)
    assert _code(client, cf.nfe(client.company, 40, edit=edit)) == "556"


def test_contingency_document_without_justification_is_557(client):
    edit = cf.ide_edit(dhCont=None, xJust=None)
    assert _code(client, cf.nfe(client.company, 41, tp_emis="5", edit=edit)) == "557"


def test_dhcont_after_reception_is_558(client):
    entered = cf.now() + dt.timedelta(hours=1)
    assert _code(client, cf.nfe(client.company, 42, tp_emis="5", started_at=entered)) == "558"


def test_dhcont_more_than_30_days_before_dhemi_is_569(client):
    entered = cf.now() - dt.timedelta(days=31)
    assert _code(client, cf.nfe(client.company, 43, tp_emis="5", started_at=entered)) == "569"


def test_dhcont_after_dhemi_is_accepted_for_the_nfe(client):
    """A document built before the switch keeps its dhEmi (sped-nfe Contingency): no MOC rule."""
    entered = cf.now() + dt.timedelta(minutes=2)
    assert _code(client, cf.nfe(client.company, 44, tp_emis="5", started_at=entered)) == "100"


def test_xjust_outside_15_to_256_fails_the_schema(client):
    answer = client.call(
        "NFeAutorizacao4",
        envi_nfe(cf.nfe(client.company, 45, tp_emis="5", edit=cf.ide_edit(xJust="curta")).xml),
    )
    assert val(answer, "n:cStat") == "225"


def test_key_tp_emis_digit_differs_from_ide_is_502(client):
    edit = cf.ide_edit(tpEmis="5", dhCont=wire(cf.now()), xJust=cf.REASON)
    assert _code(client, cf.nfe(client.company, 46, edit=edit)) == "502"


def test_nfe_offline_is_711(client):
    assert _code(client, cf.nfe(client.company, 47, tp_emis="9")) == "711"


def test_nfce_offline_in_sp_is_712(client):
    assert _code(client, cf.nfe(client.company, 48, tp_emis="9", model="65")) == "712"


@pytest.mark.parametrize("tp_emis", ["2", "4", "5"])
def test_nfce_contingency_other_than_offline_is_714_outside_sp(rs, tp_emis):
    issued = cf.nfe(rs.company, 49, tp_emis=tp_emis, model="65", uf="RS")
    assert _code(rs, issued) == "714"


def test_offline_nfce_within_24_hours_is_100(rs):
    assert _code(rs, cf.nfe(rs.company, 50, tp_emis="9", model="65", uf="RS")) == "100"


def test_offline_nfce_after_24_hours_is_authorized_late_150(sim, rs):
    issued = cf.nfe(rs.company, 51, tp_emis="9", model="65", uf="RS")
    sim.advance_clock(25 * 3600)
    answer = rs.call("NFeAutorizacao4", envi_nfe(issued.xml))
    assert val(answer, PROT) == "150"
    assert "fora de prazo" in (val(answer, "n:protNFe/n:infProt/n:xMotivo") or "")
    assert val(rs.call("NFeConsultaProtocolo4", cons_sit(issued.key)), "n:cStat") == "150"
    (record,) = sim.state()["contingency"]
    assert (record["tpEmis"], record["cStat"]) == ("9", "150")


def test_online_nfce_late_is_still_704(sim, rs):
    issued = cf.nfe(rs.company, 52, model="65", uf="RS")
    sim.advance_clock(600)
    assert _code(rs, issued) == "704"


def test_contingency_nfe_after_30_days_is_150_not_228(sim, client):
    issued = cf.nfe(client.company, 53, tp_emis="5")
    normal = cf.nfe(client.company, 54)
    sim.advance_clock(31 * 24 * 3600)
    assert _code(client, issued) == "150"
    assert _code(client, normal) == "228"


# -- CT-e and MDF-e -------------------------------------------------------------------------------


def _cte(client: SoapClient, issued: cf.Issued) -> str | None:
    answer = client.call("CTeRecepcaoSincV4", compressed(issued.xml), family=Family.CTE)
    return text(answer, "cStat")


def test_cte_normal_with_dhcont_is_586(client):
    issued = cf.cte(client.company, 60, dh_cont=wire(cf.now()), x_just=cf.REASON)
    assert _cte(client, issued) == "586"


def test_cte_offline_without_justification_is_587(client):
    assert _cte(client, cf.cte(client.company, 61, tp_emis="2")) == "587"


def test_cte_dhcont_after_dhemi_is_588(client):
    emitted = cf.now() - dt.timedelta(minutes=30)
    issued = cf.cte(client.company, 62, tp_emis="2", emitted=emitted,
                    dh_cont=wire(cf.now()), x_just=cf.REASON)  # fmt: skip
    assert _cte(client, issued) == "588"


def test_cte_offline_within_168_hours_is_100_and_later_228(sim, client):
    emitted = cf.now() - dt.timedelta(minutes=30)
    cont = wire(emitted - dt.timedelta(minutes=5))
    early = cf.cte(client.company, 63, tp_emis="2", emitted=emitted, dh_cont=cont, x_just=cf.REASON)
    late = cf.cte(client.company, 64, tp_emis="2", emitted=emitted, dh_cont=cont, x_just=cf.REASON)
    assert _cte(client, early) == "100"
    sim.advance_clock(169 * 3600)
    assert _cte(client, late) == "228"


def test_offline_mdfe_transmitted_later_is_authorized(sim, company):
    svrs = SoapClient(sim, company, authority="SVRS")
    issued = cf.mdfe(company, 70)
    moved = parse_wire(sim.advance_clock(6 * 3600))
    assert moved > cf.now()
    answer = svrs.call("MDFeRecepcaoSinc", compressed(issued.xml), family=Family.MDFE)
    assert text(answer, "cStat") == "100"
    assert issued.key[34] == "2"
