"""API key authentication, scope checks and the per-key rate limit, enforced in one place.

A view only *declares* the scopes it needs with `@requires(Scope.EMITIR)`; one
`before_request` hook (`guard`, installed by `install`) finds the view of the request's
endpoint and method, then authenticates, rate-limits, checks the scopes and the selected
company before flask-smorest parses a single field of the body. The order of a view's
decorators therefore cannot let validation run first, and a route that declares nothing and
is not in `PUBLIC_ENDPOINTS` fails closed. The key may come in `Authorization: Bearer <key>`
(primary) or `X-API-Key`. A missing or unknown key answers 401 `NAO_AUTENTICADO` (the spec
leaves that open); a key without a scope, 403 `FORBIDDEN` naming the scope.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Protocol, TypeVar

from flask import g, request
from sqlalchemy import bindparam, select, true, update

from service import compiled, runtime
from service.accounts.models import ApiKey, KeyKind, KeyMode
from service.db import utcnow
from service.errors import CATALOGUE, ApiError

KEY_PATTERN = re.compile(r"^fiscal_(live|test)_[0-9a-f]{40}$")
LAST_USED_RESOLUTION = timedelta(minutes=1)
REQUIRED_SCOPES = "_required_scopes"

# Routes anyone may call without a key (the probes, the metrics scrape and the API's own
# documentation). Every other route must declare its scopes with `requires`.
PUBLIC_ENDPOINTS: frozenset[str] = frozenset(
    {
        "health.health",  # GET /health
        "health.metrics",  # GET /metrics
        "docs.docs_page",  # GET /api/v1/docs
        "docs.docs_asset",  # GET /api/v1/docs/assets/<path>
        "docs.pack_schema",  # GET /api/v1/esquemas/pacotes/<name>.schema.json
        "api-docs.openapi_json",  # GET /api/v1/openapi.json
    }
)

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


def _credential(record: Mapping[str, Any]) -> Credential:
    return Credential(
        key_id=record["id"],
        account_id=record["account_id"],
        mode=KeyMode(record["mode"]),
        kind=KeyKind(record["kind"]),
        scopes=frozenset(record["scopes"]),
        prefix=record["prefix"],
    )


def _touch(record: Mapping[str, Any]) -> None:
    """Record `last_used_at` at most once a minute so reads do not write every time."""
    now, last_used = utcnow(), record["last_used_at"]
    if last_used is None or now - last_used > LAST_USED_RESOLUTION:
        session = runtime.db()
        session.execute(_touch_statement(), {"p_id": record["id"], "now": now})
        session.commit()


class Companion(Protocol):
    """A read of another module that rides on the key's lookup, in its one statement: a
    `LATERAL` subquery correlated to the key's row (`ApiKey.account_id`), built once per
    process (statements are planned by identity), with the parameters it binds; `took` is
    given the statement's rows (one per row of the subquery, or one with its columns NULL)
    once the key is known."""

    lateral: Any
    params: Mapping[str, Any]

    def took(self, rows: compiled.Rows) -> None: ...


def authenticate(companion: Companion | None = None) -> Credential:
    """The key's credential, else 401. A `companion` read (the request's company, see
    `service.companies.resolver.company_companion`) is answered by the same statement, so a
    request pays one round trip for both; it is handed its rows only for a valid key."""
    key = presented_key()
    if key is None or not KEY_PATTERN.match(key):
        raise ApiError("NAO_AUTENTICADO")
    digest = runtime.current().hasher.digest(key)
    params = {"p_digest": digest}
    if companion is not None:
        params.update(companion.params)
    lateral = None if companion is None else companion.lateral
    rows = compiled.read(runtime.db(), _active_key_statement(lateral), params)
    record = rows.mapping()
    if record is None:
        raise ApiError("NAO_AUTENTICADO")
    if companion is not None:
        companion.took(rows)
    _touch(record)
    return _credential(record)


@functools.cache
def _active_key_statement(lateral: Any = None) -> Any:
    """Built once per process (per companion `lateral`): the columns of an unrevoked key a
    request needs (a row, not an ORM object: every request reads it), then the lateral's."""
    c = ApiKey.__table__.c
    columns = (c.id, c.account_id, c.mode, c.kind, c.scopes, c.prefix, c.last_used_at)
    where = (c.digest == bindparam("p_digest"), c.revoked_at.is_(None))
    if lateral is None:
        return select(*columns).where(*where)
    joined = ApiKey.__table__.outerjoin(lateral, true())
    return select(*columns, *lateral.c).select_from(joined).where(*where)


@functools.cache
def _touch_statement() -> Any:
    c = ApiKey.__table__.c
    return (
        update(ApiKey.__table__)  # type: ignore[arg-type]
        .where(c.id == bindparam("p_id"))
        .values(last_used_at=bindparam("now"))
    )


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
    """Declare the scopes a view needs; `service.guard` enforces them before the view runs.

    Only a declaration (the view is returned unchanged), so the order of the decorators on a
    view does not matter: the guard reads it from the view or from any function it wraps.
    """

    def decorator(view: F) -> F:
        setattr(view, REQUIRED_SCOPES, tuple(scopes))
        return view

    return decorator


def declared_scopes(view: Callable[..., Any] | None) -> tuple[str, ...] | None:
    """The scopes declared with `requires` on `view` or on a function it wraps; None when
    nothing was declared (the guard then refuses the route)."""
    while view is not None:
        scopes: tuple[str, ...] | None = view.__dict__.get(REQUIRED_SCOPES)
        if scopes is not None:
            return scopes
        view = getattr(view, "__wrapped__", None)
    return None


def missing_scopes(credential: Credential, scopes: tuple[str, ...]) -> list[str]:
    return [scope for scope in scopes if not credential.can(scope)]


def forbidden(missing: list[str]) -> ApiError:
    """403 `FORBIDDEN` naming the scopes the key lacks, so the caller knows what to ask for."""
    general = CATALOGUE["FORBIDDEN"].message.removesuffix(".")
    return ApiError("FORBIDDEN", f"{general}: {', '.join(missing)}.")
