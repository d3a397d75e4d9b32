"""`/fiscal/calcular` and `/configuracao-fiscal/regras-base` through the API.

Cases worked by hand from the sources in research/tax_domain.md (cited per test).
"""

from __future__ import annotations

import pytest
from sqlalchemy import select

from service.audit.models import AuditEntry
from service.companies.models import Company
from service.db import transaction
from tests.factories import auth, make_account, make_company, make_key

ISS_SP = {
    "tipo": "ISS",
    "criterios": {"cod_municipio_incidencia": "3550308", "lc116_prefixo": "17"},
    "resultado": {"aliquota": "5.00"},
    "vigencia_inicio": "2026-01-01",
    "versao": "2026.1",
    "fonte": "Lei municipal SP 13.701/2003 art. 16 (exemplo de teste)",
}


@pytest.fixture
def issuer(rt):
    account = make_account(rt)
    company = make_company(rt, account.id, codigo="matriz", modulos=["nfe", "nfse", "cte"])
    with transaction(rt.sessions) as session:
        row = session.get(Company, company.id)
        row.crt, row.uf, row.cod_municipio = 3, "SP", "3550308"
    return account, company


def _nfse(valor="10000.00", **servico):
    return {
        "documento": "NFSE",
        "operacao": {
            "data_operacao": "2026-07-01",
            "servico": {
                "descricao": "Consultoria",
                "c_trib_nac": "170101",
                "lc116": "17.01",
                "valor": valor,
                **servico,
            },
            "tomador": {
                "cpf_cnpj": "11222333000181",
                "endereco": {"cod_municipio": "3550308", "uf": "SP"},
            },
        },
    }


def test_iss_from_a_company_base_rule_with_explain(client, issuer):
    """LC 116 art. 3 caput: ISS due where the provider is; 10,000.00 × 5 % = 500.00."""
    account, _ = issuer
    created = client.post(
        "/api/v1/configuracao-fiscal/regras-base", headers=auth(account.live), json=ISS_SP
    )
    assert created.status_code == 201, created.get_json()
    rule_id = created.get_json()["id"]
    response = client.post(
        "/api/v1/fiscal/calcular?explain=true", headers=auth(account.live), json=_nfse()
    )
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["taxes"]["totais"]["vISSQN"] == "500.00"
    assert body["classifications"]["municipio_incidencia"] == "3550308"
    assert any(
        r["rule_id"] == rule_id and r["fonte"] == ISS_SP["fonte"] for r in body["rules_used"]
    )
    assert body["explain"] and body["document"]["documento"] == "NFSE"
    assert len(body["snapshot_sha256"]) == 64
    assert 0 <= body["confidence_score"] <= 1


def test_without_an_iss_rule_nothing_is_invented(client, issuer):
    account, _ = issuer
    body = client.post(
        "/api/v1/fiscal/calcular", headers=auth(account.live), json=_nfse()
    ).get_json()
    assert any(m["codigo"] == "ALIQUOTA_ISS" for m in body["missing"])
    assert "vISSQN" not in body["taxes"]["totais"] or body["taxes"]["totais"]["vISSQN"] is None


def test_override_needs_scope_and_reason(client, rt, issuer):
    account, _ = issuer
    no_override = make_key(rt, account.id, scopes=["preview"])
    denied = client.post(
        "/api/v1/fiscal/calcular", headers=auth(no_override), json=_nfse(aliquota_iss="2.00")
    )
    assert denied.status_code == 403
    without_reason = client.post(
        "/api/v1/fiscal/calcular", headers=auth(account.live), json=_nfse(aliquota_iss="2.00")
    )
    assert without_reason.status_code == 422
    payload = _nfse(aliquota_iss="2.00")
    payload["operacao"]["override_motivo"] = "Decisão judicial 123"
    ok = client.post("/api/v1/fiscal/calcular", headers=auth(account.live), json=payload)
    assert ok.status_code == 200
    assert ok.get_json()["taxes"]["totais"]["vISSQN"] == "200.00"
    assert any(w["codigo"] == "OVERRIDE_ALIQUOTA_ISS" for w in ok.get_json()["warnings"])


