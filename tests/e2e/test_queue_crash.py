"""Crashes and lost answers around a queued issuance, with real processes.

The API runs in the test process; the work runs in a separate process that the test kills with
SIGKILL: `fiscal worker` (rq on Redis, PostgreSQL) in production mode, `fiscal serve` (the
in-process worker, SQLite) in embedded mode. A real HTTPS webhook receiver verifies every
signature and an aiosmtpd server takes the mail. Whatever happens, each order ends with exactly
one document at the authority, one debit, one `nfe.authorized` webhook and one e-mail.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from service.app import create_app
from service.config import MailSettings, RuntimeMode, Settings
from service.migrate import upgrade
from simulator.testing import SimulatorHandle, running_simulator
from tests import backends
from tests.api.mail.smtp_sink import SmtpSink, wait_until
from tests.api.nfe.helpers import add_customer, add_product, ledger, nfe_body, ready_company
from tests.conftest import _wipe
from tests.unit.notify.webhooks.receiver import Receiver

API = "/api/v1"
KEY = "e2e-crash-secret-" + "y" * 32


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimulatorHandle]:
    with running_simulator(Path(tmp_path_factory.mktemp("authority"))) as handle:
        yield handle


@pytest.fixture
def receiver(tmp_path: Path) -> Iterator[Receiver]:
    with Receiver(tmp_path) as rx:
        yield rx


@pytest.fixture
def smtp() -> Iterator[SmtpSink]:
    sink = SmtpSink().start()
    yield sink
    sink.stop()


ENV = {
    "AUTHORITY_CONNECT_TIMEOUT": "2",
    "AUTHORITY_READ_TIMEOUT": "3",
    "PROCESSING_GRACE_SECONDS": "1",
    "QUEUE_SWEEP_SECONDS": "0.3",
    "QUEUE_POLL_SECONDS": "0.1",
    "QUEUE_RETRY_SCHEDULE": "0.3,0.6,1.2,2.4",
    "NOT_RECEIVED_TOLERANCE_SECONDS": "1",
    "WEBHOOK_RETRY_SCHEDULE": "0.3,0.6,1.2",
    "WEBHOOK_ALLOWED_HOSTS": "localhost",
    "MAIL_TLS": "false",
    "MAIL_FROM": "fiscal@example.com",
    "LOG_JSON": "true",
}


class Deployment:
    """The test process's app (API) plus a killable worker process on the same database."""

    def __init__(self, mode: str, url: str, env: dict[str, str], data_dir: Path) -> None:
        self.mode, self.url, self.env, self.data_dir = mode, url, env, data_dir
        self.process: subprocess.Popen[bytes] | None = None

    def start_worker(self) -> None:
        if self.mode == "production":
            command = ["worker"]
        else:
            command = ["serve", "--port", str(_free_port())]
        self.process = subprocess.Popen(
            [sys.executable, "-c", "from service.cli import main; main()", *command],
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=open(self.data_dir / "worker.log", "ab"),  # noqa: SIM115
            start_new_session=True,
        )

    def kill_worker(self) -> None:
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        self.process = None

    def stop(self) -> None:
        if self.process is not None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill_worker()


def _settings(mode: str, url: str, data_dir: Path, prefix: str, extra: dict[str, Any]) -> Settings:
    production = mode == "production"
    return Settings(
        data_dir=data_dir,
        database_url=url,
        redis_url=backends.REDIS_URL if production else None,
        encryption_key=KEY,
        mode=RuntimeMode.PRODUCTION if production else RuntimeMode.EMBEDDED,
        redis_prefix=prefix,
        testing=True,
        queue_inprocess=False,
        **extra,
    )


@pytest.fixture(params=["embedded", "production"])
def deployment(
    request: pytest.FixtureRequest,
    database_urls: dict[str, str],
    tmp_path: Path,
    sim: SimulatorHandle,
    receiver: Receiver,
    smtp: SmtpSink,
    redis_prefix: str,
) -> Iterator[tuple[Deployment, Flask]]:
    mode: str = request.param
    if mode == "production":
        reason = backends.require_or_skip(
            "postgres" in database_urls and backends.redis_available(), "PostgreSQL and Redis"
        )
        if reason:
            pytest.skip(reason)
        url = database_urls["postgres"]
    else:
        url = f"sqlite:///{tmp_path / 'crash.db'}"
        upgrade(url)
    prefix = redis_prefix + f"crash{os.getpid()}{int(time.time() * 1000) % 100000}:"
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("MAIL_", "WEBHOOK_"))},
        **ENV,
        "DATABASE_URL": url,
        "FISCAL_ENCRYPTION_KEY": KEY,
        "FISCAL_DATA_DIR": str(tmp_path / "data"),
        "FISCAL_REDIS_PREFIX": prefix,
        "AUTHORITY_URL": sim.base_url,
        "AUTHORITY_CA_BUNDLE": str(sim.ca_bundle),
        "WEBHOOK_CA_BUNDLE": str(receiver.ca_path),
        "MAIL_HOST": "127.0.0.1",
        "MAIL_PORT": str(smtp.port),
    }
    if mode == "production":
        env["REDIS_URL"] = backends.REDIS_URL
    else:
        env.pop("REDIS_URL", None)
    extra = {
        "authority_url": sim.base_url,
        "authority_ca_bundle": str(sim.ca_bundle),
        "authority_connect_timeout": 2.0,
        "authority_read_timeout": 3.0,
        "processing_grace_seconds": 1.0,
        "webhook_allowed_hosts": ("localhost",),
        "webhook_ca_bundle": str(receiver.ca_path),
        "webhook_retry_schedule": (0.3, 0.6, 1.2),
        "mail": MailSettings(
            host="127.0.0.1", port=smtp.port, sender="fiscal@example.com", tls=False
        ),
    }
    app = create_app(_settings(mode, url, tmp_path, prefix, extra))
    deployment = Deployment(mode, url, env, tmp_path)
    try:
        yield deployment, app
    finally:
        deployment.stop()
        _wipe(app)
        app.extensions["fiscal"].engine.dispose()


