from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from simulator.testing import SimulatorHandle, running_simulator
from tests.unit.simulator.factories import Company, SoapClient, make_company


@pytest.fixture
def sim(tmp_path: Path) -> Iterator[SimulatorHandle]:
    with running_simulator(tmp_path / "sim") as handle:
        yield handle


@pytest.fixture
def company(sim: SimulatorHandle, tmp_path: Path) -> Company:
    return make_company(sim, tmp_path / "certs", "11222333000181")


@pytest.fixture
def client(sim: SimulatorHandle, company: Company) -> SoapClient:
    return SoapClient(sim, company)
