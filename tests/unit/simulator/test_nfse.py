"""National NFS-e (Sefin Nacional REST) through a plain HTTPS+JSON client with mTLS."""

from __future__ import annotations

import base64
import datetime as dt
import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
from lxml import etree

from documents.keys import mod11_digit, nfse_key_is_valid
from documents.schemas import validate
from simulator.clock import BRASILIA
from simulator.testing import running_simulator
from tests.unit.simulator.dfe_factories import NFELIB, xmlsec_verify_outer
from tests.unit.simulator.factories import make_company, xmlsec_sign
from tests.unit.simulator.nfse_factories import (
    SAO_PAULO,
    SefinClient,
    build_dps,
    cancel_request,
    codes,
    pack,
    unpack,
)

STRANGER = "99888777000166"
TAKER = "44555666000177"
NUMBERS = itertools.count(1)


@pytest.fixture(scope="module")
def clients(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, SefinClient]]:
    base = tmp_path_factory.mktemp("nfse")
    with running_simulator(base / "sim") as sim:
        yield {cnpj: SefinClient(sim, make_company(sim, base / cnpj, cnpj))
               for cnpj in ("11222333000181", STRANGER, TAKER)}  # fmt: skip


@pytest.fixture
def sefin(clients: dict[str, SefinClient]) -> SefinClient:
    return clients["11222333000181"]


def issue(client: SefinClient, **options: object) -> dict[str, str]:
    dps = build_dps(client.company, number=next(NUMBERS), **options)
    response = client.issue(dps.xml)
    assert response.status_code == 201, response.text
    return {**response.json(), "dps": dps.id}


def test_dps_becomes_a_signed_nfse_with_a_national_key(sefin: SefinClient) -> None:
    dps = build_dps(sefin.company, number=next(NUMBERS), taker=TAKER)
    response = sefin.issue(dps.xml)
    assert response.status_code == 201
    body = response.json()
    assert {"tipoAmbiente", "versaoAplicativo", "dataHoraProcessamento", "idDps",
            "chaveAcesso", "nfseXmlGZipB64"} <= set(body)  # fmt: skip
    assert (body["tipoAmbiente"], body["idDps"]) == (2, dps.id)
    key = body["chaveAcesso"]
    assert nfse_key_is_valid(key)
    assert (key[:7], key[7], key[8], key[9:23]) == (SAO_PAULO, "2", "2", "11222333000181")
    xml = unpack(body["nfseXmlGZipB64"])
    assert validate(xml, "nfse/1.00/NFSe") == []
    assert xmlsec_verify_outer(xml, sefin.sim.ca_bundle, "infNFSe")
    nfse = etree.fromstring(xml)
    assert nfse.findtext("{*}infNFSe/{*}nNFSe") == str(int(key[23:36]))
    assert nfse.find("{*}infNFSe/{*}DPS/{*}infDPS").get("Id") == dps.id  # type: ignore[union-attr]
    assert b"SHA256" in xml.upper() and b"rsa-sha256" in xml


def test_values_follow_the_dps(sefin: SefinClient) -> None:
    xml = unpack(issue(sefin)["nfseXmlGZipB64"])
    values = etree.fromstring(xml).find("{*}infNFSe/{*}valores")
    assert values is not None
    # dps-simples: vServ 999999999.99, unconditional 9999999.99, conditional 9.99, no retention
    assert values.findtext("{*}vLiq") == "989999990.01"
    assert values.findtext("{*}vTotalRet") == "0.00"


