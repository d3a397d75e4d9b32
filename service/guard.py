"""The one enforcement point: authentication, rate limit, scope and company, before the body.

Installed as an app `before_request` hook, so it runs after routing and before the view (and
therefore before flask-smorest's `@blp.arguments` parses anything), whatever the order of
the decorators on the view. It looks up the view of the request's endpoint and method and
reads the scopes that view declared with `service.auth.requires`:

1. a route in `PUBLIC_ENDPOINTS` passes untouched;
2. the key is authenticated (401 `NAO_AUTENTICADO`) and rate-limited (429 `RATE_LIMITED`);
3. a route that declared nothing fails closed (403 `FORBIDDEN`, logged as a programming error);
4. every declared scope must be on the key (403 `FORBIDDEN` naming the missing ones);
5. a company selector (`empresa_id` / `empresa`, query or JSON body) must name an active
   company of the key's account (403 `EMPRESA_NAO_AUTORIZADA`).
On PostgreSQL the company's candidates are read by the key's own statement
(`resolver.company_companion`); they are looked at only in step 5.

Unknown routes and wrong methods are left to Flask (404 / 405 in the envelope).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from flask import Flask, current_app, g, request

from service.auth import (
    PUBLIC_ENDPOINTS,
    authenticate,
    declared_scopes,
    enforce_rate_limit,
    forbidden,
    missing_scopes,
)
from service.companies.resolver import check_selected_company, company_companion
from service.errors import ApiError

log = logging.getLogger("service.guard")

UNDECLARED = "Rota sem permissão declarada: acesso negado."


def view_of(app: Flask, endpoint: str, method: str) -> Callable[..., Any] | None:
    """The function that will answer `method` on `endpoint`: a MethodView's method (HEAD
    falls back to GET, as Flask does) or the plain view function."""
    view = app.view_functions.get(endpoint)
    view_class = getattr(view, "view_class", None)
    if view_class is None:
        return view
    handler = getattr(view_class, method.lower(), None)
    if handler is None and method == "HEAD":
        handler = getattr(view_class, "get", None)
    return handler


def is_public(endpoint: str) -> bool:
    return endpoint in PUBLIC_ENDPOINTS


def guard() -> None:
    """Authenticate, rate-limit, check scopes and the selected company, in that order."""
    rule = request.url_rule
    if rule is None or is_public(rule.endpoint):
        return  # routing failed (404/405 answered by Flask) or a deliberately public route
    if request.method == "OPTIONS" and getattr(rule, "provide_automatic_options", False):
        return  # Flask's automatic answer lists the methods; no view runs
    scopes = declared_scopes(view_of(current_app, rule.endpoint, request.method))
    credential = authenticate(company_companion())
    g.credential = credential
    enforce_rate_limit(credential)
    if scopes is None:
        log.error("route without declared scopes", extra={"route": rule.rule})
        raise ApiError("FORBIDDEN", UNDECLARED)
    missing = missing_scopes(credential, scopes)
    if missing:
        raise forbidden(missing)
    check_selected_company()


def install(app: Flask) -> None:
    app.before_request(guard)
