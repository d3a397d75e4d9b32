"""Delivery to a real local HTTPS receiver that verifies signatures with the documented recipe
(reliability.md §4 T10a): re-signed retries, rotation, replay protection, 410, redirects, the
delivery log, and no transaction held across the HTTP call."""

from __future__ import annotations

import json
import logging
import threading
from datetime import timedelta

import pytest
from sqlalchemy import update

from service.companies.revision import bump
from service.db import transaction, utcnow
from service.notify.webhooks.client import Network, system_connect
from service.notify.webhooks.delivery import perform
from service.notify.webhooks.models import WebhookDelivery, WebhookEvent, WebhookSubscription
from tests.api.webhooks.helpers import (
    deliveries_of,
    delivery,
    drive,
    emit,
    loopback_resolver,
    receiver_app,
    runtime_of,
    subscribe,
    tenant,
    use_network,
)
from tests.unit.notify.webhooks.receiver import Canary, Reply
from tests.unit.notify.webhooks.recipe import verifies
from tests.unit.notify.webhooks.test_client import RecordingConnector


@pytest.fixture
def app(app_factory, receiver):
    return receiver_app(app_factory, receiver)


@pytest.fixture
def rt(app):
    return runtime_of(app)


class SteppingClock:
    """Unix time that moves `step` seconds at every attempt (compressed retry schedule)."""

    def __init__(self, start: float, step: float) -> None:
        self.now, self.step = start, step

    def attempt(self) -> float:
        self.now += self.step
        return self.now

    def receipt(self) -> float:
        return self.now


def one_delivery(rt, event_id: str) -> str:
    [row] = deliveries_of(rt, event_id)
    return row.id


def entregas(client, headers, webhook_id: str, query: str = "") -> dict:
    response = client.get(f"/api/v1/webhooks/{webhook_id}/entregas{query}", headers=headers)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_delivery_is_signed_and_the_receiver_verifies_it(client, app, rt, receiver):
    who = tenant(rt)
    webhook_id, secret = subscribe(client, who.live, receiver.url())
    receiver.secrets = [secret]
    event_id = emit(rt, who)
    done = drive(app, one_delivery(rt, event_id))
    assert done.status == "ENTREGUE" and done.tentativas == 1 and done.entregue_em
    [got] = receiver.requests
    assert got.verified
    assert got.headers["X-Webhook-Id"] == event_id
    assert got.headers["Content-Type"] == "application/json"
    assert got.headers["User-Agent"].startswith("FiscalWebhooks/")
    assert got.headers["X-Webhook-Signature"].startswith("sha256=")
    assert "," not in got.headers["X-Webhook-Signature"]
    with transaction(rt.sessions) as session:
        assert got.body == session.get(WebhookEvent, event_id).corpo
    payload = json.loads(got.body)
    assert payload["id"] == event_id and payload["tipo"] == "nfe.authorized"
    [item] = entregas(client, who.live, webhook_id)["itens"]
    assert item["status"] == "ENTREGUE" and item["evento_id"] == event_id
    [attempt] = item["historico"]
    assert attempt["status_http"] == 200 and attempt["erro"] is None
    assert attempt["latencia_ms"] >= 0 and attempt["em"]
    assert attempt["timestamp"] == int(got.headers["X-Webhook-Timestamp"])


def test_retries_are_resigned_with_fresh_timestamps_and_the_same_id(client, app, rt, receiver):
    clock = SteppingClock(utcnow().timestamp(), step=400)
    use_network(
        app, Network(resolve=loopback_resolver, connect=system_connect, clock=clock.attempt)
    )
    receiver.clock = clock.receipt
    who = tenant(rt)
    webhook_id, secret = subscribe(client, who.live, receiver.url())
    receiver.secrets = [secret]
    receiver.answer(500, 500)
    event_id = emit(rt, who)

    done = drive(app, one_delivery(rt, event_id))

    assert done.status == "ENTREGUE" and done.tentativas == 3
    first, second, third = receiver.requests
    assert [r.answered for r in receiver.requests] == [500, 500, 200]
    assert all(r.verified for r in receiver.requests)
    assert {r.headers["X-Webhook-Id"] for r in receiver.requests} == {event_id}
    assert first.body == second.body == third.body
    stamps = [int(r.headers["X-Webhook-Timestamp"]) for r in receiver.requests]
    assert stamps[1] - stamps[0] == 400 and stamps[2] - stamps[1] == 400
    assert not verifies(secret, first.headers, first.body, now=third.at)  # unsigned retry = lost
    history = entregas(client, who.live, webhook_id)["itens"][0]["historico"]
    assert [a["status_http"] for a in history] == [500, 500, 200]
    assert [a["numero"] for a in history] == [1, 2, 3]
    assert history[0]["erro"] == "HTTP 500."
    assert [a["timestamp"] for a in history] == stamps


