"""Production `fiscal serve` through the real gunicorn: each worker on a CPU of its own, and a
worker that dies is replaced on the CPU it left (`service.affinity`)."""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from service import affinity
from tests.e2e import two_workers
from tests.e2e.two_workers import children, until

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(len(affinity.allowed_cpus()) < 2, reason="needs two CPUs to pin"),
]


def _workers(master: int) -> dict[int, str]:
    """pid -> `Cpus_allowed_list` of each living child of `master`."""
    return {pid: fields["Cpus_allowed_list"].strip() for pid, fields in children(master).items()}


def _pinned(workers: dict[int, str]) -> bool:
    """Every worker's mask is one CPU (unpinned reads as a list or range: `0-1`, `0,2`)."""
    return all(mask.isdigit() for mask in workers.values())


@pytest.fixture
def production_serve(tmp_path: Path) -> Iterator[subprocess.Popen[bytes]]:
    with two_workers.production_serve(tmp_path, "WORKER_CPU_AFFINITY") as serve:
        yield serve.process


def test_each_worker_runs_on_its_own_cpu_and_a_replacement_takes_the_freed_one(
    production_serve,
):
    master = production_serve.pid
    until(lambda: len(_workers(master)) == 2, "gunicorn did not fork two workers")
    until(lambda: _pinned(_workers(master)), "the workers did not pin themselves")
    first = _workers(master)
    assert sorted(first.values()) == [str(cpu) for cpu in affinity.allowed_cpus()[:2]]
    victim, freed = max(first.items())
    os.kill(victim, signal.SIGKILL)

    def replaced() -> bool:
        now = _workers(master)
        return len(now) == 2 and victim not in now and _pinned(now)

    until(replaced, "gunicorn did not replace the killed worker on a CPU of its own")
    assert sorted(_workers(master).values()) == sorted(first.values())
    assert freed in _workers(master).values()
    assert os.sched_getaffinity(master) == set(affinity.allowed_cpus())  # the master: unpinned
