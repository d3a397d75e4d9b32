"""A company with the `dfe` module, a service clock that moves with the simulator's, NF-e that
other simulated companies issue to it, and the distribution job run as the worker runs it."""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import count
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import update

from documents.transmission.distribution import DistributionClient
from documents.transmission.services import Family
from service import clock
from service.db import transaction
from service.received.distribution import run_due
from service.received.models import DistributionCursor, Familia
from service.runtime import Runtime
from simulator.testing import SimulatorHandle
from tests.api.nfe.helpers import Ready, ready_company

DFE_MODULES = ["dfe", "nfce", "nfe"]
_numbers = count(1)


def dfe_company(client: Any, rt: Runtime, sim: SimulatorHandle, **issuer: Any) -> Ready:
    """A ready company (SP, simulator A1) with the `dfe` module."""
    return ready_company(client, rt, sim, modulos=DFE_MODULES, **issuer)


def enable_dfe(rt: Runtime, ready: Ready) -> None:
    """Add the `dfe` module to a company made without it (its cursors open at the next run)."""
    from service.companies.models import Company

    with transaction(rt.sessions) as session:
        company = session.get(Company, ready.company_id)
        assert company is not None
        company.modulos = sorted({*company.modulos, "dfe"})


def next_number() -> int:
    """A note number no other test of the process used (the simulated issuer is shared)."""
    return next(_numbers)


def issue_to(sim: SimulatorHandle, cnpj: str, **options: Any) -> str:
    """Another simulated company issues an NF-e naming `cnpj`; answers its key."""
    issued = sim.issue_nfe_to(cnpj, number=next_number(), **options)
    assert issued.status == "100", issued.reason
    return issued.key


@dataclass
class MovingClock:
    """The service's clock (`service.clock.utc_now`) kept `offset` ahead of the wall clock,
    as far as the simulator's: `advance` moves both."""

    sim: SimulatorHandle
    offset: dt.timedelta = field(default_factory=dt.timedelta)

    def now(self) -> dt.datetime:
        return dt.datetime.now(dt.UTC) + self.offset

    def advance(self, seconds: float) -> None:
        self.sim.advance_clock(seconds)
        self.offset += dt.timedelta(seconds=seconds)


@pytest.fixture(scope="module")
def module_clock(sim: SimulatorHandle) -> MovingClock:
    return MovingClock(sim)


@pytest.fixture
def moving(module_clock: MovingClock, monkeypatch: pytest.MonkeyPatch) -> MovingClock:
    monkeypatch.setattr(clock, "utc_now", module_clock.now)
    return module_clock


@dataclass
class Calls:
    """Every distNSU the service makes (by CNPJ), their outcomes, and how many were in
    flight at once for one CNPJ."""

    outcomes: list[tuple[str, str]] = field(default_factory=list)
    in_flight: dict[str, int] = field(default_factory=dict)
    most_at_once: int = 0
    pause: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def of(self, cnpj: str) -> list[str]:
        return [outcome for who, outcome in self.outcomes if who == cnpj]


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[Calls]:
    seen = Calls()
    original = DistributionClient.by_nsu

    def counted(self: DistributionClient, cnpj: str, ult_nsu: int | str) -> Any:
        if self._family is not Family.NFE:  # the NF-e distribution's calls only
            return original(self, cnpj, ult_nsu)
        with seen.lock:
            seen.in_flight[cnpj] = seen.in_flight.get(cnpj, 0) + 1
            seen.most_at_once = max(seen.most_at_once, seen.in_flight[cnpj])
        try:
            if seen.pause:
                threading.Event().wait(seen.pause)
            outcome = original(self, cnpj, ult_nsu)
        finally:
            with seen.lock:
                seen.in_flight[cnpj] -= 1
        label = getattr(outcome, "cStat", type(outcome).__name__)
        with seen.lock:
            seen.outcomes.append((cnpj, str(label)))
        return outcome

    monkeypatch.setattr(DistributionClient, "by_nsu", counted)
    yield seen


def distribute(app: Flask, *familias: Familia) -> int:
    """One run of the periodic work's distribution (what the sweep and the worker call), of
    the NF-e's cursors unless told (its calls are what the NF-e tests count)."""
    return run_due(app, familias or (Familia.NFE,))


def make_due(rt: Runtime, ready: Ready) -> None:
    """Move the company's next distribution to now, as a schedule that ignored the AN's
    hour would (to provoke a 656)."""
    with transaction(rt.sessions) as session:
        session.execute(
            update(DistributionCursor)
            .where(
                DistributionCursor.company_id == ready.company_id,
                DistributionCursor.familia == Familia.NFE.value,
            )
            .values(proxima_consulta=clock.utc_now())
        )


def received(client: Any, ready: Ready, **query: Any) -> dict[str, Any]:
    answer = client.get("/api/v1/dfe/recebidos", headers=ready.headers, query_string=query)
    assert answer.status_code == 200, answer.get_json()
    body: dict[str, Any] = answer.get_json()
    return body
