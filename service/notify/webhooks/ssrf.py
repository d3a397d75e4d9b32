"""Where a webhook may go: https URLs whose every address is publicly routable.

`ipaddress.is_global` is not a safe oracle (reliability.md §1.4: its answers changed between
Python releases, and 100.64.0.0/10 is neither private nor global), so the policy is explicit:
IPv4 special-purpose blocks are denied by list; IPv6 is allowed only inside global unicast
(2000::/3) minus its special blocks; and IPv6 forms that carry an IPv4 address (IPv4-mapped,
IPv4-compatible, NAT64 64:ff9b::/96, 6to4 2002::/16) are unwrapped and judged by that IPv4.
Hosts written as numbers in the legacy forms a resolver accepts (`127.1`, `2130706433`,
`0x7f.1`) are read as the address they denote, never handed to DNS.

The check runs when a subscription is saved and again, on the exact addresses connected to,
at every delivery (DNS may have changed in between: rebinding).
"""

from __future__ import annotations

import ipaddress
import re
import socket
from collections.abc import Callable, Collection
from dataclasses import dataclass
from urllib.parse import urlsplit

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Resolver = Callable[[str, int], list[str]]
"""`(host, port) -> addresses` as text; raises `OSError` when the name does not resolve."""

MAX_URL_LENGTH = 2000


class UrlRejected(ValueError):
    """The URL cannot be a webhook target (scheme, shape, or an address it resolves to)."""


class Unresolvable(UrlRejected):
    """The host has no address (or its resolution timed out)."""


def _nets(*cidrs: str) -> tuple[tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, str], ...]:
    return tuple((ipaddress.ip_network(cidr.split(" ", 1)[0]), cidr.split(" ", 1)[1])
                 for cidr in cidrs)  # fmt: skip


IPV4_DENIED = _nets(
    "0.0.0.0/8 rede local/não especificado",
    "10.0.0.0/8 privado",
    "100.64.0.0/10 compartilhado (CGNAT)",
    "127.0.0.0/8 loopback",
    "169.254.0.0/16 link-local",
    "172.16.0.0/12 privado",
    "192.0.0.0/24 atribuições de protocolo IETF",
    "192.0.2.0/24 documentação",
    "192.31.196.0/24 AS112",
    "192.52.193.0/24 AMT",
    "192.88.99.0/24 relay 6to4",
    "192.168.0.0/16 privado",
    "192.175.48.0/24 AS112",
    "198.18.0.0/15 benchmarking",
    "198.51.100.0/24 documentação",
    "203.0.113.0/24 documentação",
    "224.0.0.0/4 multicast",
    "240.0.0.0/4 reservado/broadcast",
)

IPV6_DENIED = _nets(
    "64:ff9b:1::/48 NAT64 de uso local",
    "100::/64 descarte",
    "2001::/23 atribuições IETF (inclui Teredo)",
    "2001:db8::/32 documentação",
    "3fff::/20 documentação",
    "5f00::/16 SRv6",
    "fc00::/7 endereço local único (ULA)",
    "fe80::/10 link-local",
    "fec0::/10 site-local",
    "ff00::/8 multicast",
)

GLOBAL_UNICAST_V6 = ipaddress.ip_network("2000::/3")
MAPPED = ipaddress.ip_network("::ffff:0:0/96")
COMPATIBLE = ipaddress.ip_network("::/96")
NAT64 = ipaddress.ip_network("64:ff9b::/96")
SIX_TO_FOUR = ipaddress.ip_network("2002::/16")

_LEGACY_LABEL = r"(?:0[xX][0-9a-fA-F]*|[0-9]+)"
LEGACY_IPV4 = re.compile(rf"^{_LEGACY_LABEL}(?:\.{_LEGACY_LABEL})*$")


def _v4(value: int) -> ipaddress.IPv4Address:
    return ipaddress.IPv4Address(value & 0xFFFFFFFF)


def _embedded_ipv4(address: ipaddress.IPv6Address) -> tuple[str, ipaddress.IPv4Address] | None:
    """The IPv4 address an IPv6 transition form carries, with the form's name."""
    value = int(address)
    if address in MAPPED:
        return "IPv4 mapeado", _v4(value)
    if address in COMPATIBLE:
        return "IPv4 compatível", _v4(value)
    if address in NAT64:
        return "NAT64", _v4(value)
    if address in SIX_TO_FOUR:
        return "6to4", _v4(value >> 80)
    return None


