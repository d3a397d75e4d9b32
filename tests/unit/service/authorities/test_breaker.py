"""The breaker on both databases: failures open it with one `autoridade.fora` per interested
account, an answer closes it with `autoridade.normalizada`, a healthy authority costs no SQL,
and one prober at a time claims a due probe."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event, select

from documents.transmission.outcome import NotSent, NotSentReason, Rejected
from service.authorities import breaker, probe
from service.authorities.keys import AuthorityKey
from service.authorities.models import AuthorityState
from service.db import transaction, utcnow
from service.notify.webhooks.models import WebhookEvent
from service.runtime import Runtime
from tests.factories import auth, make_account, make_company

KEY = AuthorityKey("55", "SP", "HOMOLOGACAO")
REFUSED = NotSent(NotSentReason.CONNECTION_REFUSED, "[Errno 111] Connection refused")


@pytest.fixture
def app(app_factory: Any) -> Flask:
    made: Flask = app_factory(webhook_allowed_hosts=("localhost",))
    return made


def _company(rt: Runtime, account_id: str, uf: str, modulos: list[str] | None = None) -> str:
    company = make_company(rt, account_id, modulos=modulos)
    with transaction(rt.sessions) as session:
        row = session.get(type(company), company.id)
        assert row is not None
        row.uf = uf
    return company.id


def _subscribed(app: Flask, key: str, eventos: list[str]) -> None:
    body = {"url": "https://localhost:9/fiscal", "eventos": eventos}
    answer = app.test_client().post("/api/v1/webhooks", headers=auth(key), json=body)
    assert answer.status_code == 201, answer.get_json()


def _events(rt: Runtime) -> list[dict[str, Any]]:
    with transaction(rt.sessions) as session:
        rows = session.execute(select(WebhookEvent).order_by(WebhookEvent.created_at)).scalars()
        return [{"account": r.account_id, **json.loads(r.corpo)} for r in rows]


def _row(rt: Runtime, key: AuthorityKey = KEY) -> AuthorityState:
    with transaction(rt.sessions) as session:
        found = session.get(AuthorityState, (key.modelo, key.autorizador, key.ambiente))
        assert found is not None
        return found


@contextmanager
def _statements(rt: Runtime) -> Iterator[list[str]]:
    seen: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        seen.append(statement)

    event.listen(rt.engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(rt.engine, "before_cursor_execute", count)


def test_three_failures_open_it_and_an_answer_closes_it_with_webhooks(app: Flask, rt: Runtime):
    shop, other = make_account(rt), make_account(rt)
    _company(rt, shop.id, "SP")
    _company(rt, other.id, "RJ")  # served by SVRS: not this authority
    _subscribed(app, shop.live, ["autoridade.*"])
    _subscribed(app, other.live, ["*"])
    with app.app_context():
        breaker.not_delivered(rt, KEY, REFUSED)
        assert _row(rt).status == "DEGRADADA" and _row(rt).falhas_consecutivas == 1
        breaker.not_delivered(rt, KEY, REFUSED)
        assert _events(rt) == []
        breaker.not_delivered(rt, KEY, REFUSED)
    row = _row(rt)
    assert (row.status, row.falhas_consecutivas, row.causa) == ("FORA", 3, "CONNECTION_REFUSED")
    assert row.motivo == "a autoridade recusou a conexão" and row.contingencia is None
    [fora] = _events(rt)
    assert fora["account"] == shop.id and fora["tipo"] == "autoridade.fora"
    data = fora["data"]
    assert (data["autorizador"], data["modelo"], data["ambiente"]) == ("SP", "55", "HOMOLOGACAO")
    assert data["status"] == "FORA" and data["desde"] == row.desde.isoformat()
    assert data["ultima_resposta"]["causa"] == "CONNECTION_REFUSED"
    assert data["ufs"] == ["SP"] and data["falhas_consecutivas"] == 3

    with app.app_context():
        breaker.not_delivered(rt, KEY, REFUSED)  # still FORA: no second notice
        breaker.delivered(rt, KEY)
    row = _row(rt)
    assert (row.status, row.falhas_consecutivas, row.fora_anunciada) == ("ONLINE", 0, False)
    kinds = [e["tipo"] for e in _events(rt)]
    assert kinds == ["autoridade.fora", "autoridade.normalizada"]


def test_a_rejection_is_the_authority_working_never_fora(app: Flask, rt: Runtime) -> None:
    rejected = Rejected("225", "Rejeicao: Falha no Schema XML", b"")
    with app.app_context():
        for _ in range(5):
            breaker.not_delivered(rt, KEY, REFUSED)
            breaker.record(rt, KEY, breaker.classify(rejected))  # type: ignore[arg-type]
    row = _row(rt)
    assert (row.status, row.falhas_consecutivas, row.c_stat) == ("ONLINE", 0, "225")


def test_a_healthy_authority_costs_no_sql_once_seen(app: Flask, rt: Runtime) -> None:
    answer = breaker.classify(Rejected("539", "Duplicidade", b""))
    assert answer is not None
    with app.app_context():
        with _statements(rt) as first:
            breaker.record(rt, KEY, answer)
        assert first and not any(s.lstrip().upper().startswith(("INSERT", "UPDATE")) for s in first)
        with _statements(rt) as then:
            for _ in range(50):
                breaker.record(rt, KEY, answer)
        assert then == []


def test_another_process_failures_are_seen_after_the_view_expires(
    app: Flask, rt: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    with app.app_context():
        breaker.delivered(rt, KEY)  # this process sees it healthy
        breaker.view().forget()
        breaker.not_delivered(rt, KEY, REFUSED)  # "another process": the row is DEGRADADA
        breaker.view().put(KEY, breaker.rules.HEALTHY)
        breaker.delivered(rt, KEY)  # trusted view: nothing read
        assert _row(rt).status == "DEGRADADA"
        monkeypatch.setattr(breaker.defaults, "VIEW_SECONDS", 0.0)
        breaker.delivered(rt, KEY)
    assert _row(rt).status == "ONLINE"


def test_one_prober_claims_a_due_probe(app: Flask, rt: Runtime) -> None:
    now = utcnow()
    with app.app_context(), transaction(rt.sessions) as session:
        breaker.locked(session, KEY, now)
    assert probe.claim(rt, KEY, now) is True
    assert probe.claim(rt, KEY, now) is False
    later = now + timedelta(seconds=rt.settings.authority_probe_seconds + 1)
    assert probe.claim(rt, KEY, later) is True
