"""The delivery client against a real loopback HTTPS receiver, and against injected resolvers
that must never lead to a connection."""

from __future__ import annotations

import ipaddress
import socket
import time

import pytest

from service.notify.webhooks.client import Limits, Network, post, system_connect, tls_context
from service.notify.webhooks.ssrf import parse_url, system_resolver
from tests.unit.notify.webhooks.receiver import Canary, Receiver, Reply
from tests.unit.notify.webhooks.test_ssrf import PUBLIC_V4, T10_LITERALS

HEADERS = {"Content-Type": "application/json", "X-Webhook-Id": "evt_x"}
BODY = b'{"id":"evt_x"}'


class RecordingConnector:
    """Counts connection attempts and refuses them all (nothing leaves the machine)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int]] = []

    def __call__(self, address: object, port: int, timeout: float) -> socket.socket:
        self.calls.append((str(address), port))
        raise ConnectionRefusedError("test connector")


@pytest.fixture
def receiver(tmp_path):
    with Receiver(tmp_path) as rx:
        yield rx


def limits(rx: Receiver | None = None, timeout: float = 2.0, allowed=("localhost",)) -> Limits:
    return Limits(
        timeout=timeout,
        allowed_hosts=frozenset(allowed),
        context=tls_context(str(rx.ca_path) if rx else None),
    )


def loopback_network() -> Network:
    """Real sockets, but `localhost` resolves to 127.0.0.1 only (the receiver's address)."""
    return Network(resolve=lambda host, port: ["127.0.0.1"], connect=system_connect)


@pytest.mark.parametrize("host", T10_LITERALS)
def test_t10_literals_are_blocked_at_delivery_without_a_connection(host):
    connector = RecordingConnector()
    network = Network(resolve=lambda h, p: [PUBLIC_V4], connect=connector)
    outcome = post(network, limits(allowed=()), parse_url(f"https://{host}/x"), HEADERS, BODY)
    assert not outcome.delivered
    assert outcome.error is not None and outcome.error.startswith("Bloqueado")
    assert connector.calls == []


def test_rebinding_to_loopback_is_blocked_at_connect_time():
    connector = RecordingConnector()
    answers = iter([[PUBLIC_V4], ["127.0.0.1"]])
    network = Network(resolve=lambda h, p: next(answers), connect=connector)
    target = parse_url("https://rebind.example.com/x")
    network.resolve(target.host, target.port)  # what a subscription-time check saw
    outcome = post(network, limits(allowed=()), target, HEADERS, BODY)
    assert outcome.error is not None and "loopback" in outcome.error
    assert connector.calls == []


def test_connects_to_exactly_the_checked_address():
    connector = RecordingConnector()
    network = Network(resolve=lambda h, p: [PUBLIC_V4, "2606:4700:4700::1111"], connect=connector)
    outcome = post(network, limits(allowed=()), parse_url("https://a.example.com/x"), HEADERS, BODY)
    assert not outcome.delivered
    assert connector.calls == [(PUBLIC_V4, 443), ("2606:4700:4700::1111", 443)]


def test_delivers_over_verified_tls_to_an_allowed_host(receiver):
    outcome = post(loopback_network(), limits(receiver), parse_url(receiver.url()), HEADERS, BODY)
    assert outcome.delivered and outcome.status == 200 and outcome.error is None
    assert outcome.latency_ms >= 0
    [got] = receiver.requests
    assert got.body == BODY
    assert got.headers["X-Webhook-Id"] == "evt_x"
    assert got.headers["Host"] == f"localhost:{receiver.port}"


def test_loopback_needs_the_allow_list(receiver):
    outcome = post(
        loopback_network(), limits(receiver, allowed=()), parse_url(receiver.url()), HEADERS, BODY
    )
    assert outcome.error is not None and "loopback" in outcome.error
    assert receiver.requests == []


def test_unknown_ca_fails_tls_and_sends_nothing(receiver):
    outcome = post(loopback_network(), limits(None), parse_url(receiver.url()), HEADERS, BODY)
    assert not outcome.delivered
    assert outcome.error is not None and "TLS" in outcome.error
    assert receiver.requests == []


def test_certificate_is_checked_against_the_url_host_not_the_address(receiver):
    url = f"https://evil.test:{receiver.port}/hook"
    outcome = post(
        loopback_network(), limits(receiver, allowed=("evil.test",)), parse_url(url), HEADERS, BODY
    )
    assert outcome.error is not None and "TLS" in outcome.error
    assert receiver.requests == []


def test_redirects_are_failures_and_never_followed(receiver):
    with Canary() as canary:
        location = f"https://127.0.0.1:{canary.port}/steal"
        receiver.answer(Reply(status=302, headers={"Location": location}))
        outcome = post(
            loopback_network(), limits(receiver), parse_url(receiver.url()), HEADERS, BODY
        )
        assert outcome.status == 302 and not outcome.delivered
        assert outcome.error is not None and "redirecionamento" in outcome.error
        assert canary.connections == 0
    assert len(receiver.requests) == 1


def test_slow_receiver_hits_the_total_timeout(receiver):
    receiver.answer(Reply(delay=2.0))
    outcome = post(
        loopback_network(), limits(receiver, timeout=0.4), parse_url(receiver.url()), HEADERS, BODY
    )
    assert outcome.error is not None and outcome.error.startswith("Tempo esgotado")
    assert 300 <= outcome.latency_ms < 1500


def test_a_receiver_dripping_bytes_cannot_extend_the_deadline(receiver):
    receiver.answer(Reply(drip=True))
    outcome = post(
        loopback_network(), limits(receiver, timeout=0.5), parse_url(receiver.url()), HEADERS, BODY
    )
    assert outcome.error is not None and outcome.error.startswith("Tempo esgotado")
    assert outcome.latency_ms < 1500


def test_large_answers_are_read_only_up_to_the_cap(receiver):
    receiver.answer(Reply(body=b"x" * (1024 * 1024)))
    outcome = post(loopback_network(), limits(receiver), parse_url(receiver.url()), HEADERS, BODY)
    assert outcome.delivered


def test_system_resolver_answers_addresses_for_localhost():
    found = system_resolver("localhost", 443)
    assert found and all(ipaddress.ip_address(a).is_loopback for a in found)


def test_a_hanging_resolver_cannot_extend_the_deadline():
    def hanging(host: str, port: int) -> list[str]:
        time.sleep(2)
        return [PUBLIC_V4]

    connector = RecordingConnector()
    network = Network(resolve=hanging, connect=connector)
    outcome = post(network, limits(timeout=0.3, allowed=()), parse_url("https://slow.example/"),
                   HEADERS, BODY)  # fmt: skip
    assert outcome.error is not None and outcome.error.startswith("Tempo esgotado")
    assert outcome.latency_ms < 1500 and connector.calls == []


def test_unresolvable_host_is_a_dns_failure_not_a_block():
    def nxdomain(host: str, port: int) -> list[str]:
        raise socket.gaierror("Name or service not known")

    outcome = post(Network(resolve=nxdomain, connect=RecordingConnector()), limits(allowed=()),
                   parse_url("https://gone.example/"), HEADERS, BODY)  # fmt: skip
    assert outcome.error is not None and outcome.error.startswith("DNS:")
