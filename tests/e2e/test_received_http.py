"""Documents received over a real HTTP server and the simulator (issue 38), the worker doing
the distribution (the in-process thread on SQLite, the sweep under rq on PostgreSQL): NF-e
issued by other companies arrive as summaries, the automatic ciência brings their whole XML
an hour later (and its DANFE), a confirmation and a desconhecimento are registered, the
cancellation of a received note arrives as an event, and the list filters them; a CT-e naming
the company as taker and an NFS-e it took arrive too, and the CT-e takes its desacordo.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from flask import Flask

from simulator.testing import SimulatorHandle, running_simulator
from tests.api.cte.helpers import cte_ready
from tests.api.nfe.helpers import authority_settings, ready_company
from tests.api.received.helpers import MovingClock, dfe_company, enable_dfe, issue_to
from tests.api.received.issuer import issue_through_the_service
from tests.e2e.waiting import until

FAST = {"queue_sweep_seconds": 0.2, "queue_poll_seconds": 0.05}
"""Sweeps that come due within a test's patience (the default is a minute)."""
HOUR = 3600


@pytest.fixture(scope="module")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimulatorHandle]:
    with running_simulator(Path(tmp_path_factory.mktemp("received-http"))) as handle:
        yield handle


@pytest.fixture
def app(app_factory: Any, sim: SimulatorHandle, backend: str) -> Flask:
    settings = authority_settings(sim, rate_limit_per_minute=10_000)
    return app_factory(**settings, **FAST, queue_inprocess=backend == "sqlite")  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def sim_clock(sim: SimulatorHandle) -> MovingClock:
    """One per simulator: its clock only moves forward, across both backends' runs."""
    return MovingClock(sim)


@pytest.fixture
def moving(sim_clock: MovingClock, monkeypatch: pytest.MonkeyPatch) -> MovingClock:
    from service import clock

    monkeypatch.setattr(clock, "utc_now", sim_clock.now)
    return sim_clock


def _call(method: str, url: str, headers: dict[str, str], **kwargs: Any) -> requests.Response:
    return requests.request(method, url, headers=headers, timeout=60, **kwargs)


def test_received_documents_from_summary_to_cancellation(
    app: Flask, sim: SimulatorHandle, server: str, moving: MovingClock
) -> None:
    rt, client = app.extensions["fiscal"], app.test_client()
    buyer = ready_company(client, rt, sim)  # `dfe` once the three notes exist: the worker's
    headers = buyer.headers  # first call sees them all (no round with only some of them)
    setting = _call("PUT", f"{server}/dfe/configuracao", headers,
                    json={"ciencia_automatica": True})  # fmt: skip
    assert setting.status_code == 200, setting.json()
    bought, unknown = issue_to(sim, buyer.cnpj), issue_to(sim, buyer.cnpj)
    seller, document_id, sold = issue_through_the_service(client, rt, sim, buyer.cnpj)
    enable_dfe(rt, buyer)

    def listed(**query: Any) -> dict[str, Any]:
        answer = _call("GET", f"{server}/dfe/recebidos", headers, params=query)
        assert answer.status_code == 200, answer.json()
        body: dict[str, Any] = answer.json()
        return body

    def all_aware() -> bool:
        items = listed()["itens"]
        return len(items) == 3 and all(i["manifestacao"] == "CIENCIA" for i in items)

    until(app, all_aware, "three summaries and their automatic ciência")
    assert {i["chave"] for i in listed()["itens"]} == {bought, unknown, sold}
    assert not any(i["xml_disponivel"] for i in listed()["itens"])
    early = _call("GET", f"{server}/dfe/recebidos/{bought}/xml", headers)
    assert early.status_code == 409 and early.json()["error"]["code"] == "XML_INDISPONIVEL"

    moving.advance(HOUR + 1)
    until(app, lambda: all(i["xml_disponivel"] for i in listed()["itens"]), "the whole XMLs")
    xml = _call("GET", f"{server}/dfe/recebidos/{bought}/xml", headers)
    assert xml.status_code == 200 and xml.content.startswith(b"<nfeProc")
    assert xml.headers["Content-Type"].startswith("application/xml")
    danfe = _call("GET", f"{server}/dfe/recebidos/{bought}/danfe", headers)
    assert danfe.status_code == 200 and danfe.content.startswith(b"%PDF")

    url = f"{server}/dfe/recebidos/{{}}/manifestacao"
    confirmed = _call("POST", url.format(bought), headers, json={"tipo": "confirmacao"})
    assert confirmed.status_code == 200 and confirmed.json()["manifestacao"] == "CONFIRMADA"
    denied = _call("POST", url.format(unknown), headers, json={"tipo": "desconhecimento"})
    assert denied.status_code == 200 and denied.json()["manifestacao"] == "DESCONHECIDA"
    assert [e["tp_evento"] for e in denied.json()["eventos"]] == ["210210", "210220"]
    again = _call("POST", url.format(unknown), headers, json={"tipo": "ciencia"})
    assert again.status_code == 422
    assert again.json()["error"]["code"] == "MANIFESTACAO_FORA_DE_ORDEM"

    reason = {"justificativa": "Venda desfeita antes da entrega ao cliente"}
    cancelled = _call("POST", f"{server}/nfe/{document_id}/cancelamento", seller.headers,
                      json=reason)  # fmt: skip
    assert cancelled.status_code in (200, 201), cancelled.json()
    moving.advance(HOUR + 1)

    def cancelled_here() -> dict[str, Any] | None:
        one: dict[str, Any] = _call("GET", f"{server}/dfe/recebidos/{sold}", headers).json()
        return one if one["situacao"] == "CANCELADA" else None

    one = until(app, cancelled_here, "the cancellation of the received note")
    assert "110111" in [e["tp_evento"] for e in one["eventos"]]
    assert [i["chave"] for i in listed(situacao="CANCELADA")["itens"]] == [sold]
    assert [i["chave"] for i in listed(manifestacao="CONFIRMADA")["itens"]] == [bought]
    assert listed(emitente="45723174000110")["total"] == 2
    state = _call("GET", f"{server}/dfe/configuracao", headers).json()
    assert state["bloqueado_ate"] is None and state["ult_nsu"] == state["max_nsu"]


