"""Issue 19: the queued path does no work twice.

The 202 is rendered in the transaction that made the task (nothing read again; the task, the
order's document and the hold each touched once), and the
worker hands the task's hold to its document instead of releasing and taking it again: the
wallet row is written once when the request is accepted and once when the answer is recorded.
"""

from __future__ import annotations

from typing import Any

from service.queue import jobs
from service.queue.models import FiscalTask
from service.queue.work import FISCAL
from tests.api.nfe.helpers import nfe_body, ready_to_issue
from tests.api.nfe.test_register_caches import statements
from tests.api.queue.helpers import API, path, task

ASYNC = {"Prefer": "respond-async"}


def _queue(client: Any, headers: dict[str, str], pedido: str) -> Any:
    return client.post(API + "/nfe", headers={**headers, **ASYNC}, json=nfe_body(pedido))


def test_the_202_is_the_task_as_stored(idle_app, sim):
    client, rt = idle_app.test_client(), idle_app.extensions["fiscal"]
    ready = ready_to_issue(client, rt, sim)
    _queue(client, ready.headers, "AQUECE")
    with statements(rt) as sql:
        answer = _queue(client, ready.headers, "NOVO")
    assert answer.status_code == 202, answer.get_json()
    accepted = answer.get_json()
    stored = task(client, ready.headers, accepted["solicitacao_id"])
    assert {**accepted, "request_id": None} == {**stored, "request_id": None}
    assert path(accepted) == ["RECEBIDA"]
    reads_of_the_new_task = [s for s in sql if s.lstrip().upper().startswith("SELECT")
                             and "fiscal_task_transitions" in s]  # fmt: skip
    assert reads_of_the_new_task == [], sql
    rewrites = [s for s in sql if s.lstrip().upper().startswith("UPDATE FISCAL_TASKS")]
    assert rewrites == [], rewrites  # the hold is written with the new row
    order_reads = [s for s in sql if "FROM orders" in s]
    assert len(order_reads) == 1, order_reads  # with the task's, in one statement


def test_the_worker_hands_the_hold_to_the_document(idle_app, sim):
    client, rt = idle_app.test_client(), idle_app.extensions["fiscal"]
    ready = ready_to_issue(client, rt, sim)
    queued = _queue(client, ready.headers, "PED-H").get_json()
    wallet = client.get(API + "/financeiro/saldo", headers=ready.headers).get_json()
    assert (wallet["saldo"], wallet["saldo_reservado"]) == ("100.00", "0.20")
    jobs.bind(idle_app)
    with statements(rt) as sql:
        jobs.perform(FISCAL.name, queued["solicitacao_id"])
    done = task(client, ready.headers, queued["solicitacao_id"])
    assert done["status"] == "AUTORIZADA", done
    writes = [s for s in sql if "UPDATE wallet" in s]
    assert writes == [], writes  # the task's hold becomes the document's: no release, no hold
    debits = [s for s in sql if "INSERT INTO ledger_entries" in s]
    assert len(debits) == 1, debits  # the debit: one entry, nothing moved
    if rt.engine.dialect.name == "postgresql":  # the document and its order in one statement
        assert len([s for s in sql if "WITH inserted AS" in s]) == 1, sql
    wallet = client.get(API + "/financeiro/saldo", headers=ready.headers).get_json()
    assert (wallet["saldo"], wallet["saldo_reservado"]) == ("99.80", "0.00")
    with rt.sessions() as session:
        stored = session.get(FiscalTask, queued["solicitacao_id"])
        assert stored is not None and stored.reservado == 0


def test_an_order_attached_meanwhile_leaves_no_row_of_the_workers_statement(idle_app, sim):
    """PostgreSQL: the worker writes a queued order's document and its attachment in one
    statement (the task's hold handed over, no wallet write); when another request attached a
    document to the order first, the statement's transaction rolls back whole and the worker
    decides again under the order's lock: the other document is the order's, no row of this
    attempt stays, and the task's hold is released."""
    import pytest

    from tests.api.nfe.helpers import attached_meanwhile, attempts_of
    from tests.api.nfe.test_register_caches import issue

    rt = idle_app.extensions["fiscal"]
    if rt.engine.dialect.name != "postgresql":
        pytest.skip("one statement on PostgreSQL only")
    client = idle_app.test_client()
    ready = ready_to_issue(client, rt, sim)
    other = issue(client, ready, "PED-OUTRO")
    queued = _queue(client, ready.headers, "PED-CORRIDA").get_json()
    jobs.bind(idle_app)
    with attached_meanwhile(rt, "PED-CORRIDA", other["id"]):
        jobs.perform(FISCAL.name, queued["solicitacao_id"])
    done = task(client, ready.headers, queued["solicitacao_id"])
    assert done["status"] == "AUTORIZADA" and done["documento_id"] == other["id"], done
    assert attempts_of(rt, "PED-CORRIDA") == 0
    wallet = client.get(API + "/financeiro/saldo", headers=ready.headers).get_json()
    assert (wallet["saldo"], wallet["saldo_reservado"]) == ("99.80", "0.00")


def test_the_workers_acceptance_stays_in_the_tasks_transaction(idle_app, sim):
    """The worker locks its task, stores the document and moves the task in one transaction,
    so its acceptance never takes the synchronous path's autocommitted form (a crash between
    the document's commit and the task's would leave the hold counted on both)."""
    import pytest
    import sqlalchemy as sa

    from service import compiled

    client, rt = idle_app.test_client(), idle_app.extensions["fiscal"]
    if rt.engine.dialect.name != "postgresql":
        pytest.skip("autocommit on PostgreSQL only")
    ready = ready_to_issue(client, rt, sim)
    queued = _queue(client, ready.headers, "PED-T").get_json()
    contexts: list[Any] = []

    def statement(_c: Any, _cur: Any, sql: str, _p: Any, context: Any, *_: Any) -> None:
        if "WITH inserted AS" in sql:
            contexts.append(context)

    jobs.bind(idle_app)
    sa.event.listen(rt.engine, "before_cursor_execute", statement)
    try:
        jobs.perform(FISCAL.name, queued["solicitacao_id"])
    finally:
        sa.event.remove(rt.engine, "before_cursor_execute", statement)
    assert task(client, ready.headers, queued["solicitacao_id"])["status"] == "AUTORIZADA"
    assert len(contexts) == 1 and contexts[0] is not compiled.AUTOCOMMITTED