def _subscribe(client: Any, headers: dict[str, str], receiver: Receiver) -> None:
    answer = client.post(
        API + "/webhooks", headers=headers, json={"url": receiver.url(), "eventos": ["*"]}
    )
    assert answer.status_code == 201, answer.get_json()
    receiver.secrets.append(answer.get_json()["segredo"])


def _prefer_mail(client: Any, headers: dict[str, str]) -> None:
    answer = client.put(
        API + "/fiscal/notificacoes/preferencias",
        headers=headers,
        json={
            "tipos": ["autorizada", "rejeitada", "acao_necessaria"],
            "emails": ["ops@example.com"],
        },
    )
    assert answer.status_code == 200, answer.get_json()


def _task(client: Any, headers: dict[str, str], task_id: str) -> dict[str, Any]:
    body: dict[str, Any] = client.get(
        f"{API}/fiscal/solicitacoes/{task_id}", headers=headers
    ).get_json()
    return body


def _kinds(receiver: Receiver) -> list[str]:
    return [json.loads(r.body)["tipo"] for r in receiver.requests if r.answered == 200]


@pytest.mark.parametrize("fault", ["killed_while_sending", "answer_lost"])
def test_one_document_one_debit_one_webhook_one_mail(
    deployment: tuple[Deployment, Flask],
    fault: str,
    sim: SimulatorHandle,
    receiver: Receiver,
    smtp: SmtpSink,
) -> None:
    dep, app = deployment
    client, rt = app.test_client(), app.extensions["fiscal"]
    ready = ready_company(client, rt, sim)
    add_product(rt, ready)
    add_customer(rt, ready)
    _subscribe(client, ready.headers, receiver)
    _prefer_mail(client, ready.headers)
    kind = "hold_after_processing" if fault == "killed_while_sending" else "drop_after_processing"
    sim.set_fault(kind, scope=f"cnpj:{ready.cnpj}", service="NFeAutorizacao4", seconds=30, times=1)
    dep.start_worker()
    queued = client.post(
        API + "/nfe", headers={**ready.headers, "Prefer": "respond-async"}, json=nfe_body()
    )
    assert queued.status_code == 202, queued.get_json()
    task_id = queued.get_json()["solicitacao_id"]

    def at_authority() -> list[dict[str, Any]]:
        return [d for d in sim.state()["documents"] if d["issuer"] == ready.cnpj]

    wait_until(at_authority, timeout=60)
    if fault == "killed_while_sending":
        assert _task(client, ready.headers, task_id)["status"] == "TRANSMITINDO"
        dep.kill_worker()  # SIGKILL between sending and recording
        dep.start_worker()
    done = wait_until(
        lambda: (t := _task(client, ready.headers, task_id))["status"] == "AUTORIZADA" and t,
        timeout=60,
    )
    assert "AGUARDANDO_RETORNO" in [step["para"] for step in done["historico"]]
    wait_until(lambda: "nfe.authorized" in _kinds(receiver), timeout=30)
    wait_until(lambda: smtp.received, timeout=30)
    time.sleep(1.5)  # room for any duplicate to show up before counting
    assert len(at_authority()) == 1 and at_authority()[0]["chave"] == done["chave"]
    debits = [e for e in ledger(rt, ready.account_id) if e[0] == "DEBITO_EMISSAO"]
    assert len(debits) == 1 and debits[0][2] == done["documento_id"]
    kinds = _kinds(receiver)
    assert kinds.count("nfe.authorized") == 1 and kinds.count("fiscal.document.authorized") == 1
    complete = [r for r in receiver.requests if len(r.body) == int(r.headers["Content-Length"])]
    unverified = [(r.headers, r.body[:200]) for r in complete if not r.verified]
    assert complete and not unverified  # a request cut by the SIGKILL cannot verify
    mails = [m for m in smtp.received if "autoriz" in str(m.message["Subject"]).lower()]
    assert len(mails) == 1 and mails[0].envelope_to == ["ops@example.com"]
