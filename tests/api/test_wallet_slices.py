"""The wallet without a hot row (issue 41): holds on credit slices, insert-only debits, the
settlement that gives every entry its balances. Exact under 100-way concurrency, never
negative, 402 only when the slices together cannot pay, one debit per document."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal

import pytest
from sqlalchemy import select, text
from sqlalchemy.exc import IntegrityError

from service.db import transaction
from service.wallet import operations as wallet
from service.wallet.models import LedgerEntry, LedgerType, WalletSlice
from tests.factories import auth, make_account

PRICE = Decimal("0.20")


def _slices(rt, account_id):
    with transaction(rt.sessions) as session:
        query = select(WalletSlice.disponivel).where(WalletSlice.account_id == account_id)
        return [Decimal(v) for v in session.execute(query.order_by(WalletSlice.fatia)).scalars()]


def _hold(rt, account_id, price=PRICE):
    try:
        with transaction(rt.sessions) as session:
            return wallet.hold_for_issuance(session, account_id, price)
    except wallet.InsufficientBalance:
        return None


def test_a_credit_is_spread_over_the_slices(rt):
    account = make_account(rt, credits=Decimal("10.05"))
    slices = _slices(rt, account.id)
    assert len(slices) == wallet.SLICES and sum(slices) == Decimal("10.05")
    assert slices[1:] == [Decimal("0.62")] * (wallet.SLICES - 1) and slices[0] == Decimal("0.75")


def test_holds_never_overdraw_under_100_concurrent_requests(rt, backend):
    if backend != "postgres":
        pytest.skip("SQLite serializes writers: concurrency is PostgreSQL's")
    account = make_account(rt, credits=Decimal("10.00"))  # exactly 50 prices
    start = threading.Barrier(100)

    def one(_: int) -> Decimal | None:
        start.wait()
        return _hold(rt, account.id)

    with ThreadPoolExecutor(100) as pool:
        held = list(pool.map(one, range(100)))
    assert sum(1 for h in held if h == PRICE) == 50 and held.count(None) == 50
    assert sum(_slices(rt, account.id)) == 0 and min(_slices(rt, account.id)) >= 0
    with transaction(rt.sessions) as session:
        found = wallet.balances(session, account.id)
    assert (found.saldo, found.reservado, found.disponivel) == (
        Decimal("10.00"),
        Decimal("10.00"),
        Decimal("0.00"),
    )


def test_credit_thinner_than_a_price_per_slice_is_gathered(rt):
    account = make_account(rt, credits=Decimal("0.32"))  # 0.02 in every slice
    assert max(_slices(rt, account.id)) < PRICE
    assert _hold(rt, account.id) == PRICE  # gathered from ten slices
    assert sum(_slices(rt, account.id)) == Decimal("0.12")
    assert _hold(rt, account.id) is None  # 0.12 left: 402


def test_a_hold_waits_for_slices_another_transaction_holds(rt, backend):
    """Every slice locked by another transaction: the one-slice hold skips them all, then
    `gather` waits for their locks instead of refusing a payable request."""
    if backend != "postgres":
        pytest.skip("row locks are PostgreSQL's")
    account = make_account(rt, credits=Decimal("10.00"))
    locked, done = threading.Event(), threading.Event()

    def holder() -> None:
        with transaction(rt.sessions) as session:
            session.execute(text("SELECT 1 FROM wallet_slices WHERE account_id = :a FOR UPDATE"),
                            {"a": account.id})  # fmt: skip
            locked.set()
            done.wait(5)

    thread = threading.Thread(target=holder)
    thread.start()
    locked.wait(5)
    threading.Timer(0.3, done.set).start()
    assert _hold(rt, account.id) == PRICE
    thread.join()


def test_debits_are_inserts_settled_in_order(rt, client):
    account = make_account(rt, credits=Decimal("1.00"))
    with transaction(rt.sessions) as session:
        for n in range(3):
            wallet.hold_for_issuance(session, account.id, PRICE)
            wallet.debit_held(session, account.id, held=PRICE, tipo_documento="NFE",
                              documento_id=f"nfe_{n}")  # fmt: skip
    statement = client.get("/api/v1/financeiro/extrato", headers=auth(account.live)).get_json()
    shown = [(e["valor"], e["saldo_anterior"], e["saldo_posterior"])
             for e in reversed(statement["movimentacoes"])]  # fmt: skip
    expected = [("1.00", "0.00", "1.00"), ("-0.20", "1.00", "0.80"), ("-0.20", "0.80", "0.60"),
                ("-0.20", "0.60", "0.40")]  # fmt: skip
    assert shown == expected  # pending entries show what the settlement will write
    with transaction(rt.sessions) as session:
        assert wallet.settle(session, account.id) == Decimal("0.40")
    with transaction(rt.sessions) as session:
        assert wallet.settle(session, account.id) == Decimal("0.40")  # nothing pending: same
        rows = session.execute(
            select(LedgerEntry.valor, LedgerEntry.saldo_anterior, LedgerEntry.saldo_posterior)
            .where(LedgerEntry.account_id == account.id)
            .order_by(LedgerEntry.data, LedgerEntry.id)
        ).all()
    assert [tuple(f"{v:.2f}" for v in row) for row in rows] == expected
    again = client.get("/api/v1/financeiro/extrato", headers=auth(account.live)).get_json()
    assert [(e["valor"], e["saldo_anterior"], e["saldo_posterior"])
            for e in reversed(again["movimentacoes"])] == expected  # fmt: skip
    balance = client.get("/api/v1/financeiro/saldo", headers=auth(account.live)).get_json()
    assert (balance["saldo"], balance["saldo_reservado"]) == ("0.40", "0.00")


def test_one_debit_per_document(rt):
    account = make_account(rt, credits=Decimal("1.00"))
    with transaction(rt.sessions) as session:
        wallet.debit_held(session, account.id, held=PRICE, tipo_documento="NFE",
                          documento_id="nfe_1")  # fmt: skip
    with pytest.raises(IntegrityError), transaction(rt.sessions) as session:
        wallet.debit_held(session, account.id, held=PRICE, tipo_documento="NFE",
                          documento_id="nfe_1")  # fmt: skip


def test_releases_and_refunds_return_the_credit(rt):
    account = make_account(rt, credits=Decimal("1.00"))
    assert _hold(rt, account.id) == PRICE
    with transaction(rt.sessions) as session:
        wallet.release(session, account.id, PRICE)  # a request that never reached SEFAZ
        wallet.hold_for_issuance(session, account.id, PRICE)
        wallet.debit_held(session, account.id, held=PRICE, tipo_documento="NFE",
                          documento_id="nfe_r")  # fmt: skip
        wallet.refund_issuance(session, account.id, charged=PRICE, tipo_documento="NFE",
                               documento_id="nfe_r")  # fmt: skip
    assert sum(_slices(rt, account.id)) == Decimal("1.00")
    with transaction(rt.sessions) as session:
        found = wallet.balances(session, account.id)
        tipos = session.execute(select(LedgerEntry.tipo).where(
            LedgerEntry.account_id == account.id)).scalars().all()  # fmt: skip
    assert (found.saldo, found.reservado) == (Decimal("1.00"), Decimal("0.00"))
    assert sorted(tipos) == ["CREDITO_ADMIN", "DEBITO_EMISSAO", "ESTORNO"]


def test_an_outflow_the_credit_cannot_pay_is_refused(rt):
    account = make_account(rt, credits=Decimal("0.10"))
    with pytest.raises(ValueError, match="negative"), transaction(rt.sessions) as session:
        wallet.post_entry(session, account.id, LedgerType.AJUSTE_ADMIN, Decimal("-0.11"))
    assert sum(_slices(rt, account.id)) == Decimal("0.10")


def test_the_slices_can_never_go_negative(rt):
    account = make_account(rt, credits=Decimal("0.10"))
    with pytest.raises(IntegrityError), transaction(rt.sessions) as session:
        session.execute(text("UPDATE wallet_slices SET disponivel = -0.01 WHERE account_id = :a"),
                        {"a": account.id})  # fmt: skip


def test_concurrent_acceptances_of_one_account_lock_no_common_row(rt, backend):
    """Seen from PostgreSQL: while one acceptance holds its slice (its transaction not yet
    committed), another account-mate's hold takes a different slice at once."""
    if backend != "postgres":
        pytest.skip("row locks are PostgreSQL's")
    account = make_account(rt, credits=Decimal("10.00"))
    with rt.sessions() as first:
        assert wallet.hold_for_issuance(first, account.id, PRICE) == PRICE  # uncommitted
        with rt.engine.connect() as other:
            other.execute(text("SET lock_timeout = '100ms'"))
            taken = other.execute(wallet._hold_statement(), {"p_account_id": account.id,
                                                             "price": PRICE}).first()  # fmt: skip
            assert taken is not None  # no wait, no lock error: another slice
            other.rollback()
        first.rollback()