def test_cte_cfop_and_interstate_icms_from_the_global_pack(client, issuer):
    """CFOP 6.352 for an interstate service to an industrial taker (CFOP table);
    interstate rate 12 % SP → MG (Res. Senado 22/1989): 1,000.00 × 12 % = 120.00."""
    account, _ = issuer
    body = client.post(
        "/api/v1/fiscal/calcular?explain=true",
        headers=auth(account.live),
        json={
            "documento": "CTE",
            "operacao": {
                "data_operacao": "2026-07-01",
                "valor_prestacao": "1000.00",
                "origem": {"uf": "SP", "cod_municipio": "3550308"},
                "destino": {"uf": "MG", "cod_municipio": "3106200"},
                "fiscal": {"tipo_estabelecimento_tomador": "industrial"},
            },
        },
    ).get_json()
    assert body["classifications"]["cfop"] == "6352", body
    assert body["taxes"]["totais"]["vICMS"] == "120.00"


def test_nff_and_invalid_requests(client, issuer):
    account, _ = issuer
    nff = client.post(
        "/api/v1/fiscal/calcular",
        headers=auth(account.live),
        json={"documento": "NFF", "operacao": {}},
    )
    assert nff.status_code == 501 and nff.get_json()["error"]["code"] == "NFF_NAO_DISPONIVEL"
    bad = client.post(
        "/api/v1/fiscal/calcular",
        headers=auth(account.live),
        json={"documento": "NFSE", "operacao": {"servico": {"valor": "abc"}}},
    )
    assert bad.status_code == 422
    assert bad.get_json()["error"]["errors"][0]["field"] == "operacao.servico.valor"


def test_issuer_without_crt_is_configuration_required(client, rt):
    account = make_account(rt)
    make_company(rt, account.id)
    response = client.post("/api/v1/fiscal/calcular", headers=auth(account.live), json=_nfse())
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["code"] == "FISCAL_CONFIGURATION_REQUIRED" and "emitente.crt" in error["missing"]


def test_conflicting_company_rules_are_reported(client, issuer):
    account, _ = issuer
    for fonte in ("Lei A de teste", "Lei B de teste"):
        rule = {**ISS_SP, "fonte": fonte, "resultado": {"aliquota": "4.00"}}
        assert (
            client.post(
                "/api/v1/configuracao-fiscal/regras-base", headers=auth(account.live), json=rule
            ).status_code
            == 201
        )
    response = client.post("/api/v1/fiscal/calcular", headers=auth(account.live), json=_nfse())
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["code"] == "CONFLITO_REGRAS" and len(error["details"][0]["regras"]) == 2


def test_base_rules_crud_audit_and_cache_invalidation(client, rt, issuer):
    account, _company = issuer
    url = "/api/v1/configuracao-fiscal/regras-base"
    rule_id = client.post(url, headers=auth(account.live), json=ISS_SP).get_json()["id"]
    listed = client.get(url, headers=auth(account.live), query_string={"tipo": "ISS"}).get_json()
    assert any(i["id"] == rule_id and (i["camada"], i["origem"]) == ("empresa", "api")
               for i in listed["itens"])  # fmt: skip
    everything = client.get(url, headers=auth(account.live)).get_json()
    assert any((i["camada"], i["origem"]) == ("global", "pacote") and i["somente_leitura"]
               for i in everything["itens"])  # fmt: skip
    first = client.post("/api/v1/fiscal/calcular", headers=auth(account.live), json=_nfse())
    assert first.get_json()["taxes"]["totais"]["vISSQN"] == "500.00"
    changed = client.put(
        f"{url}/{rule_id}", headers=auth(account.live), json={"resultado": {"aliquota": "2.50"}}
    )
    assert changed.status_code == 200
    assert changed.get_json()["regra"]["resultado"]["aliquota"] == "2.50"
    second = client.post("/api/v1/fiscal/calcular", headers=auth(account.live), json=_nfse())
    assert second.get_json()["taxes"]["totais"]["vISSQN"] == "250.00"
    deleted = client.delete(f"{url}/{rule_id}", headers=auth(account.live)).get_json()
    assert deleted == {**deleted, "id": rule_id, "ativo": False}
    after = client.get(f"{url}/{rule_id}", headers=auth(account.live)).get_json()
    assert after["regra"]["ativo"] is False
    with rt.sessions() as session:
        actions = [
            e.acao
            for e in session.execute(
                select(AuditEntry)
                .where(AuditEntry.registro_id == rule_id)
                .order_by(AuditEntry.criado_em)
            ).scalars()
        ]
    assert actions == ["CRIAR", "ALTERAR", "DESATIVAR"]


