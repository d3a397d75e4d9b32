"""gunicorn, embedded in the `fiscal serve` command."""

from __future__ import annotations

import os
from typing import Any

from gunicorn.app.base import BaseApplication

from service import affinity, balance, edge
from service.config import RuntimeMode, Settings
from service.warmup import post_worker_init


class FiscalServer(BaseApplication):  # type: ignore[misc]
    def __init__(self, settings: Settings, options: dict[str, Any]) -> None:
        self._settings = settings
        self._options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self._options.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        from service.app import create_app

        return create_app(self._settings)


PRODUCTION_THREADS = 16
"""Threads per production process: an issuance spends most of its time waiting on the
authority (hundreds of milliseconds from a real SEFAZ, with the GIL released), so a process
needs many requests in flight to keep its core busy. One pooled database connection per
thread (`service.db.POOL_SIZE`)."""


def production_workers() -> int:
    """One process per core, at least two (one restarting never leaves the port unserved).

    The CPU work of an issuance is Python holding its process's GIL, so a process cannot use
    more than one core; more processes than cores only queue for the cores. Measured with
    `bench/api.py` at 16 clients on 2 cores: 5 processes × 4 threads (the former
    `2 × cores + 1`) spent 12-15 % more service CPU per document than 2 × 16, at lower
    throughput (bench/results/api.md, "Issue 19, runs of 2026-11-25 on main 2313ff1")."""
    return max(2, os.cpu_count() or 1)


def gunicorn_options(
    settings: Settings, host: str, port: int, workers: int | None, threads: int | None = None
) -> dict[str, Any]:
    """Embedded: one process with threads (SQLite, in-process worker). Production: one process
    per core, each with `PRODUCTION_THREADS` threads, each on a core of its own unless
    `WORKER_CPU_AFFINITY=off` (`service.affinity`), the connections spread evenly over them
    unless `WORKER_BALANCE=off` (`service.balance`)."""
    embedded = settings.mode is RuntimeMode.EMBEDDED
    count = 1 if embedded else (workers or production_workers())
    pinned = {"pre_fork": affinity.choose, "post_fork": affinity.pin}
    balanced = {"worker_class": balance.WORKER_CLASS, "child_exit": balance.child_exit}
    return {
        "bind": f"{host}:{port}",
        "workers": count,
        "worker_class": "gthread",
        "threads": threads or (8 if embedded else PRODUCTION_THREADS),
        "timeout": 120,
        "accesslog": None,
        "preload_app": False,
        "limit_request_line": edge.GUNICORN_REQUEST_LINE,
        "post_worker_init": post_worker_init,
        **(pinned if not embedded and settings.worker_cpu_affinity else {}),
        **(balanced if not embedded and settings.worker_balance else {}),
    }


def run_gunicorn(
    settings: Settings, *, host: str, port: int, workers: int | None, threads: int | None = None
) -> None:
    FiscalServer(settings, gunicorn_options(settings, host, port, workers, threads)).run()
