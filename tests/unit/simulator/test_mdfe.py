"""MDF-e 3.00 at SVRS through a plain HTTPS client: reception, situation, open manifests,
status and events (cancel, close, add driver)."""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
from lxml import etree

from simulator.clock import BRASILIA
from simulator.routing import Family
from simulator.testing import running_simulator
from tests.unit.simulator.dfe_factories import (
    MDFE_NS,
    build_mdfe,
    compressed,
    cons_nao_enc,
    cons_sit,
    cons_stat_mdfe,
    event,
    mdfe_cancel,
    mdfe_close,
    mdfe_driver,
    schema_errors,
    text,
)
from tests.unit.simulator.factories import SoapClient, make_company, xmlsec_sign

STRANGER = "99888777000166"
SAMPLE_DRIVER = "03720677940"
"""The condutor of nfelib's MDF-e sample."""
NUMBERS = itertools.count(1)


@pytest.fixture(scope="module")
def clients(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, SoapClient]]:
    base = tmp_path_factory.mktemp("mdfe")
    with running_simulator(base / "sim") as sim:
        yield {
            cnpj: SoapClient(sim, make_company(sim, base / cnpj, cnpj), authority="SVRS")
            for cnpj in ("11222333000181", STRANGER)
        }


@pytest.fixture
def mdfe(clients: dict[str, SoapClient]) -> SoapClient:
    return clients["11222333000181"]


def call(client: SoapClient, service: str, payload: bytes) -> etree._Element:
    return client.call(service, payload, family=Family.MDFE)


def authorize(client: SoapClient, **options: object) -> tuple[str, str]:
    issued = build_mdfe(client.company, number=next(NUMBERS), **options)  # type: ignore[arg-type]
    answer = call(client, "MDFeRecepcaoSinc", compressed(issued.xml))
    assert text(answer, "cStat") == "100", text(answer, "xMotivo")
    return issued.key, text(answer, "protMDFe/infProt/nProt") or ""


def event_status(client: SoapClient, xml: bytes) -> str | None:
    return text(call(client, "MDFeRecepcaoEvento", xml), "infEvento/cStat")


def situation(client: SoapClient, key: str) -> etree._Element:
    return call(client, "MDFeConsulta", cons_sit(MDFE_NS, key))


def test_manifest_authorized_at_svrs_and_queried(mdfe: SoapClient) -> None:
    issued = build_mdfe(mdfe.company, number=next(NUMBERS))
    answer = call(mdfe, "MDFeRecepcaoSinc", compressed(issued.xml))
    assert schema_errors(answer, "mdfe/3.00/retMDFe") == []
    assert text(answer, "protMDFe/infProt/cStat") == "100"
    protocol = text(answer, "protMDFe/infProt/nProt") or ""
    assert len(protocol) == 15 and protocol.startswith("341")  # 3 = SEFAZ Virtual RS
    query = situation(mdfe, issued.key)
    assert (text(query, "cStat"), text(query, "protMDFe/infProt/nProt")) == ("100", protocol)
    again = call(mdfe, "MDFeRecepcaoSinc", compressed(issued.xml))
    assert text(again, "cStat") == "204"


@pytest.mark.parametrize(
    ("case", "code"),
    [("unsigned", "225"), ("plain_xml", "244"), ("tampered", "297"), ("future", "212"),
     ("production", "252"), ("key_mismatch", "227")],
)  # fmt: skip
def test_broken_manifest_is_rejected(mdfe: SoapClient, case: str, code: str) -> None:
    number = next(NUMBERS)
    options = {
        "unsigned": {"sign": False},
        "future": {"emitted": dt.datetime.now(BRASILIA) + dt.timedelta(hours=1)},
        "production": {"tp_amb": "1"},
    }.get(case, {})
    issued = build_mdfe(mdfe.company, number=number, **options)  # type: ignore[arg-type]
    payload = compressed(issued.xml)
    if case == "plain_xml":
        payload = issued.xml
    elif case == "tampered":
        payload = compressed(issued.xml.replace(b"<xNome>", b"<xNome>X", 1))
    elif case == "key_mismatch":
        body = (
            issued.xml.split(b"<Signature")[0].replace(
                f"<nMDF>{number}</nMDF>".encode(), f"<nMDF>{number + 500}</nMDF>".encode()
            )
            + b"</MDFe>"
        )
        payload = compressed(xmlsec_sign(body, mdfe.company, "infMDFe", f"MDFe{issued.key}"))
    answer = call(mdfe, "MDFeRecepcaoSinc", payload)
    assert text(answer, "cStat") == code, text(answer, "xMotivo")