def test_global_rules_are_read_only_and_other_companies_rules_hidden(client, rt, issuer):
    account, _ = issuer
    url = "/api/v1/configuracao-fiscal/regras-base"
    global_id = "iss.limites"
    assert (
        client.get(f"{url}/{global_id}", headers=auth(account.live)).get_json()["regra"][
            "somente_leitura"
        ]
        is True
    )
    assert (
        client.put(
            f"{url}/{global_id}", headers=auth(account.live), json={"versao": "x"}
        ).status_code
        == 404
    )
    assert client.delete(f"{url}/{global_id}", headers=auth(account.live)).status_code == 404
    rule_id = client.post(url, headers=auth(account.live), json=ISS_SP).get_json()["id"]
    stranger = make_account(rt)
    make_company(rt, stranger.id)
    assert client.get(f"{url}/{rule_id}", headers=auth(stranger.live)).status_code == 404


def test_base_rule_validation(client, issuer):
    account, _ = issuer
    url = "/api/v1/configuracao-fiscal/regras-base"
    benefit = {**ISS_SP, "tipo": "RURAL_BENEFICIO", "resultado": {"reducao": "10.00"}}
    response = client.post(url, headers=auth(account.live), json=benefit)
    assert response.status_code == 422
    assert "fundamento" in response.get_json()["error"]["errors"][0]["message"]
    missing = client.post(url, headers=auth(account.live), json={"tipo": "ISS"})
    fields = {e["field"] for e in missing.get_json()["error"]["errors"]}
    assert {"criterios", "resultado", "vigencia_inicio", "versao", "fonte"} <= fields
    bad_rate = client.post(
        url, headers=auth(account.live), json={**ISS_SP, "resultado": {"aliquota": "120"}}
    )
    assert bad_rate.status_code == 422


def test_nfe_taxes_from_the_automatic_configuration(client, rt):
    """Issuer CRT 3 in SP (lucro presumido), operation today (the [Auto] rules start on the day
    they are generated): CST 00 with the internal SP
    rate from the global pack (RICMS/SP art. 52 I: 18 %) and PIS/COFINS 0.65/3.00
    (Lei 9.718 art. 4 / Lei 10.833): 1,000.00 → ICMS 180.00, PIS 6.50, COFINS 30.00."""
    from tests.factories_config import issuer_body

    account = make_account(rt)
    created = client.post(
        "/api/v1/configuracao-fiscal/emitente",
        headers=auth(account.live),
        json=issuer_body(crt=3, apuracao="presumido"),
    )
    assert created.status_code == 201, created.get_json()
    response = client.post(
        "/api/v1/fiscal/calcular?explain=true",
        headers=auth(account.live),
        json={
            "documento": "NFE",
            "operacao": {
                "cliente": {
                    "cpf_cnpj": "11222333000181",
                    "contribuinte": True,
                    "endereco": {"uf": "SP", "cod_municipio": "3550308"},
                },
                "consumidor_final": False,
                "itens": [
                    {
                        "codigo": "P1",
                        "ncm": "22021000",
                        "origem": "0",
                        "quantidade": "10",
                        "valor": "100.00",
                    }
                ],
            },
        },
    )
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    item = body["taxes"]["itens"][0]
    assert item.get("cfop") == "5102", body["missing"]
    assert item["icms"]["CST"] == "00" and item["icms"]["vICMS"] == "180.00"
    assert item["pis"]["v"] == "6.50" and item["cofins"]["v"] == "30.00"
    assert item["regra_tributaria"]["regra_id"].startswith("trib_")
