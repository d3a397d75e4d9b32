"""Scaling out (issue 41): the product's promises hold across processes that share only
PostgreSQL and Redis.

Each test runs twice, on a cluster of real processes (`tests/e2e/cluster.py`): `one-node` (one
`fiscal serve`, one `fiscal worker`, reached directly) and `two-nodes` (two `fiscal serve`
behind haproxy, round-robin with health checks, and two `fiscal worker`s). Requests go through
every door there is: haproxy and each node directly. What is asserted is what a user sees
through the API (documents, tasks, balance, statement) and what the authority holds.

    scripts/test -m cluster          # these tests only (one and a half to two minutes)
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from typing import Any

import pytest
import requests

from service.queue.defaults import DRAIN_THREADS
from tests.e2e.cluster import ONE_NODE, TWO_NODES, Account, Cluster, running_cluster, unavailable
from tests.e2e.cluster_api import (
    TASK_FINAL,
    Answer,
    Company,
    at_authority,
    balance,
    pages,
    post_nfe,
    ready_company,
    settled,
    statement,
    task,
    wait_until,
)

pytestmark = [
    pytest.mark.cluster,
    pytest.mark.e2e,
    pytest.mark.postgres,
    pytest.mark.xdist_group("cluster"),  # with `--dist loadgroup`, one xdist worker runs them
]

PRICE = Decimal("0.20")
"""`PRICE_NFE`'s default."""


@pytest.fixture(scope="module", params=[ONE_NODE, TWO_NODES], ids=lambda t: t.name)
def cluster(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Cluster]:
    reason = unavailable()
    if reason:
        pytest.skip(reason)
    with running_cluster(request.param, tmp_path_factory.mktemp(request.param.name)) as running:
        yield running


@pytest.fixture(autouse=True)
def intact(cluster: Cluster) -> Iterator[None]:
    """Every node and worker runs when a test starts, whatever the previous one killed; the
    processes' logs are printed afterwards (pytest shows them when the test failed)."""
    for index, node in enumerate(cluster.nodes):
        if not node.alive:
            node.start()
        cluster.wait_node(index)  # healthy, and UP at haproxy
    for index, worker in enumerate(cluster.workers):
        if not worker.alive:
            cluster.restart_worker(index)
    yield
    cluster.sim.clear_faults()
    print(cluster.logs())


@pytest.fixture
def account(cluster: Cluster) -> Account:
    return cluster.new_account(credits="1000.00")


def _company(cluster: Cluster, account: Account) -> Company:
    return ready_company(cluster.entry, account, cluster.sim)


def _numbers(docs: list[dict[str, Any]]) -> list[int]:
    return sorted(int(d["numero"]) for d in docs)


def _assert_wallet_exact(cluster: Cluster, account: Account, credits: str, docs: list[Any]) -> None:
    """What the wallet shows: one debit of the price per authorized document and nothing else,
    the statement's movements add up to the balance, nothing left on hold, never negative.
    Waits (a few seconds at most) for the balance to show every debit: the wallet may settle
    its entries after the answer."""
    authorized = {d["id"] for d in docs if d["status"] == "AUTORIZADA"}
    expected = Decimal(credits) - PRICE * len(authorized)

    def settled_wallet() -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
        shown, entries = balance(cluster.entry, account), statement(cluster.entry, account)
        ready = Decimal(shown["saldo"]) == expected and Decimal(shown["saldo_reservado"]) == 0
        if ready and all(e.get("saldo_posterior") is not None for e in entries):
            return shown, entries
        return None

    found = wait_until(settled_wallet, "the wallet to settle", timeout=15, default=None)
    shown, entries = found or (balance(cluster.entry, account), statement(cluster.entry, account))
    assert Decimal(shown["saldo"]) == expected, (shown, expected, entries)
    assert Decimal(shown["saldo_reservado"]) == 0, shown
    debits = [e for e in entries if e["tipo"] == "DEBITO_EMISSAO"]
    assert Counter(e["documento_id"] for e in debits) == Counter(authorized)  # one each
    assert all(abs(Decimal(e["valor"])) == PRICE for e in debits), debits
    assert not [e for e in entries if e["tipo"] == "ESTORNO"]  # nothing was rejected
    moved = sum(Decimal(e["saldo_posterior"]) - Decimal(e["saldo_anterior"]) for e in entries)
    assert moved == Decimal(shown["saldo"]), entries
    assert min(Decimal(e["saldo_posterior"]) for e in entries) >= 0


