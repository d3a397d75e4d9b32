"""`fiscal quickstart` as a user runs it: its own process group, a fresh data dir, the banner
read from its standard output, the printed commands run by bash."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import requests

SCRUBBED_ENV = {"DATABASE_URL", "REDIS_URL", "FISCAL_ENCRYPTION_KEY", "AUTHORITY_URL",
                "AUTHORITY_CA_BUNDLE", "FISCAL_SIM_DATA_DIR", "FISCAL_DATA_DIR"}  # fmt: skip
"""Production settings of the developer's shell must not leak into the embedded quickstart."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def clean_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in SCRUBBED_ENV}


def wait_http(url: str, process: subprocess.Popen[str], seconds: float = 90) -> None:
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


@dataclass
class Quickstart:
    port: int
    data_dir: Path
    process: subprocess.Popen[str]
    lines: list[str] = field(default_factory=list)

    @property
    def api(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v1"

    @property
    def keys(self) -> dict[str, str]:
        info = json.loads((self.data_dir / "dev-account.json").read_text())
        keys: dict[str, str] = info["api_keys"]
        return keys

    def get(self, path: str) -> Any:
        headers = {"Authorization": f"Bearer {self.keys['test']}"}
        return requests.get(self.api + path, headers=headers, timeout=30)

    def banner(self, last: str, seconds: float = 30) -> list[str]:
        """The lines printed so far, once a line starting with `last` arrived."""
        deadline = time.monotonic() + seconds
        while not any(line.startswith(last) for line in self.lines):
            if time.monotonic() > deadline:
                raise AssertionError("banner without " + last + ":\n" + "\n".join(self.lines))
            time.sleep(0.1)
        return list(self.lines)


def _collect(stream: Any, lines: list[str]) -> None:
    for line in stream:
        lines.append(line.rstrip("\n"))


@contextmanager
def running_quickstart(data_dir: Path, *options: str) -> Iterator[Quickstart]:
    """The README's first command, for real: gunicorn + the simulator as separate processes."""
    port, sim_port = free_port(), free_port()
    command = [sys.executable, "-c", "from service.cli import main; main()", "quickstart",
               "--port", str(port), "--simulator-port", str(sim_port), "--data-dir",
               str(data_dir), *options]  # fmt: skip
    process = subprocess.Popen(
        command, env=clean_env(), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        text=True, start_new_session=True,
    )  # fmt: skip
    running = Quickstart(port, data_dir, process)
    reader = threading.Thread(target=_collect, args=(process.stdout, running.lines), daemon=True)
    reader.start()
    try:
        wait_http(f"http://127.0.0.1:{port}/health", process)
        yield running
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


def run_bash(script: str, cwd: Path, seconds: float = 120) -> subprocess.CompletedProcess[str]:
    """Run pasted shell lines as a user would (bash, the test's PATH and PYTHONPATH)."""
    return subprocess.run(
        ["bash", "-c", script], cwd=cwd, env=clean_env(), capture_output=True, text=True,
        timeout=seconds,
    )  # fmt: skip


def json_objects(text: str) -> list[Any]:
    """Every top-level JSON object in `text` (curl prints answers without newlines)."""
    decoder = json.JSONDecoder()
    found, position = [], 0
    while (start := text.find("{", position)) != -1:
        try:
            value, position = decoder.raw_decode(text, start)
        except json.JSONDecodeError:
            position = start + 1
            continue
        found.append(value)
    return found
