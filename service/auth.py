"""API key authentication, scope checks and the per-key rate limit.

A view declares the scope it needs with `@requires(Scope.EMITIR)`. The key may come in
`Authorization: Bearer <key>` (primary) or `X-API-Key`. A missing or unknown key answers
401 `NAO_AUTENTICADO` (the spec leaves that open); a key without the scope, 403 `FORBIDDEN`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from functools import wraps
from typing import Any, TypeVar

from flask import g, request

from service import runtime
from service.accounts import operations as accounts
from service.accounts.models import ApiKey, KeyKind, KeyMode
from service.db import utcnow
from service.errors import ApiError

KEY_PATTERN = re.compile(r"^fiscal_(live|test)_[0-9a-f]{40}$")
LAST_USED_RESOLUTION = timedelta(minutes=1)

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class Credential:
    """The authenticated caller, as every view sees it."""

    key_id: str
    account_id: str
    mode: KeyMode
    kind: KeyKind
    scopes: frozenset[str]
    prefix: str

    @property
    def is_test(self) -> bool:
        return self.mode is KeyMode.TEST

    @property
    def has_user(self) -> bool:
        return self.kind is KeyKind.USER

    def can(self, scope: str) -> bool:
        return scope in self.scopes


def presented_key() -> str | None:
    header = request.headers.get("Authorization", "")
    if header[:7].lower() == "bearer ":
        return header[7:].strip() or None
    return request.headers.get("X-API-Key", "").strip() or None


def _credential(record: ApiKey) -> Credential:
    return Credential(
        key_id=record.id,
        account_id=record.account_id,
        mode=KeyMode(record.mode),
        kind=KeyKind(record.kind),
        scopes=frozenset(record.scopes),
        prefix=record.prefix,
    )


def _touch(record: ApiKey) -> None:
    """Record `last_used_at` at most once a minute so reads do not write every time."""
    now = utcnow()
    if record.last_used_at is None or now - record.last_used_at > LAST_USED_RESOLUTION:
        record.last_used_at = now
        runtime.db().commit()


def authenticate() -> Credential:
    key = presented_key()
    if key is None or not KEY_PATTERN.match(key):
        raise ApiError("NAO_AUTENTICADO")
    record = accounts.find_active_key(runtime.db(), runtime.current().hasher.digest(key))
    if record is None:
        raise ApiError("NAO_AUTENTICADO")
    _touch(record)
    return _credential(record)


def enforce_rate_limit(credential: Credential) -> None:
    rt = runtime.current()
    verdict = rt.limiter.hit(credential.key_id, rt.settings.rate_limit_per_minute)
    g.rate_limit = verdict
    if not verdict.allowed:
        raise ApiError("RATE_LIMITED", headers={"Retry-After": str(verdict.retry_after)})


def current_credential() -> Credential:
    credential: Credential = g.credential
    return credential


def requires(*scopes: str) -> Callable[[F], F]:
    """Authenticate, rate-limit, then demand every listed scope."""

    def decorator(view: F) -> F:
        @wraps(view)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            credential = authenticate()
            g.credential = credential
            enforce_rate_limit(credential)
            if not all(credential.can(scope) for scope in scopes):
                raise ApiError("FORBIDDEN")
            return view(*args, **kwargs)

        wrapper._required_scopes = scopes  # type: ignore[attr-defined]
        return wrapper  # type: ignore[return-value]

    return decorator