def test_lookups_by_key_and_by_dps(sefin: SefinClient, clients: dict[str, SefinClient]) -> None:
    issued = issue(sefin)
    key = issued["chaveAcesso"]
    by_key = sefin.request("GET", f"/nfse/{key}")
    assert by_key.status_code == 200
    assert unpack(by_key.json()["nfseXmlGZipB64"]) == unpack(issued["nfseXmlGZipB64"])
    by_dps = sefin.request("GET", f"/dps/{issued['dps']}")
    assert (by_dps.status_code, by_dps.json()["chaveAcesso"]) == (200, key)
    assert sefin.request("HEAD", f"/dps/{issued['dps']}").status_code == 200
    unknown = build_dps(sefin.company, number=next(NUMBERS), sign=False)
    assert sefin.request("GET", f"/dps/{unknown.id}").status_code == 404
    assert sefin.request("GET", "/dps/DPS123").status_code == 400
    assert sefin.request("GET", f"/nfse/{key[:-1]}").status_code == 400
    assert clients[STRANGER].request("GET", f"/nfse/{key}").status_code == 403
    state = [n for n in sefin.sim.state()["nfse"] if n["chave"] == key]
    assert [(n["idDps"], n["status"]) for n in state] == [(issued["dps"], "issued")]


def test_repeated_dps_is_e0014_and_the_dps_lookup_finds_the_nfse(sefin: SefinClient) -> None:
    dps = build_dps(sefin.company, number=next(NUMBERS))
    first = sefin.issue(dps.xml)
    again = sefin.issue(dps.xml)
    assert (again.status_code, codes(again)) == (400, ["E0014"])
    assert (
        sefin.request("GET", f"/dps/{dps.id}").json()["chaveAcesso"]
        == (first.json()["chaveAcesso"])
    )


def test_rsa_sha256_signed_dps_is_accepted(sefin: SefinClient) -> None:
    dps = build_dps(sefin.company, number=next(NUMBERS), sha256=True)
    assert sefin.issue(dps.xml).status_code == 201


@pytest.mark.parametrize(
    ("case", "code"),
    [
        ("not_base64", "E1226"), ("not_gzip", "E1226"), ("no_field", "RNG9999"),
        ("official_sample_off_schema", "RNG6110"), ("unsigned", "E9298"), ("tampered", "E9297"),
        ("signed_by_another", "E9213"), ("expired_signer", "E9291"), ("wrong_id", "E0004"),
        ("production", "E0006"),
        ("future", "E0008"), ("competence_after_emission", "E0015"),
        ("discount_above_the_value", "E0431"), ("discount_equal_to_the_value", "E0431"),
        ("discount_zero", "E0431"),
    ],
)  # fmt: skip
def test_broken_dps_is_refused_with_its_code(
    sefin: SefinClient, clients: dict[str, SefinClient], case: str, code: str
) -> None:
    company, number = sefin.company, next(NUMBERS)
    now = dt.datetime.now(BRASILIA)
    options: dict[str, object] = {
        "unsigned": {"sign": False},
        "wrong_id": {"identifier": "DPS" + "1" * 42},
        "production": {"tp_amb": "1"},
        "future": {"emitted": now + dt.timedelta(hours=1)},
        "competence_after_emission": {"competence": now.date() + dt.timedelta(days=3)},
        "discount_above_the_value": {"discount": "1000000000.00"},  # vServ 999999999.99
        "discount_equal_to_the_value": {"discount": "999999999.99"},
        "discount_zero": {"discount": "0.00"},
    }.get(case, {})  # type: ignore[assignment]
    dps = build_dps(company, number=number, **options)  # type: ignore[arg-type]
    body: dict[str, str] = {"dpsXmlGZipB64": pack(dps.xml)}
    if case == "not_base64":
        body = {"dpsXmlGZipB64": "***"}
    elif case == "not_gzip":
        body = {"dpsXmlGZipB64": base64.b64encode(b"<DPS/>").decode()}
    elif case == "no_field":
        body = {"nfseXmlGZipB64": pack(dps.xml)}
    elif case == "official_sample_off_schema":
        body = {"dpsXmlGZipB64": pack((NFELIB / "nfse/samples/v1_0/dps-regime-normal.xml")
                                      .read_bytes())}  # fmt: skip
    elif case == "tampered":
        body = {"dpsXmlGZipB64": pack(dps.xml.replace(b"<xDescServ>", b"<xDescServ>X", 1))}
    elif case == "expired_signer":
        past = dt.datetime.now(dt.UTC) - dt.timedelta(days=400)
        old = make_company(sefin.sim, Path(str(company.pfx)).parent / "old", company.cnpj,
                           not_before=past, not_after=past + dt.timedelta(days=30))  # fmt: skip
        unsigned = build_dps(company, number=number, sign=False)
        body = {"dpsXmlGZipB64": pack(xmlsec_sign(unsigned.xml, old, "infDPS", dps.id))}
    elif case == "signed_by_another":
        stranger = clients[STRANGER].company
        unsigned = build_dps(company, number=number, sign=False)
        body = {"dpsXmlGZipB64": pack(xmlsec_sign(unsigned.xml, stranger, "infDPS", dps.id))}
    response = sefin.request("POST", "/nfse", body)
    assert (response.status_code, codes(response)) == (400, [code]), response.text
    assert sefin.request("GET", f"/dps/{dps.id}").status_code in (400, 404)


