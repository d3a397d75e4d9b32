"""Production `fiscal serve` through the real gunicorn: keep-alive connections opened at once
spread evenly over the workers (`service.balance`; issue 41: on loopback one worker held most
of a run's connections, and which worker a client landed on set its latency)."""

from __future__ import annotations

import http.client
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path

import pytest

from tests import backends

pytestmark = pytest.mark.e2e
CONNECTIONS = 24


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _children(master: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
        except (FileNotFoundError, ProcessLookupError):
            continue
        if f"\nPPid:\t{master}\n" in status:
            found.append(int(entry.name))
    return found


def _served_sockets(port: int) -> set[str]:
    """Inodes of the established TCP sockets whose local port is `port` (the server's ends)."""
    inodes = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, state, inode = fields[1], fields[3], fields[9]
        if int(local.split(":")[1], 16) == port and state == "01":
            inodes.add(inode)
    return inodes


def _held_by(pid: int, inodes: set[str]) -> int:
    held = 0
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:[") and target[8:-1] in inodes:
            held += 1
    return held


def _until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError(what)


@pytest.fixture
def two_workers(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], int, Path]]:
    for available, what in ((backends.postgres_available(), "PostgreSQL"),
                            (backends.redis_available(), "Redis")):  # fmt: skip
        reason = backends.require_or_skip(available, what)
        if reason:
            pytest.skip(reason)
    port = _free_port()
    with backends.fresh_postgres_database() as url:
        env = {**os.environ, "DATABASE_URL": url, "REDIS_URL": backends.REDIS_URL,
               "FISCAL_ENCRYPTION_KEY": secrets.token_urlsafe(48),
               "FISCAL_REDIS_PREFIX": f"fiscal-test-{secrets.token_hex(4)}:",
               "FISCAL_DATA_DIR": str(tmp_path / "data")}  # fmt: skip
        env.pop("WORKER_BALANCE", None)
        command = [sys.executable, "-c", "from service.cli import main; main()", "serve",
                   "--port", str(port), "--workers", "2"]  # fmt: skip
        log = tmp_path / "serve.log"
        with log.open("wb") as out:
            process = subprocess.Popen(command, env=env, start_new_session=True, stdout=out,
                                       stderr=subprocess.STDOUT)  # fmt: skip
        try:
            yield process, port, log
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=30)


def _health(connection: http.client.HTTPConnection) -> int:
    connection.request("GET", "/health")
    answer = connection.getresponse()
    answer.read()
    return answer.status


def _answering(port: int) -> bool:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        return _health(connection) < 600
    except OSError:
        return False
    finally:
        connection.close()


def test_connections_opened_at_once_spread_evenly_over_the_workers(two_workers):
    process, port, log = two_workers
    _until(lambda: len(_children(process.pid)) == 2, "gunicorn did not fork two workers")
    # both workers past their warm-up (a worker counts once it serves), and answering
    _until(lambda: log.read_text().count("process warmed") >= 2, "the workers did not warm up")
    _until(lambda: _answering(port), "the service did not answer")
    time.sleep(0.5)
    with ExitStack() as stack:
        connections = [
            http.client.HTTPConnection("127.0.0.1", port, timeout=30) for _ in range(CONNECTIONS)
        ]
        for connection in connections:
            stack.callback(connection.close)
        with ThreadPoolExecutor(CONNECTIONS) as pool:  # all at once, each kept alive
            statuses = list(pool.map(_health, connections))
        assert all(status == 200 for status in statuses), statuses
        inodes = _served_sockets(port)
        held = sorted(_held_by(pid, inodes) for pid in _children(process.pid))
    assert sum(held) == CONNECTIONS, held
    assert held[-1] - held[0] <= 2, held  # at most one more than the least loaded, each way
