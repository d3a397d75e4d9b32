from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from service.runtime import Runtime
from simulator.testing import SimulatorHandle, running_simulator
from tests.api.nfe.helpers import authority_settings
from tests.api.received.helpers import calls, module_clock, moving  # noqa: F401  (fixtures)


@pytest.fixture(scope="module")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimulatorHandle]:
    """A simulator of this package's own: its clock moves by hours here."""
    with running_simulator(Path(tmp_path_factory.mktemp("received"))) as handle:
        yield handle


@pytest.fixture
def app(app_factory: Any, sim: SimulatorHandle) -> Flask:
    return app_factory(**authority_settings(sim, rate_limit_per_minute=10_000))  # type: ignore[no-any-return]


@pytest.fixture
def rt(app: Flask) -> Runtime:
    runtime: Runtime = app.extensions["fiscal"]
    return runtime