def test_cancel_then_the_event_can_be_read_back(
    sefin: SefinClient, clients: dict[str, SefinClient]
) -> None:
    key = issue(sefin)["chaveAcesso"]
    stranger = clients[STRANGER]
    refused = stranger.cancel(key, cancel_request(stranger.company, key))
    assert (refused.status_code, codes(refused)) == (400, ["E9632"])
    response = sefin.cancel(key, cancel_request(sefin.company, key))
    assert response.status_code == 201, response.text
    event_xml = unpack(response.json()["eventoXmlGZipB64"])
    assert validate(event_xml, "nfse/1.00/evento") == []
    assert xmlsec_verify_outer(event_xml, sefin.sim.ca_bundle, "infEvento")
    assert etree.fromstring(event_xml).get("versao") == "1.01"
    read = sefin.request("GET", f"/nfse/{key}/eventos/101101/1")
    assert read.status_code == 200
    item = read.json()["eventos"][0]
    assert (item["chaveAcesso"], item["tipoEvento"], item["numeroPedidoRegistroEvento"]) == (
        key, 101101, 1)  # fmt: skip
    inner = base64.b64decode(item["arquivoXml"]).decode("ascii")
    assert unpack(inner) == event_xml
    missing = sefin.request("GET", f"/nfse/{key}/eventos/101101/2")
    assert missing.status_code == 404
    assert set(missing.json()) == {"tipoAmbiente", "versaoAplicativo", "dataHoraProcessamento"}
    assert len(sefin.request("GET", f"/nfse/{key}/eventos").json()["eventos"]) == 1
    again = sefin.cancel(key, cancel_request(sefin.company, key))
    assert (again.status_code, codes(again)) == (400, ["E9631"])


def test_cancel_request_must_match_the_url_and_an_existing_nfse(sefin: SefinClient) -> None:
    key = issue(sefin)["chaveAcesso"]
    other = issue(sefin)["chaveAcesso"]
    wrong = sefin.cancel(other, cancel_request(sefin.company, key))
    assert (wrong.status_code, codes(wrong)) == (400, ["E9628"])
    body = key[:-10] + "000000000"
    unknown = body + str(mod11_digit(body))
    missing = sefin.cancel(unknown, cancel_request(sefin.company, unknown))
    assert missing.status_code == 404


def test_cancel_after_the_municipal_deadline_is_e0822(tmp_path: Path) -> None:
    with running_simulator(tmp_path / "sim", nfse_cancel_window_hours=24) as sim:
        company = make_company(sim, tmp_path / "c", "11222333000181")
        client = SefinClient(sim, company)
        response = client.issue(build_dps(company, number=1).xml)
        key = response.json()["chaveAcesso"]
        sim.advance_clock(25 * 3600)
        late = client.cancel(key, cancel_request(company, key))
        assert (late.status_code, codes(late)) == (400, ["E0822"])


def test_unknown_route_and_production_host(sefin: SefinClient) -> None:
    assert sefin.request("GET", "/nada").status_code == 404
    production = SefinClient(sefin.sim, sefin.company, host="sefin.nfse.gov.br")
    dps = build_dps(sefin.company, number=next(NUMBERS))
    assert codes(production.issue(dps.xml)) == ["E0006"]
