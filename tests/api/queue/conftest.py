from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from service.runtime import Runtime
from simulator.testing import SimulatorHandle, running_simulator
from tests.api.nfe.helpers import authority_settings

QUEUE_SETTINGS = {
    "queue_poll_seconds": 0.05,
    "queue_retry_schedule": (0.2, 0.4, 0.8),
    "not_received_tolerance_seconds": 0.5,
}


@pytest.fixture(scope="session")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimulatorHandle]:
    with running_simulator(Path(tmp_path_factory.mktemp("authority"))) as handle:
        yield handle


@pytest.fixture
def app(app_factory: Any, sim: SimulatorHandle, backend: str) -> Flask:
    """Embedded: the in-process worker runs. Production: rq on Redis, driven by `settle`."""
    inprocess = backend == "sqlite"
    return app_factory(**authority_settings(sim), queue_inprocess=inprocess, **QUEUE_SETTINGS)


@pytest.fixture
def idle_app(app_factory: Any, sim: SimulatorHandle) -> Flask:
    """No worker at all: tasks wait (cancellation before transmission, 409 for sync)."""
    return app_factory(**authority_settings(sim), queue_inprocess=False, **QUEUE_SETTINGS)


@pytest.fixture
def rt(app: Flask) -> Runtime:
    runtime: Runtime = app.extensions["fiscal"]
    return runtime
