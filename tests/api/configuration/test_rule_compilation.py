"""Rules are compiled by the engine when written; a stored rule that no longer compiles is a
422 naming it, never a 500 (issue 12, defect 3).

A base rule the engine cannot read used to be stored (201) and then make every calculation of
the company fail with 500 until it was deleted.
"""

from __future__ import annotations

from typing import Any

import pytest

from service.configuration.models import IvaRule, TaxRule
from tests.api import test_fiscal_engine as engine_api
from tests.factories import auth
from tests.factories_config import store_base_rule, store_company_rule

API = "/api/v1"
BASE = API + "/configuracao-fiscal/regras-base"
ISS_SP = engine_api.ISS_SP
NFSE = engine_api._nfse(valor="1000.00")
issuer = engine_api.issuer
"""The issuer of those tests (CRT 3 in São Paulo), shared as a fixture."""


def _error(response: Any) -> dict[str, Any]:
    body = response.get_json()
    assert response.status_code == 422, body
    error: dict[str, Any] = body["error"]
    return error


def _calculates(client: Any, account: Any) -> None:
    answer = client.post(API + "/fiscal/calcular", headers=auth(account.live), json=NFSE)
    assert answer.status_code == 200, answer.get_json()


def test_a_rule_the_engine_cannot_read_is_refused_and_never_poisons_the_company(client, issuer):
    """The reproduction: `criterios.nao_existe` was 201, then every /fiscal/calcular 500."""
    account, _ = issuer
    bad = {**ISS_SP, "criterios": {"nao_existe": "1"}}
    error = _error(client.post(BASE, headers=auth(account.live), json=bad))
    assert error["code"] == "VALIDATION_ERROR"
    [problem] = error["errors"]
    assert problem["field"] == "criterios.nao_existe"
    assert "cod_municipio_incidencia" in problem["message"]  # says what is allowed
    assert "_prefixo" in problem["message"] and "_in" in problem["message"]
    _calculates(client, account)
    listed = client.get(BASE, headers=auth(account.live), query_string={"origem": "empresa"})
    assert listed.get_json()["total"] == 0


REFUSALS = [
    ({"criterios": {"ncm_in": "8471"}}, "criterios.ncm_in", "lista"),
    ({"criterios": {"lc116": {"de": "17"}}}, "criterios.lc116", "texto"),
    ({"condicao": {"+": [1, 1]}}, "condicao", "operador"),
    ({"condicao": {"starts_with": [{"var": "ncm"}, "84"]}}, "condicao", "operador"),
    ({"condicao": {"==": [{"var": "salario"}, "1"]}}, "condicao", "vocabulário"),
    ({"condicao": {"var": "lc116"}}, "condicao", "booleano"),
    ({"condicao": {"if": [{"var": "lc116"}, "sim", "não"]}}, "condicao", "booleano"),
    ({"condicao": {">": [{"var": "origem"}, 2]}}, "condicao", "texto"),
    ({"condicao": {"==": [{"var": "enquadramento"}, "X"]}}, "condicao", "in, some"),
    ({"resultado": {"aliquota": 5.5}}, "resultado.aliquota", "decimal"),
    ({"resultado": {"aliquota": "cinco"}}, "resultado.aliquota", "decimal"),
    ({"resultado": {"aliquota_iss": "5.00"}}, "resultado.aliquota_iss", "aliquota"),
    ({"tipo": "IBS_CBS", "resultado": {"ibs_p_uf": "0.10"}}, "resultado.cst", "cst"),
    ({"tipo": "MUNICIPIO_INCIDENCIA", "resultado": {"local": "SEDE"}}, "resultado.local",
     "ESTABELECIMENTO_PRESTADOR"),
    ({"tipo": "RETENCAO_FEDERAL", "resultado": {"tributo": "IRRF", "aliquotas": {"IR": "1.5"},
      "dispensa_ate": "dez"}}, "resultado.dispensa_ate", "decimal"),
    ({"tipo": "RETENCAO_FEDERAL", "resultado": {"tributo": "IRRF", "aliquotas": ["1.5"]}},
     "resultado.aliquotas", "taxa"),
    ({"tipo": "ISS_RETENCAO", "resultado": {"iss_retido": "sim"}}, "resultado.iss_retido",
     "verdadeiro"),
]  # fmt: skip