def test_a_captured_delivery_replayed_after_five_minutes_is_rejected(client, app, rt, receiver):
    who = tenant(rt)
    _, secret = subscribe(client, who.live, receiver.url())
    receiver.secrets = [secret]
    drive(app, one_delivery(rt, emit(rt, who)))
    [captured] = receiver.requests
    sent_at = int(captured.headers["X-Webhook-Timestamp"])
    assert verifies(secret, captured.headers, captured.body, now=sent_at + 299)
    assert not verifies(secret, captured.headers, captured.body, now=sent_at + 301)


def test_exhausted_delivery_fails_and_reenviar_sends_it_again(client, app_factory, receiver):
    app = receiver_app(app_factory, receiver, webhook_retry_schedule=(0.0, 0.0))
    rt, client = runtime_of(app), app.test_client()
    who = tenant(rt)
    webhook_id, secret = subscribe(client, who.live, receiver.url())
    receiver.secrets = [secret]
    receiver.default = Reply(status=503)
    delivery_id = one_delivery(rt, emit(rt, who))

    failed = drive(app, delivery_id)
    assert failed.status == "FALHOU" and failed.tentativas == 3
    assert failed.ultimo_status_http == 503
    assert entregas(client, who.live, webhook_id, "?status=FALHOU")["total"] == 1

    receiver.default = Reply(status=204, body=b"")
    again = client.post(
        f"/api/v1/webhooks/{webhook_id}/entregas/{delivery_id}/reenviar", headers=who.live
    )
    assert again.status_code == 202
    assert again.get_json()["entrega"]["status"] == "PENDENTE"
    busy = client.post(
        f"/api/v1/webhooks/{webhook_id}/entregas/{delivery_id}/reenviar", headers=who.live
    )
    assert busy.status_code == 409
    assert busy.get_json()["error"]["code"] == "ENTREGA_EM_ANDAMENTO"
    done = drive(app, delivery_id)
    assert done.status == "ENTREGUE" and done.tentativas == 4
    assert len({r.headers["X-Webhook-Id"] for r in receiver.requests}) == 1
    assert all(r.verified for r in receiver.requests)
    replayed = client.post(
        f"/api/v1/webhooks/{webhook_id}/entregas/{delivery_id}/reenviar", headers=who.live
    )
    assert replayed.status_code == 202  # a delivered one may be sent again too
    missing = client.post(
        f"/api/v1/webhooks/{webhook_id}/entregas/ent_nao_existe/reenviar", headers=who.live
    )
    assert missing.status_code == 404


def test_rotation_signs_with_both_secrets_new_first_until_the_overlap_ends(
    client, app, rt, receiver
):
    who = tenant(rt)
    webhook_id, old = subscribe(client, who.live, receiver.url())
    rotated = client.post(f"/api/v1/webhooks/{webhook_id}/rotacionar-segredo", headers=who.live)
    new = rotated.get_json()["segredo"]
    receiver.secrets = [new]
    drive(app, one_delivery(rt, emit(rt, who)))
    [during] = receiver.requests
    first, second = during.headers["X-Webhook-Signature"].split(",")
    assert receiver.verified_with(new, during) and receiver.verified_with(old, during)
    only_new = {**during.headers, "X-Webhook-Signature": first}
    only_old = {**during.headers, "X-Webhook-Signature": second}
    assert verifies(new, only_new, during.body, during.at)
    assert verifies(old, only_old, during.body, during.at)

    with transaction(rt.sessions) as session:
        session.execute(
            update(WebhookSubscription)
            .where(WebhookSubscription.id == webhook_id)
            .values(segredo_anterior_expira_em=utcnow() - timedelta(seconds=1))
        )
        bump(session, account_ids=[who.account.id])  # a Core write to a cached register
    drive(app, one_delivery(rt, emit(rt, who)))
    after = receiver.requests[1]
    assert "," not in after.headers["X-Webhook-Signature"]
    assert receiver.verified_with(new, after) and not receiver.verified_with(old, after)
    hook = client.get(f"/api/v1/webhooks/{webhook_id}", headers=who.live).get_json()["webhook"]
    assert hook["segredo_anterior_expira_em"] is None