def test_received_cte_and_nfse_and_the_takers_desacordo(
    app: Flask, sim: SimulatorHandle, server: str, moving: MovingClock
) -> None:
    from tests.api.nfse.helpers import nfse_body, nfse_ready
    from tests.api.received.test_received_cte import issue_cte_to
    from tests.api.received.test_received_nfse import _taker_customer

    rt, client = app.extensions["fiscal"], app.test_client()
    taker = dfe_company(client, rt, sim)
    headers = taker.headers
    carrier = cte_ready(client, rt, sim)
    cte = issue_cte_to(client, carrier, taker, "FRETE-E2E")["chave"]
    provider = nfse_ready(client, rt, sim)
    _taker_customer(rt, provider, taker)
    issued = client.post("/api/v1/nfse", headers=provider.headers,
                         json=nfse_body("OS-E2E", tomador="TOMA"))  # fmt: skip
    assert issued.status_code in (200, 201), issued.get_json()
    nfse = issued.get_json()["chave_acesso"]

    def listed(tipo: str) -> list[str]:
        answer = _call("GET", f"{server}/dfe/recebidos", headers, params={"tipo": tipo})
        assert answer.status_code == 200, answer.json()
        return [item["chave"] for item in answer.json()["itens"]]

    moving.advance(HOUR + 1)  # the worker may have asked (137 / 404) before they existed
    until(app, lambda: listed("CTE") == [cte] and listed("NFSE") == [nfse],
          "the received CT-e and NFS-e")  # fmt: skip
    dacte = _call("GET", f"{server}/dfe/recebidos/{cte}/danfe", headers)
    assert dacte.status_code == 200 and dacte.content.startswith(b"%PDF")
    note = {"observacao": "Mercadoria entregue com avaria, frete contestado."}
    refused = _call("POST", f"{server}/dfe/recebidos/{nfse}/desacordo", headers, json=note)
    assert refused.status_code == 422
    registered = _call("POST", f"{server}/dfe/recebidos/{cte}/desacordo", headers, json=note)
    assert registered.status_code == 200, registered.json()
    assert [e["tp_evento"] for e in registered.json()["eventos"]] == ["610110"]