def test_open_manifests_then_close_gives_132_and_112(mdfe: SoapClient, tmp_path: Path) -> None:
    key, protocol = authorize(mdfe)
    listed = call(mdfe, "MDFeConsNaoEnc", cons_nao_enc(mdfe.company.cnpj))
    assert schema_errors(listed, "mdfe/3.00/retConsMDFeNaoEnc") == []
    assert text(listed, "cStat") == "111"
    assert key in [i.findtext("{*}chMDFe") for i in listed.findall("{*}infMDFe")]
    yesterday = dt.datetime.now(BRASILIA).date() - dt.timedelta(days=1)
    assert event_status(mdfe, mdfe_close(mdfe.company, key, protocol, yesterday)) == "615"
    assert event_status(mdfe, mdfe_close(mdfe.company, key, "341000000000000")) == "222"
    closed = call(mdfe, "MDFeRecepcaoEvento", mdfe_close(mdfe.company, key, protocol))
    assert schema_errors(closed, "mdfe/3.00/retEventoMDFe") == []
    assert text(closed, "infEvento/cStat") == "135"
    query = situation(mdfe, key)
    assert text(query, "cStat") == "132"
    assert query.find("{*}procEventoMDFe/{*}retEventoMDFe") is not None
    listed = call(mdfe, "MDFeConsNaoEnc", cons_nao_enc(mdfe.company.cnpj))
    assert key not in [i.findtext("{*}chMDFe") for i in listed.findall("{*}infMDFe")]
    assert event_status(mdfe, mdfe_cancel(mdfe.company, key, protocol)) == "609"
    assert event_status(mdfe, mdfe_driver(mdfe.company, key, 1, "52998224725")) == "609"


def test_open_manifests_of_a_taxpayer_without_any_is_112(clients: dict[str, SoapClient]) -> None:
    answer = call(clients[STRANGER], "MDFeConsNaoEnc", cons_nao_enc(STRANGER))
    assert text(answer, "cStat") == "112"


def test_cancel_within_24_hours_and_events_after_it(mdfe: SoapClient) -> None:
    key, protocol = authorize(mdfe)
    assert event_status(mdfe, mdfe_cancel(mdfe.company, key, protocol)) == "135"
    assert text(situation(mdfe, key), "cStat") == "101"
    assert event_status(mdfe, mdfe_close(mdfe.company, key, protocol)) == "218"
    assert event_status(mdfe, mdfe_cancel(mdfe.company, key, protocol)) == "631"


def test_add_driver_sequence_and_cpf_rules(mdfe: SoapClient) -> None:
    key, _ = authorize(mdfe)
    assert event_status(mdfe, mdfe_driver(mdfe.company, key, 1, "52998224725")) == "135"
    assert event_status(mdfe, mdfe_driver(mdfe.company, key, 2, "52998224725")) == "577"
    assert event_status(mdfe, mdfe_driver(mdfe.company, key, 2, SAMPLE_DRIVER)) == "577"
    assert event_status(mdfe, mdfe_driver(mdfe.company, key, 2, "12345678900")) == "645"
    assert event_status(mdfe, mdfe_driver(mdfe.company, key, 2, "11144477735")) == "135"
    assert event_status(mdfe, mdfe_driver(mdfe.company, key, 2, "39053344705")) == "631"


def test_add_driver_only_on_road_manifests(mdfe: SoapClient) -> None:
    key, _ = authorize(mdfe, modal="2")
    assert event_status(mdfe, mdfe_driver(mdfe.company, key, 1, "52998224725")) == "644"


def test_event_author_id_and_type_rules(clients: dict[str, SoapClient]) -> None:
    mdfe, stranger = clients["11222333000181"], clients[STRANGER]
    key, protocol = authorize(mdfe)
    assert event_status(stranger, mdfe_cancel(stranger.company, key, protocol)) == "632"
    detail = (
        "<evCancMDFe><descEvento>Cancelamento</descEvento>"
        f"<nProt>{protocol}</nProt><xJust>Viagem cancelada pelo contratante</xJust></evCancMDFe>"
    )
    wrong_id = event(MDFE_NS, mdfe.company, key, "110111", 1, detail,
                     event_id=f"ID110111{key}05")  # fmt: skip
    assert event_status(mdfe, wrong_id) == "628"
    unknown = event(MDFE_NS, mdfe.company, key, "110116", 1, "<evPagtoOperMDFe/>", digits=2)
    assert event_status(mdfe, unknown) == "629"
    not_there = build_mdfe(mdfe.company, number=next(NUMBERS), sign=False).key
    assert event_status(mdfe, mdfe_cancel(mdfe.company, not_there, protocol)) == "217"


def test_status_and_query_limits(tmp_path: Path) -> None:
    with running_simulator(tmp_path / "sim") as sim:
        client = SoapClient(sim, make_company(sim, tmp_path / "c", "11222333000181"), "SVRS")
        status = call(client, "MDFeStatusServico", cons_stat_mdfe())
        assert schema_errors(status, "mdfe/3.00/retConsStatServMDFe") == []
        assert (text(status, "cStat"), text(status, "cUF")) == ("107", "43")
        key, protocol = authorize(client)
        sim.set_fault("query_limit", limit=1, scope="cnpj:11222333000181")
        assert [text(situation(client, key), "cStat") for _ in range(2)] == ["100", "678"]
        sim.advance_clock(25 * 3600)
        assert event_status(client, mdfe_cancel(client.company, key, protocol)) == "220"
