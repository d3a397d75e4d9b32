from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from service.runtime import Runtime
from simulator.testing import SimulatorHandle, running_simulator
from tests.api.nfe.helpers import authority_settings


@pytest.fixture(scope="session")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimulatorHandle]:
    """One simulator (real HTTPS + mTLS on loopback) for the session; tests scope faults by CNPJ."""
    with running_simulator(Path(tmp_path_factory.mktemp("authority"))) as handle:
        yield handle


@pytest.fixture
def app(app_factory: Any, sim: SimulatorHandle) -> Flask:
    return app_factory(**authority_settings(sim))


@pytest.fixture
def rt(app: Flask) -> Runtime:
    runtime: Runtime = app.extensions["fiscal"]
    return runtime
