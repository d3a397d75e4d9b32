"""Fiscal configuration over the API, on SQLite and PostgreSQL."""

from __future__ import annotations

import base64
import json
import logging

from tests.factories import auth, make_account, make_company, make_key
from tests.factories_config import a1_base64, issuer_body

API = "/api/v1/configuracao-fiscal"


def _code(response):
    return response.get_json()["error"]["code"]


def test_empty_account_overview_is_zero_with_issuer_pendency(client, rt):
    acc = make_account(rt)
    body = client.get(API, headers=auth(acc.live)).get_json()
    assert body["configuracao_fiscal_percentual"] == 0
    assert body["pronta_para_emitir"] is False
    assert body["etapas"]["iva"]["obrigatoria"] is False
    assert any("Emitente" in p for p in body["pendencias"])
    invalid = client.get(API + "/validar", headers=auth(acc.live))
    assert invalid.status_code == 422 and _code(invalid) == "CONFIG_FISCAL_INCOMPLETA"
    assert invalid.get_json()["error"]["details"]


def test_walk_from_empty_account_to_ready(client, rt, caplog):
    acc = make_account(rt)
    caplog.set_level(logging.DEBUG)
    created = client.post(API + "/emitente", headers=auth(acc.live), json=issuer_body())
    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    assert body["emitente"]["ambiente"] == "HOMOLOGACAO"
    assert body["emitente"]["csc_configurado"] is True
    assert body["configuracao_automatica"]["criados"] == {"naturezas": 2, "tributacao": 2, "iva": 0}
    cert = client.post(
        API + "/certificado", headers=auth(acc.live),
        json={"arquivo_base64": a1_base64(), "senha": "senha-a1"},
    )  # fmt: skip
    assert cert.status_code == 201, cert.get_json()
    assert cert.get_json()["certificado"]["status"] == "ok"
    state = client.get(API, headers=auth(acc.live)).get_json()
    assert state["pronta_para_emitir"] is True, state["pendencias"]
    assert state["configuracao_fiscal_percentual"] == 100
    assert client.get(API + "/validar", headers=auth(acc.live)).status_code == 200
    again = client.post(API + "/automatica", headers=auth(acc.live), json={}).get_json()
    assert again["criados"] == {"naturezas": 0, "tributacao": 0, "iva": 0}
    logs = client.get(API + "/logs", headers=auth(acc.live)).get_json()
    assert {"emitente", "certificado", "natureza", "tributacao"} <= {
        i["entidade"] for i in logs["items"]
    }
    everything = json.dumps([created.get_json(), cert.get_json(), state, logs]) + caplog.text
    for secret in ("SEGREDO-CSC", "senha-a1"):
        assert secret not in everything


def test_issuer_errors(client, rt):
    acc = make_account(rt, max_companies=1)
    bad = client.post(
        API + "/emitente", headers=auth(acc.live), json=issuer_body(ie="110042490115")
    )
    assert bad.status_code == 422
    assert bad.get_json()["error"]["errors"][0]["field"] == "ie"
    bad = client.post(API + "/emitente", headers=auth(acc.live),
                      json=issuer_body(cod_municipio="3304557"))  # fmt: skip
    assert bad.get_json()["error"]["errors"][0]["field"] == "cod_municipio"
    bad = client.post(
        API + "/emitente", headers=auth(acc.live), json=issuer_body(cnpj="11222333000182")
    )
    assert bad.get_json()["error"]["errors"][0]["field"] == "cnpj"
    suggested = issuer_body(origem={"crt": "SUGERIDO"})
    bad = client.post(API + "/emitente", headers=auth(acc.live), json=suggested)
    assert bad.get_json()["error"]["errors"][0]["field"] == "confirmar"
    service = make_key(rt, acc.id, kind="service")
    assert _code(client.post(API + "/emitente", headers=auth(service), json=issuer_body())) == (
        "EMITENTE_NAO_CONFIGURADO"
    )
    ok = client.post(
        API + "/emitente", headers=auth(acc.live), json={**suggested, "confirmar": True}
    )
    assert ok.status_code == 201
    other = client.post(API + "/emitente", headers=auth(acc.live), json=issuer_body(codigo="x"))
    assert other.status_code == 409 and _code(other) == "LIMITE_EMPRESAS"


def test_issuer_update_is_audited_without_secrets(client, rt):
    acc = make_account(rt)
    client.post(
        API + "/emitente", headers=auth(acc.live), json=issuer_body(config_automatica=False)
    )
    put = client.put(API + "/emitente", headers=auth(acc.live),
                     json={"nome_fantasia": "Loja", "csc": "OUTRO-SEGREDO-123456"})  # fmt: skip
    assert put.status_code == 200, put.get_json()
    assert put.get_json()["emitente"]["nome_fantasia"] == "Loja"
    logs = client.get(API + "/logs", headers=auth(acc.live),
                      query_string={"entidade": "emitente"}).get_json()  # fmt: skip
    update = next(i for i in logs["items"] if i["acao"] == "ATUALIZAR")
    assert update["valor_anterior"]["nome_fantasia"] is None
    assert update["valor_novo"]["nome_fantasia"] == "Loja"
    assert "OUTRO-SEGREDO" not in json.dumps(logs)


def _company_with_issuer(client, acc):
    client.post(
        API + "/emitente", headers=auth(acc.live), json=issuer_body(config_automatica=False)
    )


