"""Signing secrets and the signature scheme, plus the reference verifier the README documents.

`X-Webhook-Signature: sha256=<lowercase hex HMAC-SHA256(secret, timestamp + "." + body)>`; the
HMAC key is the whole secret string (`whsec_...`) as UTF-8. During a rotation overlap the header
carries two comma-separated signatures, the new secret's first. Each attempt is signed with its
own timestamp, so receivers that drop stale timestamps (5 minutes) still accept retries.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections.abc import Mapping, Sequence

SECRET_PREFIX = "whsec_"
TOLERANCE_SECONDS = 300
"""Receivers reject timestamps further than this from their clock, past or future."""


def new_secret() -> str:
    """256 random bits, hex, with a prefix that tells what it is when found in a config file."""
    return SECRET_PREFIX + secrets.token_hex(32)


def sign(secret: str, timestamp: int | str, body: bytes) -> str:
    """Lowercase hex HMAC-SHA256 of `timestamp.body` under `secret`."""
    message = str(timestamp).encode() + b"." + body
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def signature_header(secrets_newest_first: Sequence[str], timestamp: int, body: bytes) -> str:
    """`sha256=<hex>` per active secret, comma-separated, the newest first."""
    return ",".join(f"sha256={sign(secret, timestamp, body)}" for secret in secrets_newest_first)


def verify(
    secret: str,
    headers: Mapping[str, str],
    body: bytes,
    *,
    tolerance: int = TOLERANCE_SECONDS,
    now: float | None = None,
) -> bool:
    """The reference receiver check (the README's recipe): fresh timestamp and one signature
    that matches, compared in constant time. `body` must be the raw bytes received."""
    timestamp = headers.get("X-Webhook-Timestamp", "")
    if not timestamp.isdigit():
        return False
    current = time.time() if now is None else now
    if abs(current - int(timestamp)) > tolerance:
        return False
    expected = sign(secret, timestamp, body)
    for candidate in headers.get("X-Webhook-Signature", "").split(","):
        scheme, _, value = candidate.strip().partition("=")
        if scheme == "sha256" and hmac.compare_digest(value, expected):
            return True
    return False
