"""CT-e and CT-e OS 4.00 through a plain HTTPS client: reception, query, status and events."""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from lxml import etree

from simulator.clock import BRASILIA
from simulator.routing import Family, TpAmb
from simulator.testing import SimulatorHandle, running_simulator
from tests.unit.simulator.dfe_factories import (
    CTE_NS,
    CTE_SAMPLE,
    build_cte,
    compressed,
    cons_sit,
    cons_stat_cte,
    cte_cancel,
    cte_correction,
    cte_disagreement,
    event,
    schema_errors,
    text,
)
from tests.unit.simulator.factories import Company, SoapClient, make_company, xmlsec_sign

TAKER = "44555666000177"
STRANGER = "99888777000166"
NUMBERS = itertools.count(1)


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, object]]:
    """One simulator and three companies for the module: issuer, taker and a stranger."""
    base = tmp_path_factory.mktemp("cte")
    with running_simulator(base / "sim") as sim:
        companies = {
            cnpj: make_company(sim, base / cnpj, cnpj)
            for cnpj in ("11222333000181", TAKER, STRANGER)
        }
        yield {"sim": sim, **companies}


@pytest.fixture
def issuer(world: dict[str, object]) -> Company:
    company = world["11222333000181"]
    assert isinstance(company, Company)
    return company


@pytest.fixture
def cte(world: dict[str, object], issuer: Company) -> SoapClient:
    sim = world["sim"]
    assert isinstance(sim, SimulatorHandle)
    return SoapClient(sim, issuer, authority="SP")


def _as(client: SoapClient, company: object) -> SoapClient:
    assert isinstance(company, Company)
    return SoapClient(client.sim, company, authority="SP")


def _send(client: SoapClient, xml: bytes, service: str = "CTeRecepcaoSincV4") -> etree._Element:
    return client.call(service, compressed(xml), family=Family.CTE)


def _authorize(client: SoapClient, **options: object) -> tuple[str, str]:
    issued = build_cte(client.company, number=next(NUMBERS), **options)  # type: ignore[arg-type]
    answer = _send(client, issued.xml)
    assert text(answer, "cStat") == "100", text(answer, "xMotivo")
    return issued.key, text(answer, "protCTe/infProt/nProt") or ""


def _event(client: SoapClient, xml: bytes) -> etree._Element:
    return client.call("CTeRecepcaoEventoV4", xml, family=Family.CTE)


def _event_status(client: SoapClient, xml: bytes) -> str | None:
    return text(_event(client, xml), "infEvento/cStat")


def test_cte_is_authorized_with_a_protocol_and_a_schema_valid_answer(cte: SoapClient) -> None:
    issued = build_cte(cte.company, number=next(NUMBERS))
    answer = _send(cte, issued.xml)
    assert schema_errors(answer, "cte/4.00/retCTe") == []
    assert (text(answer, "cStat"), text(answer, "protCTe/infProt/cStat")) == ("100", "100")
    assert text(answer, "protCTe/infProt/chCTe") == issued.key
    protocol = text(answer, "protCTe/infProt/nProt") or ""
    assert len(protocol) == 15 and protocol.startswith("135")
    digest = issued.xml.split(b"<DigestValue>")[1].split(b"<")[0].decode()
    assert text(answer, "protCTe/infProt/digVal") == digest
    query = cte.call("CTeConsultaV4", cons_sit(CTE_NS, issued.key), family=Family.CTE)
    assert (text(query, "cStat"), text(query, "protCTe/infProt/nProt")) == ("100", protocol)


def test_cte_os_goes_to_its_own_service(cte: SoapClient) -> None:
    issued = build_cte(cte.company, number=next(NUMBERS), os=True)
    answer = _send(cte, issued.xml, "CTeRecepcaoOSV4")
    assert schema_errors(answer, "cte/4.00/retCTeOS") == []
    assert text(answer, "protCTe/infProt/cStat") == "100"
    wrong = _send(cte, build_cte(cte.company, number=next(NUMBERS), os=True).xml)
    assert text(wrong, "cStat") == "225"


def test_reception_needs_base64_gzip_payload(cte: SoapClient) -> None:
    issued = build_cte(cte.company, number=next(NUMBERS))
    plain = cte.call("CTeRecepcaoSincV4", issued.xml, family=Family.CTE)
    assert text(plain, "cStat") == "244"
    garbage = cte.call("CTeRecepcaoSincV4", b"bm90IGd6aXA=", family=Family.CTE)
    assert text(garbage, "cStat") == "244"


def test_corpus_sample_as_published_fails_the_schema(cte: SoapClient) -> None:
    """The DACTE fixture carries cUF 01 and a 7-digit cCT: the official XSD refuses it."""
    raw = CTE_SAMPLE.read_bytes()
    assert text(_send(cte, raw), "cStat") == "225"


def _resigned(company: Company, issued_xml: bytes, key: str, old: bytes, new: bytes) -> bytes:
    body = issued_xml.split(b"<Signature")[0].replace(old, new, 1) + b"</CTe>"
    return xmlsec_sign(body, company, "infCte", f"CTe{key}")


