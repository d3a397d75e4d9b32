"""The distribution's schedule against the simulator's consumption rules (issue 38): no 656 in
three simulated hours of runs every five minutes, a forced 656 blocks every call for the hour,
and two workers never ask for the same CNPJ at once."""

from __future__ import annotations

import threading
from typing import Any

from flask import Flask
from sqlalchemy import select

from service import clock
from service.db import transaction
from service.received.models import DistributionCursor
from service.runtime import Runtime
from simulator.testing import SimulatorHandle
from tests.api.received.helpers import (
    Calls,
    MovingClock,
    dfe_company,
    distribute,
    issue_to,
    make_due,
    received,
)

HOUR = 3600
STEP = 300


def _cursor(rt: Runtime, company_id: str) -> DistributionCursor:
    with transaction(rt.sessions) as session:
        query = select(DistributionCursor).where(DistributionCursor.company_id == company_id)
        cursor = session.execute(query).scalar_one()
        session.expunge(cursor)
    return cursor


def test_three_simulated_hours_never_earn_a_656(
    app: Flask, client: Any, rt: Runtime, sim: SimulatorHandle, moving: MovingClock, calls: Calls
) -> None:
    ready = dfe_company(client, rt, sim)
    issued = []
    for step in range(3 * HOUR // STEP):
        if step % 5 == 0:  # a note every 25 minutes, some while the cursor waits its hour
            issued.append(issue_to(sim, ready.cnpj))
        distribute(app)
        moving.advance(STEP)
    distribute(app)
    outcomes = calls.of(ready.cnpj)
    assert "656" not in outcomes and outcomes, outcomes
    assert len(outcomes) <= 4  # once at the start, then at most once an hour
    moving.advance(HOUR)
    distribute(app)
    assert {i["chave"] for i in received(client, ready, por_pagina=100)["itens"]} == set(issued)
    assert "656" not in calls.of(ready.cnpj)


def test_a_forced_656_blocks_calls_for_an_hour(
    app: Flask, client: Any, rt: Runtime, sim: SimulatorHandle, moving: MovingClock, calls: Calls
) -> None:
    ready = dfe_company(client, rt, sim)
    issue_to(sim, ready.cnpj)
    assert distribute(app) == 1  # caught up: the AN's hour starts
    make_due(rt, ready)  # a schedule that ignored it
    assert distribute(app) == 1
    assert calls.of(ready.cnpj) == ["138", "656"]
    cursor = _cursor(rt, ready.company_id)
    assert cursor.bloqueado_ate is not None and cursor.motivo and cursor.motivo.startswith("656")
    blocked = (cursor.bloqueado_ate - clock.utc_now()).total_seconds()
    assert HOUR - 60 < blocked <= HOUR
    assert cursor.proxima_consulta == cursor.bloqueado_ate
    for _ in range(11):  # nothing is asked during the hour
        moving.advance(STEP)
        assert distribute(app) == 0
    moving.advance(STEP + 1)
    assert distribute(app) == 1
    assert calls.of(ready.cnpj) == ["138", "656", "137"]


def test_two_workers_never_ask_for_the_same_cnpj_at_once(
    app: Flask, client: Any, rt: Runtime, sim: SimulatorHandle, moving: MovingClock, calls: Calls
) -> None:
    first, second = dfe_company(client, rt, sim), dfe_company(client, rt, sim)
    for ready in (first, second):
        issue_to(sim, ready.cnpj)
    calls.pause = 0.3  # each call takes a while: both workers are inside at once
    answers: list[int] = []
    workers = [threading.Thread(target=lambda: answers.append(distribute(app))) for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(30)
    assert calls.most_at_once == 1
    assert sorted(calls.of(first.cnpj) + calls.of(second.cnpj)) == ["138", "138"]
    assert sum(answers) == 2
    for ready in (first, second):
        assert received(client, ready)["total"] == 1


def test_a_batch_that_fails_midway_is_asked_again_and_stored_once(
    app: Flask, client: Any, rt: Runtime, sim: SimulatorHandle, moving: MovingClock,
    calls: Calls, monkeypatch: Any,
) -> None:  # fmt: skip
    from service.received import distribution, store

    ready = dfe_company(client, rt, sim)
    keys = {issue_to(sim, ready.cnpj), issue_to(sim, ready.cnpj)}
    original = store.store_documents

    def crashing(session: Any, owner: Any, documents: Any, now: Any) -> Any:
        original(session, owner, documents[:1], now)  # the first one written, then a crash
        raise RuntimeError("process died")

    monkeypatch.setattr(distribution, "store_documents", crashing)
    assert distribute(app) == 1
    assert received(client, ready)["total"] == 0  # rolled back with the cursor's move
    cursor = _cursor(rt, ready.company_id)
    assert cursor.ult_nsu == "0" and cursor.lease_ate is None
    assert cursor.motivo == "Lote não gravado"
    moving.advance(STEP)
    assert distribute(app) == 0  # the batch caught up: the AN's hour holds for the retry too

    monkeypatch.setattr(distribution, "store_documents", original)
    moving.advance(HOUR)
    assert distribute(app) == 1
    assert {i["chave"] for i in received(client, ready)["itens"]} == keys
    assert calls.of(ready.cnpj) == ["138", "138"]
    assert _cursor(rt, ready.company_id).ult_nsu == "000000000000002"


def test_no_answer_is_tried_again_after_a_short_backoff(
    app: Flask, client: Any, rt: Runtime, sim: SimulatorHandle, moving: MovingClock,
    monkeypatch: Any,
) -> None:  # fmt: skip
    from documents.transmission.distribution import DistributionClient
    from documents.transmission.outcome import NotSent, NotSentReason
    from service.received import defaults

    ready = dfe_company(client, rt, sim)
    chave = issue_to(sim, ready.cnpj)
    refused = NotSent(NotSentReason.CONNECTION_REFUSED, "refused")
    monkeypatch.setattr(DistributionClient, "by_nsu", lambda *_: refused)
    assert distribute(app) == 1
    cursor = _cursor(rt, ready.company_id)
    wait = (cursor.proxima_consulta - clock.utc_now()).total_seconds()
    assert defaults.RETRY_SECONDS - 60 < wait <= defaults.RETRY_SECONDS
    assert cursor.bloqueado_ate is None and cursor.ult_nsu == "0"
    monkeypatch.undo()
    monkeypatch.setattr(clock, "utc_now", moving.now)
    moving.advance(defaults.RETRY_SECONDS + 1)
    assert distribute(app) == 1
    assert [i["chave"] for i in received(client, ready)["itens"]] == [chave]
