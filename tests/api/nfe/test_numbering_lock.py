"""Issue 19: the numbering counter's row lock is held for the statement that takes the number
(and the commit right after it), never while the document is signed or sent."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import text

from service.issuance.models import NumberSequence
from tests.api.nfe.helpers import balance_held, nfe_body, ready_to_issue

API = "/api/v1"


def test_counter_and_wallet_are_not_locked_while_the_document_is_signed(
    client, rt, sim, backend, monkeypatch
):
    """While the NF-e is signed, another connection can lock the counter at once (PostgreSQL's
    `FOR UPDATE NOWAIT` fails if any transaction holds it). Production mode only: SQLite has no
    row locks, and its single writer lock spans the acceptance transaction, signing included
    (docs, "Throughput")."""
    if backend != "postgres":
        pytest.skip("row locks are PostgreSQL's; SQLite serializes whole transactions")
    ready = ready_to_issue(client, rt, sim)
    assert client.post(API + "/nfe", headers=ready.headers, json=nfe_body("A")).status_code == 200
    import service.nfe.family as nfe_family

    original = nfe_family.prepare_nfe
    probes: list[str] = []

    def probing(*args: Any, **kwargs: Any) -> Any:
        probes.append(_lock_probe(rt, backend, ready))
        return original(*args, **kwargs)

    monkeypatch.setattr(nfe_family, "prepare_nfe", probing)
    answer = client.post(API + "/nfe", headers=ready.headers, json=nfe_body("B"))
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["numero"] == 2
    assert probes == ["free"]


def _lock_probe(rt: Any, backend: str, ready: Any) -> str:
    """`free` when the series' counter, the account's wallet and all its credit slices can be
    locked now."""
    rows = (
        (NumberSequence.__tablename__, "company_id", ready.company_id),
        ("wallets", "account_id", ready.account_id),
        ("wallet_slices", "account_id", ready.account_id),
    )
    with rt.engine.connect() as conn:
        conn.execute(text("SET lock_timeout = '100ms'"))
        for table, column, value in rows:
            try:
                conn.execute(
                    text(f"SELECT 1 FROM {table} WHERE {column} = :v FOR UPDATE NOWAIT"),
                    {"v": value},
                )
            except Exception:  # LockNotAvailable
                conn.rollback()
                return f"{table} locked"
        conn.rollback()
    return "free"


def test_a_layout_refusal_after_the_claim_keeps_the_number_with_the_order(
    client, rt, sim, monkeypatch
):
    """The number is the order's from its claim: a refusal while signing does not give it to
    another order, and the order's next request uses it; the price the claim held goes back
    at once (`order_holds.give_back_after_failure`)."""
    import service.nfe.family as nfe_family
    from documents.errors import InvalidDocumentDataError

    ready = ready_to_issue(client, rt, sim)
    original = nfe_family.prepare_nfe

    def refusing(*args: Any, **kwargs: Any) -> Any:
        raise InvalidDocumentDataError("itens", "recusado pelo leiaute")

    monkeypatch.setattr(nfe_family, "prepare_nfe", refusing)
    refused = client.post(API + "/nfe", headers=ready.headers, json=nfe_body("A"))
    assert refused.status_code == 422, refused.get_json()
    assert balance_held(rt, ready.account_id) == 0
    monkeypatch.setattr(nfe_family, "prepare_nfe", original)
    other = client.post(API + "/nfe", headers=ready.headers, json=nfe_body("B"))
    again = client.post(API + "/nfe", headers=ready.headers, json=nfe_body("A"))
    assert (other.get_json()["numero"], again.get_json()["numero"]) == (2, 1)


pytestmark = pytest.mark.usefixtures("sim")


def test_only_the_claims_commit_skips_waiting_for_the_disk(client, rt, sim, backend):
    """The claim commits without waiting for the WAL flush (its lock on the counter ends
    sooner); the acceptance, which stores the signed XML before it is sent, and the answer
    wait for it, as every other transaction does (docs, "Throughput"). The key-and-company
    read, the claim, the acceptance and the answer are statements in autocommit (no `commit`
    event): the
    setting each runs under is read on its connection just before it, and only the claim's
    statement sets it, for its own transaction (`test_compiled`: in effect within the
    statement, gone after it)."""
    if backend != "postgres":
        pytest.skip("synchronous_commit is PostgreSQL's")
    import threading

    import sqlalchemy as sa

    from service import compiled

    ready = ready_to_issue(client, rt, sim)
    assert client.post(API + "/nfe", headers=ready.headers, json=nfe_body("A")).status_code == 200
    me, settings = threading.get_ident(), []

    def at_commit(conn: Any) -> None:  # inside the transaction, just before its COMMIT
        if threading.get_ident() == me:
            raw = conn.connection.driver_connection
            settings.append(raw.execute("SHOW synchronous_commit").fetchone()[0])

    def autocommitted(_conn: Any, cursor: Any, sql: str, _params: Any, context: Any, *_: Any):
        if threading.get_ident() == me and context is compiled.AUTOCOMMITTED:
            setting = cursor.connection.execute("SHOW synchronous_commit").fetchone()[0]
            settings.append(("autocommit", setting, "synchronous_commit" in sql))

    sa.event.listen(rt.engine, "commit", at_commit)
    sa.event.listen(rt.engine, "before_cursor_execute", autocommitted)
    try:
        answer = client.post(API + "/nfe", headers=ready.headers, json=nfe_body("B"))
    finally:
        sa.event.remove(rt.engine, "commit", at_commit)
        sa.event.remove(rt.engine, "before_cursor_execute", autocommitted)
    assert answer.status_code == 200, answer.get_json()
    assert settings == [
        ("autocommit", "on", False),  # the key and the company, one statement
        ("autocommit", "on", True),  # the claim: `synchronous_commit` off for its transaction
        ("autocommit", "on", False),  # the acceptance
        ("autocommit", "on", False),  # the answer
    ]  # fmt: skip


def test_the_acceptance_does_not_wait_for_the_wallet(client, rt, sim, backend):
    """The claim held the price (`Order.reservado`), so the acceptance's one statement
    (document, order) touches no credit slice. Seen from outside: run again while another
    transaction holds every slice of the account, the statement fails at once on the
    document's duplicate key instead of queueing for a slice."""
    if backend != "postgres":
        pytest.skip("one statement on PostgreSQL only")
    import threading

    import psycopg
    import sqlalchemy as sa

    ready = ready_to_issue(client, rt, sim)
    me, seen = threading.get_ident(), []

    def capture(_conn: Any, _cursor: Any, sql: str, params: Any, *_args: Any) -> None:
        if threading.get_ident() == me and "WITH inserted AS" in sql:
            seen.append((sql, params))

    sa.event.listen(rt.engine, "before_cursor_execute", capture)
    try:
        answer = client.post(API + "/nfe", headers=ready.headers, json=nfe_body("W"))
    finally:
        sa.event.remove(rt.engine, "before_cursor_execute", capture)
    assert answer.status_code == 200 and len(seen) == 1
    (sql, params) = seen[0]
    with rt.engine.begin() as conn:  # the order free again, its hold back: it would attach
        conn.execute(
            text(
                "UPDATE orders SET documento_id = NULL, reservado = (SELECT preco "
                "FROM fiscal_documents WHERE pedido = 'W') WHERE pedido = 'W'"
            )
        )
    with rt.engine.connect() as holder:
        holder.execute(
            text("SELECT 1 FROM wallet_slices WHERE account_id = :a FOR UPDATE"),
            {"a": ready.account_id},
        )
        again = rt.engine.raw_connection()
        try:
            cursor = psycopg.RawCursor(again.driver_connection)  # the statement's `$n` form
            cursor.execute("SET lock_timeout = '2s'")
            with pytest.raises(Exception) as failed:
                cursor.execute(sql, params)
            assert getattr(failed.value, "sqlstate", None) == "23505"  # not 55P03: lock wait
        finally:
            again.rollback()
            again.close()
        holder.rollback()