@pytest.mark.parametrize(
    ("case", "code"),
    [
        ("unsigned", "225"),
        ("tampered", "297"),
        ("foreign_signature", "213"),
        ("key_mismatch", "227"),
        ("production_at_homologation", "252"),
        ("other_uf", "226"),
        ("future", "212"),
        ("too_old", "228"),
        ("bad_modal", "580"),
        ("expired_signer", "291"),
    ],
)
def test_broken_cte_is_rejected_with_the_authority_code(
    cte: SoapClient, world: dict[str, object], case: str, code: str
) -> None:
    company, number = cte.company, next(NUMBERS)
    now = dt.datetime.now(BRASILIA)
    options = {
        "unsigned": {"sign": False},
        "production_at_homologation": {"tp_amb": "1"},
        "other_uf": {"cuf": "41"},
        "future": {"emitted": now + dt.timedelta(hours=2)},
        "too_old": {"emitted": now - dt.timedelta(days=40)},
    }.get(case, {})
    issued = build_cte(company, number=number, **options)  # type: ignore[arg-type]
    xml = issued.xml
    if case == "tampered":
        xml = xml.replace(b"<natOp>", b"<natOp>X", 1)
    elif case == "foreign_signature":
        stranger = world[STRANGER]
        assert isinstance(stranger, Company)
        xml = xmlsec_sign(xml.split(b"<Signature")[0] + b"</CTe>", stranger, "infCte",
                          f"CTe{issued.key}")  # fmt: skip
    elif case == "key_mismatch":
        xml = _resigned(company, xml, issued.key, f"<nCT>{number}</nCT>".encode(),
                        f"<nCT>{number + 1000}</nCT>".encode())  # fmt: skip
    elif case == "bad_modal":
        xml = _resigned(company, xml, issued.key, b"<RNTRC>", b"<RNTRC>X")
    elif case == "expired_signer":
        sim, past = world["sim"], dt.datetime.now(dt.UTC) - dt.timedelta(days=400)
        assert isinstance(sim, SimulatorHandle)
        old = make_company(sim, Path(str(company.pfx)).parent / "old", company.cnpj,
                           not_before=past, not_after=past + dt.timedelta(days=30))  # fmt: skip
        xml = xmlsec_sign(xml.split(b"<Signature")[0] + b"</CTe>", old, "infCte",
                          f"CTe{issued.key}")  # fmt: skip
    answer = _send(cte, xml)
    assert text(answer, "cStat") == code, text(answer, "xMotivo")


def test_wrong_check_digit_is_253(cte: SoapClient) -> None:
    issued = build_cte(cte.company, number=next(NUMBERS), sign=False)
    wrong = str((int(issued.key[-1]) + 1) % 10)
    bad_key = issued.key[:-1] + wrong
    xml = issued.xml.replace(issued.key.encode(), bad_key.encode()).replace(
        f"<cDV>{issued.key[-1]}</cDV>".encode(), f"<cDV>{wrong}</cDV>".encode()
    )
    signed = xmlsec_sign(xml, cte.company, "infCte", f"CTe{bad_key}")
    assert text(_send(cte, signed), "cStat") == "253"


def test_same_key_is_204_and_same_number_other_key_is_539(cte: SoapClient) -> None:
    from documents.transmission.answers import rejection

    number = next(NUMBERS)
    first = build_cte(cte.company, number=number)
    assert text(_send(cte, first.xml), "cStat") == "100"
    assert text(_send(cte, first.xml), "cStat") == "204"
    other = build_cte(cte.company, number=number, code="87654321")
    answer = _send(cte, other.xml)
    assert text(answer, "cStat") == "539"
    parsed = rejection("539", text(answer, "xMotivo") or "", b"")
    assert parsed.duplicate_key == first.key


def test_status_107_and_252_for_the_other_environment(cte: SoapClient) -> None:
    answer = cte.call("CTeStatusServicoV4", cons_stat_cte(), family=Family.CTE)
    assert schema_errors(answer, "cte/4.00/retConsStatServCTe") == []
    assert text(answer, "cStat") == "107"
    other = cte.call("CTeStatusServicoV4", cons_stat_cte(), family=Family.CTE,
                     tp_amb=TpAmb.PRODUCTION)  # fmt: skip
    assert text(other, "cStat") == "252"


def test_query_of_unknown_or_malformed_key(cte: SoapClient) -> None:
    unknown = build_cte(cte.company, number=next(NUMBERS), sign=False)
    query = cte.call("CTeConsultaV4", cons_sit(CTE_NS, unknown.key), family=Family.CTE)
    assert text(query, "cStat") == "217"
    bad = unknown.key[:-1] + str((int(unknown.key[-1]) + 1) % 10)
    assert text(cte.call("CTeConsultaV4", cons_sit(CTE_NS, bad), family=Family.CTE),
                "cStat") == "236"  # fmt: skip


