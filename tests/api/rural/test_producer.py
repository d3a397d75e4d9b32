"""`/rural/produtor` over the API, on SQLite and PostgreSQL: creating a natural-person
producer, reading it, switching the context of a CNPJ company, and its automatic configuration."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.rural.helpers import CONFIG, CPF, RURAL, code, fields, producer_body
from tests.factories import auth, make_account, make_company, make_key
from tests.factories_config import issuer_body


def _create(client: Any, key: str, **overrides: Any) -> Any:
    return client.post(RURAL, headers=auth(key), json=producer_body(**overrides))


def test_create_a_natural_person_producer(client, rt):
    acc = make_account(rt)
    created = _create(client, acc.live)
    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    assert body["empresa"] == CPF
    producer = body["produtor"]
    assert producer["tipo"] == "PF" and producer["documento"] == CPF
    assert producer["contexto_fiscal"] == "PRODUTOR_RURAL"
    assert (
        producer["serie_nfe"] == 920 and producer["crt"] == 3 and producer["ie"] == "110042490114"
    )
    assert producer["propriedades"] == 1
    assert producer["lista_propriedades"] == [
        {"nome": "Sitio Boa Vista", "cod_municipio": "3543907", "nirf": "12345678"}
    ]
    assert producer["certificado"] == {"status": "ausente", "validade": None}
    issuer = client.get(CONFIG + "/emitente", headers=auth(acc.live)).get_json()["emitente"]
    assert issuer["cpf"] == CPF and issuer["cnpj"] is None
    assert issuer["ambiente"] == "HOMOLOGACAO"
    assert issuer["modulos"] == ["nfe", "rural"]  # no NFC-e for a natural person
    logs = client.get(CONFIG + "/logs", headers=auth(acc.live),
                      query_string={"entidade": "emitente"}).get_json()  # fmt: skip
    assert [i["acao"] for i in logs["items"]] == ["CRIAR"]


def test_the_automatic_configuration_sells_own_production_without_presuming_a_benefit(client, rt):
    acc = make_account(rt)
    body = _create(client, acc.live).get_json()
    assert body["configuracao_automatica"]["criados"] == {
        "naturezas": 1, "tributacao": 2, "iva": 0
    }  # fmt: skip
    assert any("410014" in aviso for aviso in body["avisos"])
    natures = client.get(CONFIG + "/naturezas", headers=auth(acc.live)).get_json()["items"]
    assert [(n["codigo"], n["padrao_nfe"], n["padrao_nfce"]) for n in natures] == [
        ("VENDA_PRODUCAO", True, False)
    ]
    rules = client.get(CONFIG + "/tributacao", headers=auth(acc.live)).get_json()["itens"]
    by_cfop = {r["cfop"]: r for r in rules}
    assert set(by_cfop) == {"5101", "6101"}
    for rule in rules:
        assert rule["cst_icms"] == "00" and rule["red_bc"] is None  # no reduction, no deferral
        assert (rule["cst_pis"], rule["cst_cofins"]) == ("08", "08")  # PF: not a contributor
        assert rule["natureza_id"] == natures[0]["id"] and rule["crt"] == 3
    assert by_cfop["5101"]["aliq_icms"] == "18.00"
    again = client.post(CONFIG + "/automatica", headers=auth(acc.live), json={}).get_json()
    assert again["criados"] == {"naturezas": 0, "tributacao": 0, "iva": 0}


def test_a_simples_producer_gets_csosn(client, rt):
    acc = make_account(rt)
    assert _create(client, acc.live, crt=1).status_code == 201
    rules = client.get(CONFIG + "/tributacao", headers=auth(acc.live)).get_json()["itens"]
    assert {(r["cfop"], r["csosn"], r["cst_icms"]) for r in rules} == {
        ("5101", "102", None), ("6101", "102", None)
    }  # fmt: skip


def test_duplicate_cpf_is_409(client, rt):
    acc = make_account(rt)
    assert _create(client, acc.live).status_code == 201
    again = _create(client, acc.live, codigo="outro", cpf="52998224725")
    assert again.status_code == 409 and code(again) == "REGISTRO_DUPLICADO"
    assert fields(again) == ["cpf"]
    other_account = make_account(rt)
    assert _create(client, other_account.live).status_code == 201  # per account


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"cpf": "529.982.247-26"}, "cpf"),
        ({"cpf": "111.111.111-11"}, "cpf"),
        ({"ie": "110.042.490.115"}, "ie"),
        ({"ie": "ISENTO"}, "ie"),
        ({"serie_nfe": 919}, "serie_nfe"),
        ({"serie_nfe": 970}, "serie_nfe"),
        ({"crt": None}, "crt"),
        ({"cod_municipio": "3304557"}, "cod_municipio"),
        ({"propriedades": [{"nome": "Sitio", "cod_municipio": "3543907"}]}, "propriedades.0.nirf"),
        ({"propriedades": [{"nome": "S", "cod_municipio": "3543907", "car": "SP-1-2"}]},
         "propriedades.0.car"),
        ({"propriedades": [{"nome": "S", "cod_municipio": "3543907", "nirf": "12345678",
                            "ie": "110042490115"}]}, "propriedades.0.ie"),
    ],
)  # fmt: skip
def test_invalid_fields_are_422(client, rt, overrides, field):
    acc = make_account(rt)
    body = producer_body(**overrides)
    body = {k: v for k, v in body.items() if v is not None}
    answer = client.post(RURAL, headers=auth(acc.live), json=body)
    assert answer.status_code == 422 and code(answer) == "VALIDATION_ERROR", answer.get_json()
    assert field in fields(answer)


def test_service_credential_and_company_limit(client, rt):
    acc = make_account(rt, max_companies=1)
    service = make_key(rt, acc.id, kind="service")
    refused = _create(client, service)
    assert refused.status_code == 403 and code(refused) == "EMITENTE_NAO_CONFIGURADO"
    assert _create(client, acc.live).status_code == 201
    full = _create(client, acc.live, cpf="111.444.777-35")
    assert full.status_code == 409 and code(full) == "LIMITE_EMPRESAS"


def test_get_selects_the_producer_and_refuses_others(client, rt):
    acc, stranger = make_account(rt), make_account(rt)
    make_company(rt, acc.id, codigo="loja")
    _create(client, acc.live)
    alone = client.get(RURAL, headers=auth(acc.live))
    assert alone.status_code == 200 and alone.get_json()["produtor"]["empresa"] == CPF
    named = client.get(RURAL, headers=auth(acc.live), query_string={"empresa": CPF})
    assert named.get_json()["produtor"]["documento"] == CPF
    shop = client.get(RURAL, headers=auth(acc.live), query_string={"empresa": "loja"})
    assert shop.status_code == 404 and code(shop) == "NAO_ENCONTRADO"
    foreign = client.get(RURAL, headers=auth(stranger.live), query_string={"empresa": CPF})
    assert foreign.status_code == 403 and code(foreign) == "EMPRESA_NAO_AUTORIZADA"
    none = client.get(RURAL, headers=auth(stranger.live))
    assert none.status_code == 404 and code(none) == "NAO_ENCONTRADO"
    reader = make_key(rt, acc.id, scopes=["rural:read"])
    assert client.get(RURAL, headers=auth(reader)).status_code == 200
    assert code(_create(client, reader)) == "FORBIDDEN"


def _legal_person(client: Any, key: str) -> None:
    created = client.post(CONFIG + "/emitente", headers=auth(key), json=issuer_body(crt=3,
                          apuracao="presumido"))  # fmt: skip
    assert created.status_code == 201, created.get_json()


def test_put_activates_and_deactivates_a_legal_person_producer_audited(client, rt):
    acc = make_account(rt)
    _legal_person(client, acc.live)
    assert code(client.get(RURAL, headers=auth(acc.live))) == "NAO_ENCONTRADO"
    properties = [{"nome": "Fazenda", "cod_municipio": "3543907",
                   "car": "sp-3543907-0123456789abcdef0123456789abcdef"}]  # fmt: skip
    activate = {"contexto_fiscal": "PRODUTOR_RURAL", "propriedades": properties}
    on = client.put(RURAL, headers=auth(acc.live), json=activate)
    assert on.status_code == 200, on.get_json()
    producer = on.get_json()["produtor"]
    assert (producer["tipo"], producer["documento"]) == ("PJ", "11222333000181")
    assert producer["contexto_fiscal"] == "PRODUTOR_RURAL" and producer["propriedades"] == 1
    assert producer["lista_propriedades"][0]["car"] == "SP-3543907-0123456789ABCDEF0123456789ABCDEF"
    assert on.get_json()["configuracao_automatica"]["criados"]["tributacao"] == 2
    natures = client.get(CONFIG + "/naturezas", headers=auth(acc.live)).get_json()["items"]
    defaults = {n["codigo"]: n["padrao_nfe"] for n in natures}
    assert defaults == {"VENDA": True, "VENDA_CONSUMIDOR": False, "VENDA_PRODUCAO": False}
    rules = client.get(CONFIG + "/tributacao", headers=auth(acc.live)).get_json()["itens"]
    rural = [r for r in rules if r["cfop"] in ("5101", "6101")]
    assert {(r["cst_pis"], r["aliq_pis"]) for r in rural} == {("01", "0.65")}  # its regime
    assert client.get(RURAL, headers=auth(acc.live)).status_code == 200
    off = client.put(RURAL, headers=auth(acc.live), json={"contexto_fiscal": None})
    assert off.status_code == 200 and off.get_json()["produtor"]["contexto_fiscal"] is None
    assert code(client.get(RURAL, headers=auth(acc.live))) == "NAO_ENCONTRADO"
    only_properties = client.put(RURAL, headers=auth(acc.live), json={"propriedades": []})
    assert code(only_properties) == "NAO_ENCONTRADO"
    logs = client.get(CONFIG + "/logs", headers=auth(acc.live),
                      query_string={"entidade": "emitente"}).get_json()["items"]  # fmt: skip
    changes = [(i["valor_anterior"]["contexto_fiscal"], i["valor_novo"]["contexto_fiscal"])
               for i in logs if i["acao"] == "ATUALIZAR"
               and "contexto_fiscal" in (i["valor_anterior"] or {})]  # fmt: skip
    assert sorted(changes, key=str) == sorted(
        [(None, "PRODUTOR_RURAL"), ("PRODUTOR_RURAL", None)], key=str
    )
    issuer = client.get(CONFIG + "/emitente", headers=auth(acc.live)).get_json()["emitente"]
    assert "rural" not in issuer["modulos"]


def test_a_cpf_producer_cannot_leave_the_rural_context(client, rt):
    acc = make_account(rt)
    _create(client, acc.live)
    off = client.put(RURAL, headers=auth(acc.live), json={"contexto_fiscal": None})
    assert off.status_code == 422 and fields(off) == ["contexto_fiscal"]
    moved = client.put(RURAL, headers=auth(acc.live), json={"propriedades": []})
    assert moved.status_code == 200 and moved.get_json()["produtor"]["propriedades"] == 0
    empty = client.put(RURAL, headers=auth(acc.live), json={})
    assert empty.status_code == 422
    cnpj = client.put(CONFIG + "/emitente", headers=auth(acc.live), json={"cnpj": "11222333000181"})
    assert cnpj.status_code == 422 and fields(cnpj) == ["cnpj"]
