"""The T10 SSRF matrix at subscription time (`POST` and `PUT /webhooks`), with an injected
resolver and a connector that refuses everything: these tests never open a socket."""

from __future__ import annotations

import pytest

from service.notify.webhooks.client import Network
from tests.api.webhooks.helpers import receiver_app, runtime_of, tenant, use_network
from tests.unit.notify.webhooks.test_client import RecordingConnector
from tests.unit.notify.webhooks.test_ssrf import PUBLIC_V4, T10_LITERALS

NAMES = {
    "public.example.com": [PUBLIC_V4],
    "loopback.example.com": ["127.0.0.1"],
    "metadata.example.com": ["169.254.169.254"],
    "mixed.example.com": [PUBLIC_V4, "10.0.0.1"],
    "mapped.example.com": ["::ffff:127.0.0.1"],
    "nat64.example.com": ["64:ff9b::a9fe:a9fe"],
}


def fake_dns(host: str, port: int) -> list[str]:
    if host in NAMES:
        return NAMES[host]
    raise OSError("NXDOMAIN")


@pytest.fixture
def app(app_factory, receiver):
    app = receiver_app(app_factory, receiver, webhook_allowed_hosts=())
    app.extensions["connector"] = RecordingConnector()
    use_network(app, Network(resolve=fake_dns, connect=app.extensions["connector"]))
    return app


@pytest.fixture
def rt(app):
    return runtime_of(app)


BLOCKED = [f"https://{host}/hook" for host in T10_LITERALS] + [
    "https://loopback.example.com/hook",
    "https://metadata.example.com/latest/meta-data",
    "https://mixed.example.com/hook",
    "https://mapped.example.com/hook",
    "https://nat64.example.com/hook",
    "https://localhost/hook",  # no allow-list in this app
    "http://public.example.com/hook",
    "https://inexistente.example.com/hook",
]


@pytest.mark.parametrize("url", BLOCKED)
def test_post_refuses_urls_that_reach_internal_addresses(client, app, rt, url):
    who = tenant(rt)
    response = client.post(
        "/api/v1/webhooks", headers=who.live, json={"url": url, "eventos": ["*"]}
    )
    assert response.status_code == 422
    [error] = response.get_json()["error"]["errors"]
    assert error["field"] == "url"
    assert client.get("/api/v1/webhooks", headers=who.live).get_json()["total"] == 0
    assert app.extensions["connector"].calls == []


def test_put_checks_the_new_url_too(client, app, rt):
    who = tenant(rt)
    created = client.post(
        "/api/v1/webhooks",
        headers=who.live,
        json={"url": "https://public.example.com/hook", "eventos": ["*"]},
    )
    assert created.status_code == 201
    webhook_id = created.get_json()["webhook"]["id"]
    changed = client.put(
        f"/api/v1/webhooks/{webhook_id}",
        headers=who.live,
        json={"url": "https://[::ffff:169.254.169.254]/"},
    )
    assert changed.status_code == 422
    got = client.get(f"/api/v1/webhooks/{webhook_id}", headers=who.live).get_json()["webhook"]
    assert got["url"] == "https://public.example.com/hook"
    assert app.extensions["connector"].calls == []
