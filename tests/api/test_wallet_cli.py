"""`fiscal wallet credit`: the operator's credit, seen through the API and the audit log."""

from __future__ import annotations

from decimal import Decimal

import pytest
from click.testing import CliRunner
from sqlalchemy import select

from service import cli
from service.audit.models import AuditEntry
from service.db import transaction
from service.wallet.models import LedgerEntry
from tests.factories import auth, make_account


@pytest.fixture
def run(rt, monkeypatch):
    """Invoke the real command group against the test database of the current backend."""
    monkeypatch.setattr(cli, "_runtime", lambda: rt)

    def invoke(*args: str):
        return CliRunner().invoke(cli.cli, ["wallet", "credit", *args])

    return invoke


def _statement(client, key):
    return client.get("/api/v1/financeiro/extrato", headers=auth(key)).get_json()


def test_credit_is_posted_audited_and_shown_in_the_statement(client, rt, run):
    account = make_account(rt, credits=Decimal("10.00"))
    result = run("--account", account.id, "--valor", "50.00", "--descricao", "Cortesia")
    assert result.exit_code == 0, result.output
    assert "saldo: 60.00" in result.output
    saldo = client.get("/api/v1/financeiro/saldo", headers=auth(account.live)).get_json()
    assert saldo["saldo"] == "60.00"
    newest = _statement(client, account.live)["movimentacoes"][0]
    assert newest["tipo"] == "CREDITO_ADMIN" and newest["valor"] == "50.00"
    assert newest["saldo_anterior"] == "10.00" and newest["saldo_posterior"] == "60.00"
    assert newest["descricao"] == "Cortesia"
    with transaction(rt.sessions) as session:
        audit = session.execute(
            select(AuditEntry).where(
                AuditEntry.account_id == account.id, AuditEntry.entidade == "carteira"
            )
        ).scalar_one()
        assert audit.registro_id == newest["id"]
        assert audit.valor_anterior == {"saldo": "10.00"}
        assert audit.valor_novo["saldo"] == "60.00" and audit.valor_novo["valor"] == "50.00"


def test_comma_decimal_and_default_description(client, rt, run):
    account = make_account(rt)
    result = run("--account", account.id, "--valor", "0,25")
    assert result.exit_code == 0, result.output
    newest = _statement(client, account.live)["movimentacoes"][0]
    assert newest["valor"] == "0.25" and newest["descricao"] == "Crédito do operador"


@pytest.mark.parametrize(
    "valor", ["0", "-5.00", "abc", "NaN", "Infinity", "1.005", "1000000000000.00", ""]
)
def test_refuses_values_that_are_not_a_positive_amount_in_cents(client, rt, run, valor):
    account = make_account(rt, credits=Decimal("10.00"))
    result = run("--account", account.id, "--valor", valor)
    assert result.exit_code == 2, result.output
    assert "--valor" in result.output
    assert _statement(client, account.live)["total"] == 1  # only the opening credit


def test_refuses_an_unknown_account_and_writes_nothing(rt, run):
    result = run("--account", "acc_inexistente", "--valor", "50.00")
    assert result.exit_code == 1
    assert "conta acc_inexistente não encontrada" in result.output
    with transaction(rt.sessions) as session:
        assert session.execute(select(LedgerEntry)).first() is None
        assert session.execute(select(AuditEntry)).first() is None