def _assert_one_authorized_document_per_order(
    cluster: Cluster, company: Company, pedidos: list[str]
) -> list[dict[str, Any]]:
    """Each order one AUTORIZADA document (no second attempt), numbers 1..N with no gap and
    no repeat, and the authority holding exactly those documents."""
    docs = settled(cluster.entry, company, timeout=90)
    assert Counter(d["pedido"] for d in docs) == Counter(pedidos)
    assert {d["status"] for d in docs} == {"AUTORIZADA"}, Counter(d["status"] for d in docs)
    assert _numbers(docs) == list(range(1, len(pedidos) + 1))
    held = at_authority(cluster.sim, company)
    assert sorted(d["chave"] for d in held) == sorted(d["chave"] for d in docs)
    assert {d["status"] for d in held} == {"authorized"}
    return docs


def _spread(cluster: Cluster, count: int) -> list[str]:
    """`count` doors, taking haproxy and each node in turn."""
    doors = cluster.entries
    return [doors[n % len(doors)] for n in range(count)]


def _served_by_every_node(cluster: Cluster) -> None:
    if cluster.topology.balanced:
        stats = cluster.balancer_stats()
        assert all(int(row["stot"]) > 0 for row in stats.values()), stats


def test_concurrent_orders_take_gapless_unique_numbers_on_every_node(
    cluster: Cluster, account: Account
) -> None:
    company = _company(cluster, account)
    pedidos = [f"NUMERO-{n:03d}" for n in range(60)]
    doors = _spread(cluster, len(pedidos))
    sessions = threading.local()

    def send(job: tuple[str, str]) -> Answer:
        if not hasattr(sessions, "http"):
            sessions.http = requests.Session()
        return post_nfe(sessions.http, job[0], company, job[1])

    with ThreadPoolExecutor(max_workers=24) as pool:
        answers = list(pool.map(send, zip(doors, pedidos, strict=True)))
    statuses = Counter((a.status, a.body.get("status")) for a in answers)
    # 202 PENDENTE only if the loaded machine made an answer slower than the read timeout
    assert set(statuses) <= {(200, "AUTORIZADA"), (202, "PENDENTE")}, statuses
    docs = _assert_one_authorized_document_per_order(cluster, company, pedidos)
    assert len({d["chave"] for d in docs}) == len(pedidos)
    _served_by_every_node(cluster)
    _assert_wallet_exact(cluster, account, "1000.00", docs)


def test_one_order_sent_through_every_door_at_once_is_one_document(
    cluster: Cluster, account: Account
) -> None:
    company = _company(cluster, account)
    copies = 48
    doors = _spread(cluster, copies)
    start = threading.Barrier(copies)

    def send(door: str) -> Answer:
        session = requests.Session()
        start.wait()
        return post_nfe(session, door, company, "MESMO-PEDIDO")

    with ThreadPoolExecutor(max_workers=copies) as pool:
        answers = list(pool.map(send, doors))
    statuses = Counter((a.status, a.code or a.body.get("status")) for a in answers)
    assert set(statuses) <= {(200, "AUTORIZADA"), (409, "REQUEST_IN_PROGRESS"),
                             (202, "PENDENTE")}, statuses  # fmt: skip
    assert statuses[(200, "AUTORIZADA")] >= 1, statuses
    ids = {a.body["id"] for a in answers if a.status in (200, 202)}
    assert len(ids) == 1, ids
    originals = [a for a in answers if a.status in (200, 202) and not a.replay]
    assert len(originals) == 1, [(a.door, a.status) for a in originals]
    docs = settled(cluster.entry, company)
    assert [(d["id"], d["numero"], d["status"]) for d in docs] == [(*ids, 1, "AUTORIZADA")]
    assert len(at_authority(cluster.sim, company)) == 1
    again = [post_nfe(requests.Session(), door, company, "MESMO-PEDIDO") for door in doors[:3]]
    assert {(a.status, a.body["id"], a.replay) for a in again} == {(200, *ids, True)}
    _assert_wallet_exact(cluster, account, "1000.00", docs)


