"""Contingency over a real HTTP server and the simulator (issue 37): an SP NF-e issued under
SVC-AN while SEFAZ-SP is down and cancelled there; the automatic entry when the breaker opens
and the exit when the probe finds SEFAZ-SP again; an offline NFC-e handed out at once and
transmitted by the worker when its authority returns; the gap report during and after.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from flask import Flask

from service import clock
from simulator.testing import SimulatorHandle, running_simulator
from tests.api.cte.helpers import cte_body, cte_ready
from tests.api.mdfe.helpers import mdfe_body, mdfe_ready
from tests.api.nfe.helpers import authority_settings, nfe_body, ready_to_issue
from tests.e2e.waiting import until
from tests.unit.documents.test_documents_contingency_pdf import pdf_text

FAST = {
    "authority_probe": True,
    "authority_probe_seconds": 0.5,
    "authority_probe_unhealthy_seconds": 0.3,
    "queue_sweep_seconds": 0.2,
    "queue_poll_seconds": 0.05,
}
"""Probes and sweeps that come due within a test's patience (the defaults are minutes)."""
REASON = "SEFAZ fora do ar desde as 10h, contingencia do emissor"
MG = {"uf": "MG", "ie": "0623079040081", "cep": "30130-010", "municipio": "Belo Horizonte",
      "cod_municipio": "3106200", "logradouro": "Av Afonso Pena", "bairro": "Centro"}  # fmt: skip
"""An issuer in MG: its NFC-e has offline contingency (SP's has not)."""


@pytest.fixture(scope="module")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimulatorHandle]:
    with running_simulator(Path(tmp_path_factory.mktemp("contingency"))) as handle:
        yield handle


@pytest.fixture
def app(app_factory: Any, sim: SimulatorHandle, backend: str) -> Flask:
    settings = authority_settings(sim, rate_limit_per_minute=10_000)
    return app_factory(**settings, **FAST, queue_inprocess=backend == "sqlite")  # type: ignore[no-any-return]


@pytest.fixture(autouse=True)
def _authority_back(sim: SimulatorHandle) -> Iterator[None]:
    yield
    sim.clear_outages()
    for uf in ("SP", "MG"):
        sim.set_svc(uf, active=False)
    sim.set_svc("SP", active=False, family="cte")


def _call(method: str, url: str, headers: dict[str, str], **kwargs: Any) -> requests.Response:
    return requests.request(method, url, headers=headers, timeout=60, **kwargs)


def _issue(server: str, headers: dict[str, str], path: str, body: dict[str, Any]) -> Any:
    return _call("POST", f"{server}/{path}", headers, json=body)


def test_an_nfe_under_svc_an_while_sefaz_sp_is_down_and_its_cancellation(
    app: Flask, sim: SimulatorHandle, server: str
) -> None:
    ready = ready_to_issue(app.test_client(), app.extensions["fiscal"], sim)
    sim.set_outage("SP", mode="paralysed", code="108")
    sim.set_svc("SP", active=True)
    entered = _call("POST", f"{server}/configuracao-fiscal/contingencia", ready.headers,
                    json={"modelo": "55", "tipo": "SVC", "justificativa": REASON})  # fmt: skip
    assert entered.status_code == 201, entered.json()
    period = entered.json()
    assert period["tp_emis"] == "6" and period["autorizador_contingencia"] == "SVC-AN"
    assert period["origem"] == "MANUAL" and period["fim"] is None

    issued = _issue(server, ready.headers, "nfe", nfe_body("SVC-1"))
    assert issued.status_code == 200, issued.json()
    document = issued.json()
    assert document["status"] == "AUTORIZADA" and document["chave"][34] == "6"
    assert document["contingencia"]["tipo"] == "SVC"
    assert document["contingencia"]["periodo_id"] == period["id"]
    xml = _call("GET", f"{server}/nfe/{document['id']}/xml", ready.headers).text
    assert "<tpEmis>6</tpEmis>" in xml and f"<xJust>{REASON}</xJust>" in xml
    assert "<dhCont>" in xml

    cancelled = _call("POST", f"{server}/nfe/{document['id']}/cancelamento", ready.headers,
                      json={"justificativa": "Cancelamento de teste sob SVC-AN"})  # fmt: skip
    assert cancelled.status_code in (200, 201), cancelled.json()
    shown = _call("GET", f"{server}/nfe/{document['id']}", ready.headers).json()
    assert shown["status"] == "CANCELADA"

    second = _issue(server, ready.headers, "nfe", nfe_body("SVC-2")).json()
    assert second["status"] == "AUTORIZADA" and second["chave"][34] == "6"

    left = _call("DELETE", f"{server}/configuracao-fiscal/contingencia", ready.headers,
                 params={"modelo": "55"})  # fmt: skip
    assert left.status_code == 200 and left.json()["encerrado_por"] == "MANUAL"
    history = _call("GET", f"{server}/fiscal/contingencia/historico", ready.headers).json()
    [closed] = history["itens"]
    assert closed["id"] == period["id"] and closed["documentos"] == 2 and closed["fim"]

    # SEFAZ-SP back, the SVC deactivated: the SVC's documents are the UF's, events go there
    sim.clear_outages("SP")
    sim.set_svc("SP", active=False)
    later = _call("POST", f"{server}/nfe/{second['id']}/cancelamento", ready.headers,
                  json={"justificativa": "Cancelamento na SEFAZ-SP depois da SVC"})  # fmt: skip
    assert later.status_code in (200, 201), later.json()
    assert _call("GET", f"{server}/nfe/{second['id']}", ready.headers).json()["status"] == (
        "CANCELADA")  # fmt: skip


