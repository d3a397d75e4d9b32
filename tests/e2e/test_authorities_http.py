"""The authority's state over a real HTTP server and the simulator (issue 37, first part): the
simulator's SEFAZ-SP goes down (its per-UF outage), an NF-e is not delivered, the breaker
opens (FORA) and `autoridade.fora` reaches a local HTTPS receiver; SEFAZ-SP comes back, the
scheduled status probe finds 107 and the state is ONLINE again with `autoridade.normalizada`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from flask import Flask

from simulator.testing import SimulatorHandle, running_simulator
from tests.api.nfe.helpers import authority_settings, nfe_body, ready_to_issue
from tests.api.webhooks.helpers import receiver_app
from tests.e2e.waiting import until
from tests.unit.notify.webhooks.receiver import Receiver

PROBES = {
    "authority_probe": True,
    "authority_probe_seconds": 0.5,
    "authority_probe_unhealthy_seconds": 0.3,
    "queue_sweep_seconds": 0.2,
    "queue_poll_seconds": 0.05,
}
"""Probes that come due within a test's patience (the defaults are minutes)."""


@pytest.fixture(scope="module")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimulatorHandle]:
    with running_simulator(Path(tmp_path_factory.mktemp("authority-state"))) as handle:
        yield handle


@pytest.fixture
def receiver(tmp_path: Path) -> Iterator[Receiver]:
    with Receiver(tmp_path) as rx:
        yield rx


@pytest.fixture
def app(app_factory: Any, sim: SimulatorHandle, receiver: Receiver, backend: str) -> Flask:
    """The in-process worker probes and delivers (SQLite); rq's sweep does it (PostgreSQL)."""
    settings = authority_settings(sim, rate_limit_per_minute=10_000)
    return receiver_app(app_factory, receiver, **settings, **PROBES,
                        queue_inprocess=backend == "sqlite")  # fmt: skip


@pytest.fixture(autouse=True)
def _authority_back(sim: SimulatorHandle) -> Iterator[None]:
    yield
    sim.clear_outages()


def _authority(server: str, key: str) -> dict[str, Any]:
    answer = requests.get(f"{server}/fiscal/autoridades", headers=_auth(key),
                          params={"modelo": "55"}, timeout=30)  # fmt: skip
    assert answer.status_code == 200, answer.json()
    [item] = answer.json()["itens"]
    return dict(item)


def _auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def _hooks(receiver: Receiver, kind: str) -> list[dict[str, Any]]:
    """The NF-e's (the NFC-e's authority, SEFAZ-SP too, has its own state and notices)."""
    bodies = [json.loads(r.body) for r in receiver.requests]
    return [b for b in bodies if b["tipo"] == kind and b["data"]["modelo"] == "55"]


def test_an_outage_opens_the_breaker_and_the_probe_closes_it(
    app: Flask, sim: SimulatorHandle, server: str, receiver: Receiver
) -> None:
    ready = ready_to_issue(app.test_client(), app.extensions["fiscal"], sim)
    hook = {"url": receiver.url(), "eventos": ["autoridade.*"]}
    created = requests.post(f"{server}/webhooks", json=hook, headers=ready.headers, timeout=30)
    assert created.status_code == 201, created.json()
    receiver.secrets.append(created.json()["segredo"])
    issued = requests.post(f"{server}/nfe", json=nfe_body("ANTES"), headers=ready.headers,
                           timeout=60)  # fmt: skip
    assert issued.json()["status"] == "AUTORIZADA", issued.json()
    assert _authority(server, ready.key)["status"] == "ONLINE"

    sim.set_outage("SP", mode="refused")
    failed = requests.post(f"{server}/nfe", json=nfe_body("DURANTE"), headers=ready.headers,
                           timeout=60)  # fmt: skip
    # The simulator serves every authority on one port: a "refused" SEFAZ-SP resets the
    # connection once the request names its endpoint, so the answer is lost (uncertain), not
    # a refused connection; for the breaker both are failures.
    assert failed.status_code == 202, failed.json()
    assert failed.json()["error"]["code"] == "SEFAZ_UNAVAILABLE"

    down = until(app, lambda: (s := _authority(server, ready.key))["status"] == "FORA" and s,
                  "FORA")  # fmt: skip
    assert down["autorizador"] == "SP" and down["falhas_consecutivas"] >= 3
    assert down["ultima_resposta"]["c_stat"] is None and down["ultima_resposta"]["causa"]
    assert down["contingencia"] is None
    [fora] = until(app, lambda: _hooks(receiver, "autoridade.fora"), "autoridade.fora")
    assert fora["data"]["status"] == "FORA" and fora["data"]["autorizador"] == "SP"
    assert fora["data"]["modelo"] == "55" and fora["data"]["ambiente"] == "HOMOLOGACAO"
    assert fora["data"]["empresas"] == [ready.codigo]
    assert all(r.verified for r in receiver.requests)

    sim.clear_outages("SP")
    back = until(app, lambda: (s := _authority(server, ready.key))["status"] == "ONLINE" and s,
                  "ONLINE")  # fmt: skip
    assert back["ultima_resposta"]["c_stat"] == "107" and back["verificado_em"]
    assert back["falhas_consecutivas"] == 0 and back["desde"] > down["desde"]
    [normal] = until(app, lambda: _hooks(receiver, "autoridade.normalizada"), "normalizada")
    assert normal["data"]["status"] == "ONLINE"
    assert normal["data"]["ultima_resposta"]["c_stat"] == "107"
    assert len(_hooks(receiver, "autoridade.fora")) == 1


def test_a_paused_status_service_is_fora_without_any_issuance(
    app: Flask, sim: SimulatorHandle, server: str
) -> None:
    ready = ready_to_issue(app.test_client(), app.extensions["fiscal"], sim)
    until(app, lambda: _authority(server, ready.key)["verificado_em"], "the first probe")
    sim.set_outage("SP", mode="paralysed", code="108")
    down = until(app, lambda: (s := _authority(server, ready.key))["status"] == "FORA" and s,
                  "FORA")  # fmt: skip
    answer = down["ultima_resposta"]
    assert answer["c_stat"] == "108" and "Paralisado" in answer["motivo"]
    assert down["falhas_consecutivas"] == 0 and down["verificado_em"]
    metrics = requests.get(server.removesuffix("/api/v1") + "/metrics", timeout=30).text
    assert ('fiscal_authority_status{ambiente="HOMOLOGACAO",autorizador="SP",modelo="55",'
            'status="FORA"} 1.0') in metrics  # fmt: skip
