"""Authentication and scopes (spec, "Authentication")."""

from __future__ import annotations

from tests.factories import auth, make_account, make_key


def _assert_envelope_error(response, status: int, code: str) -> None:
    assert response.status_code == status
    body = response.get_json()
    assert body["success"] is False
    assert body["error"]["code"] == code
    assert body["error"]["message"]
    assert body["request_id"].startswith("req_")
    assert response.headers["X-Request-Id"] == body["request_id"]


def test_bearer_header_authenticates(client, rt):
    account = make_account(rt)
    response = client.get("/api/v1/api-keys", headers=auth(account.live))
    assert response.status_code == 200
    body = response.get_json()
    assert body["success"] is True
    assert body["request_id"].startswith("req_")
    assert response.headers["X-Request-Id"] == body["request_id"]


def test_x_api_key_header_authenticates(client, rt):
    account = make_account(rt)
    response = client.get("/api/v1/api-keys", headers={"X-API-Key": account.live})
    assert response.status_code == 200


def test_missing_key_is_401(client):
    _assert_envelope_error(client.get("/api/v1/api-keys"), 401, "NAO_AUTENTICADO")


def test_malformed_and_unknown_keys_are_401(client, rt):
    make_account(rt)
    for key in ("abc", "fiscal_live_" + "0" * 40, "fiscal_prod_" + "a" * 40):
        response = client.get("/api/v1/api-keys", headers=auth(key))
        _assert_envelope_error(response, 401, "NAO_AUTENTICADO")


def test_revoked_key_is_401(client, rt):
    account = make_account(rt)
    spare = make_key(rt, account.id, name="descartavel")
    listing = client.get("/api/v1/api-keys", headers=auth(account.live)).get_json()
    spare_id = next(k["id"] for k in listing["itens"] if k["nome"] == "descartavel")
    assert (
        client.delete(f"/api/v1/api-keys/{spare_id}", headers=auth(account.live)).status_code == 200
    )
    _assert_envelope_error(
        client.get("/api/v1/api-keys", headers=auth(spare)), 401, "NAO_AUTENTICADO"
    )


def test_missing_scope_is_403_forbidden(client, rt):
    account = make_account(rt)
    emit_only = make_key(rt, account.id, scopes=["emitir"])
    _assert_envelope_error(
        client.get("/api/v1/api-keys", headers=auth(emit_only)), 403, "FORBIDDEN"
    )


def test_scope_of_another_module_does_not_grant(client, rt):
    account = make_account(rt)
    nfse_only = make_key(rt, account.id, scopes=["nfse:read", "nfse:write"])
    _assert_envelope_error(
        client.get("/api/v1/empresas", headers=auth(nfse_only)), 403, "FORBIDDEN"
    )


def test_last_used_is_recorded(client, rt):
    account = make_account(rt)
    client.get("/api/v1/api-keys", headers=auth(account.live))
    keys = client.get("/api/v1/api-keys", headers=auth(account.live)).get_json()["itens"]
    principal = next(k for k in keys if k["nome"] == "principal")
    assert principal["ultimo_uso_em"] is not None
