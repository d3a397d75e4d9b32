"""An over-long URL through the real gunicorn: the envelope's 414 up to gunicorn's own limit."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import requests

from service.edge import GUNICORN_REQUEST_LINE, MAX_URL_LENGTH
from tests.e2e.test_quickstart import _free_port, _wait_http

pytestmark = pytest.mark.e2e


@pytest.fixture
def served(tmp_path: Path):
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env.update(FISCAL_DATA_DIR=str(tmp_path / "data"), FISCAL_ENCRYPTION_KEY="")
    command = [sys.executable, "-c", "from service.cli import main; main()", "serve",
               "--port", str(port)]  # fmt: skip
    process = subprocess.Popen(command, env=env, start_new_session=True)
    try:
        _wait_http(f"http://127.0.0.1:{port}/health", process)
        yield f"http://127.0.0.1:{port}"
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


def test_over_long_urls_get_the_envelope_until_gunicorn_limit(served):
    query = "/api/v1/produtos?q="
    answer = requests.get(served + query + "a" * MAX_URL_LENGTH, timeout=30)
    assert answer.status_code == 414
    body = answer.json()
    assert body["success"] is False and body["error"]["code"] == "URI_MUITO_LONGA"
    near_gunicorn = GUNICORN_REQUEST_LINE - len(f"GET {query} HTTP/1.1") - 10
    longest = requests.get(served + query + "a" * near_gunicorn, timeout=30)
    assert longest.status_code == 414 and longest.json()["error"]["code"] == "URI_MUITO_LONGA"
    short = requests.get(served + query + "a" * 100, timeout=30)
    assert short.status_code == 401  # reaches authentication
