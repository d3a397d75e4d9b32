"""A production deployment made of real processes, for the tests of scaling out (issue 41).

    with running_cluster(TWO_NODES, tmp_path) as cluster:
        account = cluster.new_account(credits="2.10")
        requests.post(cluster.entry + "/api/v1/nfe", ...)
        cluster.kill_node(0)            # SIGKILL to the node's whole process group

A topology is N `fiscal serve` nodes in production mode (each on its own port) and M
`fiscal worker`s on one fresh PostgreSQL database (created from `test`, dropped afterwards),
one Redis key prefix (`FISCAL_REDIS_PREFIX`, its keys deleted afterwards) and one authority
simulator process. With more than one node, haproxy (Debian's package) listens on a port of
its own and balances round-robin over the nodes with health checks on `/health`; its
configuration is `scripts/haproxy.cfg` with this run's ports, so the documented example is
the one tested. With one node, clients talk to it directly.

Every service process runs in a process group of its own, so a test kills a node (gunicorn's
master and its workers) or a worker the way a machine dies, and restarts it on the same port.
Everything is stopped on the way out, whatever failed; each process's output is kept in a log
file under the run's directory, and the tail of the logs is attached to a failed start.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

import requests

from simulator.testing import SimulatorHandle, running_simulator_process
from tests import backends
from tests.paths import REPOSITORY

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

HAPROXY_EXAMPLE = REPOSITORY / "scripts" / "haproxy.cfg"
NODE_THREADS = 16
"""Threads of a node's one gunicorn worker (`fiscal serve --workers 1 --threads 16`): the
production thread count in one process, so two nodes fit two cores."""

ENV = {
    "LOG_JSON": "true",
    "RATE_LIMIT_PER_MINUTE": "1000000",
    # Several nodes on one machine: pinning would put each node's first worker on CPU 0.
    "WORKER_CPU_AFFINITY": "off",
    # Short enough that a killed process's work is taken over within seconds, long enough
    # that a loaded two-core machine answers before the read timeout.
    "AUTHORITY_CONNECT_TIMEOUT": "1",
    "AUTHORITY_READ_TIMEOUT": "4",
    "PROCESSING_GRACE_SECONDS": "1",
    "AUTHORITY_PROBE": "false",
    "QUEUE_SWEEP_SECONDS": "0.5",
    "QUEUE_RETRY_SCHEDULE": "0.5,1,2,4,8",
    "NOT_RECEIVED_TOLERANCE_SECONDS": "2",
    "QUEUE_DRAIN_SECONDS": "2",
}
"""The service's environment in every process of the cluster (besides the database, Redis,
key and authority)."""


@dataclass(frozen=True)
class Topology:
    name: str
    nodes: int
    workers: int

    @property
    def balanced(self) -> bool:
        """Clients go through haproxy (more than one node)."""
        return self.nodes > 1


ONE_NODE = Topology("one-node", nodes=1, workers=1)
TWO_NODES = Topology("two-nodes", nodes=2, workers=2)


@dataclass(frozen=True)
class Account:
    id: str
    key: str

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.key}"}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def unavailable() -> str | None:
    """Why a cluster cannot run here (None: it can); with CI=true a missing piece is an error."""
    reason = backends.require_or_skip(
        backends.postgres_available() and backends.redis_available(), "PostgreSQL and Redis"
    )
    return reason or backends.require_or_skip(
        shutil.which("haproxy") is not None, "haproxy (apt-get install haproxy)"
    )


class Process:
    """One child process in its own process group, output appended to `log`."""

    def __init__(self, name: str, command: list[str], env: dict[str, str], log: Path) -> None:
        self.name, self.command, self.env, self.log = name, command, env, log
        self.popen: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as out:
            out.write(f"--- start {time.strftime('%H:%M:%S')}\n".encode())
            out.flush()
            self.popen = subprocess.Popen(
                self.command, cwd=REPOSITORY, env=self.env, stdout=out,
                stderr=subprocess.STDOUT, start_new_session=True,
            )  # fmt: skip

    @property
    def alive(self) -> bool:
        return self.popen is not None and self.popen.poll() is None

    def kill(self) -> None:
        """SIGKILL to the whole group: no handler runs, no in-flight work is finished."""
        if self.popen is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.popen.pid, signal.SIGKILL)
        self.popen.wait(timeout=15)
        self.popen = None

    def stop(self, timeout: float = 20) -> None:
        """SIGTERM to the group (gunicorn's and rq's warm shutdown), SIGKILL after `timeout`."""
        if self.popen is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.popen.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.popen.wait(timeout=timeout)
        self.kill()  # whatever of the group is left

    def tail(self, chars: int = 3000) -> str:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return f"--- {self.name} ({self.log}):\n{text[-chars:]}"


class Node(Process):
    """`fiscal serve` on a fixed port (a restart takes the same one, as behind a balancer)."""

    def __init__(self, name: str, env: dict[str, str], log: Path) -> None:
        self.port = free_port()
        command = [sys.executable, "-m", "service.cli", "serve", "--host", "127.0.0.1",
                   "--port", str(self.port), "--workers", "1",
                   "--threads", str(NODE_THREADS)]  # fmt: skip
        super().__init__(name, command, env, log)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def healthy(self) -> bool:
        with contextlib.suppress(requests.RequestException):
            return requests.get(self.url + "/health", timeout=2).status_code == 200
        return False


class Cluster:
    """The running processes of one topology and what a test does with them."""

    def __init__(
        self, topology: Topology, root: Path, sim: SimulatorHandle, database_url: str, prefix: str
    ) -> None:
        self.topology, self.root, self.sim = topology, root, sim
        self.database_url, self.redis_prefix = database_url, prefix
        inherited = {k: v for k, v in os.environ.items() if not k.startswith(("MAIL_", "WEBHOOK_"))}
        self.env = {
            **inherited,
            **ENV,
            "DATABASE_URL": database_url,
            "REDIS_URL": backends.REDIS_URL,
            "FISCAL_REDIS_PREFIX": prefix,
            "FISCAL_ENCRYPTION_KEY": secrets.token_urlsafe(48),
            "FISCAL_DATA_DIR": str(root / "data"),
            "AUTHORITY_URL": sim.base_url,
            "AUTHORITY_CA_BUNDLE": str(sim.ca_bundle),
        }
        self.nodes = [Node(f"node{n + 1}", self.env, root / f"node{n + 1}.log")
                      for n in range(topology.nodes)]  # fmt: skip
        worker = [sys.executable, "-m", "service.cli", "worker"]
        self.workers = [Process(f"worker{n + 1}", worker, self.env, root / f"worker{n + 1}.log")
                        for n in range(topology.workers)]  # fmt: skip
        self.balancer: Process | None = None
        self.balancer_port = free_port()
        self.stats_socket = root / "haproxy.sock"
        self._engine: Engine | None = None

    # ------------------------------------------------------------ addresses

    @property
    def entry(self) -> str:
        """Where clients send requests: haproxy, or the only node."""
        if self.topology.balanced:
            return f"http://127.0.0.1:{self.balancer_port}"
        return self.nodes[0].url

    @property
    def entries(self) -> list[str]:
        """Every door into the service: haproxy and each node directly (one node: itself)."""
        doors = [node.url for node in self.nodes]
        return [self.entry, *doors] if self.topology.balanced else doors

    # ------------------------------------------------------------ lifecycle

    def start(self) -> None:
        for process in [*self.nodes, *self.workers]:
            process.start()
        for node in self.nodes:
            self.wait_healthy(node)
        if self.topology.balanced:
            self.balancer = self._haproxy()
            self.balancer.start()
            self.wait_balanced({node.name for node in self.nodes})
        self.wait_workers(len(self.workers))

    def stop(self) -> None:
        processes = [p for p in (self.balancer, *self.nodes, *self.workers) if p is not None]
        for process in processes:  # SIGTERM to all first: they shut down side by side
            if process.popen is not None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.popen.pid, signal.SIGTERM)
        for process in processes:
            process.stop()
        if self._engine is not None:
            self._engine.dispose()

    def logs(self) -> str:
        parts = [p.tail() for p in (*self.nodes, *self.workers, self.balancer) if p is not None]
        return "\n".join(parts)

    def wait_healthy(self, node: Node, timeout: float = 90) -> None:
        deadline = time.monotonic() + timeout
        while not node.healthy():
            if not node.alive:
                raise RuntimeError(f"{node.name} exited\n{node.tail()}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"{node.name} not healthy in {timeout} s\n{node.tail()}")
            time.sleep(0.1)

    def kill_node(self, index: int) -> None:
        self.nodes[index].kill()

    def restart_node(self, index: int) -> None:
        """Start a stopped node again on its port; back once healthy (and, behind haproxy,
        once haproxy's health check has it UP again)."""
        self.nodes[index].start()
        self.wait_node(index)

    def wait_node(self, index: int) -> None:
        """Until a (re)started node is healthy and, behind haproxy, UP again there."""
        self.wait_healthy(self.nodes[index])
        if self.topology.balanced:
            self.wait_balanced({n.name for n in self.nodes})

    def kill_worker(self, index: int) -> None:
        self.workers[index].kill()

    def restart_worker(self, index: int) -> None:
        self.workers[index].start()
        self.wait_workers(len(self.workers))

    # ------------------------------------------------------------ haproxy

    def _haproxy(self) -> Process:
        config = self.root / "haproxy.cfg"
        config.write_text(haproxy_config(
            HAPROXY_EXAMPLE.read_text(), self.balancer_port, [n.port for n in self.nodes],
            NODE_THREADS, self.stats_socket,
        ))  # fmt: skip
        check = subprocess.run(["haproxy", "-c", "-f", str(config)], capture_output=True,
                               text=True, check=False)  # fmt: skip
        if check.returncode != 0:
            raise RuntimeError(f"haproxy refused {config}: {check.stdout}{check.stderr}")
        command = ["haproxy", "-db", "-f", str(config)]
        return Process("haproxy", command, dict(os.environ), self.root / "haproxy.log")

    def balancer_stats(self) -> dict[str, dict[str, str]]:
        """haproxy's `show stat` for the backend's servers: name → its columns (`status`,
        `stot` requests sent, `hrsp_5xx`…)."""
        with socket.socket(socket.AF_UNIX) as sock:
            sock.settimeout(5)
            sock.connect(str(self.stats_socket))
            sock.sendall(b"show stat\n")
            data = b""
            while chunk := sock.recv(65536):
                data += chunk
        lines = data.decode().splitlines()
        header = lines[0].lstrip("# ").split(",")
        rows = [dict(zip(header, line.split(","), strict=False)) for line in lines[1:] if line]
        return {
            row["svname"]: row
            for row in rows
            if row.get("pxname") == "fiscal" and row["svname"] not in ("BACKEND", "FRONTEND")
        }

    def wait_balanced(self, up: set[str], timeout: float = 30) -> None:
        """Until haproxy's health checks have exactly `up` UP."""
        deadline = time.monotonic() + timeout
        seen: dict[str, str] = {}
        while time.monotonic() < deadline:
            assert self.balancer is not None and self.balancer.alive, self.balancer
            with contextlib.suppress(OSError, IndexError):
                seen = {name: row["status"] for name, row in self.balancer_stats().items()}
                if {name for name, status in seen.items() if status == "UP"} == up:
                    return
            time.sleep(0.1)
        raise TimeoutError(f"haproxy servers {seen}, expected UP: {sorted(up)}\n{self.logs()}")

    # ------------------------------------------------------------ rq workers

    def wait_workers(self, count: int, timeout: float = 90) -> None:
        """Until `count` rq workers of this run are registered in Redis (app built, listening)."""
        import redis
        from rq import Worker

        client = redis.Redis.from_url(backends.REDIS_URL)
        deadline = time.monotonic() + timeout
        try:
            while True:
                pids = {w.pid for w in Worker.all(connection=client)}
                mine = [w for w in self.workers if w.popen is not None and w.popen.pid in pids]
                if len(mine) >= count:
                    return
                dead = [w for w in self.workers if w.popen is not None and not w.alive]
                if dead or time.monotonic() > deadline:
                    raise RuntimeError(f"rq workers not ready\n{self.logs()}")
                time.sleep(0.1)
        finally:
            client.close()

    def busy_workers(self) -> list[int]:
        """Indexes of the workers rq sees with a job in hand (a drain performing tasks)."""
        import redis
        from rq import Worker

        client = redis.Redis.from_url(backends.REDIS_URL)
        try:
            busy = {w.pid for w in Worker.all(connection=client) if w.get_state() == "busy"}
        finally:
            client.close()
        return [n for n, w in enumerate(self.workers) if w.popen and w.popen.pid in busy]

    # ------------------------------------------------------------ operator commands

    def new_account(self, credits: str = "1000.00") -> Account:
        """What `fiscal accounts create --credits … --json` does (the same operation, run in
        this process: a CLI start costs two seconds): an account, its opening credit and a
        live key with every scope."""
        from service.accounts.operations import create_account
        from service.crypto import KeyHasher
        from service.db import make_engine, make_session_factory, transaction

        if self._engine is None:
            self._engine = make_engine(self.database_url)
        n = secrets.token_hex(3)
        with transaction(make_session_factory(self._engine)) as session:
            created = create_account(
                session, KeyHasher(self.env["FISCAL_ENCRYPTION_KEY"]), name=f"Conta {n}",
                email=f"conta{n}@example.com", credits=Decimal(credits),
            )  # fmt: skip
            return Account(created.account.id, created.live_key)


def haproxy_config(
    example: str, port: int, node_ports: list[int], node_threads: int, stats_socket: Path
) -> str:
    """`scripts/haproxy.cfg` with this run's frontend port, node ports and per-node maxconn,
    plus an admin socket for the health states."""
    text = re.sub(r"(?m)^(\s*bind\s+)127\.0\.0\.1:\d+", rf"\g<1>127.0.0.1:{port}", example)
    servers = iter(node_ports)
    lines = []
    for line in text.splitlines():
        match = re.match(r"(\s*server\s+\S+\s+)127\.0\.0\.1:\d+(.*)", line)
        if match:
            port_of_node = next(servers, None)
            if port_of_node is None:
                continue  # fewer nodes than the example's servers
            line = f"{match.group(1)}127.0.0.1:{port_of_node}{match.group(2)}"
        lines.append(line)
    if next(servers, None) is not None:
        raise ValueError("scripts/haproxy.cfg names fewer servers than the cluster has nodes")
    text = "\n".join(lines) + "\n"
    text = re.sub(r"(?m)^(\s*default-server\b.*\bmaxconn )\d+", rf"\g<1>{node_threads}", text)
    return text.replace(
        "global\n", f"global\n    stats socket {stats_socket} mode 600 level admin\n", 1
    )


@contextlib.contextmanager
def running_cluster(topology: Topology, root: Path) -> Iterator[Cluster]:
    """Database, Redis prefix, simulator, nodes, workers and (two nodes) haproxy; all stopped,
    dropped and deleted on the way out."""
    root.mkdir(parents=True, exist_ok=True)
    prefix = f"fiscal-cluster-{secrets.token_hex(4)}:"
    with contextlib.ExitStack() as stack:
        stack.callback(forget_redis_keys, prefix)
        url = stack.enter_context(backends.fresh_postgres_database())
        upgrade = _db_upgrade(url, root / "upgrade.log")  # while the simulator starts
        sim = stack.enter_context(running_simulator_process(root / "simulator"))
        if upgrade.wait(timeout=120) != 0:
            raise RuntimeError((root / "upgrade.log").read_text(errors="replace")[-3000:])
        cluster = Cluster(topology, root, sim, url, prefix)
        stack.callback(cluster.stop)
        try:
            cluster.start()
        except Exception as exc:
            raise RuntimeError(f"cluster {topology.name} did not start: {exc}") from exc
        yield cluster


def _db_upgrade(url: str, log: Path) -> subprocess.Popen[bytes]:
    """`fiscal db upgrade` on the new database, started (the caller waits for it)."""
    with log.open("wb") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "service.cli", "db", "upgrade"], cwd=REPOSITORY,
            env={**os.environ, "DATABASE_URL": url, "FISCAL_ENCRYPTION_KEY": "x" * 48,
                 "REDIS_URL": backends.REDIS_URL},
            stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip


def forget_redis_keys(prefix: str) -> None:
    """Delete the run's rq queues (with their entries in rq's own registries) and its keys."""
    from bench.api_queue import forget_redis_keys as forget

    forget(backends.REDIS_URL, prefix)