def test_a_mode_the_uf_does_not_have_is_refused_and_one_period_per_model(
    app: Flask, sim: SimulatorHandle, server: str
) -> None:
    ready = ready_to_issue(app.test_client(), app.extensions["fiscal"], sim)
    url = f"{server}/configuracao-fiscal/contingencia"
    offline = {"modelo": "65", "tipo": "OFFLINE", "justificativa": REASON}
    offline_sp = _call("POST", url, ready.headers, json=offline)
    assert offline_sp.status_code == 422, offline_sp.json()
    assert offline_sp.json()["error"]["code"] == "CONTINGENCIA_INDISPONIVEL"
    short = _call("POST", url, ready.headers,
                  json={"modelo": "55", "tipo": "SVC", "justificativa": "curta"})  # fmt: skip
    assert short.status_code == 422
    first = _call("POST", url, ready.headers,
                  json={"modelo": "55", "tipo": "SVC", "justificativa": REASON})  # fmt: skip
    assert first.status_code == 201
    again = _call("POST", url, ready.headers,
                  json={"modelo": "55", "tipo": "SVC", "justificativa": REASON})  # fmt: skip
    assert again.status_code == 409 and again.json()["error"]["code"] == "CONTINGENCIA_EM_VIGOR"
    settings = _call("GET", url, ready.headers).json()
    assert settings["modo"] == "automatica" and [p["id"] for p in settings["em_vigor"]] == [
        first.json()["id"]]  # fmt: skip


def _leave(server: str, headers: dict[str, str], modelo: str) -> None:
    """Leave a manual period: the documents it handed out may then be transmitted."""
    left = _call("DELETE", f"{server}/configuracao-fiscal/contingencia", headers,
                 params={"modelo": modelo})  # fmt: skip
    assert left.status_code == 200, left.json()


def _period(server: str, headers: dict[str, str]) -> list[dict[str, Any]]:
    answer = _call("GET", f"{server}/configuracao-fiscal/contingencia", headers).json()
    return list(answer["em_vigor"])


def test_automatic_entry_when_the_breaker_opens_and_exit_when_sefaz_answers(
    app: Flask, sim: SimulatorHandle, server: str
) -> None:
    ready = ready_to_issue(app.test_client(), app.extensions["fiscal"], sim)
    sim.set_svc("SP", active=True)
    sim.set_outage("SP", mode="paralysed", code="109")
    [period] = until(
        app,
        lambda: (
            _issue(server, ready.headers, "nfe", nfe_body(f"AUTO-{time.monotonic_ns()}")),
            _period(server, ready.headers),
        )[1],
        "automatic entry",
    )
    assert period["origem"] == "AUTOMATICA" and period["tipo"] == "SVC"
    assert period["autorizador"] == "SP" and "indisponivel" in period["justificativa"]
    shown = _call("GET", f"{server}/fiscal/autoridades", ready.headers,
                  params={"modelo": "55"}).json()["itens"]  # fmt: skip
    assert [(a["autorizador"], a["contingencia"]) for a in shown] == [("SP", "SVC")]

    issued = _issue(server, ready.headers, "nfe", nfe_body("AUTO-SVC"))
    assert issued.status_code == 200, issued.json()
    assert issued.json()["chave"][34] == "6" and issued.json()["status"] == "AUTORIZADA"

    sim.clear_outages("SP")
    until(app, lambda: not _period(server, ready.headers), "automatic exit")
    history = _call("GET", f"{server}/fiscal/contingencia/historico", ready.headers).json()
    assert history["itens"][0]["encerrado_por"] == "NORMALIZADA"
    normal = _issue(server, ready.headers, "nfe", nfe_body("DEPOIS"))
    assert normal.status_code == 200 and normal.json()["chave"][34] == "1"
    assert "contingencia" not in normal.json()


