"""Authentication, then scope, then company, then the body — on every route (issue 12, 1).

The walk reads the routes from the OpenAPI document itself (all methods), so a new route is
covered the day it is added. Each request carries a body that would fail validation (`{}`),
so a 422 here means the body was parsed before the key was checked.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask, jsonify

from service.accounts.scopes import ALL_SCOPES
from service.auth import PUBLIC_ENDPOINTS, declared_scopes
from service.guard import view_of
from tests.factories import auth, make_account, make_company, make_key

# The deliberately public routes (also named in service.auth.PUBLIC_ENDPOINTS and README).
PUBLIC_ROUTES = {
    "/health": "health.health",
    "/metrics": "health.metrics",
    "/api/v1/docs": "docs.docs_page",
    "/api/v1/docs/assets/<path:filename>": "docs.docs_asset",
    "/api/v1/openapi.json": "api-docs.openapi_json",
    "/api/v1/esquemas/pacotes/<name>.schema.json": "docs.pack_schema",
}
METHODS = ("get", "post", "put", "patch", "delete")
WITH_BODY = ("post", "put", "patch")


def _operations(client: Any) -> list[tuple[str, str]]:
    """Every (METHOD, concrete path) of the OpenAPI document; path ids are made up."""
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    found = []
    for template, item in paths.items():
        path = re.sub(r"\{[^}]+\}", "inexistente", template)
        found.extend((method.upper(), path) for method in METHODS if method in item)
    return found


def _send(client: Any, method: str, path: str, **kwargs: Any) -> Any:
    if method.lower() in WITH_BODY:
        kwargs.setdefault("json", {})
    return client.open(path, method=method, **kwargs)


def _scopes_of(app: Flask, method: str, path: str) -> tuple[str, ...]:
    adapter = app.url_map.bind("localhost")
    endpoint, _ = adapter.match(path, method=method)
    scopes = declared_scopes(view_of(app, endpoint, method))
    assert scopes, f"{method} {path} declares no scope"
    return scopes


def test_the_walk_covers_every_route(app, client):
    operations = _operations(client)
    assert len(operations) > 60
    documented = {path for _, path in operations}
    for rule in app.url_map.iter_rules():
        if rule.endpoint in PUBLIC_ENDPOINTS or rule.endpoint == "static":
            continue
        concrete = re.sub(r"<[^>]+>", "inexistente", rule.rule)
        assert concrete in documented, f"{rule.rule} is missing from the OpenAPI document"


def test_every_route_without_a_key_is_401(client):
    failures = []
    for method, path in _operations(client):
        response = _send(client, method, path)
        body = response.get_json() or {}
        if response.status_code != 401 or body.get("error", {}).get("code") != "NAO_AUTENTICADO":
            failures.append((method, path, response.status_code, body.get("error")))
    assert failures == []


def test_every_route_with_a_key_lacking_its_scope_is_403_naming_it(app, client, rt):
    account = make_account(rt)
    keys: dict[tuple[str, ...], str] = {}
    failures = []
    for method, path in _operations(client):
        needed = _scopes_of(app, method, path)
        if needed not in keys:
            others = [scope for scope in ALL_SCOPES if scope not in needed]
            keys[needed] = make_key(rt, account.id, scopes=others, name="sem-" + needed[0])
        response = _send(client, method, path, headers=auth(keys[needed]))
        error = (response.get_json() or {}).get("error", {})
        named = all(scope in error.get("message", "") for scope in needed)
        if response.status_code != 403 or error.get("code") != "FORBIDDEN" or not named:
            failures.append((method, path, response.status_code, error))
    assert failures == []


def test_public_routes_answer_without_a_key(client):
    for route in PUBLIC_ROUTES:
        path = route.replace("<path:filename>", "swagger-ui.css").replace("<name>", "rule")
        assert client.get(path).status_code == 200, path


def test_public_list_is_the_code_list():
    assert set(PUBLIC_ROUTES.values()) == set(PUBLIC_ENDPOINTS)


def test_every_registered_route_is_declared_or_public(app):
    undeclared = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint in PUBLIC_ENDPOINTS or rule.endpoint == "static":
            continue
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            if not declared_scopes(view_of(app, rule.endpoint, method)):
                undeclared.append((method, rule.rule))
    assert undeclared == []


@pytest.fixture
def undeclared_app(app_factory):
    app = app_factory()

    @app.route("/probe/esquecida", methods=["GET", "POST"])
    def forgotten():
        return jsonify(segredo=True)

    return app


def test_a_route_that_declares_nothing_fails_closed(undeclared_app):
    rt = undeclared_app.extensions["fiscal"]
    client = undeclared_app.test_client()
    assert client.get("/probe/esquecida").status_code == 401
    account = make_account(rt)
    response = client.post("/probe/esquecida", headers=auth(account.live), json={})
    assert response.status_code == 403
    assert response.get_json()["error"]["code"] == "FORBIDDEN"


# -- the reported cases ---------------------------------------------------------------------


def _error(response: Any) -> tuple[int, str]:
    return response.status_code, response.get_json()["error"]["code"]


def test_anonymous_issuance_with_empty_body_is_401_not_422(client):
    assert _error(client.post("/api/v1/nfe", json={})) == (401, "NAO_AUTENTICADO")


def test_read_only_key_posting_a_product_is_403_not_422(client, rt):
    account = make_account(rt)
    reader = make_key(rt, account.id, scopes=["consultar"])
    response = client.post("/api/v1/produtos", json={}, headers=auth(reader))
    assert _error(response) == (403, "FORBIDDEN")
    message = response.get_json()["error"]["message"]
    assert message == "A chave de API não tem a permissão necessária: configurar."


def test_anonymous_nfse_task_is_401_not_501(client):
    response = client.post("/api/v1/fiscal/solicitacoes", json={"documento": "NFSE"})
    assert _error(response) == (401, "NAO_AUTENTICADO")


def test_foreign_company_is_403_before_the_body_is_read(client, rt):
    mine, theirs = make_account(rt), make_account(rt)
    make_company(rt, mine.id, codigo="minha")
    make_company(rt, theirs.id, codigo="alheia")
    for path in ("/api/v1/nfe", "/api/v1/produtos"):
        response = client.post(path, json={"empresa": "alheia"}, headers=auth(mine.live))
        assert _error(response) == (403, "EMPRESA_NAO_AUTORIZADA"), path
    response = client.get(
        "/api/v1/nfe", query_string={"empresa": "alheia", "pagina": "x"}, headers=auth(mine.live)
    )
    assert _error(response) == (403, "EMPRESA_NAO_AUTORIZADA")
