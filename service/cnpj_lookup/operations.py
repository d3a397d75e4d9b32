"""The lookup itself: validate the CNPJ, ask each provider in turn, map the first answer.

Nothing is stored: the answer is a proposal the user confirms by sending it to
`POST /configuracao-fiscal/emitente`.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from service.brazil.documents import normalize_cnpj
from service.brazil.errors import InvalidIdentifier
from service.cnpj_lookup import mapping
from service.cnpj_lookup.providers import CnpjProvider, NotFound, ProviderFailure
from service.errors import ApiError

log = logging.getLogger("service.cnpj_lookup")

NOT_FOUND = "CNPJ não encontrado"


def valid_cnpj(raw: str) -> str:
    """The 14-character CNPJ, or 422 `CNPJ_INVALIDO` (format or check digits)."""
    try:
        return normalize_cnpj(raw)
    except InvalidIdentifier as exc:
        raise ApiError("CNPJ_INVALIDO", errors=[{"field": "cnpj", "message": str(exc)}]) from None


def lookup(raw_cnpj: str, providers: Sequence[CnpjProvider]) -> dict[str, Any]:
    """The first provider's answer; 404 when a provider states the CNPJ does not exist and no
    other knows it; 502 `CNPJ_CONSULTA_INDISPONIVEL` when none could answer."""
    cnpj = valid_cnpj(raw_cnpj)
    skipped: list[tuple[str, str]] = []
    for provider in providers:
        try:
            data = provider.lookup(cnpj)
        except NotFound:
            skipped.append((provider.name, NOT_FOUND))
            continue
        except ProviderFailure as exc:
            log.warning(
                "cnpj provider failed", extra={"provider": provider.name, "reason": str(exc)}
            )
            skipped.append((provider.name, str(exc)))
            continue
        return mapping.answer(data, provider.name, skipped)
    details = [{"fonte": name, "motivo": why} for name, why in skipped]
    if any(why == NOT_FOUND for _, why in skipped):
        raise ApiError(
            "NAO_ENCONTRADO", "CNPJ não encontrado nos cadastros públicos.", details=details
        )
    raise ApiError("CNPJ_CONSULTA_INDISPONIVEL", details=details)