@pytest.mark.parametrize(("change", "field", "says"), REFUSALS)
def test_each_unreadable_part_is_refused_naming_its_field(client, issuer, change, field, says):
    account, _ = issuer
    error = _error(client.post(BASE, headers=auth(account.live), json={**ISS_SP, **change}))
    assert error["code"] == "VALIDATION_ERROR"
    assert error["errors"][0]["field"] == field, error
    assert says.lower() in error["errors"][0]["message"].lower(), error
    _calculates(client, account)


def test_a_change_that_breaks_the_rule_is_refused_and_the_rule_kept(client, issuer):
    account, _ = issuer
    rule_id = client.post(BASE, headers=auth(account.live), json=ISS_SP).get_json()["id"]
    error = _error(
        client.put(
            f"{BASE}/{rule_id}",
            headers=auth(account.live),
            json={"condicao": {"missing": ["lc116"]}},
        )
    )
    assert error["errors"][0]["field"] == "condicao"
    kept = client.get(f"{BASE}/{rule_id}", headers=auth(account.live)).get_json()["regra"]
    assert kept["condicao"] is None and kept["versao"] == ISS_SP["versao"]
    answer = client.post(API + "/fiscal/calcular", headers=auth(account.live), json=NFSE)
    assert answer.get_json()["taxes"]["totais"]["vISSQN"] == "50.00"


def test_a_readable_condition_is_still_accepted(client, issuer):
    account, _ = issuer
    condition = {
        "and": [
            {"!=": [{"var": "lc116"}, "12.13"]},
            {"in": [{"var": "uf_destino"}, ["SP", "RJ"]]},
        ]
    }
    rule = {**ISS_SP, "condicao": condition}
    created = client.post(BASE, headers=auth(account.live), json=rule)
    assert created.status_code == 201, created.get_json()
    answer = client.post(API + "/fiscal/calcular", headers=auth(account.live), json=NFSE)
    assert answer.get_json()["taxes"]["totais"]["vISSQN"] == "50.00"


# -- tax (tributacao) and IVA rules --------------------------------------------------------


TAX_RULE = {"cfop": "5102", "ncm": "2202", "cst_icms": "00", "aliq_icms": "18"}


def test_a_blank_tax_rule_description_no_longer_poisons_the_company(client, issuer):
    """The description is the rule's `fonte` in the engine; a blank one ("   ") was stored and
    then failed every calculation. A blank description now means the default source."""
    account, _ = issuer
    url = API + "/configuracao-fiscal/tributacao"
    created = client.post(url, headers=auth(account.live), json={**TAX_RULE, "descricao": "   "})
    assert created.status_code == 201, created.get_json()
    rule_id = created.get_json()["item"]["id"]
    changed = client.put(f"{url}/{rule_id}", headers=auth(account.live), json={"descricao": " "})
    assert changed.status_code == 200, changed.get_json()
    _calculates(client, account)


def test_tax_and_iva_registers_answer_with_the_engines_vocabulary(client, issuer, monkeypatch):
    """The registers have no copy of what the engine reads: a field the engine stopped
    reading (simulated) is refused when written, under the register's own field name."""
    from engine import RuleType
    from engine.results import RESULT_FIELDS

    account, _ = issuer
    narrower = {k: v for k, v in RESULT_FIELDS[RuleType.TRIBUTACAO].items() if k != "inf_cpl"}
    monkeypatch.setitem(RESULT_FIELDS, RuleType.TRIBUTACAO, narrower)  # type: ignore[arg-type]
    url = API + "/configuracao-fiscal/tributacao"
    error = _error(
        client.post(url, headers=auth(account.live), json={**TAX_RULE, "inf_cpl": "Nota"})
    )
    assert error["errors"][0]["field"] == "inf_cpl"
    assert "aliq_icms" in error["errors"][0]["message"]  # what is allowed
    rule_id = client.post(url, headers=auth(account.live), json=TAX_RULE).get_json()["item"]["id"]
    refused = _error(
        client.put(f"{url}/{rule_id}", headers=auth(account.live), json={"inf_cpl": "Nota"})
    )
    assert refused["errors"][0]["field"] == "inf_cpl"
    kept = client.get(f"{url}/{rule_id}", headers=auth(account.live)).get_json()["item"]
    assert kept["inf_cpl"] is None


# -- stored rules that no longer compile ---------------------------------------------------


def _names_the_rule(error: dict[str, Any], rule_id: str, tipo: str, field: str) -> None:
    assert error["code"] == "FISCAL_CONFIGURATION_REQUIRED", error
    assert error["motivos"] == ["REGRA_INVALIDA"]
    [missing] = error["missing"]
    assert rule_id in missing and tipo in missing and field in missing
    assert "desative" in missing.lower() and "corrija" in missing.lower()
    [detail] = error["details"]
    assert detail == {**detail, "regra_id": rule_id, "tipo": tipo, "campo": field}