def test_gone_deactivates_the_webhook_and_stops_its_pending_deliveries(client, app, rt, receiver):
    who = tenant(rt)
    webhook_id, _ = subscribe(client, who.live, receiver.url())
    receiver.answer(410)
    first = one_delivery(rt, emit(rt, who))
    second = one_delivery(rt, emit(rt, who, tipo="nfe.cancelled"))
    assert drive(app, first).status == "FALHOU"
    hook = client.get(f"/api/v1/webhooks/{webhook_id}", headers=who.live).get_json()["webhook"]
    assert hook["ativo"] is False and "410" in hook["motivo_desativacao"]
    stopped = drive(app, second)
    assert stopped.status == "FALHOU" and stopped.tentativas == 0
    assert len(receiver.requests) == 1
    assert emit(rt, who) and len(deliveries_of(rt, emit(rt, who))) == 0
    assert client.post(f"/api/v1/webhooks/{webhook_id}/teste", headers=who.live).status_code == 409


def test_redirects_are_failed_attempts_and_never_followed(client, app, rt, receiver):
    who = tenant(rt)
    subscribe(client, who.live, receiver.url())
    with Canary() as canary:
        receiver.answer(
            Reply(status=302, headers={"Location": f"https://127.0.0.1:{canary.port}/x"})
        )
        delivery_id = one_delivery(rt, emit(rt, who))
        with app.app_context():
            perform(delivery_id)
        assert canary.connections == 0
    row = delivery(rt, delivery_id)
    assert row.status == "PENDENTE" and row.falhas == 1 and row.ultimo_status_http == 302
    assert "redirecionamento" in row.ultimo_erro


def test_delivery_time_check_blocks_plain_http(client, app, rt, receiver):
    who = tenant(rt)
    webhook_id, _ = subscribe(client, who.live, receiver.url())
    with transaction(rt.sessions) as session:
        session.execute(
            update(WebhookSubscription)
            .where(WebhookSubscription.id == webhook_id)
            .values(url=f"http://localhost:{receiver.port}/hook")
        )
        bump(session, account_ids=[who.account.id])  # a Core write to a cached register
    delivery_id = one_delivery(rt, emit(rt, who))
    with app.app_context():
        perform(delivery_id)
    row = delivery(rt, delivery_id)
    assert row.ultimo_erro.startswith("Bloqueado") and "https" in row.ultimo_erro
    assert receiver.requests == []


def test_delivery_time_check_blocks_dns_rebinding(client, app, rt):
    public_then_loopback = iter([["93.184.216.34"], ["127.0.0.1"]])
    connector = RecordingConnector()
    use_network(app, Network(resolve=lambda h, p: next(public_then_loopback), connect=connector))
    who = tenant(rt)
    subscribe(client, who.live, "https://rebind.example.com/hook")
    delivery_id = one_delivery(rt, emit(rt, who))
    with app.app_context():
        perform(delivery_id)
    row = delivery(rt, delivery_id)
    assert row.ultimo_erro.startswith("Bloqueado") and "loopback" in row.ultimo_erro
    assert connector.calls == []


