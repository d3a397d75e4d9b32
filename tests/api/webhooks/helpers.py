"""Webhook test helpers: an app wired to a local receiver, subscriptions over the API, events
recorded the way the fiscal code records them, deliveries driven by hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Flask
from sqlalchemy import select

from service.db import transaction
from service.notify.webhooks.client import Network, system_connect
from service.notify.webhooks.delivery import NETWORK_EXTENSION, perform
from service.notify.webhooks.models import DeliveryStatus, WebhookDelivery
from service.notify.webhooks.outbox import record_event
from service.runtime import Runtime
from tests.factories import AccountHandle, auth, make_account, make_company
from tests.unit.notify.webhooks.receiver import Receiver

SUMMARY = {
    "id": "nfe_0123456789abcdef01234567",
    "documento": "NFE",
    "status": "AUTORIZADA",
    "chave": "35260111222333000181550010000000121000000125",
    "numero": 12,
    "serie": 1,
    "pedido": "P-1",
    "ambiente": "HOMOLOGACAO",
    "links": {"xml": "/api/v1/nfe/nfe_0123456789abcdef01234567/xml"},
}


def loopback_resolver(host: str, port: int) -> list[str]:
    """`localhost` is the receiver; no other name resolves (tests never reach real DNS)."""
    if host == "localhost":
        return ["127.0.0.1"]
    raise OSError(f"{host} does not resolve in tests")


def receiver_app(app_factory: Any, receiver: Receiver, **overrides: Any) -> Flask:
    settings: dict[str, Any] = {
        "webhook_ca_bundle": str(receiver.ca_path),
        "webhook_allowed_hosts": ("localhost",),
        "webhook_retry_schedule": (0.0, 0.0, 0.0, 0.0, 0.0),
        **overrides,
    }
    app: Flask = app_factory(**settings)
    use_network(app, Network(resolve=loopback_resolver, connect=system_connect))
    return app


def use_network(app: Flask, network: Network) -> None:
    app.extensions[NETWORK_EXTENSION] = network


def runtime_of(app: Flask) -> Runtime:
    rt: Runtime = app.extensions["fiscal"]
    return rt


@dataclass(frozen=True)
class Tenant:
    account: AccountHandle
    company_id: str

    @property
    def live(self) -> dict[str, str]:
        return auth(self.account.live)

    @property
    def test(self) -> dict[str, str]:
        return auth(self.account.test)


def tenant(rt: Runtime) -> Tenant:
    account = make_account(rt)
    return Tenant(account, make_company(rt, account.id).id)


def subscribe(client: Any, headers: dict[str, str], url: str, **body: Any) -> tuple[str, str]:
    """(webhook id, secret) of a new subscription (every event unless told otherwise)."""
    body.setdefault("eventos", ["*"])
    response = client.post("/api/v1/webhooks", headers=headers, json={"url": url, **body})
    assert response.status_code == 201, response.get_json()
    answer = response.get_json()
    return answer["webhook"]["id"], answer["segredo"]


def emit(
    rt: Runtime,
    who: Tenant,
    tipo: str = "nfe.authorized",
    ambiente: str = "HOMOLOGACAO",
    data: dict[str, Any] | None = None,
    company_id: str | None = "default",
) -> str:
    """An event recorded in its own transaction, as the fiscal code does with its state change."""
    company = who.company_id if company_id == "default" else company_id
    with transaction(rt.sessions) as session:
        return record_event(
            session,
            tipo=tipo,
            account_id=who.account.id,
            company_id=company,
            ambiente=ambiente,
            data=dict(data or SUMMARY),
        )


def deliveries_of(rt: Runtime, event_id: str) -> list[WebhookDelivery]:
    with transaction(rt.sessions) as session:
        query = select(WebhookDelivery).where(WebhookDelivery.event_id == event_id)
        return list(session.execute(query).scalars())


def delivery(rt: Runtime, delivery_id: str) -> WebhookDelivery:
    with transaction(rt.sessions) as session:
        found = session.get(WebhookDelivery, delivery_id)
        assert found is not None
        return found


def drive(app: Flask, delivery_id: str, rounds: int = 10) -> WebhookDelivery:
    """Perform the delivery until it leaves PENDENTE (retries are due at once in these apps)."""
    rt = runtime_of(app)
    for _ in range(rounds):
        with app.app_context():
            perform(delivery_id)
        current = delivery(rt, delivery_id)
        if current.status != DeliveryStatus.PENDENTE.value:
            return current
    return delivery(rt, delivery_id)
