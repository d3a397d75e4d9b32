"""The webhook outbox: events recorded in the caller's transaction, one delivery per receiver.

`record_event` adds rows to the caller's session and never commits: the event exists exactly
when the state change that caused it does. Deliveries are announced to the workers only after
that commit (`after_commit`); a lost announcement is found by the sweeper.

When no active subscription wants the event nothing is stored (the id is still returned), so
accounts without webhooks never accumulate rows.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from service.companies.operations import placed_or_get
from service.companies.revision import MISS, Miss, RevisionCache, revision_of
from service.db import utcnow
from service.ids import new_id
from service.notify.webhooks.events import known_kinds, wanted
from service.notify.webhooks.models import (
    DeliveryStatus,
    WebhookDelivery,
    WebhookEvent,
    WebhookSubscription,
)
from service.queue.dispatch import after_commit

KIND = "webhook"
"""Name of the queue's work kind that delivers (`delivery.WEBHOOK`)."""

MAX_BODY_BYTES = 64 * 1024
"""A summary is small; anything bigger means something that must not be sent was put in."""

_FORBIDDEN_TEXT = ("<?xml", "<nfeProc", "-----BEGIN")
"""Text that would mean a document or a key made it into a payload."""


def normalize_environment(ambiente: str) -> str:
    """`homologacao` / `HOMOLOGACAO` -> `HOMOLOGACAO` (the companies' wire values)."""
    value = ambiente.strip().upper()
    if value not in ("HOMOLOGACAO", "PRODUCAO"):
        raise ValueError(f"unknown environment {ambiente!r}")
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, datetime):
        return value.isoformat()
    raise TypeError(f"not JSON serializable: {type(value).__name__}")


def _check_thin(value: Any) -> None:
    """Refuse XML and PEM text anywhere in the summary (the payload is thin by contract)."""
    if isinstance(value, str):
        if any(marker in value for marker in _FORBIDDEN_TEXT):
            raise ValueError("webhook payloads never carry XML or keys")
    elif isinstance(value, Mapping):
        for item in value.values():
            _check_thin(item)
    elif isinstance(value, list | tuple):
        for item in value:
            _check_thin(item)


def serialize(
    event_id: str, tipo: str, created_at: datetime, company_id: str | None, data: Mapping[str, Any]
) -> bytes:
    """The body, once: every attempt of every delivery sends these exact bytes."""
    _check_thin(data)
    payload = {
        "id": event_id,
        "tipo": tipo,
        "criado_em": created_at.isoformat(),
        "empresa_id": company_id,
        "data": data,
    }
    body = json.dumps(payload, ensure_ascii=False, separators=(",", ":"), default=_plain).encode()
    if len(body) > MAX_BODY_BYTES:
        raise ValueError("webhook payload too large")
    return body


@dataclass(frozen=True)
class SubscriptionView:
    """What choosing an event's receivers needs of an active subscription: a frozen copy,
    shared by every thread through `SUBSCRIPTIONS` (no URL, no secret: the delivery reads
    its own row when it sends)."""

    id: str
    account_id: str
    company_id: str | None
    eventos: tuple[str, ...]
    ambientes: tuple[str, ...]
    modo: str

    @classmethod
    def of(cls, row: WebhookSubscription) -> SubscriptionView:
        return cls(
            id=row.id,
            account_id=row.account_id,
            company_id=row.company_id,
            eventos=tuple(row.eventos or ()),
            ambientes=tuple(row.ambientes or ()),
            modo=row.modo,
        )


SUBSCRIPTIONS: RevisionCache[tuple[SubscriptionView, ...]] = RevisionCache("webhooks")
"""(company id, revision, account id) -> the active subscriptions of the account for that
company (its own and the account-wide ones), oldest first. Any write to a subscription bumps
its company, or every company of its account when it is account-wide."""


def _active(
    session: Session, account_id: str, company_id: str | None
) -> tuple[SubscriptionView, ...]:
    query = select(WebhookSubscription).where(
        WebhookSubscription.account_id == account_id,
        WebhookSubscription.ativo.is_(True),
    )
    if company_id is None:
        query = query.where(WebhookSubscription.company_id.is_(None))
    else:
        query = query.where(
            or_(
                WebhookSubscription.company_id.is_(None),
                WebhookSubscription.company_id == company_id,
            )
        )
    found = session.execute(query.order_by(WebhookSubscription.created_at)).scalars()
    return tuple(SubscriptionView.of(row) for row in found)


