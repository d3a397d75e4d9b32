"""Benchmark: sustained synchronous NF-e issuance through the HTTP API, end to end on loopback.

    python bench/api.py [--clients 1 4 16] [--duration 20] [--count 0] [--workers W]
                        [--companies 1] [--warmup 30] [--profile-runs 30]
                        [--async-tasks 0] [--quick] [--out FILE]

What runs, all on this machine: a fresh PostgreSQL database (created from `test` on
127.0.0.1:5432, dropped at the end), Redis on 127.0.0.1:6379 (rate limiter, rq queues), the
authority simulator in its own process (HTTPS with mutual TLS), and the service under gunicorn in
production mode (`fiscal serve --workers W`, run as `python -m service.cli serve`). Setup goes
through the same doors a user has: `fiscal db upgrade`, `fiscal accounts create --json`, then
the API for the issuer, the A1 certificate (issued by the simulator's CA), one product and one
customer.

For each concurrency N, N client threads (one keep-alive HTTP session each) post
`POST /api/v1/nfe` with distinct `pedido`s until `--duration` seconds pass (or `--count`
requests are sent, if given); with `--companies C` the account has C companies (distinct CNPJs,
an A1 each) and client i posts for company i mod C. Only 200 AUTORIZADA counts as a document;
anything else is an error and is reported. CPU per document comes from /proc (service,
simulator, this database's PostgreSQL backends, the clients), and what PostgreSQL's backends
wait on is sampled from pg_stat_activity and pg_locks. Then, with no load, `--profile-runs`
issuances go through the same database and simulator in this process (Flask test client) with
timers around the phases of `service.issuance.operations.issue`, to say where a request's time
goes (a phase whose function is gone, renamed by a refactoring, is skipped with a warning),
plus SQL statements, the commits of writing transactions (a `COMMIT` the service sends, or an
autocommitted statement that writes; autocommitted reads apart) and PostgreSQL's own
transaction count (`pg_stat_database.xact_commit`) per request; a last probe times the
simulator's round trip with and without TCP_NODELAY on its handler.

With `--async-tasks N`, the queue: N requests with `Prefer: respond-async` (distinct pedidos,
as many client threads as the largest `--clients`) while no rq worker runs, giving accepted tasks
per second; then two `fiscal worker`s start and the drain is timed from the first worker's
registration to the last task's `finalizada_em` (`fiscal_tasks`, the queue's source of truth),
with the workers' and the simulator's CPU per document (`bench/api_queue.py`). The run has its
own Redis key prefix (`FISCAL_REDIS_PREFIX`), deleted at the end.

`--quick` (development): 5 s per concurrency, 10 profiled runs, 10 warm-up requests, unless
given explicitly.

Processes and the database are cleaned up even when a step fails.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import datetime as dt
import json
import os
import platform
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import psycopg
import requests
import sqlalchemy

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import api_queue  # noqa: E402
from bench.api_queue import proc_ticks, processes  # noqa: E402
from service import compiled  # noqa: E402
from service.server import PRODUCTION_THREADS, production_workers  # noqa: E402
from simulator.testing import SimulatorHandle, running_simulator_process  # noqa: E402

PG_ADMIN_URL = os.environ.get("BENCH_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/0")
A1_PASSWORD = "senha-a1"
CLK_TCK = os.sysconf("SC_CLK_TCK")
ASYNC_TAG = "async"
"""Pedido prefix of the queued requests (no other phase's tag starts with it)."""

ISSUER = {
    "razao_social": "Empresa Bench Ltda", "uf": "SP", "ie": "110.042.490.114",
    "crt": 1, "cep": "01310-100", "logradouro": "Av Paulista", "numero": "1000",
    "bairro": "Bela Vista", "municipio": "São Paulo", "cod_municipio": "3550308",
    "csc_id": "1", "csc": "SEGREDO-CSC-0123456789",
}  # fmt: skip
PRODUCT = {"codigo": "P1", "descricao": "Refrigerante lata", "ncm": "22021000", "origem": 0,
           "unidade": "UN", "preco": "10.00"}  # fmt: skip
CUSTOMER = {
    "codigo": "C1", "cpf_cnpj": "529.982.247-25", "nome": "Maria da Silva", "indicador_ie": 9,
    "email": "maria@example.com", "logradouro": "Rua das Flores", "numero": "10",
    "bairro": "Centro", "municipio": "São Paulo", "cod_municipio": "3550308", "uf": "SP",
    "cep": "01001-000",
}  # fmt: skip


def nfe_body(pedido: str, empresa: str | None = None) -> dict[str, Any]:
    """One item, registered product and customer: the smallest realistic NF-e. `empresa` only
    when the account has several companies (the API requires it then)."""
    body = {"pedido": pedido, "cliente": "C1", "itens": [{"codigo": "P1", "quantidade": 2}],
            "pagamento": "pix"}  # fmt: skip
    return body if empresa is None else {**body, "empresa": empresa}


def company_cnpj(index: int) -> str:
    """A valid CNPJ per company (index 0 is 11.222.333/0001-81)."""
    digits = f"{11222333 + index:08d}0001"
    for weights in ((5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2), (6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2)):
        rest = sum(int(d) * w for d, w in zip(digits, weights, strict=True)) % 11
        digits += "0" if rest < 2 else str(11 - rest)
    return digits


# ---------------------------------------------------------------- infrastructure


@contextlib.contextmanager
def fresh_database() -> Iterator[str]:
    """`CREATE DATABASE` from the admin database; terminated and dropped on the way out."""
    name = f"fiscal_bench_{secrets.token_hex(6)}"
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield name
    finally:
        with psycopg.connect(PG_ADMIN_URL, autocommit=True) as conn:
            conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
                (name,),
            )
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')


def database_url(name: str) -> str:
    return f"{PG_ADMIN_URL.rsplit('/', 1)[0]}/{name}"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def service_env(
    db_name: str, data_dir: Path, sim: SimulatorHandle, redis_prefix: str
) -> dict[str, str]:
    """Production mode, with this run's own Redis key prefix (rate limiter, rq queues), so a
    shared Redis is neither disturbed nor read: no other worker takes this run's jobs."""
    return {
        "FISCAL_REDIS_PREFIX": redis_prefix,
        "DATABASE_URL": database_url(db_name),
        "REDIS_URL": REDIS_URL,
        "FISCAL_ENCRYPTION_KEY": secrets.token_urlsafe(48),
        "FISCAL_DATA_DIR": str(data_dir),
        "RATE_LIMIT_PER_MINUTE": "10000000",
        "AUTHORITY_URL": sim.base_url,
        "AUTHORITY_CA_BUNDLE": str(sim.ca_bundle),
        "LOG_JSON": "1",
    }