def test_a_stored_base_rule_that_no_longer_compiles_is_a_422_naming_it(client, rt, issuer):
    account, company = issuer
    rule_id = store_base_rule(rt, company, ISS_SP, criterios={"nao_existe": "1"})
    answer = client.post(API + "/fiscal/calcular", headers=auth(account.live), json=NFSE)
    error = _error(answer)
    _names_the_rule(error, rule_id, "ISS", "criterios.nao_existe")
    assert answer.get_json()["ready_to_issue"] is False
    # /fiscal/validate runs the issuance path (the DPS too): the same rule is named first,
    # then what else the issuance lacks (this company has no certificate).
    issuance = {**NFSE["operacao"], "tomador": {"cpf_cnpj": "11222333000181", "nome": "Tomador"}}
    answer = client.post(API + "/fiscal/validate", headers=auth(account.live),
                         json={"documento": "NFSE", "operacao": issuance})  # fmt: skip
    validated = _error(answer)
    assert validated["code"] == "FISCAL_CONFIGURATION_REQUIRED"
    assert validated["motivos"][0] == "REGRA_INVALIDA"
    assert validated["details"][0]["regra_id"] == rule_id
    assert answer.get_json()["ready_to_issue"] is False
    assert f"{BASE}/{rule_id}" in error["details"][0]["corrigir_em"]
    # Deactivating it (the way out the message names) lets the company calculate again.
    assert client.delete(f"{BASE}/{rule_id}", headers=auth(account.live)).status_code == 200
    _calculates(client, account)


def test_every_broken_rule_is_listed_not_only_the_first(client, rt, issuer):
    account, company = issuer
    first = store_base_rule(rt, company, ISS_SP, condicao={"var": "lc116"})
    second = store_base_rule(rt, company, ISS_SP, versao="2", resultado={"aliquota": "500"})
    answer = client.post(API + "/fiscal/calcular", headers=auth(account.live), json=NFSE)
    error = _error(answer)
    found = {d["regra_id"]: d["campo"] for d in error["details"]}
    assert found == {first: "condicao", second: "resultado.aliquota"}
    assert len(error["missing"]) == 2


def test_stored_tax_and_iva_rules_that_no_longer_compile_name_their_register(client, rt, issuer):
    account, company = issuer
    tax = store_company_rule(
        rt, company, TaxRule, criterios={"ncm": "2202"},
        resultado={"cfop": "5102", "aliq_icms": "dezoito"},
    )  # fmt: skip
    answer = client.post(API + "/fiscal/calcular", headers=auth(account.live), json=NFSE)
    error = _error(answer)
    _names_the_rule(error, tax, "TRIBUTACAO", "aliq_icms")
    assert error["details"][0]["corrigir_em"].endswith(f"/configuracao-fiscal/tributacao/{tax}")
    client.delete(f"{API}/configuracao-fiscal/tributacao/{tax}", headers=auth(account.live))
    iva = store_company_rule(
        rt, company, IvaRule, criterios={}, resultado={"cst": "000", "cclasstrib": "200001"}
    )
    error = _error(client.post(API + "/fiscal/calcular", headers=auth(account.live), json=NFSE))
    _names_the_rule(error, iva, "IVA", "cclasstrib")
    assert error["details"][0]["corrigir_em"].endswith(f"/configuracao-fiscal/iva/{iva}")


def test_a_stored_row_that_cannot_even_become_a_rule_is_named_too(client, rt, issuer):
    """A `tipo` the engine no longer knows (a renamed type) or a result that is not an object."""
    account, company = issuer
    renamed = store_base_rule(rt, company, ISS_SP, tipo="ISS_MUNICIPAL")
    not_object = store_base_rule(rt, company, ISS_SP, versao="2", resultado=["5.00"])
    error = _error(client.post(API + "/fiscal/calcular", headers=auth(account.live), json=NFSE))
    assert error["code"] == "FISCAL_CONFIGURATION_REQUIRED"
    by_id = {d["regra_id"]: d for d in error["details"]}
    assert {k: (d["tipo"], d["campo"]) for k, d in by_id.items()} == {
        renamed: ("ISS_MUNICIPAL", "tipo"),
        not_object: ("ISS", "regra"),
    }
    assert "ISS_RETENCAO" in by_id[renamed]["mensagem"]  # says which types exist
