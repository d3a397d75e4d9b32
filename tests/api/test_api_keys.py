"""Key management over the API: shown once, never more scopes than the creator, audited."""

from __future__ import annotations

from sqlalchemy import select

from service.audit.models import AuditEntry
from tests.factories import auth, make_account, make_key


def test_create_returns_the_key_once(client, rt):
    account = make_account(rt)
    response = client.post(
        "/api/v1/api-keys",
        headers=auth(account.live),
        json={"nome": "erp", "escopos": ["emitir", "consultar"], "modo": "live"},
    )
    assert response.status_code == 201
    body = response.get_json()
    key = body["chave"]
    assert key.startswith("fiscal_live_") and len(key) == len("fiscal_live_") + 40
    assert body["api_key"]["escopos"] == ["consultar", "emitir"]
    listing = client.get("/api/v1/api-keys", headers=auth(account.live))
    assert key not in listing.get_data(as_text=True)
    assert any(k["prefixo"] == key[:18] for k in listing.get_json()["itens"])
    assert client.get("/api/v1/empresas", headers=auth(key)).status_code == 200


def test_key_cannot_grant_scopes_its_creator_lacks(client, rt):
    account = make_account(rt)
    limited = make_key(rt, account.id, scopes=["configurar", "consultar"])
    response = client.post(
        "/api/v1/api-keys",
        headers=auth(limited),
        json={"nome": "x", "escopos": ["emitir"], "modo": "live"},
    )
    assert response.status_code == 403
    assert response.get_json()["error"]["code"] == "FORBIDDEN"


def test_default_scopes_are_the_creators(client, rt):
    account = make_account(rt)
    limited = make_key(rt, account.id, scopes=["configurar", "consultar"])
    response = client.post("/api/v1/api-keys", headers=auth(limited), json={"nome": "x"})
    assert response.status_code == 201
    assert response.get_json()["api_key"]["escopos"] == ["configurar", "consultar"]


def test_test_key_stays_in_the_sandbox(client, rt):
    account = make_account(rt)
    response = client.post(
        "/api/v1/api-keys", headers=auth(account.test), json={"nome": "x", "modo": "live"}
    )
    assert response.status_code == 403
    listed = client.get("/api/v1/api-keys", headers=auth(account.test)).get_json()["itens"]
    assert {k["modo"] for k in listed} == {"test"}
    live_id = next(
        k["id"]
        for k in client.get("/api/v1/api-keys", headers=auth(account.live)).get_json()["itens"]
        if k["modo"] == "live"
    )
    assert (
        client.delete(f"/api/v1/api-keys/{live_id}", headers=auth(account.test)).status_code == 404
    )


def test_invalid_body_lists_fields(client, rt):
    account = make_account(rt)
    response = client.post(
        "/api/v1/api-keys", headers=auth(account.live), json={"escopos": ["voar"], "modo": "prod"}
    )
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["code"] == "VALIDATION_ERROR"
    fields = {e["field"] for e in error["errors"]}
    assert {"nome", "modo"} <= fields
    assert any(f.startswith("escopos") for f in fields)


def test_revocation_is_audited_and_other_accounts_cannot_revoke(client, rt):
    owner, stranger = make_account(rt), make_account(rt)
    keys = client.get("/api/v1/api-keys", headers=auth(owner.live)).get_json()["itens"]
    target = next(k["id"] for k in keys if k["modo"] == "test")
    assert (
        client.delete(f"/api/v1/api-keys/{target}", headers=auth(stranger.live)).status_code == 404
    )
    response = client.delete(f"/api/v1/api-keys/{target}", headers=auth(owner.live))
    assert response.get_json()["ativa"] is False
    with rt.sessions() as session:
        entry = session.execute(
            select(AuditEntry).where(AuditEntry.registro_id == target)
        ).scalar_one()
    assert entry.acao == "REVOGAR" and entry.entidade == "api_key"
    assert client.get("/api/v1/api-keys", headers=auth(owner.test)).status_code == 401


def test_service_credential_cannot_manage_keys_nor_use_a_wallet(client, rt):
    account = make_account(rt)
    service_key = make_key(rt, account.id, kind="service")
    response = client.post("/api/v1/api-keys", headers=auth(service_key), json={"nome": "x"})
    assert response.status_code == 403
    wallet = client.get("/api/v1/financeiro/saldo", headers=auth(service_key))
    assert wallet.status_code == 403
    assert wallet.get_json()["error"]["code"] == "CARTEIRA_INDISPONIVEL"
