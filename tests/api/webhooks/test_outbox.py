"""`record_event`: in the caller's transaction, one delivery per matching active webhook,
announced only after commit, nothing stored when nobody listens."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import func, select

from service.db import transaction
from service.notify.webhooks.models import WebhookDelivery, WebhookEvent
from service.notify.webhooks.outbox import record_event
from tests.api.webhooks.helpers import (
    SUMMARY,
    deliveries_of,
    emit,
    receiver_app,
    runtime_of,
    subscribe,
    tenant,
)
from tests.factories import make_company


class Announcements:
    def __init__(self) -> None:
        self.seen: list[tuple[str, str]] = []

    def dispatch(self, kind: str, row_id: str) -> None:
        self.seen.append((kind, row_id))


@pytest.fixture
def app(app_factory, receiver):
    return receiver_app(app_factory, receiver)


@pytest.fixture
def rt(app):
    return runtime_of(app)


@pytest.fixture
def announced(rt):
    recorder = Announcements()
    rt.dispatcher.target = recorder
    return recorder


def record(session, who) -> str:
    return record_event(
        session,
        tipo="nfe.authorized",
        account_id=who.account.id,
        company_id=who.company_id,
        ambiente="HOMOLOGACAO",
        data=dict(SUMMARY),
    )


def count(rt, model) -> int:
    with transaction(rt.sessions) as session:
        return int(session.execute(select(func.count()).select_from(model)).scalar_one())


def test_nobody_listening_stores_nothing(rt, announced):
    who = tenant(rt)
    event_id = emit(rt, who)
    assert event_id.startswith("evt_")
    assert count(rt, WebhookEvent) == 0 and count(rt, WebhookDelivery) == 0
    assert announced.seen == []


def test_each_matching_active_webhook_gets_one_delivery(client, rt, receiver, announced):
    who, stranger = tenant(rt), tenant(rt)
    other_company = make_company(rt, who.account.id).id
    everything, _ = subscribe(client, who.live, receiver.url("/all"))
    family, _ = subscribe(client, who.live, receiver.url("/nfe"), eventos=["nfe.*", "*"])
    same_company, _ = subscribe(client, who.live, receiver.url("/c"), empresa_id=who.company_id)
    subscribe(client, who.live, receiver.url("/nfce"), eventos=["nfce.authorized"])
    subscribe(client, who.live, receiver.url("/other"), empresa_id=other_company)
    subscribe(client, who.live, receiver.url("/prod"), ambientes=["PRODUCAO"])
    gone, _ = subscribe(client, who.live, receiver.url("/gone"))
    client.delete(f"/api/v1/webhooks/{gone}", headers=who.live)
    subscribe(client, stranger.live, receiver.url("/stranger"))

    event_id = emit(rt, who, "nfe.authorized", "HOMOLOGACAO")

    rows = deliveries_of(rt, event_id)
    assert sorted(d.subscription_id for d in rows) == sorted([everything, family, same_company])
    assert sorted(announced.seen) == sorted(("webhook", d.id) for d in rows)
    assert all(d.status == "PENDENTE" and d.tentativas == 0 for d in rows)


def test_test_key_webhooks_never_hear_production(client, rt, receiver):
    who = tenant(rt)
    test_hook, _ = subscribe(client, who.test, receiver.url("/test"))
    live_hook, _ = subscribe(client, who.live, receiver.url("/live"))
    production = emit(rt, who, ambiente="PRODUCAO")
    assert [d.subscription_id for d in deliveries_of(rt, production)] == [live_hook]
    homologation = emit(rt, who, ambiente="homologacao")
    assert sorted(d.subscription_id for d in deliveries_of(rt, homologation)) == sorted(
        [test_hook, live_hook]
    )


def test_account_level_events_reach_only_unfiltered_webhooks(client, rt, receiver):
    who = tenant(rt)
    unfiltered, _ = subscribe(client, who.live, receiver.url("/a"))
    subscribe(client, who.live, receiver.url("/b"), empresa_id=who.company_id)
    event_id = emit(rt, who, company_id=None)
    assert [d.subscription_id for d in deliveries_of(rt, event_id)] == [unfiltered]


def test_rolled_back_transaction_leaves_no_event_and_no_announcement(
    client, rt, receiver, announced
):
    who = tenant(rt)
    subscribe(client, who.live, receiver.url())
    with pytest.raises(RuntimeError), transaction(rt.sessions) as session:
        record(session, who)
        raise RuntimeError("the state change failed")
    assert count(rt, WebhookEvent) == 0 and count(rt, WebhookDelivery) == 0
    assert announced.seen == []


def test_announcement_waits_for_the_commit(client, rt, receiver, announced):
    who = tenant(rt)
    subscribe(client, who.live, receiver.url())
    with transaction(rt.sessions) as session:
        record(session, who)
        assert announced.seen == []
    assert len(announced.seen) == 1


def test_payload_is_stored_once_as_bytes_with_the_documented_shape(client, rt, receiver):
    who = tenant(rt)
    subscribe(client, who.live, receiver.url())
    event_id = emit(rt, who, data={**SUMMARY, "contexto": "PRODUTOR_RURAL"})
    with transaction(rt.sessions) as session:
        event = session.get(WebhookEvent, event_id)
    payload = json.loads(event.corpo)
    assert list(payload) == ["id", "tipo", "criado_em", "empresa_id", "data"]
    assert payload["id"] == event_id and payload["tipo"] == "nfe.authorized"
    assert payload["empresa_id"] == who.company_id
    assert payload["data"] == {**SUMMARY, "contexto": "PRODUTOR_RURAL"}


@pytest.mark.parametrize(
    "data",
    [
        {"id": "nfe_1", "xml": '<?xml version="1.0"?><NFe/>'},
        {"id": "nfe_1", "links": [{"cert": "-----BEGIN PRIVATE KEY-----"}]},
        {"id": "nfe_1", "big": "x" * 70_000},
    ],
)
def test_payloads_refuse_documents_keys_and_bulk(client, rt, receiver, data):
    who = tenant(rt)
    subscribe(client, who.live, receiver.url())
    with pytest.raises(ValueError):
        emit(rt, who, data=data)


def test_unknown_kind_or_environment_is_a_programming_error(rt):
    who = tenant(rt)
    with pytest.raises(ValueError):
        emit(rt, who, tipo="nfe.approved")
    with pytest.raises(ValueError):
        emit(rt, who, ambiente="TESTE")
