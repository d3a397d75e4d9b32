"""Wallet endpoints of the key's own user."""

from __future__ import annotations

from decimal import Decimal

from tests.factories import auth, make_account


def test_status_balance_and_statement(client, rt):
    account = make_account(rt, credits=Decimal("100.00"))
    status = client.get("/api/v1/financeiro/status", headers=auth(account.live)).get_json()
    assert status["saldo"] == "100.00" and status["credito_ilimitado"] is False
    assert status["precos"]["NFE"] == "0.20" and status["moeda"] == "BRL"
    balance = client.get("/api/v1/financeiro/saldo", headers=auth(account.live)).get_json()
    assert balance == {**balance, "saldo": "100.00", "credito_ilimitado": False}
    statement = client.get("/api/v1/financeiro/extrato", headers=auth(account.live)).get_json()
    assert statement["total"] == 1
    entry = statement["movimentacoes"][0]
    assert entry["tipo"] == "CREDITO_ADMIN" and entry["valor"] == "100.00"
    assert entry["saldo_anterior"] == "0.00" and entry["saldo_posterior"] == "100.00"


def test_statement_filters(client, rt):
    account = make_account(rt)
    by_type = client.get(
        "/api/v1/financeiro/extrato", headers=auth(account.live), query_string={"tipo": "ESTORNO"}
    ).get_json()
    assert by_type["total"] == 0
    future = client.get(
        "/api/v1/financeiro/extrato", headers=auth(account.live), query_string={"de": "2999-01-01"}
    ).get_json()
    assert future["total"] == 0
    bad = client.get(
        "/api/v1/financeiro/extrato", headers=auth(account.live), query_string={"de": "ontem"}
    )
    assert bad.status_code == 422


def test_unlimited_account(client, rt):
    account = make_account(rt, unlimited=True, credits=Decimal("0"))
    status = client.get("/api/v1/financeiro/status", headers=auth(account.live)).get_json()
    assert status["credito_ilimitado"] is True and status["saldo_baixo"] is False
