"""A subscription's signing secrets: sealed at rest, rotated with an overlap.

A rotation keeps the previous secret signing beside the new one until the overlap ends
(`WEBHOOK_SECRET_OVERLAP_SECONDS`, 24 h by default), so receivers can switch without losing a
delivery. Only two secrets are ever active: rotating again during an overlap drops the oldest.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from service.crypto import SecretBox
from service.notify.webhooks.models import WebhookSubscription
from service.notify.webhooks.signing import new_secret


def issue(subscription: WebhookSubscription, box: SecretBox) -> str:
    """A first secret for a new subscription; the plaintext is answered once."""
    secret = new_secret()
    subscription.segredo = box.seal(secret.encode())
    return secret


def rotate(
    subscription: WebhookSubscription, box: SecretBox, now: datetime, overlap: timedelta
) -> str:
    """A new current secret; the current one keeps signing until `now + overlap`."""
    secret = new_secret()
    subscription.segredo_anterior = subscription.segredo
    subscription.segredo_anterior_expira_em = now + overlap
    subscription.segredo = box.seal(secret.encode())
    subscription.segredo_rotacionado_em = now
    return secret


def previous_active(subscription: WebhookSubscription, now: datetime) -> bool:
    expires = subscription.segredo_anterior_expira_em
    return subscription.segredo_anterior is not None and expires is not None and now < expires


def signing_secrets(subscription: WebhookSubscription, box: SecretBox, now: datetime) -> list[str]:
    """The secrets an attempt at `now` signs with, the newest first."""
    secrets = [box.open(subscription.segredo).decode()]
    if previous_active(subscription, now) and subscription.segredo_anterior is not None:
        secrets.append(box.open(subscription.segredo_anterior).decode())
    return secrets
