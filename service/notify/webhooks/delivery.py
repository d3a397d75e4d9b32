"""The `webhook` kind of work: one attempt of one delivery, without a transaction across it.

claim the lease and read what to send (transaction 1, committed) -> sign with this attempt's
timestamp and POST (no transaction) -> record the attempt and the next step (transaction 2).
A duplicate or stale announcement finds nothing to claim and does nothing. A worker that dies
during the call leaves a lease that expires; the delivery is then attempted again (receivers
deduplicate by `X-Webhook-Id`, which never changes).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from datetime import datetime, timedelta

from flask import current_app
from sqlalchemy.orm import Session

from service import runtime
from service.config import Settings
from service.db import transaction, utcnow
from service.notify.webhooks import keyring
from service.notify.webhooks.client import USER_AGENT, Limits, Network, Outcome, post, tls_context
from service.notify.webhooks.models import (
    DeliveryStatus,
    WebhookAttempt,
    WebhookDelivery,
    WebhookEvent,
    WebhookSubscription,
)
from service.notify.webhooks.outbox import KIND
from service.notify.webhooks.signing import signature_header
from service.notify.webhooks.ssrf import UrlRejected, parse_url
from service.queue import lease
from service.queue.dispatch import WorkKind
from service.queue.retry import RetryPolicy

log = logging.getLogger("service.notify.webhooks")

NETWORK_EXTENSION = "fiscal_webhook_network"
"""`app.extensions` key of an injected `Network` (tests); the real one otherwise."""
LIMITS_EXTENSION = "fiscal_webhook_limits"

JITTER = 0.1
"""Retries spread by up to 10 % either way."""

LEASE_MARGIN = timedelta(seconds=30)

OPEN = WebhookDelivery.status == DeliveryStatus.PENDENTE.value


def network() -> Network:
    found = current_app.extensions.get(NETWORK_EXTENSION)
    return found if isinstance(found, Network) else Network()


def limits(settings: Settings) -> Limits:
    """Built once per app (loading the CA store costs milliseconds)."""
    found = current_app.extensions.get(LIMITS_EXTENSION)
    if not isinstance(found, Limits):
        found = Limits(
            timeout=settings.webhook_timeout_seconds,
            allowed_hosts=frozenset(settings.webhook_allowed_hosts),
            context=tls_context(settings.webhook_ca_bundle),
        )
        current_app.extensions[LIMITS_EXTENSION] = found
    return found


def retry_policy(settings: Settings) -> RetryPolicy:
    return RetryPolicy(tuple(settings.webhook_retry_schedule), jitter=JITTER)


@dataclass(frozen=True)
class Claimed:
    """What one attempt sends, read in the claiming transaction."""

    delivery_id: str
    event_id: str
    subscription_id: str
    url: str
    body: bytes
    secrets: tuple[str, ...]
    owner: str


def _claim(delivery_id: str, settings: Settings) -> Claimed | None:
    rt = runtime.current()
    duration = timedelta(seconds=settings.webhook_timeout_seconds) * 2 + LEASE_MARGIN
    with transaction(rt.sessions) as session:
        now = utcnow()
        delivery = lease.claim(session, WebhookDelivery, delivery_id, OPEN, now=now,
                               duration=duration)  # fmt: skip
        if delivery is None:
            return None
        subscription = session.get(WebhookSubscription, delivery.subscription_id)
        event = session.get(WebhookEvent, delivery.event_id)
        if subscription is None or event is None or not subscription.ativo:
            _finish(delivery, DeliveryStatus.FALHOU, "Webhook inativo: entrega não enviada.")
            return None
        return Claimed(
            delivery_id=delivery.id,
            event_id=event.id,
            subscription_id=subscription.id,
            url=subscription.url,
            body=event.corpo,
            secrets=tuple(keyring.signing_secrets(subscription, rt.secrets, now)),
            owner=delivery.lease_dono or "",
        )


def _send(claimed: Claimed, settings: Settings) -> tuple[int, Outcome]:
    net = network()
    timestamp = int(net.clock())
    headers = {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "X-Webhook-Id": claimed.event_id,
        "X-Webhook-Timestamp": str(timestamp),
        "X-Webhook-Signature": signature_header(claimed.secrets, timestamp, claimed.body),
        "Connection": "close",
    }
    try:
        target = parse_url(claimed.url)
    except UrlRejected as exc:
        return timestamp, Outcome(None, 0, f"Bloqueado: {exc}")
    return timestamp, post(net, limits(settings), target, headers, claimed.body)


def _finish(delivery: WebhookDelivery, status: DeliveryStatus, error: str | None = None) -> None:
    delivery.status = status.value
    if error is not None:
        delivery.ultimo_erro = error
    lease.release(delivery)


def _deactivate_gone(session: Session, subscription_id: str, now: datetime) -> None:
    """410 Gone: the receiver says the endpoint no longer exists; stop sending to it."""
    subscription = session.get(WebhookSubscription, subscription_id, with_for_update=True)
    if subscription is not None and subscription.ativo:
        subscription.ativo = False
        subscription.desativado_em = now
        subscription.motivo_desativacao = "O receptor respondeu 410 Gone."


def _next_step(
    session: Session, delivery: WebhookDelivery, outcome: Outcome, settings: Settings
) -> None:
    now = utcnow()
    if outcome.delivered:
        delivery.entregue_em = now
        delivery.ultimo_erro = None
        _finish(delivery, DeliveryStatus.ENTREGUE)
        return
    if outcome.status == 410:
        _deactivate_gone(session, delivery.subscription_id, now)
        _finish(delivery, DeliveryStatus.FALHOU)
        return
    delivery.falhas += 1
    policy = retry_policy(settings)
    if policy.exhausted(delivery.falhas):
        _finish(delivery, DeliveryStatus.FALHOU)
    else:
        lease.release(delivery, next_at=now + policy.delay(delivery.falhas))


def _record(claimed: Claimed, timestamp: int, outcome: Outcome, settings: Settings) -> None:
    rt = runtime.current()
    with transaction(rt.sessions) as session:
        delivery = session.get(WebhookDelivery, claimed.delivery_id, with_for_update=True)
        if delivery is None:
            return
        delivery.tentativas += 1
        session.add(
            WebhookAttempt(
                delivery_id=delivery.id,
                numero=delivery.tentativas,
                em=utcnow(),
                timestamp=timestamp,
                status_http=outcome.status,
                latencia_ms=outcome.latency_ms,
                erro=outcome.error,
            )
        )
        delivery.ultimo_status_http = outcome.status
        delivery.ultimo_erro = outcome.error
        if delivery.lease_dono == claimed.owner and delivery.status == DeliveryStatus.PENDENTE:
            _next_step(session, delivery, outcome, settings)
        else:  # the lease expired mid-call and another worker took over: it decides
            log.warning("webhook lease lost during attempt of %s", delivery.id)
        _log_attempt(claimed, delivery, outcome)


def _log_attempt(claimed: Claimed, delivery: WebhookDelivery, outcome: Outcome) -> None:
    """Every attempt in the log: ids, host, status, latency, error (never secrets or bodies)."""
    try:
        host = parse_url(claimed.url).host
    except UrlRejected:
        host = "?"
    log.info(
        "webhook attempt delivery=%s event=%s webhook=%s host=%s attempt=%d status=%s "
        "latency_ms=%d result=%s error=%s",
        delivery.id,
        claimed.event_id,
        claimed.subscription_id,
        host,
        delivery.tentativas,
        outcome.status,
        outcome.latency_ms,
        delivery.status,
        outcome.error,
    )


def perform(delivery_id: str) -> None:
    """One attempt of `delivery_id` if it is due and nobody else holds it; else nothing."""
    settings = runtime.current().settings
    claimed = _claim(delivery_id, settings)
    if claimed is None:
        return
    try:
        timestamp, outcome = _send(claimed, settings)
    except Exception:  # a bug must count as a failed attempt, not loop on an expiring lease
        log.exception("webhook attempt of %s failed unexpectedly", delivery_id)
        timestamp, outcome = int(time.time()), Outcome(None, 0, "Erro interno no envio.")
    _record(claimed, timestamp, outcome, settings)


def _due(session: Session, now: datetime, limit: int) -> list[str]:
    return lease.due_ids(session, WebhookDelivery, OPEN, now, limit)


WEBHOOK = WorkKind(KIND, "notificacoes", _due, perform)
