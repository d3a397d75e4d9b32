"""Every webhook API test gets a running local HTTPS receiver."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.unit.notify.webhooks.receiver import Receiver


@pytest.fixture
def receiver(tmp_path: Path) -> Iterator[Receiver]:
    with Receiver(tmp_path) as rx:
        yield rx
