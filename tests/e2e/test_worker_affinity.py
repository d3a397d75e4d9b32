"""Production `fiscal serve` through the real gunicorn: each worker on a CPU of its own, and a
worker that dies is replaced on the CPU it left (`service.affinity`)."""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from service import affinity
from tests import backends

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(len(affinity.allowed_cpus()) < 2, reason="needs two CPUs to pin"),
]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _workers(master: int) -> dict[int, str]:
    """pid -> `Cpus_allowed_list` of each living child of `master`."""
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
            found[int(entry.name)] = fields["Cpus_allowed_list"].strip()
    return found


def _pinned(workers: dict[int, str]) -> bool:
    """Every worker's mask is one CPU (unpinned reads as a list or range: `0-1`, `0,2`)."""
    return all(mask.isdigit() for mask in workers.values())


def _until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError(what)


@pytest.fixture
def production_serve(tmp_path: Path) -> Iterator[subprocess.Popen[bytes]]:
    for available, what in ((backends.postgres_available(), "PostgreSQL"),
                            (backends.redis_available(), "Redis")):  # fmt: skip
        reason = backends.require_or_skip(available, what)
        if reason:
            pytest.skip(reason)
    with backends.fresh_postgres_database() as url:
        env = {**os.environ, "DATABASE_URL": url, "REDIS_URL": backends.REDIS_URL,
               "FISCAL_ENCRYPTION_KEY": secrets.token_urlsafe(48),
               "FISCAL_REDIS_PREFIX": f"fiscal-test-{secrets.token_hex(4)}:",
               "FISCAL_DATA_DIR": str(tmp_path / "data")}  # fmt: skip
        env.pop("WORKER_CPU_AFFINITY", None)
        command = [sys.executable, "-c", "from service.cli import main; main()", "serve",
                   "--port", str(_free_port()), "--workers", "2"]  # fmt: skip
        process = subprocess.Popen(command, env=env, start_new_session=True)
        try:
            yield process
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=30)


def test_each_worker_runs_on_its_own_cpu_and_a_replacement_takes_the_freed_one(
    production_serve,
):
    master = production_serve.pid
    _until(lambda: len(_workers(master)) == 2, "gunicorn did not fork two workers")
    _until(lambda: _pinned(_workers(master)), "the workers did not pin themselves")
    first = _workers(master)
    assert sorted(first.values()) == [str(cpu) for cpu in affinity.allowed_cpus()[:2]]
    victim, freed = max(first.items())
    os.kill(victim, signal.SIGKILL)

    def replaced() -> bool:
        now = _workers(master)
        return len(now) == 2 and victim not in now and _pinned(now)

    _until(replaced, "gunicorn did not replace the killed worker on a CPU of its own")
    assert sorted(_workers(master).values()) == sorted(first.values())
    assert freed in _workers(master).values()
    assert os.sched_getaffinity(master) == set(affinity.allowed_cpus())  # the master: unpinned
