"""End to end in the embedded shape: the in-process worker delivers an event recorded in a
transaction to the real receiver, retrying through failures with a compressed schedule."""

from __future__ import annotations

import time

from service.notify.webhooks.client import Network, system_connect
from tests.api.webhooks.helpers import (
    deliveries_of,
    delivery,
    emit,
    loopback_resolver,
    receiver_app,
    runtime_of,
    subscribe,
    tenant,
    use_network,
)


def wait_for(condition, seconds: float = 10.0) -> bool:
    """Poll until `condition()` holds (the assertion is on the state, not on the time)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def test_inprocess_worker_delivers_with_retries(app_factory, receiver):
    app = receiver_app(
        app_factory,
        receiver,
        queue_inprocess=True,
        queue_poll_seconds=0.05,
        webhook_retry_schedule=(0.05, 0.05, 0.05, 0.05, 0.05),
    )
    use_network(app, Network(resolve=loopback_resolver, connect=system_connect))
    rt, client = runtime_of(app), app.test_client()
    who = tenant(rt)
    webhook_id, secret = subscribe(client, who.live, receiver.url(), eventos=["nfe.*"])
    receiver.secrets = [secret]
    receiver.answer(500, 500)

    event_id = emit(rt, who, tipo="nfe.authorized")
    [row] = deliveries_of(rt, event_id)

    assert wait_for(lambda: delivery(rt, row.id).status == "ENTREGUE")
    assert [r.answered for r in receiver.requests] == [500, 500, 200]
    assert all(r.verified for r in receiver.requests)
    assert {r.headers["X-Webhook-Id"] for r in receiver.requests} == {event_id}
    stamps = [int(r.headers["X-Webhook-Timestamp"]) for r in receiver.requests]
    assert stamps == sorted(stamps)
    log = client.get(f"/api/v1/webhooks/{webhook_id}/entregas", headers=who.live).get_json()
    assert [a["status_http"] for a in log["itens"][0]["historico"]] == [500, 500, 200]
    assert deliveries_of(rt, emit(rt, who, tipo="nfce.authorized")) == []
