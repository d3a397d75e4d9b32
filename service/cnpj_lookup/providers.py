"""Public CNPJ registers behind one small protocol, chosen and ordered by settings.

Each provider answers a lookup with `RegisterData`, raises `NotFound` when it states the CNPJ
is not registered (HTTP 404), or `ProviderFailure` for anything else (timeout, 5xx, rate
limit, malformed answer) so that the next provider is tried.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from service.cnpj_lookup import mapping
from service.cnpj_lookup.client import ProviderFailure, get_json
from service.cnpj_lookup.mapping import MalformedAnswer, RegisterData

log = logging.getLogger("service.cnpj_lookup")

__all__ = ["PROVIDERS", "CnpjProvider", "NotFound", "ProviderFailure", "chain"]


class NotFound(Exception):
    """The provider states that no company has this CNPJ."""


class CnpjProvider(Protocol):
    @property
    def name(self) -> str: ...

    def lookup(self, cnpj: str) -> RegisterData: ...


@dataclass(frozen=True)
class HttpProvider:
    """A register reached by `GET {base_url}{path}` answering JSON."""

    name: str
    base_url: str
    path: str
    parse: Callable[[Any, str], RegisterData]
    timeout: float

    def lookup(self, cnpj: str) -> RegisterData:
        url = self.base_url.rstrip("/") + self.path.format(cnpj=cnpj)
        answer = get_json(url, self.timeout)
        if answer.status == 404:
            raise NotFound(self.name)
        if answer.status != 200:
            raise ProviderFailure(f"HTTP {answer.status}")
        if answer.payload is None:
            raise ProviderFailure("resposta não é JSON")
        try:
            return self.parse(answer.payload, cnpj)
        except MalformedAnswer as exc:
            raise ProviderFailure(f"resposta inválida: {exc}") from None


@dataclass(frozen=True)
class ProviderSpec:
    base_url: str
    path: str
    parse: Callable[[Any, str], RegisterData]


PROVIDERS: dict[str, ProviderSpec] = {
    "brasilapi": ProviderSpec(
        "https://brasilapi.com.br", "/api/cnpj/v1/{cnpj}", mapping.from_brasilapi
    ),
    "receitaws": ProviderSpec(
        "https://receitaws.com.br", "/v1/cnpj/{cnpj}", mapping.from_receitaws
    ),
    "cnpjws": ProviderSpec("https://publica.cnpj.ws", "/cnpj/{cnpj}", mapping.from_cnpjws),
}
"""Known providers by settings name; `CNPJ_<NAME>_URL` replaces the base URL."""


def chain(names: tuple[str, ...], urls: dict[str, str], timeout: float) -> list[CnpjProvider]:
    """The providers to ask, in the configured order."""
    providers: list[CnpjProvider] = []
    for name in names:
        spec = PROVIDERS[name]
        base = urls.get(name) or spec.base_url
        providers.append(HttpProvider(name, base, spec.path, spec.parse, timeout))
    return providers
