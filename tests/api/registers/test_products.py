"""`/produtos` over the API, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from tests.api.registers.helpers import error_of as _error
from tests.api.registers.helpers import fields_of as _fields
from tests.factories import auth, make_account, make_company, make_key

API = "/api/v1/produtos"
LOGS = "/api/v1/configuracao-fiscal/logs"


def _product(**changes):
    body = {"codigo": "P001", "descricao": "Caneta azul", "ncm": "96081000", "cest": "1900100",
            "origem": 0, "unidade": "UN", "preco": "19.90", "gtin": "7894900011517",
            "categoria": "papelaria"}  # fmt: skip
    body.update(changes)
    return {k: v for k, v in body.items() if v is not ...}


@pytest.fixture
def shop(client, rt):
    """An account with one company; `key` has every scope."""
    acc = make_account(rt)
    company = make_company(rt, acc.id)
    return acc, company


def test_create_read_list_and_audit(client, rt, shop):
    acc, _company = shop
    created = client.post(API, headers=auth(acc.live), json=_product())
    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    item = body["item"]
    assert body["avisos"] == []
    assert {k: item[k] for k in ("codigo", "descricao", "ncm", "cest", "origem", "unidade",
                                 "preco", "gtin", "categoria", "ativo")} == {
        "codigo": "P001", "descricao": "Caneta azul", "ncm": "96081000", "cest": "1900100",
        "origem": 0, "unidade": "UN", "preco": "19.90", "gtin": "7894900011517",
        "categoria": "papelaria", "ativo": True,
    }  # fmt: skip
    assert item["id"].startswith("prd") and item["criado_em"]
    got = client.get(f"{API}/{item['id']}", headers=auth(acc.live))
    assert got.status_code == 200 and got.get_json()["item"] == item
    listing = client.get(API, headers=auth(acc.live)).get_json()
    assert listing["total"] == 1 and listing["pagina"] == 1 and listing["por_pagina"] == 20
    assert listing["itens"] == [item]
    logs = client.get(LOGS, headers=auth(acc.live), query_string={"entidade": "produto"})
    entry = logs.get_json()["items"][0]
    assert entry["acao"] == "CRIAR" and entry["registro_id"] == item["id"]
    assert entry["valor_novo"]["preco"] == "19.90" and entry["valor_anterior"] is None


def test_defaults_and_warning_without_ncm(client, shop):
    acc, _ = shop
    response = client.post(API, headers=auth(acc.live), json={"codigo": "X", "descricao": "Item"})
    assert response.status_code == 201
    body = response.get_json()
    assert body["item"]["origem"] == 0 and body["item"]["unidade"] == "UN"
    assert body["item"]["preco"] == "0.00" and body["item"]["ncm"] is None
    assert any("NCM" in aviso for aviso in body["avisos"])


@pytest.mark.parametrize("preco", ["1234567.89", "0.0000000001", "12345678901.1234", "7"])
def test_price_comes_back_exactly(client, shop, preco):
    acc, _ = shop
    created = client.post(API, headers=auth(acc.live), json=_product(preco=preco)).get_json()
    got = client.get(f"{API}/{created['item']['id']}", headers=auth(acc.live)).get_json()
    expected = preco if "." in preco else preco + ".00"
    assert created["item"]["preco"] == got["item"]["preco"] == expected


@pytest.mark.parametrize(
    ("changes", "field"),
    [({"ncm": "9608100"}, "ncm"), ({"ncm": "9608100A"}, "ncm"), ({"cest": "12"}, "cest"),
     ({"gtin": "7894900011518"}, "gtin"), ({"origem": 9}, "origem"), ({"preco": "-1"}, "preco"),
     ({"preco": "1.12345678901"}, "preco"), ({"preco": "123456789012"}, "preco"),
     ({"preco": "abc"}, "preco"), ({"codigo": ...}, "codigo"), ({"descricao": ""}, "descricao"),
     ({"unidade": "UNIDADES"}, "unidade"), ({"inventado": 1}, "inventado")],
)  # fmt: skip
def test_validation_errors_name_the_field(client, shop, changes, field):
    acc, _ = shop
    response = client.post(API, headers=auth(acc.live), json=_product(**changes))
    assert response.status_code == 422, response.get_json()
    assert _error(response)["code"] == "VALIDATION_ERROR"
    assert field in _fields(response)


def test_sem_gtin_and_blank_optionals(client, shop):
    acc, _ = shop
    body = _product(gtin="SEM GTIN", cest="", categoria=" ")
    item = client.post(API, headers=auth(acc.live), json=body).get_json()["item"]
    assert item["gtin"] == "SEM GTIN" and item["cest"] is None and item["categoria"] is None


def test_duplicate_code_is_409_per_company(client, rt, shop):
    acc, company = shop
    assert client.post(API, headers=auth(acc.live), json=_product()).status_code == 201
    again = client.post(API, headers=auth(acc.live), json=_product(descricao="Outra"))
    assert again.status_code == 409 and _error(again)["code"] == "REGISTRO_DUPLICADO"
    other = make_company(rt, acc.id)
    elsewhere = client.post(API, headers=auth(acc.live), json=_product(empresa=other.codigo))
    assert elsewhere.status_code == 201
    listing = client.get(API, headers=auth(acc.live), query_string={"empresa": company.codigo})
    assert listing.get_json()["total"] == 1


def test_partial_update_is_audited(client, shop):
    acc, _ = shop
    item = client.post(API, headers=auth(acc.live), json=_product()).get_json()["item"]
    client.post(API, headers=auth(acc.live), json=_product(codigo="P002"))
    url = f"{API}/{item['id']}"
    put = client.put(url, headers=auth(acc.live), json={"preco": "21.5", "ncm": None})
    assert put.status_code == 200, put.get_json()
    updated = put.get_json()
    assert updated["item"]["preco"] == "21.50" and updated["item"]["ncm"] is None
    assert updated["item"]["descricao"] == "Caneta azul"
    assert any("NCM" in aviso for aviso in updated["avisos"])
    clash = client.put(url, headers=auth(acc.live), json={"codigo": "P002"})
    assert clash.status_code == 409 and _error(clash)["code"] == "REGISTRO_DUPLICADO"
    assert client.put(url, headers=auth(acc.live), json={"origem": 10}).status_code == 422
    assert client.put(url, headers=auth(acc.live), json={}).status_code == 200
    logs = client.get(LOGS, headers=auth(acc.live), query_string={"entidade": "produto"})
    updates = [e for e in logs.get_json()["items"] if e["acao"] == "ATUALIZAR"]
    assert len(updates) == 1
    assert updates[0]["valor_anterior"]["preco"] == "19.90"
    assert updates[0]["valor_novo"]["preco"] == "21.50"
    assert updates[0]["valor_novo"]["ncm"] is None


def test_delete_is_logical(client, shop):
    acc, _ = shop
    item = client.post(API, headers=auth(acc.live), json=_product()).get_json()["item"]
    url = f"{API}/{item['id']}"
    deleted = client.delete(url, headers=auth(acc.live))
    assert deleted.status_code == 200
    assert deleted.get_json()["item"]["ativo"] is False
    assert deleted.get_json()["item"]["codigo"] == "P001"
    assert client.get(url, headers=auth(acc.live)).get_json()["item"]["ativo"] is False
    assert client.delete(url, headers=auth(acc.live)).status_code == 200

    def count(ativo):
        query = {"ativo": ativo}
        return client.get(API, headers=auth(acc.live), query_string=query).get_json()["total"]

    assert (count(1), count(0)) == (0, 1)
    again = client.post(API, headers=auth(acc.live), json=_product())
    assert again.status_code == 409  # the code stays taken by the inactive record
    revived = client.put(url, headers=auth(acc.live), json={"ativo": True})
    assert revived.get_json()["item"]["ativo"] is True
    logs = client.get(LOGS, headers=auth(acc.live), query_string={"entidade": "produto"})
    actions = [e["acao"] for e in logs.get_json()["items"]]
    assert actions.count("DESATIVAR") == 1 and "ATUALIZAR" in actions


def test_list_filters_and_pages(client, shop):
    acc, _ = shop
    names = ["Caneta azul", "Caneta vermelha", "Lápis 100% grafite", "Borracha"]
    for n, name in enumerate(names):
        client.post(API, headers=auth(acc.live), json=_product(codigo=f"C{n}", descricao=name))

    def listing(**query):
        response = client.get(API, headers=auth(acc.live), query_string=query)
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    assert [i["codigo"] for i in listing(q="CANETA")["itens"]] == ["C0", "C1"]
    assert [i["codigo"] for i in listing(q="100%")["itens"]] == ["C2"]
    assert listing(q="%")["total"] == 1
    assert listing(q="_")["total"] == 0
    assert [i["codigo"] for i in listing(codigo="C3")["itens"]] == ["C3"]
    page = listing(pagina=2, por_pagina=3)
    assert page["total"] == 4 and page["pagina"] == 2 and page["por_pagina"] == 3
    assert [i["codigo"] for i in page["itens"]] == ["C3"]
    too_big = client.get(API, headers=auth(acc.live), query_string={"por_pagina": 101})
    assert too_big.status_code == 422 and "por_pagina" in _fields(too_big)
    assert client.get(API, headers=auth(acc.live), query_string={"ativo": 2}).status_code == 422


def test_tenant_isolation(client, rt, shop):
    acc, company = shop
    item = client.post(API, headers=auth(acc.live), json=_product()).get_json()["item"]
    sibling = make_company(rt, acc.id)
    url = f"{API}/{item['id']}"
    via_sibling = {"empresa_id": sibling.id}
    for method in (client.get, client.delete):
        response = method(url, headers=auth(acc.live), query_string=via_sibling)
        assert response.status_code == 404 and _error(response)["code"] == "NAO_ENCONTRADO"
    put = client.put(url, headers=auth(acc.live), json={"preco": "1", **via_sibling})
    assert put.status_code == 404
    stranger = make_account(rt)
    make_company(rt, stranger.id)
    assert client.get(url, headers=auth(stranger.live)).status_code == 404
    foreign = client.get(API, headers=auth(stranger.live), query_string={"empresa_id": company.id})
    assert foreign.status_code == 403 and _error(foreign)["code"] == "EMPRESA_NAO_AUTORIZADA"
    post = client.post(API, headers=auth(stranger.live),
                       json=_product(empresa_id=company.id))  # fmt: skip
    assert post.status_code == 403
    unchanged = client.get(url, headers=auth(acc.live), query_string={"empresa_id": company.id})
    assert unchanged.get_json()["item"]["ativo"] is True
    assert client.get(f"{API}/nao-existe", headers=auth(acc.live),
                      query_string={"empresa_id": company.id}).status_code == 404  # fmt: skip


def test_several_companies_need_a_selector(client, rt, shop):
    acc, company = shop
    make_company(rt, acc.id)
    response = client.post(API, headers=auth(acc.live), json=_product())
    assert response.status_code == 422 and "empresa" in _fields(response)
    by_query = client.post(API, headers=auth(acc.live), json=_product(),
                           query_string={"empresa": company.codigo})  # fmt: skip
    assert by_query.status_code == 201


def test_scopes(client, rt, shop):
    acc, _ = shop
    reader = make_key(rt, acc.id, scopes=["consultar"])
    writer = make_key(rt, acc.id, scopes=["configurar"])
    denied = client.post(API, headers=auth(reader), json=_product())
    assert denied.status_code == 403 and _error(denied)["code"] == "FORBIDDEN"
    created = client.post(API, headers=auth(writer), json=_product())
    assert created.status_code == 201
    url = f"{API}/{created.get_json()['item']['id']}"
    assert client.get(API, headers=auth(writer)).status_code == 403
    assert client.get(url, headers=auth(reader)).status_code == 200
    assert client.put(url, headers=auth(reader), json={"preco": "1"}).status_code == 403
    assert client.delete(url, headers=auth(reader)).status_code == 403
    assert client.get(API).status_code == 401


def test_documented_in_openapi(client):
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    assert {"get", "post"} <= set(paths["/api/v1/produtos"])
    assert {"get", "put", "delete"} <= set(paths["/api/v1/produtos/{record_id}"])
    assert {"get", "put", "delete"} <= set(paths["/api/v1/clientes/{record_id}"])