def _company_revision(session: Session, company_id: str, revision: int | None) -> int | None:
    """The revision given, else the one of the company the session already holds (the
    request's company is placed in the answer's session: no SQL); else read by primary key."""
    if revision is not None:
        return revision
    return revision_of(placed_or_get(session, company_id))


def subscribers(
    session: Session,
    *,
    tipo: str,
    account_id: str,
    company_id: str | None,
    ambiente: str,
    revision: int | None = None,
) -> list[SubscriptionView]:
    """Active subscriptions of the account that want this kind, company and environment;
    cached by the company's revision (an account-level event, without company, is read)."""
    current = _company_revision(session, company_id, revision) if company_id else None
    key = (company_id, current, account_id)
    cached = SUBSCRIPTIONS.get(key) if current is not None else MISS
    if isinstance(cached, Miss):
        cached = _active(session, account_id, company_id)
        if current is not None:
            SUBSCRIPTIONS.put(key, cached)
    return [s for s in cached if wanted(s.eventos, tipo) and receives(s, ambiente)]


def receives(subscription: SubscriptionView | WebhookSubscription, ambiente: str) -> bool:
    """A test-key subscription hears homologation only, whatever its `ambientes` say."""
    if subscription.modo == "test" and ambiente != "HOMOLOGACAO":
        return False
    return ambiente in subscription.ambientes


Payload = Mapping[str, Any] | Callable[[], Mapping[str, Any]]
"""An event's data, or a function that builds it (called only when someone wants the event)."""


def store_event(
    session: Session,
    *,
    tipo: str,
    account_id: str,
    company_id: str | None,
    ambiente: str,
    data: Payload,
    targets: Iterable[SubscriptionView | WebhookSubscription],
) -> tuple[str, list[str]]:
    """The event and one announced delivery per target; (event id, delivery ids). Nothing is
    stored, and a `data` function is never called, without a target."""
    event_id = new_id("evt")
    targets = list(targets)
    if not targets:
        return event_id, []
    now = utcnow()
    body = serialize(event_id, tipo, now, company_id, data() if callable(data) else data)
    session.add(
        WebhookEvent(
            id=event_id,
            account_id=account_id,
            company_id=company_id,
            tipo=tipo,
            ambiente=ambiente,
            corpo=body,
            created_at=now,
        )
    )
    session.flush()  # the event row first: deliveries reference it (no ORM relationship)
    delivery_ids = []
    for subscription in targets:
        delivery = WebhookDelivery(
            id=new_id("ent"),
            event_id=event_id,
            subscription_id=subscription.id,
            status=DeliveryStatus.PENDENTE.value,
            tentativas=0,
            falhas=0,
            proxima_tentativa_em=now,
            created_at=now,
            updated_at=now,
        )
        session.add(delivery)
        after_commit(session, KIND, delivery.id)
        delivery_ids.append(delivery.id)
    return event_id, delivery_ids


def record_event(
    session: Session,
    *,
    tipo: str,
    account_id: str,
    company_id: str | None,
    ambiente: str,
    data: Payload,
) -> str:
    """Record `tipo` for every subscription that wants it, in the caller's transaction.

    Returns the event id (`evt_...`, also the `X-Webhook-Id` header and the payload's `id`).
    `data` is the document summary, or a function that builds it (called only when some
    subscription wants the event); it must never carry XML or secrets (checked).
    """
    environment = normalize_environment(ambiente)
    targets = _subscribed(session, tipo, account_id, company_id, environment)
    event_id, _ = store_event(
        session,
        tipo=tipo,
        account_id=account_id,
        company_id=company_id,
        ambiente=environment,
        data=data,
        targets=targets,
    )
    return event_id


def event_targets(
    session: Session, tipo: str, account_id: str, company_id: str | None, ambiente: str
) -> list[SubscriptionView]:
    """The subscriptions `record_event` writes a delivery for (none: it writes nothing)."""
    return _subscribed(session, tipo, account_id, company_id, normalize_environment(ambiente))


def _subscribed(
    session: Session, tipo: str, account_id: str, company_id: str | None, environment: str
) -> list[SubscriptionView]:
    if tipo not in known_kinds():
        raise ValueError(f"unknown webhook event kind {tipo!r}")
    return subscribers(
        session, tipo=tipo, account_id=account_id, company_id=company_id, ambiente=environment
    )
