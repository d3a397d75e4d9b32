"""The SSRF matrix (reliability.md §4 T10) against the address policy, with an injected
resolver: nothing here opens a socket."""

from __future__ import annotations

import ipaddress

import pytest

from service.notify.webhooks.ssrf import (
    UrlRejected,
    allowed_addresses,
    check_url,
    forbidden_reason,
    literal_address,
    parse_url,
)

PUBLIC_V4 = "93.184.216.34"
PUBLIC_V6 = "2606:2800:220:1:248:1893:25c8:1946"

T10_LITERALS = [
    "127.0.0.1",
    "127.1",
    "2130706433",
    "0x7f.1",
    "0177.0.0.1",
    "[::1]",
    "[::ffff:127.0.0.1]",
    "[::ffff:7f00:1]",
    "[0:0:0:0:0:ffff:7f00:1]",
    "10.0.0.1",
    "172.16.0.1",
    "192.168.0.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "198.18.0.1",
    "192.0.2.1",
    "[2002:a9fe:a9fe::]",
    "[64:ff9b::a9fe:a9fe]",
    "[::169.254.169.254]",
    "[fc00::1]",
    "[fe80::1]",
    "[ff02::1]",
    "[::]",
    "[2001::1]",
    "[2001:db8::1]",
]


def no_dns(host: str, port: int) -> list[str]:
    raise AssertionError(f"a literal address was sent to DNS: {host}")


@pytest.mark.parametrize("host", T10_LITERALS)
def test_literal_forbidden_addresses_are_blocked(host):
    with pytest.raises(UrlRejected, match="não permitido"):
        check_url(f"https://{host}/hook", no_dns, ())


@pytest.mark.parametrize(
    "address",
    ["127.0.0.1", "::1", "::ffff:127.0.0.1", "10.0.0.1", "169.254.169.254", "100.64.0.1",
     "64:ff9b::a9fe:a9fe", "2002:a9fe:a9fe::", "::169.254.169.254", "fc00::1", "fe80::1",
     "2001:0:4136:e378:8000:63bf:3fff:fdd2", "224.0.0.1", "0.0.0.0"],
)  # fmt: skip
def test_names_resolving_to_forbidden_addresses_are_blocked(address):
    with pytest.raises(UrlRejected, match="não permitido"):
        check_url("https://hooks.example.com/x", lambda h, p: [address], ())


def test_one_forbidden_answer_blocks_the_whole_name():
    mixed = lambda h, p: [PUBLIC_V4, "127.0.0.1"]  # noqa: E731
    with pytest.raises(UrlRejected):
        allowed_addresses("hooks.example.com", 443, mixed, ())


def test_rebinding_name_is_checked_on_every_resolution():
    answers = iter([[PUBLIC_V4], ["127.0.0.1"]])
    rebinding = lambda h, p: next(answers)  # noqa: E731
    assert allowed_addresses("rebind.example.com", 443, rebinding, ()) == [
        ipaddress.ip_address(PUBLIC_V4)
    ]
    with pytest.raises(UrlRejected, match="loopback"):
        allowed_addresses("rebind.example.com", 443, rebinding, ())


@pytest.mark.parametrize(
    "address", [PUBLIC_V4, "8.8.8.8", PUBLIC_V6, "2606:4700:4700::1111", "::ffff:8.8.8.8",
                "2002:808:808::1", "64:ff9b::808:808"],
)  # fmt: skip
def test_public_addresses_pass(address):
    assert forbidden_reason(ipaddress.ip_address(address)) is None
    assert allowed_addresses("hooks.example.com", 443, lambda h, p: [address], ())


def test_policy_does_not_trust_is_global_for_shared_space():
    shared = ipaddress.ip_address("100.64.0.1")
    assert forbidden_reason(shared) is not None


@pytest.mark.parametrize(
    ("host", "expected"),
    [("127.1", "127.0.0.1"), ("2130706433", "127.0.0.1"), ("0x7f.1", "127.0.0.1"),
     ("0177.0.0.1", "127.0.0.1"), ("10.1", "10.0.0.1"), ("::ffff:127.0.0.1", "::ffff:7f00:1")],
)  # fmt: skip
def test_legacy_numeric_hosts_are_read_as_addresses(host, expected):
    assert literal_address(host) == ipaddress.ip_address(expected)


def test_names_that_only_look_hex_are_names():
    assert literal_address("deadbeef") is None
    assert literal_address("0x7f.example.com") is None


def test_invalid_numeric_host_is_refused():
    with pytest.raises(UrlRejected):
        literal_address("1.2.3.4.5")
    with pytest.raises(UrlRejected):
        literal_address("0x1ffffffff")


@pytest.mark.parametrize(
    "url",
    ["http://hooks.example.com/x", "ftp://hooks.example.com/x", "https://user:pw@hooks.example.com/",
     "https:///x", "https://hooks.example.com:99999/", "https://hooks.example.com/a b",
     "hooks.example.com/x", "https://exämple.com/"],
)  # fmt: skip
def test_urls_that_are_not_https_targets(url):
    with pytest.raises(UrlRejected):
        check_url(url, lambda h, p: [PUBLIC_V4], ())


def test_unresolvable_host_is_refused():
    def nxdomain(host: str, port: int) -> list[str]:
        raise OSError("Name or service not known")

    with pytest.raises(UrlRejected, match="resolver"):
        check_url("https://nowhere.example.com/", nxdomain, ())


def test_allowed_hosts_may_resolve_to_loopback_and_nothing_else_is_relaxed():
    loopback = lambda h, p: ["127.0.0.1"]  # noqa: E731
    assert allowed_addresses("localhost", 8443, loopback, {"localhost"})
    with pytest.raises(UrlRejected):
        allowed_addresses("other.test", 8443, loopback, {"localhost"})
    with pytest.raises(UrlRejected):
        check_url("http://localhost:8443/", loopback, {"localhost"})


def test_target_keeps_path_query_and_port():
    target = parse_url("https://Hooks.Example.com.:8443/in/bound?x=1#frag")
    assert (target.host, target.port, target.path) == ("hooks.example.com", 8443, "/in/bound?x=1")
    assert parse_url("https://hooks.example.com").path == "/"
