"""The queued-issuance half of `bench/api.py`: rq workers, their CPU, and the drain of the tasks.

Kept apart so `api.py` stays readable; this module knows processes, Redis and the
`fiscal_tasks` table, not the HTTP load (that is `api.run_load` with `Prefer: respond-async`).

Workers are `fiscal worker` (`python -m service.cli worker`): rq's SimpleWorker, which runs
jobs in the worker process itself (no work-horse fork per job, `service/workers.py`). Their CPU
is still taken over the whole process tree plus reaped children, so a forking worker would be
measured right too. SIGTERM is rq's warm shutdown (the current job ends, then the process).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg

CLK_TCK = os.sysconf("SC_CLK_TCK")
QUEUES = ("fiscal", "notificacoes")
"""`service.workers.QUEUES`, without importing the service into the measuring process."""
FINAL = ("AUTORIZADA", "REJEITADA", "CANCELADA", "ACAO_NECESSARIA")
"""Task states no worker leaves by itself (`service.queue.states.FINAL` + action needed)."""


# ---------------------------------------------------------------- /proc


def proc_stat(pid: int) -> list[str]:
    """Fields of /proc/PID/stat after the command name (field 3 onwards); [] if gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return []


def proc_ticks(pid: int, *, reaped: bool = False) -> int:
    """utime + stime of the process; with `reaped`, plus its waited-for children's."""
    fields = proc_stat(pid)
    if not fields:
        return 0
    own = int(fields[11]) + int(fields[12])
    return own + (int(fields[13]) + int(fields[14]) if reaped else 0)


def processes() -> list[tuple[int, int, str]]:
    """(pid, ppid, cmdline) of every visible process."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except (FileNotFoundError, ProcessLookupError, IndexError):
            continue
        found.append((int(entry.name), ppid, cmd))
    return found


def tree_cpu(root: int) -> float:
    """CPU seconds of `root`, its living descendants, and every child reaped so far."""
    children: dict[int, list[int]] = {}
    for pid, ppid, _ in processes():
        children.setdefault(ppid, []).append(pid)
    ticks, todo = proc_ticks(root, reaped=True), list(children.get(root, []))
    while todo:
        pid = todo.pop()
        ticks += proc_ticks(pid)
        todo.extend(children.get(pid, []))
    return ticks / CLK_TCK


# ---------------------------------------------------------------- workers


@dataclass
class Worker:
    process: subprocess.Popen[bytes]
    launched: float
    registered: float | None = None
    """time.time() when rq registered the worker (app built, about to take jobs)."""
    cpu_at_registration: float = 0.0


@contextlib.contextmanager
def rq_workers(env: dict[str, str], count: int, root: Path, logs: Path) -> Iterator[list[Worker]]:
    """`count` × `fiscal worker`, SIGTERM (warm shutdown) at the end, SIGKILL after 30 s."""
    started: list[Worker] = []
    try:
        for number in range(count):
            with (logs / f"worker-{number}.log").open("wb") as out:
                process = subprocess.Popen(
                    [sys.executable, "-m", "service.cli", "worker"], cwd=root,
                    env={**os.environ, **env}, stdout=out, stderr=subprocess.STDOUT,
                )  # fmt: skip
            started.append(Worker(process, time.time()))
        yield started
    finally:
        for worker in started:
            if worker.process.poll() is None:
                worker.process.terminate()
        for worker in started:
            try:
                worker.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                worker.process.kill()
                worker.process.wait()


def await_registration(
    redis: Any, workers: list[Worker], logs: Path, on_first: Callable[[], None], limit: float = 90
) -> None:
    """Poll rq's worker registry until every worker is in it; each one's CPU is read the moment
    it appears, so the app's start-up (imports, create_app) is not charged to the documents.
    `on_first` runs when the first one appears: the drain starts then."""
    from rq import Worker as RqWorker

    deadline = time.monotonic() + limit
    while any(w.registered is None for w in workers):
        if time.monotonic() > deadline:
            raise TimeoutError("rq workers did not register")
        for worker in workers:
            if worker.process.poll() is not None:
                tail = "\n".join(p.read_text(errors="replace")[-1500:] for p in logs.glob("*.log"))
                raise RuntimeError(f"an rq worker exited early: {tail}")
        known = {w.pid for w in RqWorker.all(connection=redis)}
        for worker in workers:
            if worker.registered is None and worker.process.pid in known:
                if all(w.registered is None for w in workers):
                    on_first()
                worker.registered = time.time()
                worker.cpu_at_registration = tree_cpu(worker.process.pid)
        time.sleep(0.02)


def workers_cpu(workers: list[Worker]) -> float:
    """CPU seconds the workers spent since each registered."""
    return sum(tree_cpu(w.process.pid) - w.cpu_at_registration for w in workers)


def jobs_waiting(redis: Any, prefix: str) -> dict[str, int]:
    """Jobs in each of the service's rq queues (its keys carry `FISCAL_REDIS_PREFIX`)."""
    from rq import Queue

    return {name: Queue(prefix + name, connection=redis).count for name in QUEUES}


def forget_redis_keys(redis_url: str, prefix: str) -> None:
    """Delete this run's rq queues (their jobs and their entry in `rq:queues` too) and every
    key of its prefix."""
    import redis as redis_lib
    from rq import Queue

    client = redis_lib.Redis.from_url(redis_url)
    try:
        for name in QUEUES:
            Queue(prefix + name, connection=client).delete(delete_jobs=True)
        for key in client.scan_iter(match=f"*{prefix}*", count=1000):
            client.delete(key)
    finally:
        client.close()


# ---------------------------------------------------------------- the drain


@dataclass
class Drain:
    statuses: dict[str, int] = field(default_factory=dict)
    last_final: dt.datetime | None = None
    complete: bool = False

    @property
    def authorized(self) -> int:
        return self.statuses.get("AUTORIZADA", 0)

    @property
    def finished(self) -> int:
        return sum(self.statuses.get(s, 0) for s in FINAL)


def task_statuses(conn: psycopg.Connection[Any], pedido_prefix: str) -> Drain:
    rows = conn.execute(
        "SELECT status, count(*), max(finalizada_em) FROM fiscal_tasks WHERE pedido LIKE %s "
        "GROUP BY status",
        (pedido_prefix + "%",),
    ).fetchall()
    finals = [moment for status, _, moment in rows if status in FINAL and moment is not None]
    return Drain({status: count for status, count, _ in rows}, max(finals, default=None))


def watch_drain(url: str, pedido_prefix: str, tasks: int, stall: float = 60) -> Drain:
    """Poll `fiscal_tasks` (the queue's source of truth) until the phase's `tasks` tasks are all
    in a final state, or nothing moved for `stall` seconds."""
    with psycopg.connect(url, autocommit=True) as conn:
        seen: list[tuple[str, int]] = []
        moved = time.monotonic()
        while True:
            drain = task_statuses(conn, pedido_prefix)
            if drain.finished >= tasks:
                drain.complete = True
                return drain
            progress = sorted(drain.statuses.items())
            if progress != seen:
                seen, moved = progress, time.monotonic()
            elif time.monotonic() - moved > stall:
                return drain
            time.sleep(0.1)
