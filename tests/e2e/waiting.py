"""Waiting in end-to-end tests for what the worker does in the background."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from flask import Flask

from tests.api.queue.helpers import run_rq


def until(app: Flask, check: Callable[[], Any], what: str, timeout: float = 30.0) -> Any:
    """Wait for `check` to answer something true, driving rq (sweep, probes, deliveries,
    contingency transmissions) when the app has no in-process worker."""
    production = app.extensions.get("fiscal_worker") is None
    deadline = time.monotonic() + timeout
    while True:
        if production:
            run_rq(app)
        found = check()
        if found:
            return found
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.1)