def test_an_offline_nfce_is_handed_out_then_transmitted_when_its_authority_returns(
    app: Flask, sim: SimulatorHandle, server: str
) -> None:
    ready = ready_to_issue(app.test_client(), app.extensions["fiscal"], sim, **MG)
    sim.set_outage("MG", mode="refused")
    entered = _call("POST", f"{server}/configuracao-fiscal/contingencia", ready.headers,
                    json={"modelo": "65", "tipo": "OFFLINE", "justificativa": REASON})  # fmt: skip
    assert entered.status_code == 201, entered.json()
    body = {"pedido": "PDV-OFF-1", "itens": [{"codigo": "P1", "quantidade": 1}],
            "pagamento": "dinheiro"}  # fmt: skip
    issued = _issue(server, ready.headers, "nfce", body)
    assert issued.status_code == 200, issued.json()
    document = issued.json()
    assert document["status"] == "CONTINGENCIA" and document["chave"][34] == "9"
    assert document["contingencia"]["tipo"] == "OFFLINE"
    xml = _call("GET", f"{server}/nfce/{document['id']}/xml", ready.headers).text
    assert "<tpEmis>9</tpEmis>" in xml and "qrCode" in xml
    pdf = _call("GET", f"{server}/nfce/{document['id']}/danfce", ready.headers)
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    replay = _issue(server, ready.headers, "nfce", body)
    assert replay.json()["id"] == document["id"] and replay.json()["chave"] == document["chave"]

    pending = _call("GET", f"{server}/fiscal/contingencia/pendentes", ready.headers).json()
    [waiting] = pending["itens"]
    assert waiting["id"] == document["id"] and 23.5 < waiting["horas_restantes"] <= 24
    pending_gauge = ('fiscal_contingency_pending_documents{ambiente="HOMOLOGACAO",modelo="65",'
                     'status="CONTINGENCIA"}')  # fmt: skip
    scrape = server.removesuffix("/api/v1") + "/metrics"
    # a scrape of the embedded database may meet the worker's write lock: scrape again
    metrics = until(app, lambda: (m := requests.get(scrape, timeout=30).text) and
                    pending_gauge in m and m, "the contingency gauges")  # fmt: skip
    assert ('fiscal_contingency_periods_open{ambiente="HOMOLOGACAO",modelo="65",'
            'origem="MANUAL",tipo="OFFLINE"}') in metrics  # fmt: skip

    sim.clear_outages("MG")
    _leave(server, ready.headers, "65")  # manual: the company leaves it
    done = until(app, lambda: (d := _call("GET", f"{server}/nfce/{document['id']}",
                                           ready.headers).json())["status"] == "AUTORIZADA" and d,
                  "the later transmission", timeout=90)  # fmt: skip
    assert done["chave"] == document["chave"] and done["protocolo"]
    after = _call("GET", f"{server}/fiscal/contingencia/pendentes", ready.headers).json()
    assert after["total"] == 0


def test_a_cte_under_svc_rs_while_sefaz_sp_is_down(
    app: Flask, sim: SimulatorHandle, server: str
) -> None:
    ready = cte_ready(app.test_client(), app.extensions["fiscal"], sim)
    sim.set_svc("SP", active=True, family="cte")
    sim.set_outage("SP", mode="paralysed", code="108")
    entered = _call("POST", f"{server}/configuracao-fiscal/contingencia", ready.headers,
                    json={"modelo": "57", "tipo": "SVC", "justificativa": REASON})  # fmt: skip
    assert entered.status_code == 201, entered.json()
    assert entered.json()["tp_emis"] == "7"
    issued = _issue(server, ready.headers, "cte", cte_body("FRETE-SVC"))
    assert issued.status_code == 200, issued.json()
    assert issued.json()["status"] == "AUTORIZADA" and issued.json()["chave"][34] == "7"
    assert issued.json()["protocolo"].startswith("7")


