"""`/clientes` over the API, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from tests.factories import auth, make_account, make_company, make_key

API = "/api/v1/clientes"
LOGS = "/api/v1/configuracao-fiscal/logs"
CPF = "529.982.247-25"
ADDRESS = {"logradouro": "Av Paulista", "numero": "1000", "complemento": "cj 1",
           "bairro": "Bela Vista", "municipio": "São Paulo", "cod_municipio": "3550308",
           "uf": "SP", "cep": "01310-100"}  # fmt: skip


def _company_customer(**changes):
    body = {"codigo": "C001", "cpf_cnpj": "11.222.333/0001-81", "nome": "Cliente Ltda",
            "ie": "110.042.490.114", "indicador_ie": 1, "email": "compras@cliente.com.br",
            "telefone": "1133334444", **ADDRESS}  # fmt: skip
    body.update(changes)
    return {k: v for k, v in body.items() if v is not ...}


def _error(response):
    return response.get_json()["error"]


def _fields(response):
    return [e["field"] for e in _error(response)["errors"]]


@pytest.fixture
def acc(rt):
    account = make_account(rt)
    make_company(rt, account.id)
    return account


def test_company_customer_with_address_and_ie(client, acc):
    created = client.post(API, headers=auth(acc.live), json=_company_customer())
    assert created.status_code == 201, created.get_json()
    item = created.get_json()["item"]
    assert created.get_json()["avisos"] == []
    assert item["cpf_cnpj"] == "11222333000181" and item["tipo_pessoa"] == "PJ"
    assert item["ie"] == "110042490114" and item["indicador_ie"] == 1
    assert item["cep"] == "01310100" and item["uf"] == "SP" and item["cod_municipio"] == "3550308"
    assert item["id"].startswith("cli")
    got = client.get(f"{API}/{item['id']}", headers=auth(acc.live)).get_json()["item"]
    assert got == item
    logs = client.get(LOGS, headers=auth(acc.live), query_string={"entidade": "cliente"})
    entry = logs.get_json()["items"][0]
    assert entry["acao"] == "CRIAR" and entry["valor_novo"]["cpf_cnpj"] == "11222333000181"


def test_consumer_without_address_is_accepted_with_a_warning(client, acc):
    body = {"codigo": "PF1", "cpf_cnpj": CPF, "nome": "Maria da Silva"}
    created = client.post(API, headers=auth(acc.live), json=body)
    assert created.status_code == 201, created.get_json()
    item = created.get_json()["item"]
    assert item["cpf_cnpj"] == "52998224725" and item["tipo_pessoa"] == "PF"
    assert item["indicador_ie"] == 9 and item["ie"] is None and item["uf"] is None
    assert any("endereço" in aviso for aviso in created.get_json()["avisos"])


def test_nested_address_is_accepted(client, acc):
    body = {"codigo": "N1", "cpf_cnpj": CPF, "nome": "Joana", "endereco": ADDRESS}
    item = client.post(API, headers=auth(acc.live), json=body).get_json()["item"]
    assert item["logradouro"] == "Av Paulista" and item["cep"] == "01310100"
    twice = {**body, "codigo": "N2", "uf": "SP"}
    response = client.post(API, headers=auth(acc.live), json=twice)
    assert response.status_code == 422 and "endereco.uf" in _fields(response)


def test_address_is_all_or_nothing_and_consistent(client, acc):
    partial = {"codigo": "P", "cpf_cnpj": CPF, "nome": "Ana", "uf": "SP", "cep": "01310100"}
    response = client.post(API, headers=auth(acc.live), json=partial)
    assert response.status_code == 422
    assert sorted(_fields(response)) == ["bairro", "cod_municipio", "logradouro", "municipio",
                                         "numero"]  # fmt: skip
    other_uf = _company_customer(cod_municipio="3304557")
    response = client.post(API, headers=auth(acc.live), json=other_uf)
    assert response.status_code == 422 and _fields(response) == ["cod_municipio"]


@pytest.mark.parametrize(
    ("changes", "field"),
    [({"cpf_cnpj": "529.982.247-26"}, "cpf_cnpj"), ({"cpf_cnpj": "11222333000182"}, "cpf_cnpj"),
     ({"cpf_cnpj": "123"}, "cpf_cnpj"), ({"cpf_cnpj": ...}, "cpf_cnpj"), ({"nome": "A"}, "nome"),
     ({"ie": "110042490115"}, "ie"), ({"ie": None}, "ie"), ({"indicador_ie": 3}, "indicador_ie"),
     ({"indicador_ie": 2}, "ie"), ({"ie": "ISENTO"}, "ie"), ({"email": "nao-e-email"}, "email"),
     ({"cep": "123"}, "cep"), ({"uf": "XX"}, "uf"), ({"cod_municipio": "35503"}, "cod_municipio"),
     ({"telefone": "11-3333"}, "telefone"), ({"codigo": ""}, "codigo")],
)  # fmt: skip
def test_validation_errors_name_the_field(client, acc, changes, field):
    response = client.post(API, headers=auth(acc.live), json=_company_customer(**changes))
    assert response.status_code == 422, response.get_json()
    bad_cnpj = changes.get("cpf_cnpj") == "11222333000182"  # issue 13: CNPJ_INVALIDO everywhere
    assert _error(response)["code"] == ("CNPJ_INVALIDO" if bad_cnpj else "VALIDATION_ERROR")
    assert field in _fields(response)


def test_ie_indicator_follows_the_ie_when_omitted(client, acc):
    exempt = _company_customer(codigo="E", ie="isento", indicador_ie=...)
    item = client.post(API, headers=auth(acc.live), json=exempt).get_json()["item"]
    assert item["indicador_ie"] == 2 and item["ie"] is None
    contributor = _company_customer(codigo="K", indicador_ie=...)
    item = client.post(API, headers=auth(acc.live), json=contributor).get_json()["item"]
    assert item["indicador_ie"] == 1 and item["ie"] == "110042490114"
    no_uf = {"codigo": "U", "cpf_cnpj": CPF, "nome": "Sem UF", "ie": "110042490114",
             "indicador_ie": 9}  # fmt: skip
    response = client.post(API, headers=auth(acc.live), json=no_uf)
    assert response.status_code == 422 and _fields(response) == ["uf"]


def test_update_checks_the_merged_record(client, acc):
    item = client.post(API, headers=auth(acc.live), json=_company_customer()).get_json()["item"]
    client.post(API, headers=auth(acc.live), json=_company_customer(codigo="C002"))
    url = f"{API}/{item['id']}"
    moved = client.put(url, headers=auth(acc.live), json={"uf": "RJ"})
    assert moved.status_code == 422 and _fields(moved) == ["ie"]
    moved = client.put(
        url, headers=auth(acc.live), json={"uf": "RJ", "ie": None, "indicador_ie": 9}
    )
    assert moved.status_code == 422 and _fields(moved) == ["cod_municipio"]
    ok = client.put(url, headers=auth(acc.live), json={
        "uf": "RJ", "ie": None, "indicador_ie": 9, "cod_municipio": "3304557",
        "municipio": "Rio de Janeiro"})  # fmt: skip
    assert ok.status_code == 200, ok.get_json()
    assert ok.get_json()["item"]["uf"] == "RJ" and ok.get_json()["item"]["nome"] == "Cliente Ltda"
    clash = client.put(url, headers=auth(acc.live), json={"codigo": "C002"})
    assert clash.status_code == 409 and _error(clash)["code"] == "REGISTRO_DUPLICADO"
    cleared = client.put(url, headers=auth(acc.live), json=dict.fromkeys(ADDRESS))
    assert cleared.status_code == 200 and cleared.get_json()["item"]["logradouro"] is None
    logs = client.get(LOGS, headers=auth(acc.live), query_string={"entidade": "cliente"})
    updates = [e for e in logs.get_json()["items"] if e["acao"] == "ATUALIZAR"]
    assert len(updates) == 2
    assert {u["valor_anterior"]["uf"] for u in updates} == {"SP", "RJ"}


def test_duplicate_code_delete_and_filters(client, rt, acc):
    first = client.post(API, headers=auth(acc.live), json=_company_customer()).get_json()["item"]
    dup = client.post(API, headers=auth(acc.live), json=_company_customer(nome="Outro"))
    assert dup.status_code == 409 and _error(dup)["code"] == "REGISTRO_DUPLICADO"
    client.post(API, headers=auth(acc.live),
                json={"codigo": "PF", "cpf_cnpj": CPF, "nome": "Maria Souza"})  # fmt: skip

    def codes(**query):
        response = client.get(API, headers=auth(acc.live), query_string=query)
        assert response.status_code == 200, response.get_json()
        return [i["codigo"] for i in response.get_json()["itens"]]

    assert codes() == ["C001", "PF"]
    assert codes(q="maria") == ["PF"]
    assert codes(cpf_cnpj=CPF) == ["PF"]
    assert codes(codigo="C001") == ["C001"]
    bad = client.get(API, headers=auth(acc.live), query_string={"cpf_cnpj": "123"})
    assert bad.status_code == 422 and _fields(bad) == ["cpf_cnpj"]
    deleted = client.delete(f"{API}/{first['id']}", headers=auth(acc.live))
    assert deleted.status_code == 200 and deleted.get_json()["item"]["ativo"] is False
    assert codes(ativo=1) == ["PF"] and codes(ativo=0) == ["C001"]
    logs = client.get(LOGS, headers=auth(acc.live), query_string={"entidade": "cliente"})
    assert "DESATIVAR" in [e["acao"] for e in logs.get_json()["items"]]


def test_isolation_and_scopes(client, rt, acc):
    item = client.post(API, headers=auth(acc.live), json=_company_customer()).get_json()["item"]
    url = f"{API}/{item['id']}"
    sibling = make_company(rt, acc.id)
    response = client.get(url, headers=auth(acc.live), query_string={"empresa": sibling.codigo})
    assert response.status_code == 404 and _error(response)["code"] == "NAO_ENCONTRADO"
    stranger = make_account(rt)
    foreign = client.get(API, headers=auth(stranger.live), query_string={"empresa": sibling.id})
    assert foreign.status_code == 403
    foreign = client.get(API, headers=auth(stranger.live), query_string={"empresa_id": sibling.id})
    assert foreign.status_code == 403 and _error(foreign)["code"] == "EMPRESA_NAO_AUTORIZADA"
    reader = make_key(rt, acc.id, scopes=["consultar"])
    query = {"empresa": sibling.codigo}
    denied = client.post(API, headers=auth(reader), json=_company_customer(), query_string=query)
    assert denied.status_code == 403 and _error(denied)["code"] == "FORBIDDEN"