def test_hostile_certificates(client, rt):
    acc = make_account(rt)
    _company_with_issuer(client, acc)

    def send(payload):
        return client.post(API + "/certificado", headers=auth(acc.live), json=payload)

    assert _code(send({"arquivo_base64": a1_base64(), "senha": "errada"})) == "CERTIFICADO_INVALIDO"
    garbage = base64.b64encode(b"\x30\x82garbage" * 50).decode()
    assert _code(send({"arquivo_base64": garbage, "senha": "x"})) == "CERTIFICADO_INVALIDO"
    expired = a1_base64(days=-1, start_days=-30)
    assert _code(send({"arquivo_base64": expired, "senha": "senha-a1"})) == "CERTIFICADO_VENCIDO"
    other = a1_base64(cnpj="11444777000161")
    assert _code(send({"arquivo_base64": other, "senha": "senha-a1"})) == "CERTIFICADO_DIVERGENTE"
    missing = send({"arquivo_base64": a1_base64()})
    assert _code(missing) == "VALIDATION_ERROR"
    assert missing.get_json()["error"]["errors"][0]["field"] == "senha"
    blob = bytearray(base64.b64decode(a1_base64()))
    marker = (50_000).to_bytes(3, "big")
    index = blob.rfind(b"\x02\x03" + marker)
    blob[index + 2 : index + 5] = (0x7FFFFF).to_bytes(3, "big")
    bomb = base64.b64encode(bytes(blob)).decode()
    assert _code(send({"arquivo_base64": bomb, "senha": "senha-a1"})) == "CERTIFICADO_INVALIDO"
    assert (
        client.get(API + "/certificado", headers=auth(acc.live)).get_json()["certificado"]["status"]
        == "ausente"
    )


def test_natures_tax_and_iva_rules(client, rt):
    acc = make_account(rt)
    _company_with_issuer(client, acc)
    h = auth(acc.live)
    nat = client.post(API + "/naturezas", headers=h,
                      json={"codigo": "V", "descricao": "Venda", "padrao_nfe": True})  # fmt: skip
    assert nat.status_code == 201
    nat_id = nat.get_json()["item"]["id"]
    dup = client.post(API + "/naturezas", headers=h, json={"codigo": "V", "descricao": "X"})
    assert dup.status_code == 409 and _code(dup) == "REGISTRO_DUPLICADO"
    w_nature = {"codigo": "W", "descricao": "Outra", "padrao_nfe": True}
    second = client.post(API + "/naturezas", headers=h, json=w_nature)
    assert second.status_code == 201
    assert (
        client.get(f"{API}/naturezas/{nat_id}", headers=h).get_json()["item"]["padrao_nfe"] is False
    )
    rule = {"cfop": "5102", "crt": 1, "csosn": "102", "natureza_id": nat_id, "prioridade": 10}
    first = client.post(API + "/tributacao", headers=h, json=rule)
    assert first.status_code == 201 and first.get_json()["avisos"] == []
    clash = client.post(API + "/tributacao", headers=h, json=rule)
    assert clash.get_json()["avisos"]
    high = client.post(API + "/tributacao", headers=h, json={**rule, "prioridade": 90})
    listing = client.get(API + "/tributacao", headers=h).get_json()
    assert listing["itens"][0]["id"] == high.get_json()["item"]["id"]
    for bad, field in (({"crt": 3, "csosn": "102", "cfop": "5102"}, "csosn"),
                       ({"cfop": "5102", "aliq_icms": "101"}, "aliq_icms"),
                       ({"cfop": "51"}, "cfop"), ({}, "cfop"),
                       ({"cfop": "5102", "natureza_id": "nat_outra"}, "natureza_id")):  # fmt: skip
        response = client.post(API + "/tributacao", headers=h, json=bad)
        assert response.status_code == 422, bad
        assert response.get_json()["error"]["errors"][0]["field"] == field
    iva_body = {"cst": "000", "cclasstrib": "000001", "cbs_p": "0.90", "ibs_p_uf": "0.10"}
    iva = client.post(API + "/iva", headers=h, json=iva_body)
    assert iva.status_code == 201 and iva.get_json()["item"]["cbs_p"] == "0.90"
    bad_iva = client.post(API + "/iva", headers=h, json={"cst": "000", "cclasstrib": "200001"})
    assert bad_iva.get_json()["error"]["errors"][0]["field"] == "cclasstrib"
    rule_id = first.get_json()["item"]["id"]
    deleted = client.delete(f"{API}/tributacao/{rule_id}", headers=h)
    assert deleted.get_json()["item"]["ativo"] is False
    assert client.get(f"{API}/tributacao/{rule_id}", headers=h).status_code == 200


def test_tenant_isolation(client, rt):
    a, b = make_account(rt), make_account(rt)
    _company_with_issuer(client, a)
    nat = client.post(API + "/naturezas", headers=auth(a.live),
                      json={"codigo": "V", "descricao": "Venda"}).get_json()["item"]  # fmt: skip
    make_company(rt, b.id, codigo="b1")
    other = client.get(f"{API}/naturezas/{nat['id']}", headers=auth(b.live))
    assert other.status_code == 404 and _code(other) == "NAO_ENCONTRADO"
    foreign = client.get(API, headers=auth(b.live), query_string={"empresa": a.id})
    assert foreign.status_code == 403
    readonly = make_key(rt, a.id, scopes=["consultar"])
    denied = client.post(API + "/automatica", headers=auth(readonly), json={})
    assert denied.status_code == 403 and _code(denied) == "FORBIDDEN"
