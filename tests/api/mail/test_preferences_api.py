"""`GET|PUT /fiscal/notificacoes/preferencias` on both backends."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select

from service.audit.models import AuditEntry
from service.db import transaction
from tests.api.mail.helpers import tenant
from tests.factories import auth, make_company, make_key

URL = "/api/v1/fiscal/notificacoes/preferencias"


def _fields(response: Any) -> set[str]:
    body = response.get_json()
    assert body["success"] is False and body["error"]["code"] == "VALIDATION_ERROR", body
    return {item["field"] for item in body["error"]["errors"]}


def test_default_is_the_account_email_for_the_specs_notifications(client: Any, rt: Any) -> None:
    """Issue 13 changed this default: the spec's notifications (authorized, rejected, action
    required) are on; only the pending notice is opt-in."""
    who = tenant(rt)
    got = client.get(URL, headers=who.headers)
    assert got.status_code == 200
    body = got.get_json()
    assert body["success"] is True
    assert {k: body[k] for k in ("empresa_id", "origem", "tipos", "emails", "ativo")} == {
        "empresa_id": None,
        "origem": "padrao",
        "tipos": ["autorizada", "rejeitada", "acao_necessaria"],
        "emails": [who.email],
        "ativo": True,
    }
    assert body["atualizado_em"] is None
    assert body["envio_habilitado"] is False  # no MAIL_HOST in the test settings


@pytest.mark.parametrize("company", [False, True], ids=["account", "company"])
def test_get_then_put_of_the_same_body_round_trips(client: Any, rt: Any, company: bool) -> None:
    """What GET answers is a valid PUT body: the read-only members (`origem`, `atualizado_em`,
    `envio_habilitado`, `success`, `request_id`, a null `empresa_id`) are accepted and ignored."""
    who = tenant(rt)
    query = {"empresa_id": who.company_id} if company else {}
    got = client.get(URL, headers=who.headers, query_string=query).get_json()
    put = client.put(URL, headers=who.headers, json=got)
    assert put.status_code == 200, put.get_json()
    saved = put.get_json()
    assert saved["origem"] == ("empresa" if company else "conta")
    assert (saved["tipos"], saved["emails"], saved["ativo"]) == (
        got["tipos"],
        got["emails"],
        got["ativo"],
    )
    again = client.get(URL, headers=who.headers, query_string=query).get_json()
    assert client.put(URL, headers=who.headers, json=again).status_code == 200
    if company:
        account = client.get(URL, headers=who.headers).get_json()
        assert account["origem"] == "padrao"  # the company's own row, not the account's


def test_account_preference_then_company_preference(client: Any, rt: Any) -> None:
    who = tenant(rt)
    account_wide = {"tipos": ["pendente", "autorizada"], "emails": ["Fin@Exemplo.com"]}
    put = client.put(URL, headers=who.headers, json=account_wide)
    assert put.status_code == 200, put.get_json()
    assert put.get_json()["origem"] == "conta"
    assert put.get_json()["tipos"] == ["autorizada", "pendente"]  # documented order
    assert put.get_json()["emails"] == ["fin@exemplo.com"]

    inherited = client.get(URL, headers=who.headers, query_string={"empresa_id": who.company_id})
    assert inherited.get_json()["origem"] == "conta"
    assert inherited.get_json()["empresa_id"] == who.company_id
    assert inherited.get_json()["emails"] == ["fin@exemplo.com"]

    own = {
        "empresa": who.codigo,
        "tipos": ["rejeitada"],
        "emails": ["a@x.com", "A@X.com", "b@x.com"],
        "ativo": True,
    }
    put = client.put(URL, headers=who.headers, json=own)
    assert put.status_code == 200, put.get_json()
    assert put.get_json()["origem"] == "empresa"
    assert put.get_json()["emails"] == ["a@x.com", "b@x.com"]

    company = client.get(URL, headers=who.headers, query_string={"empresa": who.codigo}).get_json()
    assert (company["origem"], company["tipos"]) == ("empresa", ["rejeitada"])
    account = client.get(URL, headers=who.headers).get_json()
    assert (account["origem"], account["emails"]) == ("conta", ["fin@exemplo.com"])
    assert account["atualizado_em"] is not None


def test_put_replaces_and_is_audited(client: Any, rt: Any) -> None:
    who = tenant(rt)
    first = {"tipos": ["autorizada"], "emails": ["um@x.com"]}
    second = {"tipos": [], "emails": [], "ativo": False}
    assert client.put(URL, headers=who.headers, json=first).status_code == 200
    put = client.put(URL, headers=who.headers, json=second)
    assert put.status_code == 200, put.get_json()
    assert {k: put.get_json()[k] for k in ("tipos", "emails", "ativo")} == {
        "tipos": [],
        "emails": [],
        "ativo": False,
    }
    with transaction(rt.sessions) as session:
        entries = session.execute(
            select(AuditEntry)
            .where(AuditEntry.entidade == "notificacao_preferencia")
            .order_by(AuditEntry.criado_em)
        ).scalars()
        actions = [(e.acao, (e.valor_novo or {}).get("emails")) for e in entries]
    assert actions == [("CRIAR", ["um@x.com"]), ("ATUALIZAR", [])]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"tipos": ["rejeitada"], "emails": ["sem-arroba"]}, "emails.0"),
        ({"tipos": ["rejeitada"], "emails": ["a@x.com\r\nBcc: b@x.com"]}, "emails.0"),
        ({"tipos": ["rejeitada"], "emails": ["joão@exemplo.com"]}, "emails.0"),
        ({"tipos": ["rejeitada"], "emails": [f"u{i}@x.com" for i in range(11)]}, "emails"),
        ({"tipos": ["rejeitada"], "emails": []}, "emails"),
        ({"tipos": ["cancelada"], "emails": ["a@x.com"]}, "tipos.0"),
        ({"tipos": "rejeitada", "emails": ["a@x.com"]}, "tipos"),
        ({"emails": ["a@x.com"]}, "tipos"),
        ({"tipos": ["rejeitada"]}, "emails"),
        ({"tipos": ["rejeitada"], "emails": ["a@x.com"], "ativo": "talvez"}, "ativo"),
        ({"tipos": ["rejeitada"], "emails": ["a@x.com"], "xml": True}, "xml"),
    ],
)
def test_invalid_bodies_are_422_on_the_field(
    client: Any, rt: Any, body: dict[str, Any], field: str
) -> None:
    who = tenant(rt)
    put = client.put(URL, headers=who.headers, json=body)
    assert put.status_code == 422
    assert field in _fields(put)
    assert client.get(URL, headers=who.headers).get_json()["origem"] == "padrao"  # unchanged


def test_scopes(client: Any, rt: Any) -> None:
    who = tenant(rt)
    reader = auth(make_key(rt, who.account.id, scopes=["consultar"]))
    writer = auth(make_key(rt, who.account.id, scopes=["configurar"]))
    body = {"tipos": ["rejeitada"], "emails": ["a@x.com"]}

    assert client.get(URL, headers=reader).status_code == 200
    denied = client.put(URL, headers=reader, json=body)
    assert (denied.status_code, denied.get_json()["error"]["code"]) == (403, "FORBIDDEN")
    assert client.put(URL, headers=writer, json=body).status_code == 200
    assert client.get(URL, headers=writer).status_code == 403
    assert client.get(URL).status_code == 401


def test_another_account_can_neither_read_nor_write_yours(client: Any, rt: Any) -> None:
    alice = tenant(rt)
    bob = tenant(rt)
    secret = {"tipos": ["autorizada"], "emails": ["diretoria@alice.com"]}
    assert client.put(URL, headers=alice.headers, json=secret).status_code == 200
    own = {**secret, "empresa_id": alice.company_id}
    assert client.put(URL, headers=alice.headers, json=own).status_code == 200

    for selector in ({"empresa_id": alice.company_id}, {"empresa": alice.codigo}):
        read = client.get(URL, headers=bob.headers, query_string=selector)
        assert read.status_code == 403, selector
        assert read.get_json()["error"]["code"] == "EMPRESA_NAO_AUTORIZADA"
        assert "alice" not in read.get_data(as_text=True)
    write = client.put(URL, headers=bob.headers, json={**secret, "empresa_id": alice.company_id})
    assert write.get_json()["error"]["code"] == "EMPRESA_NAO_AUTORIZADA"

    mine = client.get(URL, headers=bob.headers).get_json()
    assert (mine["origem"], mine["emails"]) == ("padrao", [bob.email])
    still = client.get(URL, headers=alice.headers, query_string={"empresa_id": alice.company_id})
    assert still.get_json()["emails"] == ["diretoria@alice.com"]


def test_inactive_company_cannot_be_selected(client: Any, rt: Any) -> None:
    who = tenant(rt)
    closed = make_company(rt, who.account.id, ativo=False)
    got = client.get(URL, headers=who.headers, query_string={"empresa_id": closed.id})
    assert got.get_json()["error"]["code"] == "EMPRESA_NAO_AUTORIZADA"


def test_preferences_report_whether_sending_is_enabled(app_factory: Any) -> None:
    from service.config import MailSettings

    app = app_factory(mail=MailSettings(host="127.0.0.1", port=2525, tls=False))
    who = tenant(app.extensions["fiscal"])
    got = app.test_client().get(URL, headers=who.headers)
    assert got.get_json()["envio_habilitado"] is True