def test_no_database_transaction_is_open_during_the_http_call(client, app, rt, receiver):
    who = tenant(rt)
    subscribe(client, who.live, receiver.url())
    delivery_id = one_delivery(rt, emit(rt, who))
    finished: list[bool] = []

    def write_the_same_row() -> None:
        with transaction(rt.sessions) as session:
            session.execute(
                update(WebhookDelivery)
                .where(WebhookDelivery.id == delivery_id)
                .values(ultimo_erro="escrito durante a chamada")
            )

    def during_the_call() -> None:
        writer = threading.Thread(target=write_the_same_row)
        writer.start()
        writer.join(3)
        finished.append(not writer.is_alive())

    receiver.hook = during_the_call
    assert drive(app, delivery_id).status == "ENTREGUE"
    assert finished == [True]


def test_stale_or_duplicate_announcements_do_nothing(client, app, rt, receiver):
    who = tenant(rt)
    subscribe(client, who.live, receiver.url())
    delivery_id = one_delivery(rt, emit(rt, who))
    with transaction(rt.sessions) as session:
        session.execute(
            update(WebhookDelivery)
            .where(WebhookDelivery.id == delivery_id)
            .values(lease_ate=utcnow() + timedelta(minutes=1), lease_dono="another-worker")
        )
    with app.app_context():
        perform(delivery_id)
    assert receiver.requests == []
    with transaction(rt.sessions) as session:
        session.execute(
            update(WebhookDelivery).where(WebhookDelivery.id == delivery_id).values(lease_ate=None)
        )
    drive(app, delivery_id)
    with app.app_context():
        perform(delivery_id)
        perform("ent_nao_existe")
    assert len(receiver.requests) == 1 and delivery(rt, delivery_id).tentativas == 1


def test_every_attempt_is_logged_without_secrets_or_bodies(client, app, rt, receiver, caplog):
    who = tenant(rt)
    _, secret = subscribe(client, who.live, receiver.url())
    receiver.answer(500)
    caplog.set_level(logging.INFO, logger="service.notify.webhooks")
    delivery_id = one_delivery(rt, emit(rt, who))
    drive(app, delivery_id)
    lines = [r.getMessage() for r in caplog.records if r.name == "service.notify.webhooks"]
    attempts = [line for line in lines if line.startswith("webhook attempt")]
    assert len(attempts) == 2
    assert "status=500" in attempts[0] and "latency_ms=" in attempts[0]
    assert "status=200" in attempts[1] and delivery_id in attempts[1]
    everything = "\n".join(r.getMessage() for r in caplog.records)
    assert secret not in everything and "AUTORIZADA" not in everything


def test_teste_sends_a_test_event_through_the_normal_path(client, app, rt, receiver):
    who = tenant(rt)
    webhook_id, secret = subscribe(client, who.live, receiver.url(), eventos=["nfe.authorized"])
    receiver.secrets = [secret]
    response = client.post(f"/api/v1/webhooks/{webhook_id}/teste", headers=who.live)
    assert response.status_code == 202
    answer = response.get_json()
    assert answer["status"] == "PENDENTE" and answer["evento_id"].startswith("evt_")
    assert drive(app, answer["entrega_id"]).status == "ENTREGUE"
    [got] = receiver.requests
    payload = json.loads(got.body)
    assert got.verified and payload["tipo"] == "webhook.test"
    assert payload["data"]["webhook_id"] == webhook_id
    assert got.headers["X-Webhook-Id"] == answer["evento_id"]
    [item] = entregas(client, who.live, webhook_id)["itens"]
    assert item["id"] == answer["entrega_id"] and item["tipo"] == "webhook.test"


def test_an_unexpected_error_counts_as_a_failed_attempt(app_factory, receiver, tmp_path):
    app = receiver_app(app_factory, receiver, webhook_ca_bundle=str(tmp_path / "missing.pem"))
    rt, client = runtime_of(app), app.test_client()
    who = tenant(rt)
    subscribe(client, who.live, receiver.url())
    delivery_id = one_delivery(rt, emit(rt, who))
    with app.app_context():
        perform(delivery_id)
    row = delivery(rt, delivery_id)
    assert row.status == "PENDENTE" and row.falhas == 1 and row.tentativas == 1
    assert row.ultimo_erro == "Erro interno no envio." and row.lease_ate is None
    assert receiver.requests == []