def fiscal(env: dict[str, str], *args: str) -> str:
    """One `fiscal` CLI command (as `python -m service.cli`), its stdout."""
    command = [sys.executable, "-m", "service.cli", *args]
    done = subprocess.run(
        command, cwd=ROOT, env={**os.environ, **env}, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise RuntimeError(f"fiscal {' '.join(args)} failed: {done.stderr[-2000:]}")
    return done.stdout


@contextlib.contextmanager
def gunicorn(
    env: dict[str, str], workers: int, log: Path, threads: int | None = None
) -> Iterator[tuple[str, int]]:
    """`fiscal serve --workers W [--threads T]` in its own process group; SIGTERM to the master
    at the end."""
    port = free_port()
    command = [sys.executable, "-m", "service.cli", "serve", "--host", "127.0.0.1",
               "--port", str(port), "--workers", str(workers)]  # fmt: skip
    if threads:
        command += ["--threads", str(threads)]
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=ROOT, env={**os.environ, **env}, stdout=out,
                                   stderr=subprocess.STDOUT)  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(base, process, log)
        yield base, process.pid
    finally:
        stop(process)


def stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM, and SIGKILL when it has not ended within 30 s."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def problems(log: Path, limit: int = 20) -> str:
    """The service log's last warnings and errors (why a request failed), for the message."""
    lines = [
        line for line in log.read_text(errors="replace").splitlines()
        if '"level": "WARNING"' in line or '"level": "ERROR"' in line or "Traceback" in line
    ]  # fmt: skip
    return "service log: " + ("\n".join(lines[-limit:]) or "no warning or error")


