"""`/condutores` (the MDF-e drivers register) over the API, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from tests.api.registers.helpers import error_of as _error
from tests.api.registers.helpers import fields_of as _fields
from tests.factories import auth, make_account, make_company, make_key

API = "/api/v1/condutores"
LOGS = "/api/v1/configuracao-fiscal/logs"
MDFE = ["nfe", "nfce", "mdfe"]
CPF, OTHER_CPF = "529.982.247-25", "111.444.777-35"


def _driver(**changes):
    body = {"nome": "José da Silva", "cpf": CPF, **changes}
    return {k: v for k, v in body.items() if v is not ...}


@pytest.fixture
def shop(rt):
    """An account with one company that has the MDF-e module; its keys have every scope."""
    account = make_account(rt)
    return account, make_company(rt, account.id, modulos=MDFE)


@pytest.fixture
def acc(shop):
    return shop[0]


def test_create_read_list_and_audit(client, acc):
    created = client.post(API, headers=auth(acc.live), json=_driver())
    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    assert body["avisos"] == []
    item = body["item"]
    assert {k: item[k] for k in ("nome", "cpf", "ativo")} == {
        "nome": "José da Silva", "cpf": "52998224725", "ativo": True,
    }  # fmt: skip
    assert set(item) == {"id", "nome", "cpf", "ativo", "criado_em", "atualizado_em"}
    assert item["id"].startswith("cnd_")
    got = client.get(f"{API}/{item['id']}", headers=auth(acc.live))
    assert got.status_code == 200 and got.get_json()["item"] == item
    listing = client.get(API, headers=auth(acc.live)).get_json()
    assert (listing["total"], listing["pagina"], listing["por_pagina"]) == (1, 1, 20)
    assert listing["itens"] == [item]
    logs = client.get(LOGS, headers=auth(acc.live), query_string={"entidade": "condutor"})
    entry = logs.get_json()["items"][0]
    assert entry["acao"] == "CRIAR" and entry["registro_id"] == item["id"]
    assert entry["valor_anterior"] is None and entry["valor_novo"]["cpf"] == "52998224725"


@pytest.mark.parametrize("cpf", ["52998224725", "529.982.247-25", " 529 982 247 25 "])
def test_cpf_is_accepted_masked_and_stored_as_digits(client, acc, cpf):
    created = client.post(API, headers=auth(acc.live), json=_driver(cpf=cpf))
    assert created.status_code == 201, created.get_json()
    assert created.get_json()["item"]["cpf"] == "52998224725"


@pytest.mark.parametrize(
    ("changes", "field"),
    [({"nome": ...}, "nome"), ({"cpf": ...}, "cpf"), ({"nome": ""}, "nome"),
     ({"nome": "J"}, "nome"), ({"nome": "x" * 61}, "nome"), ({"nome": "José\nSilva"}, "nome"),
     ({"nome": " José"}, "nome"), ({"cpf": "529.982.247-26"}, "cpf"),
     ({"cpf": "11111111111"}, "cpf"), ({"cpf": "5299822472"}, "cpf"),
     ({"cpf": "11222333000181"}, "cpf"), ({"cpf": None}, "cpf"), ({"cpf": 52998224725}, "cpf"),
     ({"ativo": "x"}, "ativo"), ({"rg": "123"}, "rg")],
)  # fmt: skip
def test_validation_errors_name_the_field_in_portuguese(client, acc, changes, field):
    response = client.post(API, headers=auth(acc.live), json=_driver(**changes))
    assert response.status_code == 422, response.get_json()
    error = _error(response)
    assert error["code"] == "VALIDATION_ERROR"
    assert field in _fields(response)
    message = next(e["message"] for e in error["errors"] if e["field"] == field)
    english = ("Not a valid", "Missing data", "Unknown field", "Longer than", "must be")
    assert message and not any(word in message for word in english), message


def test_a_sixty_character_name_is_accepted(client, acc):
    response = client.post(API, headers=auth(acc.live), json=_driver(nome="Á" * 60))
    assert response.status_code == 201 and response.get_json()["item"]["nome"] == "Á" * 60


def test_validation_messages_say_what_to_fix(client, acc):
    def message(**changes):
        response = client.post(API, headers=auth(acc.live), json=_driver(**changes))
        return _error(response)["errors"][0]["message"]

    assert "CPF" in message(cpf="529.982.247-26") and "dígitos" in message(cpf="1234")
    assert "60" in message(nome="x" * 61)


def test_duplicate_cpf_is_409_per_company(client, rt, acc):
    assert client.post(API, headers=auth(acc.live), json=_driver()).status_code == 201
    again = client.post(API, headers=auth(acc.live), json=_driver(nome="Outro", cpf="52998224725"))
    assert again.status_code == 409 and _error(again)["code"] == "REGISTRO_DUPLICADO"
    assert "CPF" in _error(again)["message"]
    other = make_company(rt, acc.id, modulos=MDFE)
    elsewhere = client.post(API, headers=auth(acc.live), json=_driver(empresa=other.codigo))
    assert elsewhere.status_code == 201
    query = {"empresa_id": other.id}
    assert client.get(API, headers=auth(acc.live), query_string=query).get_json()["total"] == 1


def test_partial_update_is_checked_and_audited(client, acc):
    item = client.post(API, headers=auth(acc.live), json=_driver()).get_json()["item"]
    client.post(API, headers=auth(acc.live), json=_driver(nome="Maria", cpf=OTHER_CPF))
    url = f"{API}/{item['id']}"
    put = client.put(url, headers=auth(acc.live), json={"nome": "José Carlos da Silva"})
    assert put.status_code == 200, put.get_json()
    assert put.get_json()["item"]["nome"] == "José Carlos da Silva"
    assert put.get_json()["item"]["cpf"] == "52998224725"
    clash = client.put(url, headers=auth(acc.live), json={"cpf": "11144477735"})
    assert clash.status_code == 409 and _error(clash)["code"] == "REGISTRO_DUPLICADO"
    bad = client.put(url, headers=auth(acc.live), json={"cpf": "123", "nome": "x" * 61})
    assert bad.status_code == 422 and _fields(bad) == {"cpf", "nome"}
    same = client.put(url, headers=auth(acc.live), json={"cpf": CPF})
    assert same.status_code == 200  # its own CPF, masked, is no duplicate
    assert client.put(url, headers=auth(acc.live), json={}).status_code == 200
    logs = client.get(LOGS, headers=auth(acc.live), query_string={"entidade": "condutor"})
    updates = [e for e in logs.get_json()["items"] if e["acao"] == "ATUALIZAR"]
    assert len(updates) == 1
    assert updates[0]["valor_anterior"]["nome"] == "José da Silva"
    assert updates[0]["valor_novo"]["nome"] == "José Carlos da Silva"


def test_delete_deactivates_and_lists_filter(client, acc):
    item = client.post(API, headers=auth(acc.live), json=_driver()).get_json()["item"]
    client.post(API, headers=auth(acc.live), json=_driver(nome="Ana Souza", cpf=OTHER_CPF))
    url = f"{API}/{item['id']}"
    deleted = client.delete(url, headers=auth(acc.live))
    assert deleted.status_code == 200 and deleted.get_json()["item"]["ativo"] is False
    assert client.delete(url, headers=auth(acc.live)).status_code == 200

    def names(**query):
        response = client.get(API, headers=auth(acc.live), query_string=query)
        assert response.status_code == 200, response.get_json()
        return [i["nome"] for i in response.get_json()["itens"]]

    assert names() == ["Ana Souza", "José da Silva"]  # by name
    assert names(ativo=1) == ["Ana Souza"] and names(ativo=0) == ["José da Silva"]
    assert names(cpf=CPF) == ["José da Silva"] and names(q="souza") == ["Ana Souza"]
    assert client.get(API, headers=auth(acc.live), query_string={"cpf": "1"}).status_code == 422
    again = client.post(API, headers=auth(acc.live), json=_driver())
    assert again.status_code == 409  # the CPF stays taken by the inactive record
    revived = client.put(url, headers=auth(acc.live), json={"ativo": True})
    assert revived.get_json()["item"]["ativo"] is True
    logs = client.get(LOGS, headers=auth(acc.live), query_string={"entidade": "condutor"})
    actions = [e["acao"] for e in logs.get_json()["items"]]
    assert actions.count("DESATIVAR") == 1 and actions.count("ATUALIZAR") == 1
    desativar = next(e for e in logs.get_json()["items"] if e["acao"] == "DESATIVAR")
    assert desativar["valor_anterior"]["ativo"] is True
    assert desativar["valor_novo"]["ativo"] is False


def test_another_companys_driver_is_404(client, rt, shop):
    acc, company = shop
    item = client.post(API, headers=auth(acc.live), json=_driver()).get_json()["item"]
    url = f"{API}/{item['id']}"
    sibling = make_company(rt, acc.id, modulos=MDFE)
    via_sibling = {"empresa_id": sibling.id}
    for method in (client.get, client.delete):
        response = method(url, headers=auth(acc.live), query_string=via_sibling)
        assert response.status_code == 404 and _error(response)["code"] == "NAO_ENCONTRADO"
    put = client.put(url, headers=auth(acc.live), json={"nome": "Outro Nome", **via_sibling})
    assert put.status_code == 404 and _error(put)["code"] == "NAO_ENCONTRADO"
    stranger = make_account(rt)
    make_company(rt, stranger.id, modulos=MDFE)
    assert client.get(url, headers=auth(stranger.live)).status_code == 404
    mine = {"empresa_id": company.id}
    unchanged = client.get(url, headers=auth(acc.live), query_string=mine).get_json()["item"]
    assert unchanged["ativo"] is True and unchanged["nome"] == "José da Silva"


def test_the_company_needs_the_mdfe_module(client, rt):
    account = make_account(rt)
    make_company(rt, account.id)  # default modules: nfe, nfce
    headers = auth(account.live)
    answers = [
        client.get(API, headers=headers),
        client.post(API, headers=headers, json=_driver()),
        client.post(API, headers=headers, json={}),  # the module before the body
        client.get(f"{API}/cnd_qualquer", headers=headers),
        client.put(f"{API}/cnd_qualquer", headers=headers, json={"cpf": "1"}),
        client.delete(f"{API}/cnd_qualquer", headers=headers),
    ]
    for answer in answers:
        assert answer.status_code == 403, answer.get_json()
        assert _error(answer)["code"] == "MODULO_NAO_HABILITADO"


def test_scopes(client, rt, acc):
    reader = make_key(rt, acc.id, scopes=["mdfe:read"])
    writer = make_key(rt, acc.id, scopes=["mdfe:write"])
    others = make_key(rt, acc.id, scopes=["consultar", "configurar", "cte:read", "cte:write"])
    denied = client.post(API, headers=auth(reader), json=_driver())
    assert denied.status_code == 403 and _error(denied)["code"] == "FORBIDDEN"
    assert "mdfe:write" in _error(denied)["message"]
    assert client.post(API, headers=auth(others), json=_driver()).status_code == 403
    created = client.post(API, headers=auth(writer), json=_driver())
    assert created.status_code == 201
    url = f"{API}/{created.get_json()['item']['id']}"
    assert client.get(API, headers=auth(writer)).status_code == 403
    assert client.get(url, headers=auth(others)).status_code == 403
    assert client.get(API, headers=auth(reader)).status_code == 200
    assert client.get(url, headers=auth(reader)).status_code == 200
    assert client.put(url, headers=auth(reader), json={"nome": "Outro"}).status_code == 403
    assert client.delete(url, headers=auth(reader)).status_code == 403
    assert client.put(url, headers=auth(writer), json={"nome": "Outro"}).status_code == 200
    assert client.delete(url, headers=auth(writer)).status_code == 200
    assert client.get(API).status_code == 401


def test_documented_in_openapi(client):
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    assert {"get", "post"} <= set(paths["/api/v1/condutores"])
    assert {"get", "put", "delete"} <= set(paths["/api/v1/condutores/{record_id}"])
    post = paths["/api/v1/condutores"]["post"]
    assert {"201", "403", "409", "422"} <= set(post["responses"])
    assert "DriverUpdateParcial" in str(paths["/api/v1/condutores/{record_id}"]["put"])
