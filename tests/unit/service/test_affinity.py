"""Each production gunicorn worker runs on a CPU of its own
(`service.affinity`): unpinned, two workers on 2 cores spent about 5 % more CPU per document
at 4 clients."""

from __future__ import annotations

import os
from types import SimpleNamespace

import pytest

from service import affinity
from service.config import load_settings
from service.server import gunicorn_options

MANY = pytest.mark.skipif(len(affinity.allowed_cpus()) < 2, reason="needs two CPUs to pin")


def _worker(cpu: int | None = None) -> SimpleNamespace:
    worker = SimpleNamespace()
    if cpu is not None:
        setattr(worker, affinity.ATTRIBUTE, cpu)
    return worker


def test_the_least_used_cpu_is_chosen_the_lowest_on_a_tie():
    assert affinity.least_used((0, 1), []) == 0
    assert affinity.least_used((0, 1), [0]) == 1
    assert affinity.least_used((0, 1), [0, 1]) == 0
    assert affinity.least_used((0, 1, 2, 3), [0, 1, 3, 1]) == 2
    assert affinity.least_used((2, 5), [None, 7, 2]) == 5  # unpinned or not allowed: not load


def test_nothing_is_pinned_with_a_single_cpu():
    assert affinity.least_used((3,), []) is None
    assert affinity.least_used((), [0]) is None


def test_a_restarted_worker_takes_the_cpu_its_predecessor_left(monkeypatch):
    monkeypatch.setattr(affinity, "allowed_cpus", lambda: (0, 1))
    server = SimpleNamespace(WORKERS={})
    first, second = _worker(), _worker()
    for pid, worker in ((101, first), (102, second)):
        affinity.choose(server, worker)
        server.WORKERS[pid] = worker
    assert (first.fiscal_cpu, second.fiscal_cpu) == (0, 1)
    del server.WORKERS[101]  # the first one died; gunicorn forks a replacement
    replacement = _worker()
    affinity.choose(server, replacement)
    assert replacement.fiscal_cpu == 0


@MANY
def test_a_forked_worker_runs_on_its_cpu_only_and_its_threads_inherit_it():
    cpu = affinity.allowed_cpus()[-1]
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the "worker"
        try:
            import threading

            affinity.pin(None, _worker(cpu))
            seen: list[set[int]] = []
            thread = threading.Thread(target=lambda: seen.append(os.sched_getaffinity(0)))
            thread.start()
            thread.join()
            os.write(write, repr((sorted(os.sched_getaffinity(0)), sorted(seen[0]))).encode())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read) as answer:
        text = answer.read()
    os.waitpid(pid, 0)
    assert text == repr(([cpu], [cpu]))
    assert len(os.sched_getaffinity(0)) >= 2  # the master is not pinned


def test_a_worker_without_a_chosen_cpu_is_left_alone():
    before = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    affinity.pin(None, _worker())
    if before is not None:
        assert os.sched_getaffinity(0) == before


def _production(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/0")
    monkeypatch.setenv("FISCAL_ENCRYPTION_KEY", "k" * 44)


def test_production_serve_pins_its_workers_unless_told_not_to(monkeypatch):
    _production(monkeypatch)
    options = gunicorn_options(load_settings(), "127.0.0.1", 8000, None)
    assert options["pre_fork"] is affinity.choose and options["post_fork"] is affinity.pin
    monkeypatch.setenv("WORKER_CPU_AFFINITY", "off")
    options = gunicorn_options(load_settings(), "127.0.0.1", 8000, None)
    assert "pre_fork" not in options and "post_fork" not in options


def test_embedded_serve_is_one_process_and_never_pinned(monkeypatch, tmp_path):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.setenv("FISCAL_DATA_DIR", str(tmp_path))
    options = gunicorn_options(load_settings(), "127.0.0.1", 8000, None)
    assert options["workers"] == 1 and "post_fork" not in options
