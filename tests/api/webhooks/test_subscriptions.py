"""`/webhooks` over the API on both backends: secret shown once, scope, tenancy, validation."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import select

from service.audit.models import AuditEntry
from service.db import transaction
from service.notify.webhooks.models import WebhookSubscription
from tests.api.webhooks.helpers import receiver_app, runtime_of, subscribe, tenant
from tests.factories import auth, make_key


@pytest.fixture
def app(app_factory, receiver):
    return receiver_app(app_factory, receiver)


@pytest.fixture
def rt(app):
    return runtime_of(app)


def test_create_answers_the_secret_once_and_stores_it_sealed(client, rt, receiver):
    who = tenant(rt)
    response = client.post(
        "/api/v1/webhooks",
        headers=who.live,
        json={"url": receiver.url(), "eventos": ["nfe.*", "fiscal.document.authorized"],
              "descricao": "ERP"},
    )  # fmt: skip
    assert response.status_code == 201
    body = response.get_json()
    secret, webhook = body["segredo"], body["webhook"]
    assert secret.startswith("whsec_")
    assert webhook["eventos"] == ["nfe.*", "fiscal.document.authorized"]
    assert webhook["ativo"] is True and webhook["modo"] == "live"
    assert webhook["ambientes"] == ["HOMOLOGACAO", "PRODUCAO"]
    assert webhook["empresa_id"] is None and webhook["descricao"] == "ERP"
    assert "segredo" not in webhook
    for path in ("/api/v1/webhooks", f"/api/v1/webhooks/{webhook['id']}"):
        answer = client.get(path, headers=who.live)
        assert answer.status_code == 200
        assert secret not in answer.get_data(as_text=True)
        assert 'segredo"' not in answer.get_data(as_text=True).replace("segredo_", "")
    with transaction(rt.sessions) as session:
        row = session.get(WebhookSubscription, webhook["id"])
        assert secret.encode() not in row.segredo
        assert rt.secrets.open(row.segredo).decode() == secret
        audit = session.execute(
            select(AuditEntry).where(AuditEntry.registro_id == webhook["id"])
        ).scalar_one()
        assert audit.acao == "CRIAR" and audit.entidade == "webhook"
        assert secret not in str(audit.valor_novo)


def test_list_is_paginated_newest_first_and_filters_active(client, rt, receiver):
    who = tenant(rt)
    first, _ = subscribe(client, who.live, receiver.url("/a"))
    second, _ = subscribe(client, who.live, receiver.url("/b"))
    page = client.get("/api/v1/webhooks?por_pagina=1", headers=who.live).get_json()
    assert (page["total"], page["pagina"], page["por_pagina"]) == (2, 1, 1)
    assert [w["id"] for w in page["itens"]] == [second]
    client.delete(f"/api/v1/webhooks/{second}", headers=who.live)
    active = client.get("/api/v1/webhooks?ativo=1", headers=who.live).get_json()
    assert [w["id"] for w in active["itens"]] == [first]
    assert client.get("/api/v1/webhooks?por_pagina=101", headers=who.live).status_code == 422


def test_put_changes_fields_and_delete_deactivates(client, rt, receiver):
    who = tenant(rt)
    webhook_id, _ = subscribe(client, who.live, receiver.url())
    changed = client.put(
        f"/api/v1/webhooks/{webhook_id}",
        headers=who.live,
        json={"eventos": ["nfce.*"], "descricao": "PDV", "ambientes": ["PRODUCAO"],
              "empresa_id": who.company_id, "url": receiver.url("/novo")},
    )  # fmt: skip
    assert changed.status_code == 200, changed.get_json()
    webhook = changed.get_json()["webhook"]
    assert webhook["eventos"] == ["nfce.*"] and webhook["descricao"] == "PDV"
    assert webhook["ambientes"] == ["PRODUCAO"] and webhook["empresa_id"] == who.company_id
    assert webhook["url"].endswith("/novo")
    cleared = client.put(
        f"/api/v1/webhooks/{webhook_id}", headers=who.live, json={"empresa_id": None}
    )
    assert cleared.get_json()["webhook"]["empresa_id"] is None
    deleted = client.delete(f"/api/v1/webhooks/{webhook_id}", headers=who.live)
    assert deleted.status_code == 200
    assert deleted.get_json()["webhook"]["ativo"] is False
    assert deleted.get_json()["webhook"]["desativado_em"] is not None
    assert (
        client.get(f"/api/v1/webhooks/{webhook_id}", headers=who.live).get_json()["webhook"][
            "ativo"
        ]
        is False
    )
    assert client.post(f"/api/v1/webhooks/{webhook_id}/teste", headers=who.live).status_code == 409
    restored = client.put(f"/api/v1/webhooks/{webhook_id}", headers=who.live, json={"ativo": True})
    assert restored.get_json()["webhook"]["ativo"] is True
    assert restored.get_json()["webhook"]["motivo_desativacao"] is None


def test_company_filter_must_be_an_active_company_of_the_account(client, rt, receiver):
    who, other = tenant(rt), tenant(rt)
    for selector in ({"empresa_id": other.company_id}, {"empresa": "nao-existe"}):
        response = client.post(
            "/api/v1/webhooks",
            headers=who.live,
            json={"url": receiver.url(), "eventos": ["*"], **selector},
        )
        assert response.status_code == 403
        assert response.get_json()["error"]["code"] == "EMPRESA_NAO_AUTORIZADA"
    webhook_id, _ = subscribe(client, who.live, receiver.url(), empresa_id=who.company_id)
    got = client.get(f"/api/v1/webhooks/{webhook_id}", headers=who.live).get_json()
    assert got["webhook"]["empresa_id"] == who.company_id


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"eventos": ["nfe.approved"]}, "eventos.0"),
        ({"eventos": ["nfe.*", "nf.*"]}, "eventos.1"),
        ({"eventos": []}, "eventos"),
        ({"eventos": ["nfe.*", "nfe.*"]}, "eventos"),
        ({"eventos": ["*"], "ambientes": ["PRODUCAO", "TESTE"]}, "ambientes.1"),
        ({"eventos": ["*"], "url": "http://localhost/hook"}, "url"),
        ({"eventos": ["*"], "url": "https://user:senha@localhost/hook"}, "url"),
        ({"eventos": ["*"], "url": "https://naoresolve.example.com/hook"}, "url"),
        ({"eventos": ["*"], "extra": 1}, "extra"),
    ],
)
def test_invalid_bodies_are_422_on_the_field(client, rt, receiver, body, field):
    who = tenant(rt)
    response = client.post(
        "/api/v1/webhooks", headers=who.live, json={"url": receiver.url(), **body}
    )
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["code"] == "VALIDATION_ERROR"
    assert field in {e["field"] for e in error["errors"]}


def test_unknown_kind_message_explains_patterns(client, rt, receiver):
    who = tenant(rt)
    response = client.post(
        "/api/v1/webhooks", headers=who.live, json={"url": receiver.url(), "eventos": ["x.y"]}
    )
    assert "nfe.*" in response.get_json()["error"]["errors"][0]["message"]


def test_rotation_answers_a_new_secret_once_with_the_overlap_end(client, rt, receiver):
    who = tenant(rt)
    webhook_id, old = subscribe(client, who.live, receiver.url())
    response = client.post(f"/api/v1/webhooks/{webhook_id}/rotacionar-segredo", headers=who.live)
    assert response.status_code == 200
    body = response.get_json()
    assert body["segredo"].startswith("whsec_") and body["segredo"] != old
    expires = dt.datetime.fromisoformat(body["segredo_anterior_expira_em"])
    expected = dt.datetime.now(dt.UTC) + dt.timedelta(hours=24)
    assert abs((expires - expected).total_seconds()) < 60
    assert body["webhook"]["segredo_anterior_expira_em"] == body["segredo_anterior_expira_em"]
    again = client.get(f"/api/v1/webhooks/{webhook_id}", headers=who.live).get_data(as_text=True)
    assert body["segredo"] not in again and old not in again


ROUTES = [
    ("get", "/api/v1/webhooks/{id}"),
    ("put", "/api/v1/webhooks/{id}"),
    ("delete", "/api/v1/webhooks/{id}"),
    ("post", "/api/v1/webhooks/{id}/rotacionar-segredo"),
    ("get", "/api/v1/webhooks/{id}/entregas"),
    ("post", "/api/v1/webhooks/{id}/entregas/ent_x/reenviar"),
    ("post", "/api/v1/webhooks/{id}/teste"),
]


@pytest.mark.parametrize(("method", "path"), ROUTES)
def test_another_accounts_webhook_is_404_everywhere(client, rt, receiver, method, path):
    owner, intruder = tenant(rt), tenant(rt)
    webhook_id, _ = subscribe(client, owner.live, receiver.url())
    call = getattr(client, method)
    kwargs = {"json": {"descricao": "x"}} if method == "put" else {}
    response = call(path.format(id=webhook_id), headers=intruder.live, **kwargs)
    assert response.status_code == 404
    assert response.get_json()["error"]["code"] == "NAO_ENCONTRADO"
    listed = client.get("/api/v1/webhooks", headers=intruder.live).get_json()
    assert listed["total"] == 0
    still = client.get(f"/api/v1/webhooks/{webhook_id}", headers=owner.live).get_json()
    assert still["webhook"]["ativo"] is True and still["webhook"]["descricao"] is None


@pytest.mark.parametrize(("method", "path"), [("get", "/api/v1/webhooks"),
                                              ("post", "/api/v1/webhooks"), *ROUTES])  # fmt: skip
def test_scope_configurar_is_required(client, rt, receiver, method, path):
    who = tenant(rt)
    webhook_id, _ = subscribe(client, who.live, receiver.url())
    reader = make_key(rt, who.account.id, scopes=["consultar", "emitir"])
    kwargs = (
        {"json": {"url": receiver.url(), "eventos": ["*"]}} if method in ("post", "put") else {}
    )
    response = getattr(client, method)(path.format(id=webhook_id), headers=auth(reader), **kwargs)
    assert response.status_code == 403
    assert response.get_json()["error"]["code"] == "FORBIDDEN"
    assert client.get("/api/v1/webhooks", headers={}).status_code == 401


def test_test_keys_hear_homologation_only_and_see_only_their_webhooks(client, rt, receiver):
    who = tenant(rt)
    live_id, _ = subscribe(client, who.live, receiver.url("/live"))
    test_id, _ = subscribe(client, who.test, receiver.url("/test"))
    test_hook = client.get(f"/api/v1/webhooks/{test_id}", headers=who.test).get_json()["webhook"]
    assert test_hook["modo"] == "test" and test_hook["ambientes"] == ["HOMOLOGACAO"]
    forbidden = client.post(
        "/api/v1/webhooks",
        headers=who.test,
        json={"url": receiver.url(), "eventos": ["*"], "ambientes": ["PRODUCAO"]},
    )
    assert forbidden.status_code == 403
    widened = client.put(
        f"/api/v1/webhooks/{test_id}", headers=who.live, json={"ambientes": ["PRODUCAO"]}
    )
    assert widened.status_code == 403
    assert client.get(f"/api/v1/webhooks/{live_id}", headers=who.test).status_code == 404
    assert [
        w["id"] for w in client.get("/api/v1/webhooks", headers=who.test).get_json()["itens"]
    ] == [test_id]
    assert client.get("/api/v1/webhooks", headers=who.live).get_json()["total"] == 2


def test_active_webhooks_per_account_are_limited(client, rt, receiver, monkeypatch):
    from service.notify.webhooks import operations

    monkeypatch.setattr(operations, "MAX_ACTIVE_PER_ACCOUNT", 2)
    who = tenant(rt)
    first, _ = subscribe(client, who.live, receiver.url("/1"))
    subscribe(client, who.live, receiver.url("/2"))
    third = client.post(
        "/api/v1/webhooks", headers=who.live, json={"url": receiver.url("/3"), "eventos": ["*"]}
    )
    assert third.status_code == 409
    assert third.get_json()["error"]["code"] == "LIMITE_WEBHOOKS"
    client.delete(f"/api/v1/webhooks/{first}", headers=who.live)
    subscribe(client, who.live, receiver.url("/3"))
    again = client.put(f"/api/v1/webhooks/{first}", headers=who.live, json={"ativo": True})
    assert again.status_code == 409