def wait_healthy(base: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited: {log.read_text(errors='replace')[-2000:]}")
        with contextlib.suppress(requests.RequestException):
            if requests.get(f"{base}/health", timeout=2).status_code == 200:
                return
        time.sleep(0.2)
    raise TimeoutError("gunicorn did not become healthy")


# ---------------------------------------------------------------- setup through the API


def create_account(env: dict[str, str]) -> str:
    out = json.loads(fiscal(env, "accounts", "create", "--name", "Bench", "--email",
                            "bench@localhost", "--credits", "100000", "--json"))  # fmt: skip
    key: str = out["api_keys"]["live"]
    return key


def make_ready(base: str, key: str, sim: SimulatorHandle, index: int) -> str:
    """Issuer, A1 from the simulator's CA, one product, one customer: all via the API.
    Answers the company's code (`empresa`)."""
    cnpj = company_cnpj(index)
    issuer = post(base, key, "/api/v1/configuracao-fiscal/emitente", {**ISSUER, "cnpj": cnpj})
    empresa = str(issuer["empresa"])
    pfx = a1_for(sim, cnpj)
    certificate = {"arquivo_base64": base64.b64encode(pfx).decode(), "senha": A1_PASSWORD}
    post(base, key, "/api/v1/configuracao-fiscal/certificado", {**certificate, "empresa": empresa})
    post(base, key, "/api/v1/produtos", {**PRODUCT, "empresa": empresa})
    post(base, key, "/api/v1/clientes", {**CUSTOMER, "empresa": empresa})
    return empresa


def a1_for(sim: SimulatorHandle, cnpj: str) -> bytes:
    """A PKCS#12 signed by the simulator's CA, valid from yesterday for a year."""
    now = dt.datetime.now(dt.UTC)
    return sim.issue_a1(cnpj=cnpj, password=A1_PASSWORD, not_before=now - dt.timedelta(days=1),
                        not_after=now + dt.timedelta(days=365))  # fmt: skip


def post(base: str, key: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {key}"}
    answer = requests.post(base + path, json=body, headers=headers, timeout=60)
    if answer.status_code not in (200, 201):
        raise RuntimeError(f"POST {path}: {answer.status_code} {answer.text[:1000]}")
    data: dict[str, Any] = answer.json()
    return data


# ---------------------------------------------------------------- load


@dataclass(frozen=True)
class Sample:
    started: float
    latency: float
    status: int
    outcome: str

    @property
    def ok(self) -> bool:
        """200 AUTORIZADA, or 202 with the queued task when the request asked for the queue."""
        return (self.status, self.outcome) in ((200, "AUTORIZADA"), (202, ACCEPTED))


@dataclass
class Run:
    clients: int
    samples: list[Sample]
    wall: float
    cpu: dict[str, float] = field(default_factory=dict)
    server_ms: list[float] = field(default_factory=list)
    db_waits: dict[str, float] = field(default_factory=dict)
    lock_tables: dict[str, float] = field(default_factory=dict)
    idle_statements: dict[str, float] = field(default_factory=dict)
    handshakes: int = 0
    client_medians: list[float] = field(default_factory=list)
    """Each client's median latency, sorted: whether where a client's connection landed
    (which worker) sets its latency."""

    @property
    def ok(self) -> list[float]:
        return sorted(s.latency for s in self.samples if s.ok)

    @property
    def errors(self) -> Counter[str]:
        return Counter(f"{s.status} {s.outcome}" for s in self.samples if not s.ok)


class Budget:
    """At most `count` requests across all threads (0 = no limit)."""

    def __init__(self, count: int) -> None:
        self.left, self.limited, self.lock = count, count > 0, threading.Lock()

    def take(self) -> bool:
        if not self.limited:
            return True
        with self.lock:
            self.left -= 1
            return self.left >= 0


ACCEPTED = "ACCEPTED (task queued)"

FIRST_ANSWERS: dict[str, str] = {}
"""The first answer body of each unexpected outcome (why, for the error message)."""


def outcome_of(answer: requests.Response) -> str:
    try:
        data = answer.json()
    except ValueError:
        return "non-JSON answer"
    if isinstance(data.get("error"), dict):
        return str(data["error"].get("code"))
    if answer.status_code == 202 and data.get("solicitacao_id"):
        return ACCEPTED
    return str(data.get("status"))


@dataclass(frozen=True)
class Target:
    """Where the clients post: the service, the key, and the companies to spread them over
    (None: the account has one company and the request names none)."""

    base: str
    key: str
    empresas: tuple[str | None, ...]
    headers: tuple[tuple[str, str], ...] = ()
    """Extra request headers (`Prefer: respond-async` for the queue)."""


def client_loop(
    target: Target, empresa: str | None, tag: str, start: threading.Barrier,
    clock: dict[str, float], budget: Budget, out: list[Sample],
) -> None:  # fmt: skip
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {target.key}"
    session.headers.update(dict(target.headers))
    url = f"{target.base}/api/v1/nfe"
    start.wait()
    number = 0
    while time.perf_counter() < clock["deadline"] and budget.take():
        began = time.perf_counter()
        try:
            answer = session.post(url, json=nfe_body(f"{tag}-{number}", empresa), timeout=180)
            status, outcome = answer.status_code, outcome_of(answer)
            if outcome not in ("AUTORIZADA", ACCEPTED):
                FIRST_ANSWERS.setdefault(f"{status} {outcome}", answer.text[:1500])
        except requests.RequestException as exc:
            status, outcome = 0, type(exc).__name__
        out.append(Sample(began, time.perf_counter() - began, status, outcome))
        number += 1
    session.close()


def run_load(target: Target, clients: int, duration: float, count: int, tag: str) -> Run:
    """N threads, one keep-alive session each, distinct orders, companies taken in turn;
    wall = first start to last end."""
    clock = {"deadline": float("inf"), "start": 0.0}

    def released() -> None:
        clock["start"] = time.perf_counter()
        clock["deadline"] = clock["start"] + duration

    start = threading.Barrier(clients, action=released)
    budget = Budget(count)
    per_thread: list[list[Sample]] = [[] for _ in range(clients)]
    threads = [
        threading.Thread(target=client_loop, args=(
            target, target.empresas[i % len(target.empresas)], f"{tag}-c{i}", start, clock,
            budget, per_thread[i]))
        for i in range(clients)
    ]  # fmt: skip
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    samples = sorted((s for chunk in per_thread for s in chunk), key=lambda s: s.started)
    end = max((s.started + s.latency for s in samples), default=clock["start"])
    medians = [statistics.median(s.latency for s in chunk if s.ok) for chunk in per_thread
               if any(s.ok for s in chunk)]  # fmt: skip
    return Run(clients, samples, end - clock["start"], client_medians=sorted(medians))


# ---------------------------------------------------------------- CPU accounting (/proc)


def cpu_snapshot(gunicorn_pid: int, db_name: str) -> dict[str, float]:
    """CPU seconds so far of the service (gunicorn master + workers), the simulator, this
    database's PostgreSQL backends, this process (the load clients), and the whole machine."""
    groups: dict[str, int] = defaultdict(int)
    me = os.getpid()
    for pid, ppid, cmd in processes():
        if pid == gunicorn_pid or ppid == gunicorn_pid:
            groups["service (gunicorn)"] += proc_ticks(pid)
        elif ppid == me and "simulator" in cmd:
            groups["simulator"] += proc_ticks(pid)
        elif cmd.startswith("postgres:") and f" {db_name} " in cmd:
            groups["PostgreSQL (this database)"] += proc_ticks(pid)
    times = os.times()
    snapshot = {name: ticks / CLK_TCK for name, ticks in groups.items()}
    snapshot["bench clients (this process)"] = times.user + times.system
    cpu = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    busy = sum(int(cpu[i]) for i in (0, 1, 2, 5, 6))  # user nice system irq softirq
    snapshot["machine busy (all processes)"] = busy / CLK_TCK
    return snapshot


def cpu_delta(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
    return {name: after[name] - before.get(name, 0.0) for name in after}


class WaitSampler:
    """Every 0.1 s, what this database's backends are doing: waiting on a lock, on WAL I/O,
    running (no wait event), or idle inside a transaction the service holds open."""

    QUERY = """
        SELECT CASE WHEN state = 'idle in transaction' THEN 'idle in transaction'
                    ELSE coalesce(wait_event_type || ':' || wait_event, 'running (no wait)') END,
               count(*)
        FROM pg_stat_activity
        WHERE datname = %s AND state IN ('active', 'idle in transaction')
          AND pid <> pg_backend_pid()
        GROUP BY 1"""
    TUPLE_LOCKS = """
        SELECT relation, count(*) FROM pg_locks
        WHERE locktype = 'tuple' AND database = (SELECT oid FROM pg_database WHERE datname = %s)
        GROUP BY 1"""
    IDLE_STATEMENTS = """
        SELECT split_part(query, ' ', 1) || ' … FROM '
                   || coalesce(substring(query from 'FROM\\s+([a-z_]+)'), '?'), count(*)
        FROM pg_stat_activity
        WHERE datname = %s AND state = 'idle in transaction' AND pid <> pg_backend_pid()
        GROUP BY 1"""

    def __init__(self, db_name: str) -> None:
        self.db_name, self.samples, self.counts = db_name, 0, Counter[str]()
        self.tuple_locks: Counter[int] = Counter()
        self.idle_statements: Counter[str] = Counter()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> WaitSampler:
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stop.set()
        self.thread.join()

    def _run(self) -> None:
        with psycopg.connect(PG_ADMIN_URL, autocommit=True) as conn:
            while not self.stop.wait(0.1):
                rows = conn.execute(self.QUERY, (self.db_name,)).fetchall()
                self.samples += 1
                for name, count in rows:
                    self.counts[name] += count
                for relation, count in conn.execute(self.TUPLE_LOCKS, (self.db_name,)):
                    self.tuple_locks[relation] += count
                for statement, count in conn.execute(self.IDLE_STATEMENTS, (self.db_name,)):
                    self.idle_statements[statement] += count

    def average(self) -> dict[str, float]:
        """Mean number of backends in each state over the samples."""
        return {name: n / max(1, self.samples) for name, n in self.counts.most_common()}

    def idle_in_transaction(self) -> dict[str, float]:
        """Mean number of backends idle in a transaction, by the last statement they ran
        (what the service read before it went on working in Python), the 3 commonest."""
        return {statement: n / max(1, self.samples)
                for statement, n in self.idle_statements.most_common(8)}  # fmt: skip

    def contended_tables(self) -> dict[str, float]:
        """Mean number of row-lock queue entries (tuple locks) per table of this database."""
        if not self.tuple_locks:
            return {}
        with psycopg.connect(database_url(self.db_name)) as conn:
            query = "SELECT oid, relname FROM pg_class WHERE oid = ANY(%s)"
            found = conn.execute(query, (list(self.tuple_locks),)).fetchall()
        names: dict[int, str] = dict(found)
        return {str(names.get(oid, oid)): n / max(1, self.samples)
                for oid, n in self.tuple_locks.most_common()}  # fmt: skip


def server_durations(log: Path, offset: int) -> tuple[list[float], int]:
    """`duration_ms` of POST /api/v1/nfe in the service's JSON access log after `offset`."""
    data = log.read_bytes()
    found = []
    for line in data[offset:].splitlines():
        if not line.startswith(b"{"):
            continue
        with contextlib.suppress(ValueError):
            entry = json.loads(line)
            if entry.get("path") == "/api/v1/nfe" and entry.get("method") == "POST":
                found.append(float(entry["duration_ms"]))
    return found, len(data)


# ---------------------------------------------------------------- where one request's time goes

PHASES = [
    # (module, attribute path, label, top level?)
    ("service.issuance.operations", "_early_replay", "order lookup (idempotent replay check)",
     True),
    ("service.nfe.assemble", "draft", "draft: registers, engine, document data", True),
    ("service.nfe.assemble", "run_engine", "of which tax engine (rule set cache + compute)", False),
    ("service.issuance.operations", "credentials_for",
     "company A1 (id and validity read; key and TLS context cached)", True),
    ("service.issuance.operations", "_accept",
     "acceptance: claim, then sign and store (two transactions)", True),
    ("service.issuance.acceptance", "claim_committed",
     "of which claim: order + number, to its commit (bounds the counter's row lock)", False),
    ("service.issuance.acceptance", "find_order", "of which order lookup (FOR UPDATE; only when "
     "the order existed)", False),
    ("service.issuance.acceptance", "hold_for_issuance", "of which wallet hold", False),
    ("service.nfe.family", "prepare_nfe", "of which build + sign + XSD of the NF-e", False),
    ("service.issuance.operations", "transmit", "transmission and recording", True),
    ("documents.transmission.http", "_connect", "of which TCP + mutual TLS handshake", False),
    ("service.issuance.outcome", "send",
     "of which send + simulator answer (kept-alive connection)", False),
    ("service.issuance.outcome", "record", "of which record the answer (row lock, commit)", False),
    ("sqlalchemy.orm", "Session.commit", "across all phases: Session commits (an autocommitted "
     "statement's commit is inside its phase)", False),
]  # fmt: skip
REST = "rest: HTTP, auth, rate limit, validation, company, answer"


def phase_target(module_name: str, path: str) -> tuple[Any, str] | None:
    """(owner, attribute) of a phase's function, or None with a warning when the module or the
    attribute is gone: service/issuance is refactored while these names stay in PHASES, and a
    renamed function must not crash a run after minutes of load."""
    import importlib

    *parents, attribute = path.split(".")
    try:
        owner: Any = importlib.import_module(module_name)
        for parent in parents:
            owner = getattr(owner, parent)
        getattr(owner, attribute)
    except (ImportError, AttributeError) as exc:
        print(f"warning: phase {module_name}.{path} skipped ({exc})", file=sys.stderr)
        return None
    return owner, attribute


@contextlib.contextmanager
def phase_timers() -> Iterator[tuple[dict[str, float], Counter[str], list[str]]]:
    """Wrap the issuance's phase functions with timers and call counters (this process only);
    undo afterwards. Also yields the labels of the phases actually timed."""
    spent: dict[str, float] = defaultdict(float)
    calls: Counter[str] = Counter()
    undo: list[tuple[Any, str, Any]] = []

    def timed(label: str, original: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            began = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                spent[label] += time.perf_counter() - began
                calls[label] += 1

        return wrapper

    active: list[str] = []
    for module_name, path, label, _ in PHASES:
        found = phase_target(module_name, path)
        if found is None:
            continue
        owner, attribute = found
        original = getattr(owner, attribute)
        undo.append((owner, attribute, original))
        setattr(owner, attribute, timed(label, original))
        active.append(label)
    try:
        yield spent, calls, active
    finally:
        for module, attribute, original in reversed(undo):
            setattr(module, attribute, original)


@dataclass
class Profile:
    rows: dict[str, list[float]]
    calls: Counter[str]
    runs: int
    labels: list[str]
    """The phases timed (PHASES minus those whose function is gone)."""
    cpu_ms: float = 0.0
    statements: float = 0.0
    commits: float = 0.0
    """Commits of writing transactions per request (`SqlCounter`)."""
    sent: float = 0.0
    """Of those, SQLAlchemy `commit` events (a `COMMIT` the service sends) per request."""
    reads: float = 0.0
    """Autocommitted reads per request (no commit record, nothing waits)."""
    checkouts: float = 0.0
    """Pool checkouts per request (a connection idle over `service.db.IDLE_PING_SECONDS` is
    pinged first, in a transaction of its own that `xact_commit` counts)."""
    transactions: float = float("nan")
    """PostgreSQL's `xact_commit` of the bench database per request."""
    packages: list[tuple[str, float]] = field(default_factory=list)


def xact_commits(db_name: str) -> int:
    """`pg_stat_database.xact_commit` of the bench database, read from the admin database so
    the reading's own transactions are not counted in it (nothing to subtract)."""
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as conn:
        row = conn.execute(
            "SELECT xact_commit FROM pg_stat_database WHERE datname = %s", (db_name,)
        ).fetchone()
    return int(row[0]) if row else 0


def settled_xact_commits(db_name: str, quiet_since: float) -> int:
    """`xact_commits` once every backend has published its counts: PostgreSQL 15 backends flush
    their statistics at most once a second while busy and up to 10 s after going idle (at exit
    at once), so wait 11 s past the last outside activity and for a second without change."""
    last, since = xact_commits(db_name), time.monotonic()
    while time.monotonic() < max(quiet_since + 11, since + 1):
        time.sleep(0.25)
        now = xact_commits(db_name)
        if now != last:
            last, since = now, time.monotonic()
    return last


def profile_requests(
    env: dict[str, str], target: Target, runs: int, tag: str, db_name: str
) -> Profile:
    """Sequential issuances in this process (Flask test client), same database and simulator:
    first timed by phase; then again for CPU time, SQL statements, commits and PostgreSQL
    transactions per request (nothing else uses the bench database meanwhile: gunicorn is
    idle, no rq worker runs); then again under cProfile on process time (CPU only, waiting
    excluded) to say which libraries spend the service's CPU."""
    quiet_since = time.monotonic()
    import logging
    import warnings

    warnings.filterwarnings("ignore", category=UserWarning, module="apispec")
    os.environ.update(env)
    from service.app import create_app
    from service.config import load_settings

    app = create_app(load_settings())
    logging.getLogger().setLevel(logging.WARNING)  # no access log lines on the console
    client = app.test_client()

    headers = {"Authorization": f"Bearer {target.key}"}

    def issue(pedido: str) -> None:
        body = nfe_body(pedido, target.empresas[0])
        answer = client.post("/api/v1/nfe", json=body, headers=headers)
        data = answer.get_json()
        if answer.status_code != 200 or data.get("status") != "AUTORIZADA":
            raise RuntimeError(f"profiled issuance failed: {answer.status_code} {data}")

    issue(f"{tag}-warm")  # caches, XSD, credentials
    rows: dict[str, list[float]] = defaultdict(list)
    with phase_timers() as (spent, calls, labels):
        tops = [label for _, _, label, is_top in PHASES if is_top and label in labels]
        for number in range(runs):
            spent.clear()
            began = time.perf_counter()
            issue(f"{tag}-{number}")
            total = time.perf_counter() - began
            for label in labels:
                rows[label].append(spent[label] * 1000)
            rows[REST].append((total - sum(spent[label] for label in tops)) * 1000)
            rows["total"].append(total * 1000)
    profile = Profile(rows, calls, runs, labels)
    engine = app.extensions["fiscal"].engine
    engine.dispose()  # its backends exit, publishing their statistics
    xact_before = settled_xact_commits(db_name, quiet_since)
    counted = SqlCounter(engine)
    began = time.process_time()
    for number in range(runs):
        issue(f"{tag}-sql-{number}")
    profile.cpu_ms = (time.process_time() - began) * 1000 / runs
    counted.close()
    engine.dispose()
    xact_after = settled_xact_commits(db_name, 0.0)
    profile.statements, profile.commits = counted["sql"] / runs, counted["commit"] / runs
    profile.sent, profile.reads = counted["sent"] / runs, counted["read"] / runs
    profile.checkouts = counted["checkout"] / runs
    profile.transactions = (xact_after - xact_before) / runs
    profile.packages = cpu_by_package(lambda n: issue(f"{tag}-cpu-{n}"), runs)
    app.extensions["fiscal"].engine.dispose()
    return profile


class SqlCounter(Counter[str]):
    """SQL statements (`before_cursor_execute`) and the commits of writing transactions on
    `engine` from now until `close()`: `COMMIT`s the service sends (`commit`, "sent") and
    autocommitted statements that write (no `commit` event; an autocommitted `SELECT` is
    counted apart, "read": PostgreSQL writes no commit record for it, nothing waits)."""

    def __init__(self, engine: sqlalchemy.Engine) -> None:
        super().__init__()
        self.engine = engine
        sqlalchemy.event.listen(engine, "before_cursor_execute", self._statement)
        sqlalchemy.event.listen(engine, "commit", self._commit)
        sqlalchemy.event.listen(engine, "checkout", self._checkout)

    def _statement(self, *args: Any) -> None:
        self["sql"] += 1
        if args[4] is compiled.AUTOCOMMITTED:  # its own transaction: no `commit` event
            self["read" if args[2].lstrip().upper().startswith("SELECT") else "commit"] += 1

    def _commit(self, *_: Any) -> None:
        self["commit"] += 1
        self["sent"] += 1

    def _checkout(self, *_: Any) -> None:
        self["checkout"] += 1

    def close(self) -> None:
        sqlalchemy.event.remove(self.engine, "before_cursor_execute", self._statement)
        sqlalchemy.event.remove(self.engine, "commit", self._commit)
        sqlalchemy.event.remove(self.engine, "checkout", self._checkout)


def cpu_by_package(work: Callable[[int], None], runs: int) -> list[tuple[str, float]]:
    """Share (%) of CPU per package (own time of its functions) under cProfile."""
    import cProfile
    import pstats

    profiler = cProfile.Profile(time.process_time)
    profiler.enable()
    for number in range(runs):
        work(number)
    profiler.disable()
    spent: dict[str, float] = defaultdict(float)
    for (filename, _, function), row in pstats.Stats(profiler).stats.items():  # type: ignore[attr-defined]
        spent[package_of(filename, function)] += row[2]
    total = sum(spent.values()) or 1.0
    return sorted(((name, 100 * t / total) for name, t in spent.items()), key=lambda i: -i[1])


def package_of(filename: str, function: str) -> str:
    """Top-level package of a profiled function; C functions by their extension module."""
    import re

    if filename == "~":
        found = re.search(r"of '([\w.]+?)[.']", function) or re.search(r"method ([\w]+)", function)
        return f"{found.group(1) if found else 'builtins'} (C)"
    path = Path(filename)
    if "site-packages" in path.parts:
        return path.parts[path.parts.index("site-packages") + 1].removesuffix(".py")
    if path.is_relative_to(ROOT):
        return path.relative_to(ROOT).parts[0]
    return "stdlib: " + path.stem if "lib" in path.parts else str(path.name)


def status_round_trips(sim: SimulatorHandle, runs: int = 40) -> list[float]:
    """ms per NfeStatusServico call (new mutual-TLS connection each, as the service does)."""
    from documents.certificates import load_pkcs12
    from documents.transmission.endpoints import Environment
    from documents.transmission.nfe import NfeClient
    from documents.transmission.settings import TransmissionSettings
    from documents.transmission.tls import client_context
    from documents.transmission.transport import Route, SoapTransport

    pfx = a1_for(sim, company_cnpj(0))
    context = client_context(load_pkcs12(pfx, A1_PASSWORD), ca_bundle=str(sim.ca_bundle))
    settings = TransmissionSettings(authority_url=sim.base_url, ca_bundle=str(sim.ca_bundle))
    client = NfeClient(SoapTransport(settings, context), Route("SP", Environment.HOMOLOGATION))
    client.status()
    spent = []
    for _ in range(runs):
        began = time.perf_counter()
        client.status()
        spent.append((time.perf_counter() - began) * 1000)
    return sorted(spent)


def nagle_probe(sim: SimulatorHandle, workdir: Path) -> tuple[float, float]:
    """Median status round trip against the simulator process as it runs, and against the same
    simulator code in this process with TCP_NODELAY on its handler (`disable_nagle_algorithm`):
    the simulator writes headers and body separately, and the second write waits for the
    client's delayed ACK."""
    from simulator import server
    from simulator.testing import running_simulator

    as_is = statistics.median(status_round_trips(sim))
    server.AuthorityHandler.disable_nagle_algorithm = True
    try:
        with running_simulator(workdir) as quick:
            nodelay = statistics.median(status_round_trips(quick))
    finally:
        server.AuthorityHandler.disable_nagle_algorithm = False
    return as_is, nodelay


# ---------------------------------------------------------------- the queue (respond-async)


@dataclass
class QueueRun:
    """Accepting `tasks` queued requests with no worker, then two workers draining them."""

    accept: Run
    waiting: dict[str, int]
    """rq jobs waiting per queue when the workers started."""
    drain: api_queue.Drain
    started: float
    """time.time() of the first worker's registration: the drain's start."""
    cpu_window: float
    """Seconds between the two CPU snapshots (first registration to the drain's end)."""
    boot_s: float
    """Launch to registration of the slower worker (app start-up, not in the drain)."""
    cpu: dict[str, float]

    @property
    def accepted(self) -> int:
        return len(self.accept.ok)

    @property
    def drain_s(self) -> float:
        last = self.drain.last_final
        return last.timestamp() - self.started if last else float("nan")


def queue_run(
    env: dict[str, str], target: Target, db_name: str, master: int, clients: int, tasks: int,
    tmp: Path,
) -> QueueRun:  # fmt: skip
    """POST `tasks` NF-e with `Prefer: respond-async` as fast as `clients` threads go (no worker
    runs, so the answers measure acceptance alone), then drain them with two rq workers."""
    import redis as redis_lib

    queued = replace(target, headers=(("Prefer", "respond-async"),))
    accept = run_load(queued, clients, float("inf"), tasks, ASYNC_TAG)
    print(f"async: {len(accept.ok)} of {tasks} accepted in {accept.wall:.1f} s, "
          f"errors {dict(accept.errors)}", file=sys.stderr, flush=True)  # fmt: skip
    redis = redis_lib.Redis.from_url(REDIS_URL)
    logs = tmp / "workers"
    logs.mkdir()
    try:
        waiting = api_queue.jobs_waiting(redis, env["FISCAL_REDIS_PREFIX"])
        before: dict[str, float] = {}

        def first_registered() -> None:
            before.update(cpu_snapshot(master, db_name), at=time.monotonic())

        with api_queue.rq_workers(env, 2, ROOT, logs) as workers:
            api_queue.await_registration(redis, workers, logs, first_registered)
            drain = api_queue.watch_drain(database_url(db_name), f"{ASYNC_TAG}-", len(accept.ok))
            window = time.monotonic() - before.pop("at")
            cpu = cpu_delta(before, cpu_snapshot(master, db_name))
            cpu["rq workers"] = api_queue.workers_cpu(workers)
    finally:
        redis.close()
    registered = [w.registered or w.launched for w in workers]
    boot = max(r - w.launched for r, w in zip(registered, workers, strict=True))
    print(f"async: drained {drain.statuses} (complete: {drain.complete})", file=sys.stderr)
    return QueueRun(accept, waiting, drain, min(registered), window, boot, cpu)


# ---------------------------------------------------------------- report


def percentile(values: list[float], q: float) -> float:
    """Nearest rank on sorted values."""
    if not values:
        return float("nan")
    rank = max(1, round(q / 100 * len(values) + 0.5))
    return values[min(rank, len(values)) - 1]


def load_table(runs: list[Run]) -> str:
    lines = ["| clients | requests | AUTORIZADA | errors | wall s | documents/s | p50 ms | p90 ms "
             "| p99 ms | max ms | server p50 ms |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]  # fmt: skip
    for run in runs:
        ok = run.ok
        server = sorted(run.server_ms)
        lines.append(
            f"| {run.clients} | {len(run.samples)} | {len(ok)} | {sum(run.errors.values())} "
            f"| {run.wall:.1f} | {len(ok) / run.wall:.1f} | {percentile(ok, 50) * 1000:.0f} "
            f"| {percentile(ok, 90) * 1000:.0f} | {percentile(ok, 99) * 1000:.0f} "
            f"| {(ok[-1] if ok else float('nan')) * 1000:.0f} | {percentile(server, 50):.0f} |"
        )
    return "\n".join(lines)


def cpu_table(runs: list[Run]) -> str:
    names = [n for n in runs[0].cpu if not n.startswith("machine")]
    header = "| clients | " + " | ".join(f"{n}, ms/doc" for n in names)
    lines = [header + " | ours, % of 2 cores | machine busy, % |",
             "|---:|" + "---:|" * (len(names) + 2)]  # fmt: skip
    cores = os.cpu_count() or 1
    for run in runs:
        docs = max(1, len(run.ok))
        cells = [f"{run.cpu.get(n, 0.0) * 1000 / docs:.1f}" for n in names]
        ours = sum(run.cpu.get(n, 0.0) for n in names) / (run.wall * cores) * 100
        busy = run.cpu["machine busy (all processes)"] / (run.wall * cores) * 100
        lines.append(f"| {run.clients} | " + " | ".join(cells) + f" | {ours:.0f} | {busy:.0f} |")
    return "\n".join(lines).replace("% of 2 cores", f"% of {cores} cores")


def profile_table(profile: Profile) -> str:
    rows, calls, runs = profile.rows, profile.calls, profile.runs
    lines = ["| phase | median ms | p90 ms | calls per request |", "|---|---:|---:|---:|"]
    for label in [*profile.labels, REST, "total"]:
        values = sorted(rows[label])
        name = f"**{label}**" if label == "total" else label
        indent = "&nbsp;&nbsp;" if label.startswith("of which") else ""
        name = f"_{name}_" if label.startswith("across") else name
        per_request = f"{calls[label] / runs:g}" if label in calls else ""
        lines.append(f"| {indent}{name} | {statistics.median(values):.1f} "
                     f"| {percentile(values, 90):.1f} | {per_request} |")  # fmt: skip
    return "\n".join(lines)


def simulator_text(runs: list[Run]) -> str:
    """The authority simulator's share, to subtract mentally from the service's numbers."""
    cells = [f"{run.clients} client{'s' if run.clients > 1 else ''} "
             f"{run.cpu.get('simulator', 0.0) * 1000 / max(1, len(run.ok)):.1f}"
             for run in runs]  # fmt: skip
    connections = [f"{run.clients} client{'s' if run.clients > 1 else ''} {run.handshakes} "
                   f"({100 * run.handshakes / max(1, len(run.ok)):.1f} per 100 documents)"
                   for run in runs]  # fmt: skip
    return (
        "Simulator CPU per authorized document, ms: " + ", ".join(cells) + ". New mutual-TLS "
        "connections the service opened to the simulator during each run (a handshake on "
        "both ends; kept-alive connections are reused): " + ", ".join(connections) + "."
    )


def queue_text(queue: QueueRun, clients: int) -> str:
    accept, drain = queue.accept, queue.drain
    latencies = accept.ok
    unfinished = len(latencies) - drain.finished
    errors = sum(accept.errors.values()) + len(latencies) - drain.authorized
    table = "\n".join([
        "| tasks | accepted | accepted/s | accept p50 ms | accept p99 ms | AUTORIZADA "
        "| drain s | drained docs/s | errors |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        f"| {len(accept.samples)} | {queue.accepted} | {queue.accepted / accept.wall:.1f} "
        f"| {percentile(latencies, 50) * 1000:.0f} | {percentile(latencies, 99) * 1000:.0f} "
        f"| {drain.authorized} | {queue.drain_s:.1f} | {drain.authorized / queue.drain_s:.1f} "
        f"| {errors} |",
    ])  # fmt: skip
    docs = max(1, drain.authorized)
    cpu = ", ".join(f"{name} {queue.cpu.get(name, 0.0) * 1000 / docs:.1f}" for name in
                    ("rq workers", "simulator", "PostgreSQL (this database)",
                     "service (gunicorn)"))  # fmt: skip
    cores = os.cpu_count() or 1
    busy = queue.cpu["machine busy (all processes)"] / (queue.cpu_window * cores)
    problems = [
        f"accepting: {', '.join(f'{k} × {v}' for k, v in accept.errors.items())}"
        if accept.errors else "",
        f"tasks by status at the end: {dict(sorted(drain.statuses.items()))}" if errors else "",
        f"{unfinished} unfinished (60 s without progress)" if unfinished else "",
    ]  # fmt: skip
    return "\n\n".join([
        table,
        f"{clients} client threads, `Prefer: respond-async`, distinct pedidos, no rq worker "
        "running while accepting. Drain: 2 `fiscal worker` processes (rq SimpleWorker, jobs in "
        "the worker process), from the first worker's registration to the last task's "
        f"`finalizada_em`; worker start-up ({queue.boot_s:.1f} s for the slower one) not "
        "included. rq jobs waiting when the workers started: "
        + ", ".join(f"{name} {n}" for name, n in queue.waiting.items())
        + (" (notifications from the whole run, worked during the drain too)."
           if queue.waiting.get("notificacoes") else "."),
        f"CPU per drained document, ms: {cpu} (workers' process trees, from registration); "
        f"machine busy {busy * 100:.0f}% of {cores} cores during the drain.",
        "Errors: " + ("; ".join(p for p in problems if p) or "none: every task AUTORIZADA") + ".",
    ])  # fmt: skip


def why_errors(log: Path) -> str:
    """The first answer of each unexpected outcome and the service's last warnings (read while
    its log exists), for the report."""
    answers = "; ".join(f"{outcome}: `{body[:400]}`" for outcome, body in FIRST_ANSWERS.items())
    return f" First answers: {answers}. The {problems(log, limit=5)}"


def clients_text(runs: list[Run]) -> str:
    """The spread of the clients' own medians (fair between clients when narrow) and the
    p99 against the mean Little's law sets (clients ÷ documents/s) for a closed loop."""
    parts = []
    for run in runs:
        if not run.client_medians or not run.ok:
            continue
        low, high = run.client_medians[0] * 1000, run.client_medians[-1] * 1000
        little = run.clients / (len(run.ok) / run.wall) * 1000
        p99 = percentile(run.ok, 99) * 1000
        parts.append(f"{run.clients} clients {low:.0f}–{high:.0f} ms (p99 {p99 / little:.2f} × "
                     f"the mean {little:.0f} ms)")  # fmt: skip
    return "Median latency of each client, lowest–highest: " + "; ".join(parts) + "."


def errors_text(runs: list[Run]) -> str:
    parts = [f"{run.clients} clients: " + ", ".join(f"{k} × {v}" for k, v in run.errors.items())
             for run in runs if run.errors]  # fmt: skip
    return "; ".join(parts) if parts else "none: every request answered 200 AUTORIZADA"


def waits_text(runs: list[Run]) -> str:
    lines = []
    for run in runs:
        states = ", ".join(f"{name} {mean:.2f}" for name, mean in run.db_waits.items())
        tables = ", ".join(f"{name} {mean:.2f}" for name, mean in run.lock_tables.items())
        queues = f"; row-lock queues (tuple locks) by table: {tables}" if tables else ""
        idle = "; ".join(f"`{text}` {mean:.2f}" for text, mean in run.idle_statements.items())
        after = f"; idle in transaction after: {idle}" if idle else ""
        lines.append(f"- {run.clients} clients: {states or 'none seen'}{queues}{after}")
    return "\n".join(lines)


def environment(workers: int, threads: int) -> str:
    import gunicorn as gunicorn_pkg

    with psycopg.connect(PG_ADMIN_URL) as conn:
        row = conn.execute("SHOW server_version").fetchone()
    pg = row[0] if row else "?"
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return (f"{platform.python_implementation()} {platform.python_version()}, "
            f"{os.cpu_count()} cores ({platform.machine()}), gunicorn {gunicorn_pkg.__version__} "
            f"with {workers} workers × {threads} threads (gthread, production mode), "
            f"PostgreSQL {pg}, Redis at {REDIS_URL}; "
            f"load average before the run: {load}; {machine_speed()}")  # fmt: skip


def worker_cpus(master: int) -> str:
    """Where the kernel lets each gunicorn worker run (`Cpus_allowed_list`): one CPU each when
    they are pinned (`service.affinity`, `WORKER_CPU_AFFINITY`)."""
    masks = []
    for pid, ppid, _ in processes():
        if ppid == master:
            status = Path(f"/proc/{pid}/status").read_text()
            masks += [line.split()[1] for line in status.splitlines()
                      if line.startswith("Cpus_allowed_list:")]  # fmt: skip
    return "CPUs of the workers: " + (", ".join(sorted(masks)) or "?")


def machine_speed() -> str:
    """How fast this machine is right now, in two fixed pieces of work of an issuance's kinds:
    its speed drifts between sessions (an RSA-2048 signature measured 0.26 ms on one day and
    0.8 ms on another), so absolute CPU per document compares across runs only with this."""
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import padding, rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    signing = _best_of(lambda: key.sign(b"x" * 64, padding.PKCS1v15(), hashes.SHA1()), 200)
    python = _best_of(lambda: sum(range(100_000)), 50)
    return (f"machine speed: an RSA-2048 signature {signing * 1000:.2f} ms, "
            f"`sum(range(100_000))` {python * 1000:.2f} ms (best of 3 timed batches)")  # fmt: skip


def _best_of(work: Callable[[], Any], times: int) -> float:
    """Seconds of CPU per call of `work`, the best of 3 batches of `times` calls."""
    batches = []
    for _ in range(3):
        began = time.process_time()
        for _ in range(times):
            work()
        batches.append((time.process_time() - began) / times)
    return min(batches)


# ---------------------------------------------------------------- main


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 4, 16])
    parser.add_argument("--duration", type=float, help="seconds per concurrency (20; quick 5)")
    parser.add_argument("--count", type=int, default=0, help="stop after this many requests "
                        "per concurrency (0: only the duration limits)")  # fmt: skip
    parser.add_argument("--workers", type=int, default=production_workers(),
                        help="gunicorn workers (default: the service's, one per core, at "
                        "least 2)")  # fmt: skip
    parser.add_argument("--threads", type=int, default=None,
                        help="threads per gunicorn worker (default: the service's "
                        f"{PRODUCTION_THREADS})")  # fmt: skip
    parser.add_argument("--companies", type=int, default=1,
                        help="companies of the one account; clients take them in turn")  # fmt: skip
    parser.add_argument("--warmup", type=int, help="requests before measuring (3 per server "
                        "thread, at least 30; quick 2, at least 10)")  # fmt: skip
    parser.add_argument("--profile-runs", type=int, help="sequential profiled issuances, per "
                        "pass (30; quick 10)")  # fmt: skip
    parser.add_argument("--async-tasks", type=int, default=0, help="queued requests "
                        "(Prefer: respond-async) accepted, then drained by 2 rq workers "
                        "(0: skip)")  # fmt: skip
    parser.add_argument("--quick", action="store_true", help="development: --duration 5 "
                        "--profile-runs 10 and a shorter warm-up unless given")  # fmt: skip
    parser.add_argument("--out", type=Path, help="write the markdown report here too")
    args = parser.parse_args()
    threads = args.threads or PRODUCTION_THREADS
    slots = args.workers * threads  # every server thread's first request warm
    for name, normal, quick in (("duration", 20.0, 5.0), ("warmup", max(30, 3 * slots),
                                max(10, 2 * slots)), ("profile_runs", 30, 10)):  # fmt: skip
        if getattr(args, name) is None:
            setattr(args, name, quick if args.quick else normal)
    if args.companies < 1 or min(args.clients) < 1 or args.workers < 1:
        parser.error("--companies, --clients and --workers must be at least 1")
    if args.profile_runs < 1 or args.async_tasks < 0:
        parser.error("--profile-runs must be at least 1, --async-tasks not negative")
    env_line = environment(args.workers, threads)
    started = time.monotonic()
    with contextlib.ExitStack() as stack:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-api-")))
        db_name = stack.enter_context(fresh_database())
        sim = stack.enter_context(running_simulator_process(tmp / "simulator"))
        prefix = f"fiscal-bench-{secrets.token_hex(6)}:"
        stack.callback(api_queue.forget_redis_keys, REDIS_URL, prefix)  # after the processes
        env = service_env(db_name, tmp / "service", sim, prefix)
        fiscal(env, "db", "upgrade")
        key = create_account(env)
        log = tmp / "gunicorn.log"
        base, master = stack.enter_context(gunicorn(env, args.workers, log, args.threads))
        env_line += "; " + worker_cpus(master)
        codes = [make_ready(base, key, sim, index) for index in range(args.companies)]
        target = Target(base, key, tuple(codes) if len(codes) > 1 else (None,))
        print(f"ready: {base}, database {db_name}, simulator {sim.base_url}", file=sys.stderr)
        # as many connections as the largest run, at least one per company: every company
        # issues before the clock starts on every worker a connection lands on (its counter
        # made, its rule set compiled, its PKCS#12 opened), so no run measures a cold process
        warmers = max(min(args.workers, 8), args.companies, *args.clients)
        warm = run_load(target, min(warmers, args.warmup), float("inf"), args.warmup, "warm")
        if warm.errors:
            raise RuntimeError(f"warm-up failed: {warm.errors}; answers: {FIRST_ANSWERS}; "
                               f"{problems(log)}")  # fmt: skip
        _, offset = server_durations(log, 0)
        runs = []
        for clients in args.clients:
            before, connected = cpu_snapshot(master, db_name), sim.tls_handshakes()
            with WaitSampler(db_name) as waits:
                run = run_load(target, clients, args.duration, args.count, f"n{clients}")
            run.cpu = cpu_delta(before, cpu_snapshot(master, db_name))
            run.handshakes = sim.tls_handshakes() - connected
            run.db_waits, run.lock_tables = waits.average(), waits.contended_tables()
            run.idle_statements = waits.idle_in_transaction()
            run.server_ms, offset = server_durations(log, offset)
            runs.append(run)
            print(f"{clients} clients: {len(run.ok)} documents in {run.wall:.1f} s, "
                  f"errors {dict(run.errors)}", file=sys.stderr, flush=True)  # fmt: skip
        profile = profile_requests(env, target, args.profile_runs, "prof", db_name)
        queue = None
        if args.async_tasks:
            queue = queue_run(env, target, db_name, master, max(args.clients), args.async_tasks,
                              tmp)  # fmt: skip
        nagle = nagle_probe(sim, tmp / "probe-simulator")
        with psycopg.connect(database_url(db_name)) as conn:
            stored = conn.execute("SELECT status, count(*) FROM fiscal_documents GROUP BY status "
                                  "ORDER BY status").fetchall()  # fmt: skip
        at_authority = Counter(d["status"] for d in sim.state()["documents"])
        why = why_errors(log) if FIRST_ANSWERS else ""
    elapsed = time.monotonic() - started
    sent = sum(len(r.samples) for r in runs) + len(warm.samples) + 3 * args.profile_runs + 1
    sent += len(queue.accept.samples) if queue else 0
    companies = f"{args.companies} compan{'y' if args.companies == 1 else 'ies'} of one account"
    if args.companies > 1:
        companies += (
            f" (distinct CNPJs, an A1 each; client i posts for company i mod {args.companies})"
        )
    text = "\n\n".join([
        "## Run " + dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "Environment: " + env_line + ".",
        f"Each concurrency ran {args.duration:g} s"
        + (f" (at most {args.count} requests)" if args.count else "")
        + f" after {args.warmup} warm-up requests; one-item NF-e, registered product and "
        f"customer; {companies}; whole run {elapsed:.0f} s including setup.",
        "### Sustained issuance (client-side latency of 200 AUTORIZADA answers)",
        load_table(runs),
        f"Errors: {errors_text(runs)}. \"server p50\" is the service's own `duration_ms` "
        "(access log) for the same requests." + why,
        clients_text(runs),
        simulator_text(runs),
        "### CPU per authorized document (from /proc, during each run)",
        cpu_table(runs),
        "### PostgreSQL backends of this database during each run (mean count, sampled 10/s)",
        waits_text(runs),
        f"### Where one request's time goes ({args.profile_runs} sequential issuances in-process, "
        "no other load from this benchmark)",
        profile_table(profile),
        f"CPU of one issuance in the service process ({args.profile_runs} more, sequential): "
        f"{profile.cpu_ms:.1f} ms per request; {profile.statements:.0f} SQL statements, "
        f"{profile.commits:.1f} commits of writing transactions ({profile.sent:.1f} of them a "
        f"`COMMIT` the service sends, the rest autocommitted statements), {profile.reads:.1f} "
        f"autocommitted reads, {profile.transactions:.1f} transactions (PostgreSQL xact_commit, "
        f"the reads included) per request; {profile.checkouts:.1f} pool checkouts per request "
        "(the autocommitted statements run on the lane's connections, `service.lane`, and "
        "take none; a connection idle longer than `service.db.IDLE_PING_SECONDS` is pinged "
        "first, a transaction xact_commit counts and SQLAlchemy's events do not). "
        "Share of that CPU by package under cProfile "
        f"({args.profile_runs} more; the "
        "profiler's per-call cost inflates call-heavy Python code, so read it as a ranking): "
        + ", ".join(f"{name} {share:.0f}%" for name, share in profile.packages[:12]) + ".",
        f"Simulator round trip (NfeStatusServico, new mutual-TLS connection each, median of 40): "
        f"{nagle[0]:.1f} ms against the simulator process as it runs; {nagle[1]:.1f} ms against "
        "the same simulator code with TCP_NODELAY on its handler (in this process).",
        *([f"### Queued issuance (`Prefer: respond-async`, {args.async_tasks} tasks)",
           queue_text(queue, max(args.clients))] if queue else []),
        "### Checks",
        f"- {sent} issuance requests sent in all; stored documents by status: "
        + ", ".join(f"{s} {n}" for s, n in stored)
        + "; at the simulator: " + ", ".join(f"{s} {n}" for s, n in sorted(at_authority.items()))
        + ".",
    ])  # fmt: skip
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
