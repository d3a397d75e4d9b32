"""Connections spread evenly over a node's gunicorn workers (production `fiscal serve`;
`WORKER_BALANCE=off` turns it off).

Every worker listens on the master's one socket and the kernel gives a new connection to the
first that accepts, so on loopback one worker held most of a run's keep-alive connections
(issue 41: at 64 clients over 8 companies, 24 clients of one worker had a median of 600 ms
and 40 of the other 950 ms). Each worker serves its own connections first come, first
served, so which worker a client landed on set its latency. Here each worker publishes how
many connections it holds in memory the master shares with its children, and listens only
while it holds no more than the least loaded worker plus one: the least loaded one always
listens, so a new connection is never refused, only taken by the worker with room. A worker
counts once it serves (a starting one, still loading, does not hold the others back), and the
master frees its slot when it exits.
"""

from __future__ import annotations

import multiprocessing
import os
from typing import Any

from gunicorn.workers.gthread import ThreadWorker

WORKER_CLASS = "service.balance.BalancedThreadWorker"
MAX_WORKERS = 256
"""Workers a node can balance; a worker without a slot (more than this) listens always."""

_SLOTS = multiprocessing.Array("q", 2 * MAX_WORKERS, lock=False)
"""(pid, connections) per worker, made by the master before it forks (inherited, shared).
A pid of 0 is a free slot; the master frees a worker's slot when it exits (`forget`)."""


def claim(pid: int) -> int | None:
    """The first free slot, now `pid`'s; None when every slot is taken."""
    for slot in range(MAX_WORKERS):
        if _SLOTS[2 * slot] == 0:
            _SLOTS[2 * slot], _SLOTS[2 * slot + 1] = pid, 0
            return slot
    return None


def forget(pid: int) -> None:
    """Free the exited worker's slot (gunicorn's `child_exit`, in the master)."""
    for slot in range(MAX_WORKERS):
        if _SLOTS[2 * slot] == pid:
            _SLOTS[2 * slot], _SLOTS[2 * slot + 1] = 0, 0


def child_exit(_server: Any, worker: Any) -> None:
    forget(worker.pid)


def least_loaded(own: int) -> int:
    """The fewest connections any live worker holds (`own`'s count included)."""
    counts = [_SLOTS[2 * s + 1] for s in range(MAX_WORKERS) if _SLOTS[2 * s] != 0]
    return min(counts, default=own)


class BalancedThreadWorker(ThreadWorker):  # type: ignore[misc]
    """gunicorn's gthread worker, whose connection limit follows the least loaded worker:
    `ThreadWorker.run` stops listening while `nr_conns` is not below `worker_connections`,
    and asks for it once per turn of its loop (after each accept or request event)."""

    _slot: int | None = None
    _cap = 1000

    def run(self) -> None:
        self._slot = claim(os.getpid())
        super().run()

    @property  # type: ignore[override]
    def worker_connections(self) -> int:
        if self._slot is None:
            return self._cap
        _SLOTS[2 * self._slot + 1] = self.nr_conns
        return min(self._cap, least_loaded(self.nr_conns) + 2)

    @worker_connections.setter
    def worker_connections(self, value: int) -> None:
        self._cap = value
