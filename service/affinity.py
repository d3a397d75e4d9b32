"""One core per gunicorn worker: each production worker runs on a CPU of its own.

An issuance's CPU work is Python holding its process's GIL, so a worker uses at most one
core at a time. Left to the scheduler, its sixteen threads wander over every core, and each
hand-off of the GIL wakes a thread on another core that finds the lock taken again, sleeps,
and loses its caches. On 2 cores, two workers pinned one per core spent 5 % less CPU per
document than unpinned at 4 clients and 2 % less at 1 (alternated `bench/api.py` runs; the
same within noise at 16), with half the voluntary context switches and a quarter less system
time (bench/results/api.md, "Issue 19, runs of 2026-11-27 on main 80e1207"). Other processes
(PostgreSQL, the queue's workers) stay unpinned, so the scheduler moves them around the
workers.

The master chooses a worker's CPU before it forks (`choose`: the allowed CPU with the fewest
living workers on it, so a restarted worker takes its predecessor's), the worker pins itself
right after (`pin`); its threads, made later, inherit the mask.
"""

from __future__ import annotations

import logging
import os
from collections import Counter
from collections.abc import Iterable
from typing import Any

log = logging.getLogger("service.affinity")

ATTRIBUTE = "fiscal_cpu"
"""The CPU chosen for a gunicorn worker, kept on the master's worker object."""


def allowed_cpus() -> tuple[int, ...]:
    """The CPUs this process may run on (a container's cpuset included); none where the
    platform cannot pin."""
    if not hasattr(os, "sched_getaffinity"):
        return ()
    return tuple(sorted(os.sched_getaffinity(0)))


def least_used(cpus: tuple[int, ...], taken: Iterable[int | None]) -> int | None:
    """The CPU with the fewest of `taken` on it, the lowest on a tie; None when there is
    nothing to choose between (pinning to the only CPU changes nothing)."""
    if len(cpus) < 2:
        return None
    load = Counter(cpu for cpu in taken if cpu in cpus)
    return min(cpus, key=lambda cpu: (load[cpu], cpu))


def choose(server: Any, worker: Any) -> None:
    """gunicorn's `pre_fork` (in the master): the new worker's CPU, from the living ones'."""
    siblings = (getattr(other, ATTRIBUTE, None) for other in server.WORKERS.values())
    setattr(worker, ATTRIBUTE, least_used(allowed_cpus(), siblings))


def pin(server: Any, worker: Any) -> None:
    """gunicorn's `post_fork` (in the worker, before its threads exist): run on its CPU."""
    cpu = getattr(worker, ATTRIBUTE, None)
    if cpu is None:
        return
    try:
        os.sched_setaffinity(0, {cpu})
    except OSError as exc:  # a CPU taken away since the master looked: run unpinned
        log.warning("worker not pinned", extra={"cpu": cpu, "error": str(exc)})
        return
    log.info("worker pinned", extra={"cpu": cpu})
