"""Idempotency of issuance: the order (`pedido`) is the key, its content the fingerprint.

The effective key is company + module + environment + `pedido`, enforced by a unique
constraint and never expiring (a fiscal document must not be issued twice, however late the
retry). Decisions come from durable row state, never from an expiring lock:

| stored attempt | same content | other content |
|---|---|---|
| in flight (PROCESSANDO, recent) | 409 `REQUEST_IN_PROGRESS` | 409 `REQUEST_IN_PROGRESS` |
| NAO_ENVIADA (never reached the authority) | sent again (same number and key) | sent again |
| REJEITADA | replay of the rejection | a new attempt (same order and number) |
| anything else | replay (`Idempotent-Replay: true`) | 422 `IDEMPOTENCY_KEY_REUSED` |
"""

from __future__ import annotations

import enum
import hashlib
import json
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from service.errors import ApiError
from service.issuance.models import DocumentStatus, FiscalDocument, Order

NOT_BUSINESS_FIELDS = frozenset({"empresa", "empresa_id", "pedido"})
"""Request members that select or name the order but are not its content."""


def plain(value: Any) -> Any:
    """JSON-ready content: decimals normalized (10 == 10.00), dates as ISO text."""
    if isinstance(value, Decimal):
        return str(value.normalize())
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


def fingerprint(body: dict[str, Any]) -> str:
    """SHA-256 of the canonical business content (decimals normalized: 10 == 10.00)."""
    return fingerprint_of_plain(plain(body))


def fingerprint_of_plain(content: dict[str, Any]) -> str:
    """`fingerprint` of a body already made `plain` (an issuance stores that content too)."""
    business = {k: v for k, v in content.items() if k not in NOT_BUSINESS_FIELDS}
    canonical = json.dumps(business, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


class Decision(enum.Enum):
    NEW_ATTEMPT = "new_attempt"
    REPLAY = "replay"


def in_flight(document: FiscalDocument, now: datetime, stale_after: timedelta) -> bool:
    """PROCESSANDO and recent: someone is transmitting it right now."""
    recent = document.updated_at > now - stale_after
    return document.status == DocumentStatus.PROCESSANDO and recent


def decide(
    order: Order,
    current: FiscalDocument | None,
    digest: str,
    *,
    now: datetime,
    stale_after: timedelta,
) -> Decision:
    """What to do with a request for an order that already exists (table in the module doc)."""
    if current is None:
        return Decision.NEW_ATTEMPT
    if in_flight(current, now, stale_after):
        raise ApiError("REQUEST_IN_PROGRESS", body={"id": current.id, "status": current.status})
    if current.status == DocumentStatus.NAO_ENVIADA:
        return Decision.NEW_ATTEMPT  # nothing reached the authority: this request sends it
    if digest == order.fingerprint:
        return Decision.REPLAY
    if current.status == DocumentStatus.REJEITADA:
        return Decision.NEW_ATTEMPT
    raise ApiError(
        "IDEMPOTENCY_KEY_REUSED",
        "Este pedido já foi usado com outro conteúdo.",
        body={"id": current.id, "status": current.status},
    )
