"""SEFAZ-SP's EPEC of the NFC-e (NT 2015.003): its own service registers the 110140 of a tpEmis 4
NFC-e (136, cOrgao 35), refuses it with the NT's codes (215 off SP's schema, 250, 618, 573, 142
after 7 days without the NFC-e), and SEFAZ-SP then authorizes the NFC-e only against a matching
EPEC (467, 468), conciliating it."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable

import pytest
from lxml import etree

from documents.events.epec import build_epec, read_epec_data
from simulator.clock import parse_wire
from tests.unit.simulator import contingency_factories as cf
from tests.unit.simulator.dfe_factories import schema_errors
from tests.unit.simulator.factories import (
    Company,
    SoapClient,
    env_evento,
    envi_nfe,
    val,
    xmlsec_sign,
)

RET = "n:retEvento/n:infEvento"
PROT = "n:protNFe/n:infProt/n:cStat"
Q = cf.Q


@pytest.fixture
def sp_epec(sim, company) -> SoapClient:
    """RecepcaoEPEC of SEFAZ-SP (simulator authority SP-EPEC, routing.py EPEC_NFCE_ROUTES)."""
    return SoapClient(sim, company, authority="SP-EPEC")


@pytest.fixture
def an_client(sim, company) -> SoapClient:
    return SoapClient(sim, company, authority="AN")


def _event(
    company: Company,
    issued: cf.Issued,
    *,
    when: dt.datetime | None = None,
    model: str | None = None,
    edit: Callable[[etree._Element], None] | None = None,
) -> bytes:
    """The EPEC as the product builds it (documents/events/epec.py), signed by xmlsec1."""
    data = read_epec_data(issued.xml)
    if model is not None:
        data = dataclasses.replace(data, model=model)
    built = build_epec(data, when or cf.now())
    if edit is not None:
        edit(built.root)
    return xmlsec_sign(etree.tostring(built.root), company, "infEvento", built.reference_id)


def _send(client: SoapClient, event: bytes) -> etree._Element:
    return client.call("RecepcaoEvento", env_evento(event))


def _authorize(client: SoapClient, issued: cf.Issued) -> tuple[str | None, str | None]:
    answer = client.call("NFeAutorizacao4", envi_nfe(issued.xml))
    return val(answer, PROT), val(answer, "n:protNFe/n:infProt/n:xMotivo")


def _nfce(company: Company, number: int, **options: object) -> cf.Issued:
    return cf.nfe(company, number, tp_emis="4", model="65", **options)  # type: ignore[arg-type]


def test_epec_registered_at_sp_then_its_nfce_authorized(sim, client, sp_epec):
    issued = _nfce(client.company, 60)
    answer = _send(sp_epec, _event(client.company, issued))
    assert (val(answer, "n:cStat"), val(answer, "n:cOrgao")) == ("128", "35")
    assert val(answer, f"{RET}/n:cStat") == "136"
    assert val(answer, f"{RET}/n:cOrgao") == "35"
    assert val(answer, f"{RET}/n:cOrgaoAutor") == "35"
    assert (val(answer, f"{RET}/n:nProt") or "").startswith("135")
    assert schema_errors(answer, "nfe/1.00/retEnvEvento-110140") == []
    assert _authorize(client, issued) == ("100", "Autorizado o uso da NF-e")
    (record,) = sim.admin("GET", "/_admin/epec")["epec"]
    assert record["chave"] == issued.key and record["conciliated_at"] is not None


def test_nfce_with_tp_emis_4_and_no_epec_is_468(client):
    assert _authorize(client, _nfce(client.company, 61))[0] == "468"


def test_nfce_diverging_from_its_epec_is_467(client, sp_epec):
    when = cf.now()
    registered = _nfce(client.company, 62, emitted=when)
    assert val(_send(sp_epec, _event(client.company, registered)), f"{RET}/n:cStat") == "136"
    changed = _nfce(client.company, 62, emitted=when, items=2)
    assert changed.key == registered.key
    code, reason = _authorize(client, changed)
    assert code == "467"
    assert "[tag:vNF]" in (reason or "")


def test_an_nfe_key_is_618(client, sp_epec):
    nfe = cf.nfe(client.company, 63, tp_emis="4")
    answer = _send(sp_epec, _event(client.company, nfe, model="65"))
    assert val(answer, f"{RET}/n:cStat") == "618"


def test_the_an_s_c_orgao_is_250_and_a_second_epec_573(client, sp_epec):
    issued = _nfce(client.company, 64)

    def to_an(root: etree._Element) -> None:
        found = root.find(f"{Q}infEvento/{Q}cOrgao")
        assert found is not None
        found.text = "91"

    assert val(_send(sp_epec, _event(client.company, issued, edit=to_an)), f"{RET}/n:cStat") == (
        "250"
    )
    assert val(_send(sp_epec, _event(client.company, issued)), f"{RET}/n:cStat") == "136"
    assert val(_send(sp_epec, _event(client.company, issued)), f"{RET}/n:cStat") == "573"


def test_the_nfe_layout_is_off_sp_s_schema_215(client, sp_epec):
    issued = _nfce(client.company, 65)

    def with_vst(root: etree._Element) -> None:
        detail = root.find(f"{Q}infEvento/{Q}detEvento")
        assert detail is not None
        etree.SubElement(detail, f"{Q}vST").text = "0.00"

    answer = _send(sp_epec, _event(client.company, issued, edit=with_vst))
    assert val(answer, "n:cStat") == "215"


def test_epec_older_than_seven_days_blocks_new_ones_with_142(sim, client, sp_epec):
    old = _nfce(client.company, 66)
    assert val(_send(sp_epec, _event(client.company, old)), f"{RET}/n:cStat") == "136"
    moved = parse_wire(sim.advance_clock(8 * 24 * 3600))
    fresh = _nfce(client.company, 67, emitted=moved)
    answer = _send(sp_epec, _event(client.company, fresh, when=moved))
    assert val(answer, f"{RET}/n:cStat") == "142"
    assert [e.text for e in answer.iterfind(f"{RET}/n:chNFePend", cf.N)] == [old.key]
    assert schema_errors(answer, "nfe/1.00/retEnvEvento-110140") == []


def test_an_nfce_epec_at_the_ambiente_nacional_is_refused(client, an_client):
    issued = _nfce(client.company, 68)
    answer = an_client.call("NFeRecepcaoEvento4", env_evento(_event(client.company, issued)))
    assert val(answer, "n:cStat") == "215"  # the AN's schema is the NF-e's


def test_an_outage_of_sp_spares_its_epec_service_which_has_its_own(sim, client, sp_epec):
    issued = _nfce(client.company, 69)
    sim.set_outage("SP", code="109", family="nfe")
    assert val(_send(sp_epec, _event(client.company, issued)), f"{RET}/n:cStat") == "136"
    sim.set_outage("SP-EPEC", code="108")
    other = _nfce(client.company, 70)
    assert val(_send(sp_epec, _event(client.company, other)), "n:cStat") == "108"
    sim.clear_outages()
