"""`/veiculos` (the MDF-e vehicles register) over the API, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from tests.api.registers.helpers import error_of as _error
from tests.api.registers.helpers import fields_of as _fields
from tests.factories import auth, make_account, make_company, make_key

API = "/api/v1/veiculos"
LOGS = "/api/v1/configuracao-fiscal/logs"
MDFE = ["nfe", "nfce", "mdfe"]
OWNER = {"proprietario_doc": "11.222.333/0001-81", "proprietario_nome": "Transportes Lima Ltda",
         "proprietario_rntrc": "12345678", "proprietario_ie": "110.042.490.114",
         "proprietario_uf": "sp", "proprietario_tp_prop": 2}  # fmt: skip
OWNER_STORED = {**OWNER, "proprietario_doc": "11222333000181",
                "proprietario_ie": "110042490114", "proprietario_uf": "SP"}  # fmt: skip


def _vehicle(**changes):
    body = {"placa": "BRA2E19", "tara": 8500, "uf_licenciamento": "SP",
            "renavam": "00123456789", "cap_kg": 14000, "cap_m3": 60, "tp_rod": "01",
            "tp_car": "02", "tipo": "TRACAO"}  # fmt: skip
    body.update(changes)
    return {k: v for k, v in body.items() if v is not ...}


def _stored(item):
    return {k: v for k, v in item.items() if k not in ("id", "criado_em", "atualizado_em")}


NO_OWNER = dict.fromkeys(OWNER)


@pytest.fixture
def shop(rt):
    """An account with one company that has the MDF-e module; its keys have every scope."""
    account = make_account(rt)
    return account, make_company(rt, account.id, modulos=MDFE)


@pytest.fixture
def acc(shop):
    return shop[0]


def test_create_read_list_and_audit(client, acc):
    created = client.post(API, headers=auth(acc.live), json=_vehicle(**OWNER))
    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    assert body["avisos"] == []
    item = body["item"]
    assert _stored(item) == {**_vehicle(), **OWNER_STORED, "ativo": True}
    assert item["id"].startswith("vei_") and item["criado_em"]
    got = client.get(f"{API}/{item['id']}", headers=auth(acc.live))
    assert got.status_code == 200 and got.get_json()["item"] == item
    listing = client.get(API, headers=auth(acc.live)).get_json()
    assert (listing["total"], listing["pagina"], listing["por_pagina"]) == (1, 1, 20)
    assert listing["itens"] == [item]
    logs = client.get(LOGS, headers=auth(acc.live), query_string={"entidade": "veiculo"})
    entry = logs.get_json()["items"][0]
    assert entry["acao"] == "CRIAR" and entry["registro_id"] == item["id"]
    assert entry["valor_anterior"] is None
    assert entry["valor_novo"]["placa"] == "BRA2E19" and entry["valor_novo"]["tara"] == 8500


def test_only_plate_tare_and_uf_are_required(client, acc):
    body = {"placa": "ABC1234", "tara": 1, "uf_licenciamento": "MG"}
    response = client.post(API, headers=auth(acc.live), json=body)
    assert response.status_code == 201, response.get_json()
    item = response.get_json()["item"]
    assert item["tipo"] == "TRACAO" and item["ativo"] is True
    optional = ("renavam", "cap_kg", "cap_m3", "tp_rod", "tp_car", *OWNER)
    assert all(item[name] is None for name in optional)
    (aviso,) = response.get_json()["avisos"]
    assert "tp_rod" in aviso and "tp_car" in aviso and "MDF-e" in aviso


@pytest.mark.parametrize(
    ("given", "stored"),
    [({"placa": "bra-2e19"}, {"placa": "BRA2E19"}), ({"placa": " abc 1234 "}, {"placa": "ABC1234"}),
     ({"renavam": "123456789"}, {"renavam": "123456789"}),
     ({"renavam": "0012345678-9"}, {"renavam": "00123456789"}),
     ({"uf_licenciamento": "rs"}, {"uf_licenciamento": "RS"}),
     ({"tara": 999999, "cap_kg": 0, "cap_m3": 999}, {"tara": 999999, "cap_kg": 0, "cap_m3": 999}),
     ({"tp_rod": "06", "tp_car": "00"}, {"tp_rod": "06", "tp_car": "00"}),
     ({"renavam": "", "cap_m3": None}, {"renavam": None, "cap_m3": None}),
     ({**OWNER, "proprietario_doc": "529.982.247-25", "proprietario_ie": "isento",
       "proprietario_tp_prop": 0},
      {"proprietario_doc": "52998224725", "proprietario_ie": "ISENTO",
       "proprietario_tp_prop": 0}),
     ({**OWNER, "proprietario_ie": None, "proprietario_uf": None},
      {"proprietario_ie": None, "proprietario_uf": None})],
)  # fmt: skip
def test_values_are_normalized(client, acc, given, stored):
    created = client.post(API, headers=auth(acc.live), json=_vehicle(**given))
    assert created.status_code == 201, created.get_json()
    got = client.get(f"{API}/{created.get_json()['item']['id']}", headers=auth(acc.live))
    for item in (created.get_json()["item"], got.get_json()["item"]):
        assert {name: item[name] for name in stored} == stored


@pytest.mark.parametrize(
    ("changes", "field"),
    [({"placa": ...}, "placa"), ({"tara": ...}, "tara"),
     ({"uf_licenciamento": ...}, "uf_licenciamento"), ({"placa": "AB12345"}, "placa"),
     ({"placa": "ABCD123"}, "placa"), ({"placa": "ABC12D3"}, "placa"),
     ({"placa": "ABC123"}, "placa"),
     ({"placa": "ABÇ1234"}, "placa"), ({"tara": 0}, "tara"), ({"tara": -5}, "tara"),
     ({"tara": 1000000}, "tara"), ({"tara": 8500.5}, "tara"), ({"tara": "8500"}, "tara"),
     ({"uf_licenciamento": "XX"}, "uf_licenciamento"),
     ({"uf_licenciamento": None}, "uf_licenciamento"),
     ({"renavam": "1234567890"}, "renavam"), ({"renavam": "12345678A"}, "renavam"),
     ({"cap_kg": -1}, "cap_kg"), ({"cap_kg": 1000000}, "cap_kg"), ({"cap_m3": 1000}, "cap_m3"),
     ({"tp_rod": "07"}, "tp_rod"), ({"tp_rod": "1"}, "tp_rod"), ({"tp_rod": 1}, "tp_rod"),
     ({"tp_car": "06"}, "tp_car"), ({"tipo": "CARRETA"}, "tipo"), ({"tipo": None}, "tipo"),
     ({**OWNER, "proprietario_doc": "111.444.777-36"}, "proprietario_doc"),
     ({**OWNER, "proprietario_doc": "123"}, "proprietario_doc"),
     ({**OWNER, "proprietario_nome": "X"}, "proprietario_nome"),
     ({**OWNER, "proprietario_nome": "x" * 61}, "proprietario_nome"),
     ({**OWNER, "proprietario_rntrc": "1234567"}, "proprietario_rntrc"),
     ({**OWNER, "proprietario_uf": "ZZ"}, "proprietario_uf"),
     ({**OWNER, "proprietario_ie": "110042490115"}, "proprietario_ie"),
     ({**OWNER, "proprietario_tp_prop": 3}, "proprietario_tp_prop"),
     ({**OWNER, "proprietario_tp_prop": "1"}, "proprietario_tp_prop"),
     ({"ativo": "x"}, "ativo"), ({"codigo": "V1"}, "codigo")],
)  # fmt: skip
def test_validation_errors_name_the_field_in_portuguese(client, acc, changes, field):
    response = client.post(API, headers=auth(acc.live), json=_vehicle(**changes))
    assert response.status_code == 422, response.get_json()
    error = _error(response)
    assert error["code"] == "VALIDATION_ERROR"
    assert field in _fields(response)
    message = next(e["message"] for e in error["errors"] if e["field"] == field)
    english = ("Not a valid", "Missing data", "Unknown field", "Longer than", "must be")
    assert message and not any(word in message for word in english), message


def test_an_invalid_owner_cnpj_is_cnpj_invalido(client, acc):
    body = _vehicle(**{**OWNER, "proprietario_doc": "11.222.333/0001-82"})
    response = client.post(API, headers=auth(acc.live), json=body)
    assert response.status_code == 422
    assert _error(response)["code"] == "CNPJ_INVALIDO"
    assert _fields(response) == {"proprietario_doc"}


def test_validation_messages_say_what_to_fix(client, acc):
    def message(**changes):
        response = client.post(API, headers=auth(acc.live), json=_vehicle(**changes))
        return _error(response)["errors"][0]["message"]

    assert "AAA0A00" in message(placa="AB-1234")
    assert "9 ou 11 dígitos" in message(renavam="1234")
    assert "8 dígitos" in message(**{**OWNER, "proprietario_rntrc": "1"})
    assert "CPF" in message(**{**OWNER, "proprietario_doc": "111.444.777-36"})


@pytest.mark.parametrize(
    "removed",
    ["proprietario_doc", "proprietario_nome", "proprietario_rntrc", "proprietario_tp_prop"],
)
def test_the_owner_group_is_all_or_nothing(client, acc, removed):
    response = client.post(API, headers=auth(acc.live), json=_vehicle(**{**OWNER, removed: None}))
    assert response.status_code == 422, response.get_json()
    assert _fields(response) == {removed}
    assert "proprietário" in _error(response)["errors"][0]["message"]


@pytest.mark.parametrize(
    ("removed", "named"),
    [("proprietario_ie", "proprietario_ie"), ("proprietario_uf", "proprietario_uf")],
)
def test_owner_ie_and_uf_come_together(client, acc, removed, named):
    """The error names the one missing."""
    response = client.post(API, headers=auth(acc.live), json=_vehicle(**{**OWNER, removed: None}))
    assert response.status_code == 422 and _fields(response) == {named}


def test_a_trailer_has_no_tp_rod_and_needs_capacity(client, acc):
    trailer = _vehicle(placa="REB1A23", tipo="REBOQUE", tp_rod=..., cap_kg=...)
    created = client.post(API, headers=auth(acc.live), json=trailer)
    assert created.status_code == 201, created.get_json()
    (aviso,) = created.get_json()["avisos"]
    assert aviso.startswith("Reboque") and "cap_kg" in aviso and "tp_rod" not in aviso
    with_rod = client.post(API, headers=auth(acc.live), json=_vehicle(tipo="REBOQUE"))
    assert with_rod.status_code == 422 and _fields(with_rod) == {"tp_rod"}
    url = f"{API}/{created.get_json()['item']['id']}"
    complete = client.put(url, headers=auth(acc.live), json={"cap_kg": 30000})
    assert complete.status_code == 200 and complete.get_json()["avisos"] == []
    to_tractor = client.put(url, headers=auth(acc.live), json={"tipo": "TRACAO"})
    assert to_tractor.status_code == 200
    assert "tp_rod" in to_tractor.get_json()["avisos"][0]


def test_duplicate_plate_is_409_per_company(client, rt, acc):
    assert client.post(API, headers=auth(acc.live), json=_vehicle()).status_code == 201
    again = client.post(API, headers=auth(acc.live), json=_vehicle(placa="bra-2e19", tara=9000))
    assert again.status_code == 409 and _error(again)["code"] == "REGISTRO_DUPLICADO"
    assert "placa" in _error(again)["message"]
    other = make_company(rt, acc.id, modulos=MDFE)
    elsewhere = client.post(API, headers=auth(acc.live), json=_vehicle(empresa=other.codigo))
    assert elsewhere.status_code == 201
    query = {"empresa_id": other.id}
    assert client.get(API, headers=auth(acc.live), query_string=query).get_json()["total"] == 1


def test_partial_update_is_checked_and_audited(client, acc):
    item = client.post(API, headers=auth(acc.live), json=_vehicle()).get_json()["item"]
    client.post(API, headers=auth(acc.live), json=_vehicle(placa="ABC1234"))
    url = f"{API}/{item['id']}"
    put = client.put(url, headers=auth(acc.live), json={"tara": 9000, "placa": "bra-2e20"})
    assert put.status_code == 200, put.get_json()
    updated = put.get_json()["item"]
    assert (updated["tara"], updated["placa"], updated["cap_kg"]) == (9000, "BRA2E20", 14000)
    owner = client.put(url, headers=auth(acc.live), json=OWNER)
    assert owner.status_code == 200 and _stored(owner.get_json()["item"]) == {
        **_stored(updated), **OWNER_STORED,
    }  # fmt: skip
    partial_owner = client.put(url, headers=auth(acc.live), json={"proprietario_nome": None})
    assert partial_owner.status_code == 422 and _fields(partial_owner) == {"proprietario_nome"}
    own_again = client.put(url, headers=auth(acc.live), json=NO_OWNER)
    assert own_again.status_code == 200
    assert all(own_again.get_json()["item"][name] is None for name in OWNER)
    clash = client.put(url, headers=auth(acc.live), json={"placa": "ABC-1234"})
    assert clash.status_code == 409 and _error(clash)["code"] == "REGISTRO_DUPLICADO"
    bad = client.put(url, headers=auth(acc.live), json={"uf_licenciamento": "XX"})
    assert bad.status_code == 422 and _fields(bad) == {"uf_licenciamento"}
    assert client.put(url, headers=auth(acc.live), json={}).status_code == 200
    got = client.get(url, headers=auth(acc.live)).get_json()["item"]
    assert got["placa"] == "BRA2E20" and got["uf_licenciamento"] == "SP"
    logs = client.get(LOGS, headers=auth(acc.live), query_string={"entidade": "veiculo"})
    updates = [e for e in logs.get_json()["items"] if e["acao"] == "ATUALIZAR"]
    assert len(updates) == 3
    first = updates[-1]
    assert first["valor_anterior"]["tara"] == 8500 and first["valor_novo"]["tara"] == 9000
    assert first["valor_anterior"]["placa"] == "BRA2E19"


def test_delete_deactivates_and_lists_filter(client, acc):
    item = client.post(API, headers=auth(acc.live), json=_vehicle()).get_json()["item"]
    trailer = _vehicle(placa="REB1A23", tipo="REBOQUE", tp_rod=...)
    client.post(API, headers=auth(acc.live), json=trailer)
    url = f"{API}/{item['id']}"
    deleted = client.delete(url, headers=auth(acc.live))
    assert deleted.status_code == 200
    assert deleted.get_json()["item"]["ativo"] is False
    assert client.get(url, headers=auth(acc.live)).get_json()["item"]["ativo"] is False
    assert client.delete(url, headers=auth(acc.live)).status_code == 200

    def plates(**query):
        response = client.get(API, headers=auth(acc.live), query_string=query)
        assert response.status_code == 200, response.get_json()
        return [i["placa"] for i in response.get_json()["itens"]]

    assert plates(ativo=1) == ["REB1A23"] and plates(ativo=0) == ["BRA2E19"]
    assert plates() == ["BRA2E19", "REB1A23"]
    assert plates(tipo="REBOQUE") == ["REB1A23"] and plates(placa="bra-2e19") == ["BRA2E19"]
    assert plates(q="2e") == ["BRA2E19"]
    bad_filter = client.get(API, headers=auth(acc.live), query_string={"placa": "X"})
    assert bad_filter.status_code == 422
    again = client.post(API, headers=auth(acc.live), json=_vehicle())
    assert again.status_code == 409  # the plate stays taken by the inactive record
    revived = client.put(url, headers=auth(acc.live), json={"ativo": True})
    assert revived.get_json()["item"]["ativo"] is True
    logs = client.get(LOGS, headers=auth(acc.live), query_string={"entidade": "veiculo"})
    actions = [e["acao"] for e in logs.get_json()["items"]]
    assert actions.count("DESATIVAR") == 1 and "ATUALIZAR" in actions
    desativar = next(e for e in logs.get_json()["items"] if e["acao"] == "DESATIVAR")
    assert desativar["valor_anterior"]["ativo"] is True
    assert desativar["valor_novo"]["ativo"] is False


def test_another_companys_vehicle_is_404(client, rt, shop):
    acc, company = shop
    item = client.post(API, headers=auth(acc.live), json=_vehicle()).get_json()["item"]
    url = f"{API}/{item['id']}"
    sibling = make_company(rt, acc.id, modulos=MDFE)
    via_sibling = {"empresa_id": sibling.id}
    for method in (client.get, client.delete):
        response = method(url, headers=auth(acc.live), query_string=via_sibling)
        assert response.status_code == 404 and _error(response)["code"] == "NAO_ENCONTRADO"
    put = client.put(url, headers=auth(acc.live), json={"tara": 1, **via_sibling})
    assert put.status_code == 404 and _error(put)["code"] == "NAO_ENCONTRADO"
    stranger = make_account(rt)
    make_company(rt, stranger.id, modulos=MDFE)
    assert client.get(url, headers=auth(stranger.live)).status_code == 404
    mine = {"empresa_id": company.id}
    unchanged = client.get(url, headers=auth(acc.live), query_string=mine).get_json()["item"]
    assert unchanged["ativo"] is True and unchanged["tara"] == 8500


def test_the_company_needs_the_mdfe_module(client, rt):
    account = make_account(rt)
    company = make_company(rt, account.id)  # default modules: nfe, nfce
    headers = auth(account.live)
    answers = [
        client.get(API, headers=headers),
        client.post(API, headers=headers, json=_vehicle()),
        client.post(API, headers=headers, json={}),  # the module before the body
        client.get(f"{API}/vei_qualquer", headers=headers),
        client.put(f"{API}/vei_qualquer", headers=headers, json={"tara": -1}),
        client.delete(f"{API}/vei_qualquer", headers=headers),
    ]
    for answer in answers:
        assert answer.status_code == 403, answer.get_json()
        assert _error(answer)["code"] == "MODULO_NAO_HABILITADO"
    enabled = make_company(rt, account.id, modulos=MDFE)
    created = client.post(API, headers=headers, json=_vehicle(empresa=enabled.codigo))
    assert created.status_code == 201
    by_code = client.get(API, headers=headers, query_string={"empresa": company.codigo})
    assert by_code.status_code == 403


def test_scopes(client, rt, acc):
    reader = make_key(rt, acc.id, scopes=["mdfe:read"])
    writer = make_key(rt, acc.id, scopes=["mdfe:write"])
    others = make_key(rt, acc.id, scopes=["consultar", "configurar", "nfse:read", "nfse:write"])
    denied = client.post(API, headers=auth(reader), json=_vehicle())
    assert denied.status_code == 403 and _error(denied)["code"] == "FORBIDDEN"
    assert "mdfe:write" in _error(denied)["message"]
    assert client.post(API, headers=auth(others), json=_vehicle()).status_code == 403
    created = client.post(API, headers=auth(writer), json=_vehicle())
    assert created.status_code == 201
    url = f"{API}/{created.get_json()['item']['id']}"
    assert client.get(API, headers=auth(writer)).status_code == 403
    assert client.get(url, headers=auth(others)).status_code == 403
    assert client.get(API, headers=auth(reader)).status_code == 200
    assert client.get(url, headers=auth(reader)).status_code == 200
    assert client.put(url, headers=auth(reader), json={"tara": 1}).status_code == 403
    assert client.delete(url, headers=auth(reader)).status_code == 403
    assert client.put(url, headers=auth(writer), json={"tara": 1}).status_code == 200
    assert client.delete(url, headers=auth(writer)).status_code == 200
    assert client.get(API).status_code == 401


def test_documented_in_openapi(client):
    document = client.get("/api/v1/openapi.json").get_json()
    paths = document["paths"]
    assert {"get", "post"} <= set(paths["/api/v1/veiculos"])
    assert {"get", "put", "delete"} <= set(paths["/api/v1/veiculos/{record_id}"])
    post = paths["/api/v1/veiculos"]["post"]
    assert {"201", "403", "409", "422"} <= set(post["responses"])
    assert "MODULO_NAO_HABILITADO" in str(post["responses"]["403"])
    assert "VehicleUpdateParcial" in str(paths["/api/v1/veiculos/{record_id}"]["put"])
