"""Unusual but well-formed requests over a real HTTP server and the simulator, on both backends:
a discount above the value is refused before anything is numbered or charged (NFS-e, NF-e,
NFC-e, the engine endpoints, the queue), and a queued request that can never be issued ends
in a final state on its first attempt, its hold released and its notices written."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import requests
from flask import Flask
from sqlalchemy import select, update

from service.companies.revision import bump
from service.db import transaction
from service.issuance.models import FiscalDocument, Order
from service.notify.webhooks.models import WebhookEvent
from service.queue.models import FiscalTask
from service.registers.models import Product
from simulator.testing import SimulatorHandle, running_simulator
from tests.api.mail.helpers import mail_settings, rows
from tests.api.mail.smtp_sink import SmtpSink
from tests.api.nfe.helpers import (
    Ready,
    add_customer,
    add_product,
    authority_settings,
    balance,
    balance_held,
    count_rows,
    nfe_body,
    ready_company,
    ready_to_issue,
)
from tests.api.nfse.helpers import nfse_body, nfse_ready
from tests.api.queue.conftest import QUEUE_SETTINGS
from tests.api.queue.helpers import path, settle
from tests.api.webhooks.helpers import receiver_app
from tests.unit.notify.webhooks.receiver import Receiver

ASYNC = {"Prefer": "respond-async"}
PREFS = "/api/v1/fiscal/notificacoes/preferencias"


@pytest.fixture(scope="module")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimulatorHandle]:
    with running_simulator(Path(tmp_path_factory.mktemp("unusual"))) as handle:
        yield handle


@pytest.fixture
def sink() -> Iterator[SmtpSink]:
    server = SmtpSink().start()
    yield server
    server.stop()


@pytest.fixture
def receiver(tmp_path: Path) -> Iterator[Receiver]:
    with Receiver(tmp_path) as rx:
        yield rx


@pytest.fixture
def app(
    app_factory: Any, sim: SimulatorHandle, backend: str, sink: SmtpSink, receiver: Receiver
) -> Flask:
    """Embedded: the in-process worker runs; production: rq on Redis, driven by `settle`;
    webhooks go to a local HTTPS receiver, mail to a local SMTP sink."""
    settings = authority_settings(sim, rate_limit_per_minute=10_000)
    return receiver_app(
        app_factory, receiver, **settings, **QUEUE_SETTINGS, **mail_settings(sink.port),
        queue_inprocess=backend == "sqlite",
    )  # fmt: skip


def _nothing_taken(app: Flask, ready: Ready, credits: Decimal) -> None:
    """No order, no document, no debit and no hold for the company."""
    rt = app.extensions["fiscal"]
    assert count_rows(rt, Order, company_id=ready.company_id) == 0
    assert count_rows(rt, FiscalDocument, company_id=ready.company_id) == 0
    assert balance(rt, ready.account_id) == credits
    assert balance_held(rt, ready.account_id) == Decimal("0.00")


def _field_error(answer: requests.Response, field: str) -> dict[str, Any]:
    body: dict[str, Any] = answer.json()
    assert answer.status_code == 422, body
    assert body["error"]["code"] == "VALIDATION_ERROR", body
    assert [e["field"] for e in body["error"]["errors"]] == [field], body
    return body


def test_an_nfse_discount_not_below_the_service_value_is_refused(app, server, sim):
    client = app.test_client()
    ready = nfse_ready(client, app.extensions["fiscal"], sim, crt=3)
    servico = {"codigo": "S1", "c_ind_op": "100301"}
    for pedido, desconto in (("D3", "5000.00"), ("D4", "1500.00")):
        body = nfse_body(pedido, servico=servico, desconto=desconto)
        answer = requests.post(f"{server}/nfse", headers=ready.headers, json=body, timeout=30)
        refused = _field_error(answer, "desconto")
        assert "menor que o valor do serviço (1500.00)" in refused["error"]["errors"][0]["message"]
    _nothing_taken(app, ready, Decimal("100.00"))
    body = nfse_body("D5", servico=servico, desconto="100.00")
    issued = requests.post(f"{server}/nfse", headers=ready.headers, json=body, timeout=30)
    assert issued.status_code == 200, issued.json()
    assert Decimal(issued.json()["valor_iss"]) == Decimal("28.00")  # 2 % of 1,400.00


@pytest.mark.parametrize("route", ["nfe", "nfce"])
def test_a_goods_discount_above_the_item_value_is_a_422_naming_the_item(app, server, sim, route):
    client = app.test_client()
    ready = ready_to_issue(client, app.extensions["fiscal"], sim, crt=3, apuracao="presumido")
    body = nfe_body("D1", itens=[{"codigo": "P1", "quantidade": 1, "desconto": "50.00"}])
    if route == "nfce":
        body.pop("cliente")
    answer = requests.post(f"{server}/{route}", headers=ready.headers, json=body, timeout=30)
    _field_error(answer, "itens.0.desconto")
    queued = requests.post(
        f"{server}/{route}", headers={**ready.headers, **ASYNC}, json=body, timeout=30
    )
    assert queued.json()["error"] == answer.json()["error"]  # the same 422, before any task
    assert count_rows(app.extensions["fiscal"], FiscalTask, company_id=ready.company_id) == 0
    _nothing_taken(app, ready, Decimal("100.00"))


def test_the_engine_endpoints_name_the_operations_discount(app, server, sim):
    client = app.test_client()
    ready = ready_to_issue(client, app.extensions["fiscal"], sim, crt=3, apuracao="presumido")
    item = {"codigo": "P1", "quantidade": 1, "desconto": "50.00"}
    operacao = {"cliente": "C1", "itens": [item], "pagamento": "pix"}
    for route in ("fiscal/calcular", "fiscal/validate"):
        body = {"documento": "NFE", "operacao": operacao}
        answer = requests.post(f"{server}/{route}", headers=ready.headers, json=body, timeout=30)
        _field_error(answer, "operacao.itens.0.desconto")


def _subscribe_and_ask_for_mail(client: Any, ready: Ready, receiver: Receiver) -> None:
    hook = {"url": receiver.url(), "eventos": ["fiscal.document.*"]}
    created = client.post("/api/v1/webhooks", headers=ready.headers, json=hook)
    assert created.status_code == 201, created.get_json()
    prefs = {"tipos": ["rejeitada", "acao_necessaria"], "emails": ["fiscal@cliente.com.br"]}
    assert client.put(PREFS, headers=ready.headers, json=prefs).status_code == 200


def _set_product(rt: Any, ready: Ready, **values: Any) -> None:
    with transaction(rt.sessions) as session:
        session.execute(
            update(Product).where(Product.company_id == ready.company_id).values(**values)
        )
        bump(session, [ready.company_id])  # a Core write: the register caches must hear it


def _stuck_for_configuration(app: Flask, server: str, ready: Ready) -> str:
    """A task accepted (202) that waits in ACAO_NECESSARIA: its product has no NCM."""
    client = app.test_client()
    body = nfe_body("D1", itens=[{"codigo": "P1", "quantidade": 1, "desconto": "5.00"}])
    queued = requests.post(f"{server}/nfe", headers={**ready.headers, **ASYNC}, json=body,
                           timeout=30)  # fmt: skip
    assert queued.status_code == 202, queued.json()
    task_id: str = queued.json()["solicitacao_id"]
    waiting = settle(app, client, ready.headers, task_id)
    assert waiting["status"] == "ACAO_NECESSARIA", waiting
    return task_id


def _reprocess(server: str, ready: Ready, task_id: str) -> None:
    url = f"{server}/fiscal/solicitacoes/{task_id}/reprocessar"
    assert requests.post(url, headers=ready.headers, timeout=30).status_code == 200


def _ready_without_ncm(app: Flask, sim: SimulatorHandle, receiver: Receiver) -> Ready:
    client, rt = app.test_client(), app.extensions["fiscal"]
    ready = ready_company(client, rt, sim, crt=3, apuracao="presumido")
    add_product(rt, ready, ncm=None, preco="10.00")
    add_customer(rt, ready)
    _subscribe_and_ask_for_mail(client, ready, receiver)
    return ready


def test_a_queued_request_that_can_no_longer_be_issued_ends_in_erro_at_once(
    app, server, sim, receiver
):
    rt = app.extensions["fiscal"]
    ready = _ready_without_ncm(app, sim, receiver)
    task_id = _stuck_for_configuration(app, server, ready)
    _set_product(rt, ready, ncm="22021000", preco=Decimal("4.00"))  # the discount is now above
    _reprocess(server, ready, task_id)
    ended = settle(app, app.test_client(), ready.headers, task_id, until={"ERRO"})
    assert ended["tentativas"] == 0 and ended["finalizada_em"] is not None
    assert path(ended)[-2:] == ["RECEBIDA", "ERRO"]
    assert ended["ultimo_erro"]["codigo"] == "VALIDATION_ERROR"
    assert [e["field"] for e in ended["ultimo_erro"]["errors"]] == ["itens.0.desconto"]
    _nothing_taken(app, ready, Decimal("100.00"))
    _notified(app, task_id)


def _notified(app: Flask, task_id: str) -> None:
    """The webhook event and the rejection mail of the task that ended in ERRO."""
    with transaction(app.extensions["fiscal"].sessions) as session:
        kinds = set(session.execute(select(WebhookEvent.tipo)).scalars())
    assert "fiscal.document.error" in kinds, kinds
    mails = [(r.tipo, r.referencia, r.resumo.get("status")) for r in rows(app)]
    assert ("rejeitada", task_id, "ERRO") in mails, mails


def test_a_preparation_that_keeps_failing_is_counted_and_ended(
    app, server, sim, receiver, monkeypatch
):
    rt = app.extensions["fiscal"]
    ready = _ready_without_ncm(app, sim, receiver)
    task_id = _stuck_for_configuration(app, server, ready)
    _set_product(rt, ready, ncm="22021000")

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a defect in the decision")

    monkeypatch.setattr("service.nfe.assemble.draft", broken)
    _reprocess(server, ready, task_id)
    ended = settle(app, app.test_client(), ready.headers, task_id, until={"ERRO"})
    assert path(ended).count("FALHA_TEMPORARIA") == 1  # then retried in that state
    assert ended["ultimo_erro"]["codigo"] == "ERRO_INTERNO"
    with transaction(rt.sessions) as session:
        task = session.get(FiscalTask, task_id)
        assert task is not None
        assert task.falhas == len(QUEUE_SETTINGS["queue_retry_schedule"]) + 1
        assert task.lease_dono is None
    _nothing_taken(app, ready, Decimal("100.00"))
    _notified(app, task_id)
