"""A production `fiscal serve` with two gunicorn workers on a fresh PostgreSQL database and
Redis, for the end-to-end tests of what the master does to its workers (`service.affinity`,
`service.balance`)."""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests import backends


@dataclass(frozen=True)
class Serve:
    process: subprocess.Popen[bytes]
    port: int
    log: Path
    """The service's stdout and stderr."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def children(master: int) -> dict[int, dict[str, str]]:
    """pid -> the `/proc/<pid>/status` fields of each living child of `master`."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
        except (FileNotFoundError, ProcessLookupError):
            continue
        fields = dict(line.split(":\t", 1) for line in status.splitlines() if ":\t" in line)
        if fields.get("PPid", "").strip() == str(master):
            found[int(entry.name)] = fields
    return found


def until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError(what)


@contextmanager
def production_serve(tmp_path: Path, *defaults: str) -> Iterator[Serve]:
    """`fiscal serve --workers 2` in production mode; `defaults`: environment variables left
    unset, so the test sees their default. Skips without PostgreSQL or Redis."""
    for available, what in ((backends.postgres_available(), "PostgreSQL"),
                            (backends.redis_available(), "Redis")):  # fmt: skip
        reason = backends.require_or_skip(available, what)
        if reason:
            pytest.skip(reason)
    port = free_port()
    with backends.fresh_postgres_database() as url:
        env = {**os.environ, "DATABASE_URL": url, "REDIS_URL": backends.REDIS_URL,
               "FISCAL_ENCRYPTION_KEY": secrets.token_urlsafe(48),
               "FISCAL_REDIS_PREFIX": f"fiscal-test-{secrets.token_hex(4)}:",
               "FISCAL_DATA_DIR": str(tmp_path / "data")}  # fmt: skip
        for name in defaults:
            env.pop(name, None)
        command = [sys.executable, "-c", "from service.cli import main; main()", "serve",
                   "--port", str(port), "--workers", "2"]  # fmt: skip
        log = tmp_path / "serve.log"
        with log.open("wb") as out:
            process = subprocess.Popen(command, env=env, start_new_session=True, stdout=out,
                                       stderr=subprocess.STDOUT)  # fmt: skip
        try:
            yield Serve(process, port, log)
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=30)