def _listed(address: Address, table: tuple[tuple[object, str], ...]) -> str | None:
    for network, label in table:
        if address in network:  # type: ignore[operator]
            return label
    return None


def forbidden_reason(address: Address) -> str | None:
    """Why `address` may not receive a webhook, or None when it is publicly routable."""
    if isinstance(address, ipaddress.IPv4Address):
        return _listed(address, IPV4_DENIED)
    if address == ipaddress.IPv6Address("::"):
        return "não especificado"
    if address == ipaddress.IPv6Address("::1"):
        return "loopback"
    embedded = _embedded_ipv4(address)
    if embedded is not None:
        form, inner = embedded
        reason = forbidden_reason(inner)
        return f"{form} de {inner}: {reason}" if reason else None
    listed = _listed(address, IPV6_DENIED)
    if listed is not None:
        return listed
    if address not in GLOBAL_UNICAST_V6:
        return "fora do espaço unicast global"
    return None


def literal_address(host: str) -> Address | None:
    """The address `host` denotes by itself, in any form a resolver would accept, else None."""
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        pass
    if LEGACY_IPV4.match(host):
        try:
            return ipaddress.IPv4Address(socket.inet_aton(host))
        except OSError:
            raise UrlRejected(f"Host numérico inválido: {host}.") from None
    return None


@dataclass(frozen=True)
class Target:
    """Where one delivery goes: the host name (for TLS and `Host`) and the request path."""

    host: str
    port: int
    path: str


def parse_url(url: str) -> Target:
    """An https URL without credentials, with a host; anything else is `UrlRejected`."""
    if len(url) > MAX_URL_LENGTH or any(ch.isspace() or ord(ch) < 32 for ch in url):
        raise UrlRejected("URL inválida.")
    try:
        parts = urlsplit(url)
        port = parts.port or 443
    except ValueError:
        raise UrlRejected("URL inválida.") from None
    if parts.scheme.lower() != "https":
        raise UrlRejected("A URL deve usar https.")
    if parts.username is not None or parts.password is not None:
        raise UrlRejected("A URL não pode conter usuário ou senha.")
    host = (parts.hostname or "").rstrip(".")
    if not host:
        raise UrlRejected("A URL deve ter um host.")
    if not host.isascii():
        raise UrlRejected("Use o nome do host em IDNA (xn--...).")
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return Target(host=host.lower(), port=port, path=path)


def system_resolver(host: str, port: int) -> list[str]:
    """Every address the system resolver gives for `host` (TCP), in its order, deduplicated."""
    found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    addresses: list[str] = []
    for *_, sockaddr in found:
        text = str(sockaddr[0])
        if text not in addresses:
            addresses.append(text)
    return addresses


def allowed_addresses(
    host: str, port: int, resolve: Resolver, allowed_hosts: Collection[str]
) -> list[Address]:
    """The addresses to connect to for `host`, each one checked; `UrlRejected` when any of them
    is forbidden (a name that mixes public and private answers is refused as a whole).

    Names in `allowed_hosts` (WEBHOOK_ALLOWED_HOSTS: tests and local development) may resolve to
    private and loopback addresses.
    """
    literal = literal_address(host)
    if literal is not None:
        candidates: list[Address] = [literal]
    else:
        try:
            candidates = [ipaddress.ip_address(text.split("%", 1)[0])
                          for text in resolve(host, port)]  # fmt: skip
        except TimeoutError:
            raise
        except (OSError, UnicodeError, ValueError):
            raise Unresolvable(f"Não foi possível resolver o host {host}.") from None
        if not candidates:
            raise Unresolvable(f"Não foi possível resolver o host {host}.")
    if host in allowed_hosts:
        return candidates
    for address in candidates:
        reason = forbidden_reason(address)
        if reason is not None:
            raise UrlRejected(f"Endereço {address} não permitido ({reason}).")
    return candidates


def check_url(url: str, resolve: Resolver, allowed_hosts: Collection[str]) -> Target:
    """The subscription-time check: shape and today's DNS answers."""
    target = parse_url(url)
    allowed_addresses(target.host, target.port, resolve, allowed_hosts)
    return target
