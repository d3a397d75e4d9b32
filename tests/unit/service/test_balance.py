"""`service.balance`: the slots in which a node's gunicorn workers publish their connection
counts, and the limit each worker follows (issue 41)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from service import balance


@pytest.fixture(autouse=True)
def _empty_slots() -> Iterator[None]:
    saved = list(balance._SLOTS)
    balance._SLOTS[:] = [0] * len(saved)
    yield
    balance._SLOTS[:] = saved


def _worker(pid: int, connections: int) -> int:
    slot = balance.claim(pid)
    assert slot is not None
    balance._SLOTS[2 * slot + 1] = connections
    return slot


def test_the_least_loaded_living_worker_sets_the_limit() -> None:
    _worker(101, 7)
    _worker(102, 3)
    assert balance.least_loaded(7) == 3
    balance.forget(102)  # the master frees an exited worker's slot
    assert balance.least_loaded(7) == 7


def test_a_freed_slot_is_taken_by_the_next_worker() -> None:
    first = _worker(101, 5)
    balance.forget(101)
    assert balance.claim(103) == first
    assert balance._SLOTS[2 * first + 1] == 0


def test_no_worker_yet_leaves_the_own_count() -> None:
    assert balance.least_loaded(4) == 4


def test_a_worker_listens_while_it_holds_at_most_one_more_than_the_least_loaded() -> None:
    """`ThreadWorker.run` accepts while `nr_conns < worker_connections`."""
    _worker(101, 2)
    worker = object.__new__(balance.BalancedThreadWorker)
    worker.worker_connections = 1000  # gunicorn's own setting, the ceiling
    worker._slot = _worker(102, 0)
    for held, listens in ((0, True), (2, True), (3, True), (4, False), (9, False)):
        worker.nr_conns = held
        assert (worker.nr_conns < worker.worker_connections) is listens, held
    worker.worker_connections = 3
    worker.nr_conns = 2
    assert worker.worker_connections == 3  # never above gunicorn's worker_connections


def test_more_workers_than_slots_listen_as_gunicorn_would() -> None:
    for pid in range(1, balance.MAX_WORKERS + 1):
        _worker(pid, 0)
    assert balance.claim(99999) is None
    worker = object.__new__(balance.BalancedThreadWorker)
    worker.worker_connections = 1000
    worker.nr_conns = 50
    assert worker.worker_connections == 1000