def test_a_limited_balance_pays_for_exactly_what_it_holds(cluster: Cluster) -> None:
    """2.10 of credit at 0.20 per NF-e: 100 concurrent orders, synchronous and queued mixed,
    on every node and worker. The wallet is never overdrawn and is charged exactly once per
    authorized document; at most ten are issued, the rest get 402."""
    account = cluster.new_account(credits="2.10")
    company = _company(cluster, account)
    pedidos = [f"SALDO-{n:03d}" for n in range(100)]
    doors = _spread(cluster, len(pedidos))
    start = threading.Barrier(len(pedidos))

    def send(n: int) -> Answer:
        session = requests.Session()
        start.wait()
        return post_nfe(session, doors[n], company, pedidos[n], asynchronous=n % 2 == 1)

    with ThreadPoolExecutor(max_workers=len(pedidos)) as pool:
        answers = list(pool.map(send, range(len(pedidos))))
    statuses = Counter((a.asynchronous, a.status, a.code or a.body.get("status")) for a in answers)
    assert set(statuses) <= {(False, 200, "AUTORIZADA"), (False, 202, "PENDENTE"),
                             (True, 202, "RECEBIDA"), (False, 402, "SALDO_INSUFICIENTE"),
                             (True, 402, "SALDO_INSUFICIENTE")}, statuses  # fmt: skip
    accepted = [a for a in answers if a.status in (200, 202)]
    queued = [a.body["solicitacao_id"] for a in accepted if a.asynchronous]

    def finished() -> list[dict[str, Any]] | None:
        found = [task(cluster.entry, account, t) for t in queued]
        return found if all(t["status"] in TASK_FINAL for t in found) else None

    tasks = wait_until(finished, "the queued orders to finish", timeout=60)
    docs = settled(cluster.entry, company)
    authorized = [d for d in docs if d["status"] == "AUTORIZADA"]
    assert len(docs) == len(authorized) <= 10, Counter(d["status"] for d in docs)
    assert set(Counter(d["pedido"] for d in docs).values()) <= {1}  # one document per order
    assert {d["pedido"] for d in docs} <= {a.pedido for a in accepted}
    assert len(at_authority(cluster.sim, company)) == len(authorized)
    _assert_wallet_exact(cluster, account, "2.10", docs)
    # An order takes its number only with its price held, and a queued request's own hold
    # counts for it: every credit is spent and the numbers have no gap.
    assert Counter(t["status"] for t in tasks) <= Counter({"AUTORIZADA": len(tasks)})
    assert len(authorized) == 10, Counter(d["status"] for d in docs)
    assert _numbers(authorized) == list(range(1, 11))
    assert balance(cluster.entry, account)["saldo"] == "0.10"


class Burst:
    """Client threads sending their orders until each is accepted, the way an ERP resends
    after a lost connection, a 502 from the balancer or a 409 while the order is in flight.
    An answer with a document (200, or 202 PENDENTE: the service reconciles it) or a queued
    task (202) ends the order's requests: the test then reads the outcome from the lists, which
    never query the authority (a `GET` of a PENDENTE document, or a replay, spends one of the
    key's hourly queries)."""

    def __init__(self, cluster: Cluster, company: Company, pedidos: list[str], **kw: Any) -> None:
        self.cluster, self.company, self.pedidos = cluster, company, pedidos
        self.asynchronous: bool = kw.get("asynchronous", False)
        self.answers: list[tuple[float, Answer]] = []
        self.lock = threading.Lock()
        self.pool = ThreadPoolExecutor(max_workers=16)
        self.futures = [self.pool.submit(self._order, pedido) for pedido in pedidos]

    def _order(self, pedido: str) -> Answer:
        session = requests.Session()
        deadline = time.monotonic() + 90
        while True:
            answer = post_nfe(session, self.cluster.entry, self.company, pedido,
                              asynchronous=self.asynchronous)  # fmt: skip
            with self.lock:
                self.answers.append((time.monotonic(), answer))
            if answer.status in (200, 202):
                return answer
            assert answer.status in (0, 409, 502, 503), (answer.status, answer.body)
            assert time.monotonic() < deadline, f"{pedido} never answered: {answer}"
            time.sleep(0.5)
            session = requests.Session()  # a fresh connection after a failure

    def results(self) -> list[Answer]:
        try:
            return [future.result(timeout=120) for future in self.futures]
        finally:
            self.pool.shutdown(wait=False, cancel_futures=True)