def test_an_offline_mdfe_is_handed_out_then_authorized(
    app: Flask, sim: SimulatorHandle, server: str
) -> None:
    ready = mdfe_ready(app.test_client(), app.extensions["fiscal"], sim)
    sim.set_outage("SVRS", mode="refused")
    entered = _call("POST", f"{server}/configuracao-fiscal/contingencia", ready.headers,
                    json={"modelo": "58", "tipo": "OFFLINE", "justificativa": REASON})  # fmt: skip
    assert entered.status_code == 201, entered.json()
    issued = _issue(server, ready.headers, "mdfe", mdfe_body("VIAGEM-OFF"))
    assert issued.status_code == 200, issued.json()
    document = issued.json()
    assert document["status"] == "CONTINGENCIA" and document["chave"][34] == "2"
    pdf = _call("GET", f"{server}/mdfe/{document['id']}/damdfe", ready.headers)
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    [waiting] = _call("GET", f"{server}/fiscal/contingencia/pendentes", ready.headers,
                      params={"modelo": "58"}).json()["itens"]  # fmt: skip
    assert waiting["id"] == document["id"] and 167.5 < waiting["horas_restantes"] <= 168

    sim.clear_outages("SVRS")
    _leave(server, ready.headers, "58")  # manual: the company leaves it
    done = until(app, lambda: (d := _call("GET", f"{server}/mdfe/{document['id']}",
                                           ready.headers).json())["status"] == "AUTORIZADA" and d,
                  "the later transmission", timeout=90)  # fmt: skip
    assert done["chave"] == document["chave"]


def test_an_epec_nfe_is_handed_out_then_transmitted_when_sefaz_returns(
    app: Flask, sim: SimulatorHandle, server: str, tmp_path: Path
) -> None:
    ready = ready_to_issue(app.test_client(), app.extensions["fiscal"], sim)
    sim.set_outage("SP", mode="refused")
    entered = _call("POST", f"{server}/configuracao-fiscal/contingencia", ready.headers,
                    json={"modelo": "55", "tipo": "EPEC", "justificativa": REASON})  # fmt: skip
    assert entered.status_code == 201, entered.json()
    assert entered.json()["tp_emis"] == "4" and entered.json()["autorizador_contingencia"] == "AN"

    issued = _issue(server, ready.headers, "nfe", nfe_body("EPEC-1"))
    assert issued.status_code == 200, issued.json()
    document = issued.json()
    assert document["status"] == "CONTINGENCIA" and document["chave"][34] == "4"
    assert document["contingencia"]["tipo"] == "EPEC"
    shown = _call("GET", f"{server}/nfe/{document['id']}", ready.headers).json()
    [epec] = [e for e in shown["eventos"] if e["tipo"] == "EPEC"]
    assert epec["status"] == "REGISTRADO" and epec["protocolo"].startswith("891")
    pdf = _call("GET", f"{server}/nfe/{document['id']}/danfe", ready.headers)
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    assert "EMITIDA EM CONTINGÊNCIA" in pdf_text(pdf.content, tmp_path)
    assert epec["protocolo"] in pdf_text(pdf.content, tmp_path)

    sim.clear_outages("SP")
    _leave(server, ready.headers, "55")  # manual: the company leaves it
    done = until(app, lambda: (d := _call("GET", f"{server}/nfe/{document['id']}",
                                           ready.headers).json())["status"] == "AUTORIZADA" and d,
                  "the later transmission", timeout=90)  # fmt: skip
    assert done["chave"] == document["chave"] and done["protocolo"]