def test_correction_disagreement_by_the_taker_then_cancel(
    cte: SoapClient, world: dict[str, object]
) -> None:
    key, protocol = _authorize(cte, taker=TAKER)
    first = _event(cte, cte_correction(cte.company, key, 1))
    assert schema_errors(first, "cte/4.00/retEventoCTe") == []
    assert text(first, "infEvento/cStat") == "135"
    assert _event_status(cte, cte_correction(cte.company, key, 2)) == "135"
    assert _event_status(cte, cte_correction(cte.company, key, 2)) == "631"
    taker = _as(cte, world[TAKER])
    assert _event_status(cte, cte_disagreement(cte.company, key)) == "755"
    assert _event_status(taker, cte_disagreement(taker.company, key)) == "135"
    assert _event_status(cte, cte_cancel(cte.company, key, "135000000000000")) == "222"
    assert _event_status(cte, cte_cancel(cte.company, key, protocol, sequence=2)) == "636"
    assert _event_status(cte, cte_cancel(cte.company, key, protocol)) == "135"
    assert _event_status(cte, cte_correction(cte.company, key, 3)) == "218"
    query = cte.call("CTeConsultaV4", cons_sit(CTE_NS, key), family=Family.CTE)
    assert text(query, "cStat") == "101"
    types = [e.findtext("{*}eventoCTe/{*}infEvento/{*}tpEvento")
             for e in query.findall("{*}procEventoCTe")]  # fmt: skip
    assert types == ["110110", "110110", "610110", "110111"]


def test_event_rules_on_author_key_dates_and_detail(
    cte: SoapClient, world: dict[str, object]
) -> None:
    key, protocol = _authorize(cte)
    stranger = _as(cte, world[STRANGER])
    assert _event_status(stranger, cte_cancel(stranger.company, key, protocol)) == "632"
    unknown = build_cte(cte.company, number=next(NUMBERS), sign=False).key
    assert _event_status(cte, cte_cancel(cte.company, unknown, protocol)) == "217"
    late = event(CTE_NS, cte.company, key, "110110", 1, "<evCCeCTe/>",
                 when=dt.datetime.now(BRASILIA) + dt.timedelta(hours=1))  # fmt: skip
    assert _event_status(cte, late) == "630"  # detail schema first
    bad_detail = event(CTE_NS, cte.company, key, "110111", 1,
                       "<evCancCTe><descEvento>Cancelar</descEvento></evCancCTe>")  # fmt: skip
    assert _event_status(cte, bad_detail) == "630"
    unknown_type = event(CTE_NS, cte.company, key, "110180", 1, "<evX/>")
    assert _event_status(cte, unknown_type) == "629"


def test_event_in_the_future_is_635(cte: SoapClient) -> None:
    key, protocol = _authorize(cte)
    detail = (
        "<evCancCTe><descEvento>Cancelamento</descEvento>"
        f"<nProt>{protocol}</nProt><xJust>Frete cancelado pelo cliente</xJust></evCancCTe>"
    )
    late = event(CTE_NS, cte.company, key, "110111", 1, detail,
                 when=dt.datetime.now(BRASILIA) + dt.timedelta(hours=1))  # fmt: skip
    assert _event_status(cte, late) == "635"


def test_cancel_after_168_hours_is_220(tmp_path: Path) -> None:
    with running_simulator(tmp_path / "sim") as sim:
        client = SoapClient(sim, make_company(sim, tmp_path / "c", "11222333000181"), "SP")
        key, protocol = _authorize(client)
        sim.advance_clock(169 * 3600)
        assert _event_status(client, cte_cancel(client.company, key, protocol)) == "220"


def test_event_sent_in_a_batch_envelope_fails_the_schema(cte: SoapClient) -> None:
    """CT-e 4.00 has no envEvento: the eventoCTe goes bare in cteDadosMsg (MOC §5)."""
    key, protocol = _authorize(cte)
    opening = b'<envEventoCTe xmlns="http://www.portalfiscal.inf.br/cte" versao="4.00">'
    batch = opening + b"<idLote>1</idLote>" + cte_cancel(cte.company, key, protocol)
    batch += b"</envEventoCTe>"
    assert text(_event(cte, batch), "infEvento/cStat") == "215"


def test_wrong_service_for_the_family_is_a_soap_fault(cte: SoapClient) -> None:
    response = cte.post("CTeStatusServicoV4", cons_stat_cte(), family=Family.CTE)
    assert response.status_code == 200
    url = cte.url("CTeStatusServicoV4", family=Family.CTE)
    wrong = cte.session.post(url, data=b"<not-soap/>", timeout=10)
    assert wrong.status_code == 400
    assert isinstance(wrong, requests.Response) and b"Fault" in wrong.content


def test_a_cte_of_a_uf_svrs_serves_is_authorized_at_the_svrs_url(
    world: dict[str, object], issuer: Company
) -> None:
    """nfelib lists SVRS's CT-e URLs under RS too: the document's UF (SC here) decides whose
    service the shared URL reaches, not the first name the table gave it (it answered 226)."""
    sim = world["sim"]
    assert isinstance(sim, SimulatorHandle)
    svrs = SoapClient(sim, issuer, authority="SVRS")
    issued = build_cte(issuer, number=next(NUMBERS), cuf="42")
    answer = _send(svrs, issued.xml)
    assert text(answer, "protCTe/infProt/cStat") == "100", text(answer, "xMotivo")
