"""An over-long URL through the real gunicorn: the envelope's 414 up to gunicorn's own limit."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

from service.edge import GUNICORN_REQUEST_LINE, MAX_URL_LENGTH

pytestmark = pytest.mark.e2e


def _listening(port: int, process: subprocess.Popen[bytes]) -> None:
    """Wait until gunicorn accepts connections (the database is migrated before it binds)."""
    for _ in range(600):
        assert process.poll() is None, "fiscal serve exited"
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError("fiscal serve did not start")


@pytest.fixture
def served(tmp_path: Path):
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env.update(FISCAL_DATA_DIR=str(tmp_path / "data"), FISCAL_ENCRYPTION_KEY="")
    command = [sys.executable, "-c", "from service.cli import main; main()", "serve",
               "--port", str(port)]  # fmt: skip
    process = subprocess.Popen(command, env=env, start_new_session=True)
    try:
        _listening(port, process)
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