def _slow_authority(cluster: Cluster, company: Company, seconds: float) -> None:
    """`seconds` at the authority per NF-e, so that several are in flight when a process
    dies."""
    cluster.sim.set_fault("delay", scope=f"cnpj:{company.cnpj}", service="NFeAutorizacao4",
                          seconds=seconds)  # fmt: skip


def test_a_node_killed_mid_burst_loses_nothing_and_doubles_nothing(
    cluster: Cluster, account: Account
) -> None:
    """SIGKILL to a node (gunicorn's master and worker) while it has requests at the
    authority. Two nodes: the other one keeps serving through haproxy. One node: it is
    started again, as a supervisor would. Afterwards every order has one document, the
    uncertain ones reconciled by the workers, and the wallet is exact."""
    company = _company(cluster, account)
    _slow_authority(cluster, company, 0.3)
    pedidos = [f"NO-{n:03d}" for n in range(40)]
    burst = Burst(cluster, company, pedidos)
    wait_until(lambda: len(at_authority(cluster.sim, company)) >= 6, "the burst to start", 30)
    cluster.kill_node(0)
    killed = time.monotonic()
    if not cluster.topology.balanced:
        time.sleep(1)
        cluster.restart_node(0)
    final = burst.results()
    assert {(a.status, a.body.get("status")) for a in final} <= {
        (200, "AUTORIZADA"),
        (202, "PENDENTE"),
    }, Counter((a.status, a.body.get("status")) for a in final)
    served_after = {a.pedido for t, a in burst.answers if t > killed and a.status == 200}
    assert served_after, "no order was answered after the kill"
    cut = [a for _, a in burst.answers if a.status in (0, 502, 503)]
    assert cut, "the kill cut no request"  # requests were in flight on the killed node
    if cluster.topology.balanced:
        cluster.nodes[0].start()  # back while the workers reconcile
    docs = _assert_one_authorized_document_per_order(cluster, company, pedidos)
    _assert_wallet_exact(cluster, account, "1000.00", docs)
    cluster.wait_node(0)


def test_a_worker_killed_mid_burst_loses_nothing_and_doubles_nothing(
    cluster: Cluster, account: Account
) -> None:
    """SIGKILL to a worker while its drain job has tasks at the authority. Two workers: the
    other one finishes the queue (the killed one's tasks once their lease expires). One
    worker: it is started again. Every task ends AUTORIZADA with one document each."""
    company = _company(cluster, account)
    _slow_authority(cluster, company, 0.5)  # a drain thread's time is nearly all at the authority
    pedidos = [f"FILA-{n:03d}" for n in range(30)]
    queued = Burst(cluster, company, pedidos, asynchronous=True).results()
    assert {a.status for a in queued} == {202}, Counter(a.status for a in queued)
    tasks = [a.body["solicitacao_id"] for a in queued]

    def every_drain_thread_sending() -> list[int] | None:
        """The busy workers, once as many tasks are at the authority as they have drain
        threads: whichever is killed then has tasks sent and unanswered (a worker killed
        while its threads were still preparing left only unsent tasks behind)."""
        busy = cluster.busy_workers()
        found = pages(cluster.entry, account, "/fiscal/solicitacoes", "itens",
                      empresa=company.codigo, status="TRANSMITINDO")  # fmt: skip
        sending = len(found) >= max(2, len(busy) * DRAIN_THREADS)
        return busy if busy and sending and len(at_authority(cluster.sim, company)) >= 4 else None

    busy = wait_until(every_drain_thread_sending, "the workers to be sending", 30)[0]
    cluster.kill_worker(busy)
    if not cluster.topology.balanced:
        time.sleep(1)
        cluster.restart_worker(busy)

    def finished() -> list[dict[str, Any]] | None:
        found = [task(cluster.entry, account, t) for t in tasks]
        return found if all(t["status"] in TASK_FINAL for t in found) else None

    final = wait_until(finished, "every task to finish", timeout=90)
    assert Counter(t["status"] for t in final) == {"AUTORIZADA": len(tasks)}
    paths = Counter(tuple(step["para"] for step in t["historico"]) for t in final)
    # the kill left tasks sent and unanswered: they were queried, never sent again
    assert any("AGUARDANDO_RETORNO" in path for path in paths), paths
    docs = _assert_one_authorized_document_per_order(cluster, company, pedidos)
    assert {t["documento_id"] for t in final} == {d["id"] for d in docs}
    _assert_wallet_exact(cluster, account, "1000.00", docs)
