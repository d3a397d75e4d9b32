"""The README's first command, for real: gunicorn + the simulator as separate processes."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

pytestmark = pytest.mark.e2e


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_http(url: str, process: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"process exited with {process.returncode}")
        try:
            requests.get(url, timeout=5)
            return
        except requests.RequestException:  # not listening yet, or busy starting (read timeout)
            time.sleep(0.2)
    raise AssertionError(f"{url} did not answer")


@pytest.fixture
def quickstart(tmp_path: Path):
    port, sim_port = _free_port(), _free_port()
    env = {
        k: v
        for k, v in os.environ.items()
        if k
        not in {
            "DATABASE_URL",
            "REDIS_URL",
            "FISCAL_ENCRYPTION_KEY",
            "AUTHORITY_URL",
            "AUTHORITY_CA_BUNDLE",
        }
    }
    env["FISCAL_DATA_DIR"] = str(tmp_path / "data")
    command = [
        sys.executable,
        "-c",
        "from service.cli import main; main()",
        "quickstart",
        "--port",
        str(port),
        "--simulator-port",
        str(sim_port),
    ]
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True
    )
    try:
        _wait_http(f"http://127.0.0.1:{port}/health", process)
        yield port, tmp_path / "data", process
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


def test_quickstart_serves_with_a_ready_key(quickstart):
    port, data_dir, _process = quickstart
    info = json.loads((data_dir / "dev-account.json").read_text())
    key = info["api_keys"]["test"]
    response = requests.get(
        f"http://127.0.0.1:{port}/api/v1/api-keys",
        headers={"Authorization": f"Bearer {key}"},
        timeout=10,
    )
    assert response.status_code == 200
    assert response.json()["success"] is True
    assert response.headers["X-Request-Id"].startswith("req_")
    health = requests.get(f"http://127.0.0.1:{port}/health", timeout=10).json()
    assert health["modo"] == "embedded" and health["checks"]["database"] == "ok"
    ready = json.loads((data_dir / "simulator" / "ready.json").read_text())
    assert ready["base_url"].startswith("https://127.0.0.1:")


def test_cli_accounts_create_json_contract(tmp_path: Path):
    env = {**os.environ, "FISCAL_DATA_DIR": str(tmp_path)}
    env.pop("DATABASE_URL", None)
    run = [sys.executable, "-c", "from service.cli import main; main()"]
    subprocess.run([*run, "db", "upgrade"], env=env, check=True, capture_output=True)
    result = subprocess.run(
        [
            *run,
            "accounts",
            "create",
            "--name",
            "ERP",
            "--email",
            "erp@exemplo.com",
            "--credits",
            "100.00",
            "--max-companies",
            "3",
            "--json",
        ],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    out = json.loads(result.stdout)
    assert out["account_id"].startswith("acc_")
    assert out["api_keys"]["live"].startswith("fiscal_live_")
    assert out["api_keys"]["test"].startswith("fiscal_test_")
