"""Mail from real issuances against the simulator: the fiscal code records the notices in the
transaction that changes the document, and `autorizada` exists only after the official result."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from service.notify.mail.models import MailStatus
from simulator.testing import SimulatorHandle, running_simulator
from tests.api.mail.helpers import PANEL, mail_settings, perform_all, rows
from tests.api.mail.smtp_sink import SmtpSink
from tests.api.nfe.helpers import (
    add_customer,
    add_product,
    authority_settings,
    nfe_body,
    ready_company,
)

API = "/api/v1"
PREFS = API + "/fiscal/notificacoes/preferencias"
ALL_KINDS = ["autorizada", "rejeitada", "acao_necessaria", "pendente"]


@pytest.fixture(scope="module")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimulatorHandle]:
    with running_simulator(Path(tmp_path_factory.mktemp("authority-mail"))) as handle:
        yield handle


@pytest.fixture
def setup(app_factory: Any, sim: SimulatorHandle, sink: SmtpSink) -> tuple[Any, Any, Any]:
    app = app_factory(**authority_settings(sim), **mail_settings(sink.port))
    client = app.test_client()
    rt = app.extensions["fiscal"]
    ready = ready_company(client, rt, sim)
    add_product(rt, ready)
    add_customer(rt, ready)
    prefs = {"tipos": ALL_KINDS, "emails": ["fiscal@cliente.com.br"]}
    assert client.put(PREFS, headers=ready.headers, json=prefs).status_code == 200
    return app, client, ready


def test_authorized_issuance_mails_once(setup: Any, sink: SmtpSink) -> None:
    app, client, ready = setup
    answer = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    doc = answer.get_json()
    assert answer.status_code == 200, doc
    replay = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    assert replay.headers["Idempotent-Replay"] == "true"

    assert [(r.tipo, r.referencia) for r in rows(app)] == [("autorizada", doc["id"])]
    perform_all(app)
    [got] = sink.received
    text = got.message.get_body(("plain",))
    assert text is not None
    body = text.get_content()
    assert doc["chave"] in body and f"{PANEL}/documentos/{doc['id']}" in body
    assert "/xml" not in got.raw.decode("utf-8", "replace")
    assert rows(app)[0].status == MailStatus.ENVIADO


def test_authorized_issuance_mails_the_account_with_default_preferences(
    app_factory: Any, sim: SimulatorHandle, sink: SmtpSink
) -> None:
    """No preference stored: the default sends `autorizada` to the account's e-mail."""
    app = app_factory(**authority_settings(sim), **mail_settings(sink.port))
    client, rt = app.test_client(), app.extensions["fiscal"]
    ready = ready_company(client, rt, sim)
    add_product(rt, ready)
    add_customer(rt, ready)
    origem = client.get(PREFS, headers=ready.headers).get_json()["origem"]
    assert origem == "padrao"
    answer = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    doc = answer.get_json()
    assert answer.status_code == 200, doc

    assert [(r.tipo, r.referencia) for r in rows(app)] == [("autorizada", doc["id"])]
    perform_all(app)
    [got] = sink.received
    assert "autorizada" in got.message["Subject"]
    assert got.message["To"] == rows(app)[0].destinatario
    assert rows(app)[0].status == MailStatus.ENVIADO


def test_rejection_mails_the_code_and_reason(
    setup: Any, sim: SimulatorHandle, sink: SmtpSink
) -> None:
    app, client, ready = setup
    sim.set_fault(
        "reject",
        scope=f"cnpj:{ready.cnpj}",
        code="778",
        reason="Rejeicao: Informado NCM inexistente",
        times=1,
    )
    answer = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    assert answer.status_code == 422, answer.get_json()

    assert [r.tipo for r in rows(app)] == ["rejeitada"]
    perform_all(app)
    [got] = sink.received
    assert "código 778" in got.message["Subject"]
    plain = got.message.get_body(("plain",))
    assert plain is not None and "NCM inexistente" in plain.get_content()


def test_authorized_mail_only_after_the_official_result(setup: Any, sim: SimulatorHandle) -> None:
    app, client, ready = setup
    sim.set_fault(
        "drop_after_processing", scope=f"cnpj:{ready.cnpj}", times=1, service="NFeAutorizacao4"
    )
    first = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    doc = first.get_json()
    assert first.status_code == 202, doc
    assert [r.tipo for r in rows(app)] == ["pendente"]  # the authority did authorize, unseen

    reconciled = client.get(f"{API}/nfe/{doc['id']}", headers=ready.headers).get_json()
    assert reconciled["status"] == "AUTORIZADA"
    kinds = [r.tipo for r in rows(app)]
    assert kinds.count("autorizada") == 1
    print("KINDS", kinds)
    assert kinds.count("pendente") <= 1
