"""An order takes its number only with its price held (issue 41): when the credit runs out
under concurrency, the orders refused with 402 took no number, so the authorized ones are
numbered without a gap; a hold no attempt took over goes back to the wallet."""

from __future__ import annotations

import datetime as dt
import threading
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy import select, update

from service.db import transaction
from service.issuance import order_holds
from service.issuance.models import Order
from service.queue.sweeper import settle_wallets
from tests.api.nfe.helpers import balance, balance_held, ledger, nfe_body, ready_to_issue

API = "/api/v1"


def _orders(rt: Any, company_id: str) -> list[tuple[str, int | None, Decimal]]:
    with transaction(rt.sessions) as session:
        query = select(Order.pedido, Order.numero, Order.reservado).where(
            Order.company_id == company_id
        )
        return [(p, n, Decimal(r)) for p, n, r in session.execute(query.order_by(Order.numero))]


def test_orders_the_credit_cannot_pay_take_no_number(app, client, rt, sim, backend):
    """1.00 of credit at 0.20 per NF-e, 24 orders at once: five authorized, numbered 1 to 5,
    the other nineteen 402 with no order row (before, orders claimed a number while the
    credit looked sufficient and then failed to hold it, keeping numbers no document used)."""
    if backend != "postgres":
        pytest.skip("SQLite serializes whole transactions: concurrency is PostgreSQL's")
    ready = ready_to_issue(client, rt, sim, credits="1.00")
    start = threading.Barrier(24)

    def post(n: int) -> tuple[int, Any]:
        start.wait()
        answer = app.test_client().post(API + "/nfe", headers=ready.headers,
                                        json=nfe_body(f"CONC-{n:02d}"))  # fmt: skip
        return answer.status_code, answer.get_json()

    with ThreadPoolExecutor(24) as pool:
        answers = list(pool.map(post, range(24)))
    statuses = sorted(status for status, _ in answers)
    assert statuses == [200] * 5 + [402] * 19, answers
    assert {body["error"]["code"] for status, body in answers if status == 402} == {
        "SALDO_INSUFICIENTE"
    }
    numbers = sorted(body["numero"] for status, body in answers if status == 200)
    assert numbers == [1, 2, 3, 4, 5]
    assert [(n, r) for _, n, r in _orders(rt, ready.company_id)] == [
        (n, Decimal("0.00")) for n in range(1, 6)
    ]
    assert balance(rt, ready.account_id) == Decimal("0.00")
    assert balance_held(rt, ready.account_id) == Decimal("0.00")


def test_a_hold_left_by_a_request_that_died_goes_back_with_the_sweep(
    app, client, rt, sim, monkeypatch
):
    """The request dies between its claim and its attempt (nothing gives the hold back): the
    sweep gives it back once it is older than any acceptance takes, and the order's next
    request holds anew and issues with its number, charged once."""
    import service.nfe.family as nfe_family
    from documents.errors import InvalidDocumentDataError

    ready = ready_to_issue(client, rt, sim, credits="0.20")
    original = nfe_family.prepare_nfe

    def refusing(*args: Any, **kwargs: Any) -> Any:
        raise InvalidDocumentDataError("itens", "o processo morreu aqui")

    monkeypatch.setattr(nfe_family, "prepare_nfe", refusing)
    monkeypatch.setattr(order_holds, "give_back_after_failure", lambda *args: None)
    assert client.post(API + "/nfe", headers=ready.headers, json=nfe_body("A")).status_code == 422
    assert _orders(rt, ready.company_id) == [("A", 1, Decimal("0.20"))]
    other = client.post(API + "/nfe", headers=ready.headers, json=nfe_body("B"))
    assert other.status_code == 402  # the dead request's hold still counts
    settle_wallets(app)
    assert balance_held(rt, ready.account_id) == Decimal("0.20")  # too recent to be abandoned
    an_hour_ago = dt.datetime.now(dt.UTC) - dt.timedelta(hours=1)
    with transaction(rt.sessions) as session:
        session.execute(update(Order).values(updated_at=an_hour_ago))
    settle_wallets(app)
    assert balance_held(rt, ready.account_id) == Decimal("0.00")
    monkeypatch.setattr(nfe_family, "prepare_nfe", original)
    again = client.post(API + "/nfe", headers=ready.headers, json=nfe_body("A"))
    assert again.status_code == 200 and again.get_json()["numero"] == 1
    assert [entry[:2] for entry in ledger(rt, ready.account_id)][-1] == (
        "DEBITO_EMISSAO",
        Decimal("-0.20"),
    )
    assert balance(rt, ready.account_id) == Decimal("0.00")


def test_a_replay_is_answered_when_the_credit_is_spent(client, rt, sim):
    """The last credit paid for the order: its replay is the stored answer, not 402."""
    ready = ready_to_issue(client, rt, sim, credits="0.20")
    first = client.post(API + "/nfe", headers=ready.headers, json=nfe_body("A"))
    assert first.status_code == 200
    replay = client.post(API + "/nfe", headers=ready.headers, json=nfe_body("A"))
    assert replay.status_code == 200 and replay.headers.get("Idempotent-Replay") == "true"
    assert replay.get_json()["id"] == first.get_json()["id"]
    refused = client.post(API + "/nfe", headers=ready.headers, json=nfe_body("B"))
    assert refused.status_code == 402
