"""The price of a received document (issue 38: "zero unless configured"): with `PRICE_DFE` set,
each document received is debited once, in the transaction that stores it; an account that
cannot pay leaves the batch unstored and the cursor waiting for credit (nothing lost: the
same NSUs are asked again later)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from flask import Flask

from service.config import DEFAULT_PRICES
from service.received.distribution import NO_CREDIT
from service.runtime import Runtime
from simulator.testing import SimulatorHandle
from tests.api.nfe.helpers import authority_settings, balance, ledger
from tests.api.received.helpers import dfe_company, distribute, issue_to, received

PRICE = Decimal("0.05")


@pytest.fixture
def app(app_factory: Any, sim: SimulatorHandle) -> Flask:
    prices = {**DEFAULT_PRICES, "DFE": PRICE}
    return app_factory(  # type: ignore[no-any-return]
        **authority_settings(sim, rate_limit_per_minute=10_000), prices=prices
    )


def test_each_received_document_is_debited_once(
    app: Flask, client: Any, rt: Runtime, sim: SimulatorHandle
) -> None:
    ready = dfe_company(client, rt, sim)
    keys = {issue_to(sim, ready.cnpj), issue_to(sim, ready.cnpj)}
    assert distribute(app) == 1
    assert {item["chave"] for item in received(client, ready)["itens"]} == keys
    debits = [e for e in ledger(rt, ready.account_id) if e[0] == "DEBITO_RECEBIMENTO"]
    assert [valor for _, valor, _ in debits] == [-PRICE, -PRICE]
    assert balance(rt, ready.account_id) == Decimal("100.00") - 2 * PRICE
    assert distribute(app) == 0  # caught up; nothing charged twice
    assert len([e for e in ledger(rt, ready.account_id) if e[0] == "DEBITO_RECEBIMENTO"]) == 2


def test_an_account_that_cannot_pay_waits_for_credit_and_loses_nothing(
    app: Flask, client: Any, rt: Runtime, sim: SimulatorHandle
) -> None:
    ready = dfe_company(client, rt, sim, credits="0.00")
    issue_to(sim, ready.cnpj)
    assert distribute(app) == 1
    assert received(client, ready)["total"] == 0
    state = client.get("/api/v1/dfe/configuracao", headers=ready.headers).get_json()
    assert state["ultima_resposta"] == NO_CREDIT and int(state["ult_nsu"]) == 0
    assert [e[0] for e in ledger(rt, ready.account_id)] == []


def test_the_setting_shows_each_familys_cursor(
    app: Flask, client: Any, rt: Runtime, sim: SimulatorHandle
) -> None:
    ready = dfe_company(client, rt, sim)
    issue_to(sim, ready.cnpj)
    distribute(app)
    state = client.get("/api/v1/dfe/configuracao", headers=ready.headers).get_json()
    assert [c["familia"] for c in state["cursores"]] == ["NFE", "CTE", "NFSE"]
    [nfe] = [c for c in state["cursores"] if c["familia"] == "NFE"]
    assert nfe["ult_nsu"] == state["ult_nsu"] and int(nfe["ult_nsu"]) > 0
