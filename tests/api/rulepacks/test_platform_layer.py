"""A platform pack (an accounting firm's rules for some of its client companies) changes the
results of the companies it is attached to, and only theirs; explain and `rules_used` name
its layer."""

from __future__ import annotations

import re
from typing import Any

from tests.api.nfe.helpers import another_company, nfe_body, ready_to_issue
from tests.api.rulepacks.packs import publish, tax_rule, write_pack

CALCULAR = "/api/v1/fiscal/calcular"
CREDIT_RULE = tax_rule("contabil.refrigerantes.credito", "2202", csosn="101",
                       aliq_cred_sn="1.25", cst_pis="49", cst_cofins="49")  # fmt: skip


def _calculate(client: Any, ready: Any) -> dict[str, Any]:
    operation = {"cliente": "C1", "itens": [{"codigo": "P1", "quantidade": 2}]}
    answer = client.post(
        CALCULAR, headers=ready.headers, query_string={"explain": "true", "empresa": ready.codigo},
        json={"documento": "NFE", "operacao": operation},
    )  # fmt: skip
    assert answer.status_code == 200, answer.get_json()
    body: dict[str, Any] = answer.get_json()
    return body


def _tax_rule_decision(body: dict[str, Any]) -> dict[str, Any]:
    return next(s for s in body["explain"] if s.get("tipo_regra") == "TRIBUTACAO")


def test_a_platform_pack_changes_the_companies_it_is_attached_to(client, rt, sim, tmp_path):
    first = ready_to_issue(client, rt, sim)
    second = another_company(client, rt, sim, first)
    third = another_company(client, rt, sim, first)
    before = _calculate(client, first)
    assert before["taxes"]["itens"][0]["icms"]["CSOSN"] == "102"
    assert _tax_rule_decision(before)["camada"] == "empresa"
    pack = write_pack(tmp_path, "plataforma", "contabil", "2026.1", [CREDIT_RULE],
                      empresas=[first.cnpj, second.codigo])  # fmt: skip
    published = publish(rt, pack)
    assert [c.id for c in published.attached] == [first.company_id, second.company_id]

    for ready in (first, second):
        body = _calculate(client, ready)
        icms = body["taxes"]["itens"][0]["icms"]
        assert (icms["CSOSN"], icms["pCredSN"], icms["vCredICMSSN"]) == ("101", "1.25", "0.25")
        decision = _tax_rule_decision(body)
        assert (decision["regra_id"], decision["camada"]) == (CREDIT_RULE["id"], "plataforma")
        used = next(u for u in body["rules_used"] if u["rule_id"] == CREDIT_RULE["id"])
        assert (used["camada"], used["origem"], used["pacote"], used["revisao_pacote"]) == (
            "plataforma",
            "pacote",
            "contabil",
            "2026.1",
        )
        auto = next(c for c in decision["concorrentes"])
        assert auto["camada"] == "empresa"
    untouched = _calculate(client, third)
    assert untouched["taxes"]["itens"][0]["icms"]["CSOSN"] == "102"
    assert all(u["camada"] != "plataforma" for u in untouched["rules_used"])

    issued = client.post("/api/v1/nfe", headers=first.headers,
                         json={**nfe_body("PLAT-1"), "empresa": first.codigo})  # fmt: skip
    assert issued.status_code == 200, issued.get_json()
    xml = client.get(f"/api/v1/nfe/{issued.get_json()['id']}/xml", headers=first.headers,
                     query_string={"empresa": first.codigo}).data  # fmt: skip
    icms_xml = re.search(rb"<ICMS>.*?</ICMS>", xml).group(0)
    assert b"<CSOSN>101</CSOSN>" in icms_xml and b"<pCredSN>1.25" in icms_xml, icms_xml
