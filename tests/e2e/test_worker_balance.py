"""Production `fiscal serve` through the real gunicorn: keep-alive connections opened at once
spread evenly over the workers (`service.balance`; issue 41: on loopback one worker held most
of a run's connections, and which worker a client landed on set its latency)."""

from __future__ import annotations

import http.client
import os
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path

import pytest

from tests.e2e.two_workers import Serve, children, production_serve, until

pytestmark = pytest.mark.e2e
CONNECTIONS = 24


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


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Serve]:
    with production_serve(tmp_path, "WORKER_BALANCE") as running:
        yield running


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


def _spread(pid: int, port: int) -> list[int]:
    """Connections held by each worker of `pid` after `CONNECTIONS` were opened at once and
    each answered once (kept alive, counted while open); empty when gunicorn closed some
    before the count (its keep-alive timeout is 2 s: a machine busy with other tests)."""
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
        held = sorted(_held_by(worker, inodes) for worker in children(pid))
    return held if sum(held) == CONNECTIONS else []


def test_connections_opened_at_once_spread_evenly_over_the_workers(serve):
    process, port, log = serve.process, serve.port, serve.log
    until(lambda: len(children(process.pid)) == 2, "gunicorn did not fork two workers")
    # both workers past their warm-up (a worker counts once it serves), and answering
    until(lambda: log.read_text().count("process warmed") >= 2, "the workers did not warm up")
    until(lambda: _answering(port), "the service did not answer")
    time.sleep(0.5)
    for _ in range(5):
        held = _spread(process.pid, port)
        if held:
            break
        time.sleep(2.5)  # the closed connections gone, every worker back to none
    assert sum(held) == CONNECTIONS, held
    assert held[-1] - held[0] <= 2, held  # at most one more than the least loaded, each way
