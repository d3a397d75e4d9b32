"""`/servicos` (the NFS-e services register) over the API, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from tests.api.registers.helpers import error_of as _error
from tests.api.registers.helpers import fields_of as _fields
from tests.factories import auth, make_account, make_company, make_key

API = "/api/v1/servicos"
LOGS = "/api/v1/configuracao-fiscal/logs"
NFSE = ["nfe", "nfce", "nfse"]


def _service(**changes):
    body = {"codigo": "S001", "descricao": "Desenvolvimento de sistema sob encomenda",
            "lc116": "01.01", "c_trib_nac": "010101", "c_trib_mun": "007", "nbs": "115022000",
            "cnae": "6201501", "preco": "1500.00", "aliquota_iss": "2.00", "iss_retido": False,
            "municipio_incidencia": "3550308", "c_ind_op": "100301"}  # fmt: skip
    body.update(changes)
    return {k: v for k, v in body.items() if v is not ...}


@pytest.fixture
def shop(rt):
    """An account with one company that has the NFS-e module; its keys have every scope."""
    account = make_account(rt)
    return account, make_company(rt, account.id, modulos=NFSE)


@pytest.fixture
def acc(shop):
    return shop[0]


def test_create_read_list_and_audit(client, acc):
    created = client.post(API, headers=auth(acc.live), json=_service())
    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    assert body["avisos"] == []
    item = body["item"]
    assert {k: v for k, v in item.items() if k not in ("id", "criado_em", "atualizado_em")} == {
        **_service(), "ativo": True,
    }  # fmt: skip
    assert item["id"].startswith("srv_") and item["criado_em"]
    got = client.get(f"{API}/{item['id']}", headers=auth(acc.live))
    assert got.status_code == 200 and got.get_json()["item"] == item
    listing = client.get(API, headers=auth(acc.live)).get_json()
    assert (listing["total"], listing["pagina"], listing["por_pagina"]) == (1, 1, 20)
    assert listing["itens"] == [item]
    logs = client.get(LOGS, headers=auth(acc.live), query_string={"entidade": "servico"})
    entry = logs.get_json()["items"][0]
    assert entry["acao"] == "CRIAR" and entry["registro_id"] == item["id"]
    assert entry["valor_anterior"] is None
    assert entry["valor_novo"]["aliquota_iss"] == "2.00"
    assert entry["valor_novo"]["iss_retido"] is False


def test_only_code_and_description_are_required(client, acc):
    response = client.post(API, headers=auth(acc.live), json={"codigo": "S9", "descricao": "X"})
    assert response.status_code == 201, response.get_json()
    item = response.get_json()["item"]
    optional = ("lc116", "c_trib_nac", "c_trib_mun", "nbs", "cnae", "preco", "aliquota_iss",
                "iss_retido", "municipio_incidencia", "c_ind_op")  # fmt: skip
    assert all(item[name] is None for name in optional)
    assert any("c_trib_nac" in aviso for aviso in response.get_json()["avisos"])


@pytest.mark.parametrize(
    ("given", "stored"),
    [({"lc116": "1.07", "c_trib_nac": "010701"}, {"lc116": "01.07"}),
     ({"lc116": "0702", "c_trib_nac": "070201"}, {"lc116": "07.02"}),
     ({"preco": "1234567890123.45"}, {"preco": "1234567890123.45"}),
     ({"preco": "7"}, {"preco": "7.00"}), ({"preco": 19.9}, {"preco": "19.90"}),
     ({"aliquota_iss": "5"}, {"aliquota_iss": "5.00"}),
     ({"aliquota_iss": "0"}, {"aliquota_iss": "0.00"}),
     ({"aliquota_iss": 100}, {"aliquota_iss": "100.00"}),
     ({"aliquota_iss": "2.5"}, {"aliquota_iss": "2.50"}),
     ({"c_trib_mun": "", "nbs": " "}, {"c_trib_mun": None, "nbs": None}),
     ({"c_ind_op": ""}, {"c_ind_op": None})],
)  # fmt: skip
def test_values_are_kept_as_given(client, acc, given, stored):
    created = client.post(API, headers=auth(acc.live), json=_service(**given))
    assert created.status_code == 201, created.get_json()
    got = client.get(f"{API}/{created.get_json()['item']['id']}", headers=auth(acc.live))
    for item in (created.get_json()["item"], got.get_json()["item"]):
        assert {name: item[name] for name in stored} == stored


@pytest.mark.parametrize(
    ("changes", "field"),
    [({"codigo": ...}, "codigo"), ({"descricao": ...}, "descricao"), ({"codigo": ""}, "codigo"),
     ({"descricao": "x" * 2001}, "descricao"), ({"descricao": "linha 1\nlinha 2"}, "descricao"),
     ({"lc116": "1.7"}, "lc116"), ({"lc116": "01-07"}, "lc116"), ({"lc116": "010701"}, "lc116"),
     ({"c_trib_nac": "01070"}, "c_trib_nac"), ({"c_trib_nac": "01070A"}, "c_trib_nac"),
     ({"c_trib_mun": "0071"}, "c_trib_mun"), ({"nbs": "11502200"}, "nbs"),
     ({"c_ind_op": "10030"}, "c_ind_op"), ({"c_ind_op": "10030A"}, "c_ind_op"),
     ({"cnae": "620150"}, "cnae"), ({"preco": "-1"}, "preco"), ({"preco": "1.001"}, "preco"),
     ({"preco": "12345678901234"}, "preco"), ({"preco": "abc"}, "preco"),
     ({"aliquota_iss": "100.01"}, "aliquota_iss"), ({"aliquota_iss": "-0.01"}, "aliquota_iss"),
     ({"aliquota_iss": "2.125"}, "aliquota_iss"), ({"aliquota_iss": "NaN"}, "aliquota_iss"),
     ({"iss_retido": "talvez"}, "iss_retido"),
     ({"municipio_incidencia": "355030"}, "municipio_incidencia"),
     ({"municipio_incidencia": "9950308"}, "municipio_incidencia"),
     ({"ativo": "x"}, "ativo"), ({"inventado": 1}, "inventado")],
)  # fmt: skip
def test_validation_errors_name_the_field_in_portuguese(client, acc, changes, field):
    response = client.post(API, headers=auth(acc.live), json=_service(**changes))
    assert response.status_code == 422, response.get_json()
    error = _error(response)
    assert error["code"] == "VALIDATION_ERROR"
    assert field in _fields(response)
    message = next(e["message"] for e in error["errors"] if e["field"] == field)
    english = ("Not a valid", "Missing data", "Unknown field", "Longer than", "must be")
    assert message and not any(word in message for word in english), message


def test_validation_messages_say_what_to_fix(client, acc):
    def message(**changes):
        response = client.post(API, headers=auth(acc.live), json=_service(**changes))
        return _error(response)["errors"][0]["message"]

    assert "NN.NN" in message(lc116="1.7")
    assert "6 dígitos" in message(c_trib_nac="123")
    assert "3 dígitos" in message(c_trib_mun="12")
    assert "2 casas decimais" in message(preco="1.001")
    assert "2 casas decimais" in message(aliquota_iss="2.125")
    assert "entre 0 e 100" in message(aliquota_iss="101")
    assert "UF" in message(municipio_incidencia="9950308")


def test_mismatched_lc116_and_c_trib_nac_is_a_warning(client, acc):
    response = client.post(API, headers=auth(acc.live), json=_service(lc116="07.02"))
    assert response.status_code == 201
    (aviso,) = response.get_json()["avisos"]
    assert "01.01" in aviso and "07.02" in aviso


def test_duplicate_code_is_409_per_company(client, rt, acc):
    assert client.post(API, headers=auth(acc.live), json=_service()).status_code == 201
    again = client.post(API, headers=auth(acc.live), json=_service(descricao="Outro"))
    assert again.status_code == 409 and _error(again)["code"] == "REGISTRO_DUPLICADO"
    assert "serviço" in _error(again)["message"]
    other = make_company(rt, acc.id, modulos=NFSE)
    elsewhere = client.post(API, headers=auth(acc.live), json=_service(empresa=other.codigo))
    assert elsewhere.status_code == 201
    query = {"empresa_id": other.id}
    assert client.get(API, headers=auth(acc.live), query_string=query).get_json()["total"] == 1


def test_partial_update_is_checked_and_audited(client, acc):
    item = client.post(API, headers=auth(acc.live), json=_service()).get_json()["item"]
    client.post(API, headers=auth(acc.live), json=_service(codigo="S002"))
    url = f"{API}/{item['id']}"
    put = client.put(url, headers=auth(acc.live), json={"aliquota_iss": "3", "iss_retido": True})
    assert put.status_code == 200, put.get_json()
    updated = put.get_json()["item"]
    assert updated["aliquota_iss"] == "3.00" and updated["iss_retido"] is True
    assert updated["descricao"] == item["descricao"] and updated["preco"] == "1500.00"
    cleared = client.put(url, headers=auth(acc.live), json={"aliquota_iss": None, "nbs": None})
    assert cleared.status_code == 200
    assert cleared.get_json()["item"]["aliquota_iss"] is None
    mismatch = client.put(url, headers=auth(acc.live), json={"c_trib_nac": "070201"})
    assert mismatch.status_code == 200 and "01.01" in mismatch.get_json()["avisos"][0]
    clash = client.put(url, headers=auth(acc.live), json={"codigo": "S002"})
    assert clash.status_code == 409 and _error(clash)["code"] == "REGISTRO_DUPLICADO"
    bad = client.put(url, headers=auth(acc.live), json={"aliquota_iss": "200"})
    assert bad.status_code == 422 and _fields(bad) == {"aliquota_iss"}
    assert client.put(url, headers=auth(acc.live), json={}).status_code == 200
    got = client.get(url, headers=auth(acc.live)).get_json()["item"]
    assert got["codigo"] == "S001" and got["c_trib_nac"] == "070201"
    logs = client.get(LOGS, headers=auth(acc.live), query_string={"entidade": "servico"})
    updates = [e for e in logs.get_json()["items"] if e["acao"] == "ATUALIZAR"]
    assert len(updates) == 3
    first = updates[-1]
    assert first["valor_anterior"]["aliquota_iss"] == "2.00"
    assert first["valor_novo"]["aliquota_iss"] == "3.00"
    assert first["valor_anterior"]["iss_retido"] is False and first["valor_novo"]["iss_retido"]


def test_delete_deactivates(client, acc):
    item = client.post(API, headers=auth(acc.live), json=_service()).get_json()["item"]
    client.post(API, headers=auth(acc.live), json=_service(codigo="S002"))
    url = f"{API}/{item['id']}"
    deleted = client.delete(url, headers=auth(acc.live))
    assert deleted.status_code == 200
    assert deleted.get_json()["item"]["ativo"] is False
    assert client.get(url, headers=auth(acc.live)).get_json()["item"]["ativo"] is False
    assert client.delete(url, headers=auth(acc.live)).status_code == 200

    def codes(**query):
        response = client.get(API, headers=auth(acc.live), query_string=query)
        assert response.status_code == 200, response.get_json()
        return [i["codigo"] for i in response.get_json()["itens"]]

    assert codes(ativo=1) == ["S002"] and codes(ativo=0) == ["S001"]
    assert codes() == ["S001", "S002"]
    assert codes(q="SOB ENCOMENDA") == ["S001", "S002"] and codes(codigo="S002") == ["S002"]
    again = client.post(API, headers=auth(acc.live), json=_service())
    assert again.status_code == 409  # the code stays taken by the inactive record
    revived = client.put(url, headers=auth(acc.live), json={"ativo": True})
    assert revived.get_json()["item"]["ativo"] is True
    logs = client.get(LOGS, headers=auth(acc.live), query_string={"entidade": "servico"})
    actions = [e["acao"] for e in logs.get_json()["items"]]
    assert actions.count("DESATIVAR") == 1 and "ATUALIZAR" in actions
    desativar = next(e for e in logs.get_json()["items"] if e["acao"] == "DESATIVAR")
    assert desativar["valor_anterior"]["ativo"] is True
    assert desativar["valor_novo"]["ativo"] is False


def test_another_companys_service_is_404(client, rt, shop):
    acc, company = shop
    item = client.post(API, headers=auth(acc.live), json=_service()).get_json()["item"]
    url = f"{API}/{item['id']}"
    sibling = make_company(rt, acc.id, modulos=NFSE)
    via_sibling = {"empresa_id": sibling.id}
    for method in (client.get, client.delete):
        response = method(url, headers=auth(acc.live), query_string=via_sibling)
        assert response.status_code == 404 and _error(response)["code"] == "NAO_ENCONTRADO"
    put = client.put(url, headers=auth(acc.live), json={"preco": "1", **via_sibling})
    assert put.status_code == 404 and _error(put)["code"] == "NAO_ENCONTRADO"
    stranger = make_account(rt)
    make_company(rt, stranger.id, modulos=NFSE)
    assert client.get(url, headers=auth(stranger.live)).status_code == 404
    foreign = client.get(API, headers=auth(stranger.live), query_string={"empresa_id": sibling.id})
    assert foreign.status_code == 403 and _error(foreign)["code"] == "EMPRESA_NAO_AUTORIZADA"
    mine = {"empresa_id": company.id}
    unchanged = client.get(url, headers=auth(acc.live), query_string=mine).get_json()["item"]
    assert unchanged["ativo"] is True and unchanged["preco"] == "1500.00"


def test_the_company_needs_the_nfse_module(client, rt):
    account = make_account(rt)
    company = make_company(rt, account.id)  # default modules: nfe, nfce
    headers = auth(account.live)
    answers = [
        client.get(API, headers=headers),
        client.post(API, headers=headers, json=_service()),
        client.post(API, headers=headers, json={}),  # the module before the body
        client.get(f"{API}/srv_qualquer", headers=headers),
        client.put(f"{API}/srv_qualquer", headers=headers, json={"aliquota_iss": "900"}),
        client.delete(f"{API}/srv_qualquer", headers=headers),
    ]
    for answer in answers:
        assert answer.status_code == 403, answer.get_json()
        assert _error(answer)["code"] == "MODULO_NAO_HABILITADO"
    enabled = make_company(rt, account.id, modulos=NFSE)
    created = client.post(API, headers=headers, json=_service(empresa=enabled.codigo))
    assert created.status_code == 201
    by_code = client.get(API, headers=headers, query_string={"empresa": company.codigo})
    assert by_code.status_code == 403


def test_scopes(client, rt, acc):
    reader = make_key(rt, acc.id, scopes=["nfse:read"])
    writer = make_key(rt, acc.id, scopes=["nfse:write"])
    registers = make_key(rt, acc.id, scopes=["consultar", "configurar"])
    denied = client.post(API, headers=auth(reader), json=_service())
    assert denied.status_code == 403 and _error(denied)["code"] == "FORBIDDEN"
    assert "nfse:write" in _error(denied)["message"]
    assert client.post(API, headers=auth(registers), json=_service()).status_code == 403
    created = client.post(API, headers=auth(writer), json=_service())
    assert created.status_code == 201
    url = f"{API}/{created.get_json()['item']['id']}"
    assert client.get(API, headers=auth(writer)).status_code == 403
    assert client.get(url, headers=auth(registers)).status_code == 403
    assert client.get(API, headers=auth(reader)).status_code == 200
    assert client.get(url, headers=auth(reader)).status_code == 200
    assert client.put(url, headers=auth(reader), json={"preco": "1"}).status_code == 403
    assert client.delete(url, headers=auth(reader)).status_code == 403
    assert client.put(url, headers=auth(writer), json={"preco": "1"}).status_code == 200
    assert client.delete(url, headers=auth(writer)).status_code == 200
    assert client.get(API).status_code == 401


def test_documented_in_openapi(client):
    document = client.get("/api/v1/openapi.json").get_json()
    paths = document["paths"]
    assert {"get", "post"} <= set(paths["/api/v1/servicos"])
    assert {"get", "put", "delete"} <= set(paths["/api/v1/servicos/{record_id}"])
    post = paths["/api/v1/servicos"]["post"]
    assert {"201", "403", "409", "422"} <= set(post["responses"])
    assert "MODULO_NAO_HABILITADO" in str(post["responses"]["403"])
    assert "ServiceUpdateParcial" in str(paths["/api/v1/servicos/{record_id}"]["put"])