def test_an_epec_not_followed_by_its_note_for_seven_days_blocks_the_next_one(
    app: Flask, sim: SimulatorHandle, server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ready = ready_to_issue(app.test_client(), app.extensions["fiscal"], sim)
    sim.set_outage("SP", mode="refused")
    _call("POST", f"{server}/configuracao-fiscal/contingencia", ready.headers,
          json={"modelo": "55", "tipo": "EPEC", "justificativa": REASON})  # fmt: skip
    first = _issue(server, ready.headers, "nfe", nfe_body("EPEC-A"))
    assert first.json()["status"] == "CONTINGENCIA", first.json()
    later = dt.timedelta(days=8)  # both clocks, the service's and the authority's
    monkeypatch.setattr(clock, "utc_now", lambda: dt.datetime.now(dt.UTC) + later)
    sim.advance_clock(later.total_seconds())
    try:
        blocked = _issue(server, ready.headers, "nfe", nfe_body("EPEC-B"))
    finally:
        sim.advance_clock(-later.total_seconds())
        monkeypatch.undo()
    assert blocked.status_code == 422, blocked.json()
    assert blocked.json()["error"]["sefaz_code"] == "142"
    pending = _call("GET", f"{server}/fiscal/contingencia/pendentes", ready.headers).json()
    assert [p["id"] for p in pending["itens"]] == [first.json()["id"]]


def test_an_offline_nfce_past_its_deadline_is_reported_then_authorized_late(
    app: Flask, sim: SimulatorHandle, server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ready = ready_to_issue(app.test_client(), app.extensions["fiscal"], sim, **MG)
    sim.set_outage("MG", mode="refused")
    _call("POST", f"{server}/configuracao-fiscal/contingencia", ready.headers,
          json={"modelo": "65", "tipo": "OFFLINE", "justificativa": REASON})  # fmt: skip
    body = {"pedido": "PDV-LATE", "itens": [{"codigo": "P1", "quantidade": 1}],
            "pagamento": "dinheiro"}  # fmt: skip
    document = _issue(server, ready.headers, "nfce", body).json()
    assert document["status"] == "CONTINGENCIA", document

    late = dt.timedelta(hours=25)  # both clocks: the deadline (24 h) has passed
    monkeypatch.setattr(clock, "utc_now", lambda: dt.datetime.now(dt.UTC) + late)
    sim.advance_clock(late.total_seconds())
    try:
        [overdue] = _call("GET", f"{server}/fiscal/contingencia/pendentes",
                          ready.headers).json()["itens"]  # fmt: skip
        assert overdue["id"] == document["id"] and -1.5 < overdue["horas_restantes"] < 0
        sim.clear_outages("MG")
        _leave(server, ready.headers, "65")  # manual: the company leaves it
        done = until(app, lambda: (d := _call("GET", f"{server}/nfce/{document['id']}",
                                               ready.headers).json())["status"] == "AUTORIZADA"
                      and d, "the late transmission", timeout=90)  # fmt: skip
    finally:
        sim.advance_clock(-late.total_seconds())
    assert done["sefaz_code"] == "150" and done["chave"] == document["chave"]


def test_an_sp_nfce_under_its_epec_is_handed_out_then_transmitted(
    app: Flask, sim: SimulatorHandle, server: str
) -> None:
    ready = ready_to_issue(app.test_client(), app.extensions["fiscal"], sim)
    sim.set_outage("SP", mode="refused")
    entered = _call("POST", f"{server}/configuracao-fiscal/contingencia", ready.headers,
                    json={"modelo": "65", "tipo": "EPEC", "justificativa": REASON})  # fmt: skip
    assert entered.status_code == 201, entered.json()
    body = {"pedido": "PDV-EPEC-1", "itens": [{"codigo": "P1", "quantidade": 1}],
            "pagamento": "dinheiro"}  # fmt: skip
    issued = _issue(server, ready.headers, "nfce", body)
    assert issued.status_code == 200, issued.json()
    document = issued.json()
    assert document["status"] == "CONTINGENCIA" and document["chave"][34] == "4"
    assert document["contingencia"]["tipo"] == "EPEC"
    assert 23.5 < _call("GET", f"{server}/fiscal/contingencia/pendentes", ready.headers,
                        ).json()["itens"][0]["horas_restantes"] <= 24  # fmt: skip
    shown = _call("GET", f"{server}/nfce/{document['id']}", ready.headers).json()
    [epec] = [e for e in shown["eventos"] if e["tipo"] == "EPEC"]
    assert epec["status"] == "REGISTRADO" and epec["protocolo"]
    pdf = _call("GET", f"{server}/nfce/{document['id']}/danfce", ready.headers)
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")

    sim.clear_outages("SP")
    _leave(server, ready.headers, "65")
    done = until(app, lambda: (d := _call("GET", f"{server}/nfce/{document['id']}",
                                          ready.headers).json())["status"] == "AUTORIZADA" and d,
                 "the later transmission", timeout=90)  # fmt: skip
    assert done["chave"] == document["chave"] and done["protocolo"]
