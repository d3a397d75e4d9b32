"""ICMS-ST and IPI through the API (issue 36): a company tax rule with the new fields, the same
answer from `/fiscal/calcular` and from the issuance, and an NF-e the simulator authorizes with
the ICMS10/ICMSSN202 and IPI groups and the totals the engine computed."""

from __future__ import annotations

from tests.api.nfe.helpers import nfe_body, ready_to_issue
from tests.api.nfe.test_nfe_difal import pdf_text

API = "/api/v1"


def _rule(client, ready, **result):
    created = client.post(f"{API}/configuracao-fiscal/tributacao", headers=ready.headers, json={
        "cfop": "5403", "ncm": "2202", "operacao": "interna", "prioridade": 90, **result,
    })  # fmt: skip
    assert created.status_code == 201, created.get_json()
    return created.get_json()["item"]["id"]


def _issue_and_calculate(client, ready):
    operation = nfe_body()
    calculated = client.post(f"{API}/fiscal/calcular?explain=true", headers=ready.headers,
                             json={"documento": "NFE", "operacao": operation})  # fmt: skip
    assert calculated.status_code == 200, calculated.get_json()
    issued = client.post(f"{API}/nfe", headers=ready.headers, json=operation)
    assert issued.status_code == 200, issued.get_json()
    xml = client.get(issued.get_json()["xml"], headers=ready.headers).data.decode()
    return calculated.get_json(), issued.get_json(), xml


def test_regime_normal_cst10_with_ipi_is_calculated_and_issued(client, rt, sim):
    # P1: 2 × 10.00 = 20.00; IPI 10 % = 2.00; C1 is a final consumer, so the IPI is in the
    # ICMS base (CF art. 155 §2º XI): 22.00 × 18 % = 3.96; ST (20 + 2) × 1.40 = 30.80 × 18 % =
    # 5.54 − 3.96 = 1.58; vNF = 20.00 + 1.58 + 2.00 = 23.58
    ready = ready_to_issue(client, rt, sim, crt=3)
    rule_id = _rule(client, ready, cst_icms="10", aliq_icms="18.00", mva_st="40",
                    aliq_icms_st="18.00", cst_ipi="50", aliq_ipi="10.00", cst_pis="01",
                    aliq_pis="1.65", cst_cofins="01", aliq_cofins="7.60")  # fmt: skip
    calculated, issued, xml = _issue_and_calculate(client, ready)
    item = calculated["taxes"]["itens"][0]
    assert item["regra_tributaria_id"] == rule_id
    assert (item["icms"]["vBC"], item["icms"]["vICMS"]) == ("22.00", "3.96")
    assert (item["icms"]["vBCST"], item["icms"]["vICMSST"]) == ("30.80", "1.58")
    assert (item["ipi"]["CST"], item["ipi"]["vIPI"]) == ("50", "2.00")
    totals = calculated["taxes"]["totais"]
    assert (totals["vST"], totals["vIPI"], totals["vNF"]) == ("1.58", "2.00", "23.58")
    assert "<ICMS10>" in xml and "<IPITrib>" in xml and "<vNF>23.58</vNF>" in xml
    assert "<vST>1.58</vST>" in xml and "<vIPI>2.00</vIPI>" in xml
    steps = [(s["etapa"], s.get("regra_id")) for s in calculated["explain"]]
    assert ("ICMS_ST", rule_id) in steps and ("IPI", rule_id) in steps
    danfe = client.get(issued["danfe"], headers=ready.headers)
    assert danfe.status_code == 200
    text = pdf_text(danfe.data)
    assert "1,58" in text and "23,58" in text  # vST and vNF on the DANFE


def test_simples_csosn202_is_calculated_and_issued(client, rt, sim):
    # 20.00 × 1.40 = 28.00 × 18 % = 5.04 − own ICMS as outside the Simples 3.60 = 1.44
    ready = ready_to_issue(client, rt, sim)
    _rule(client, ready, csosn="202", aliq_icms="18.00", mva_st="40", aliq_icms_st="18.00",
          cst_pis="49", cst_cofins="49")  # fmt: skip
    calculated, _, xml = _issue_and_calculate(client, ready)
    icms = calculated["taxes"]["itens"][0]["icms"]
    assert (icms["grupo"], icms["vBCST"], icms["vICMSST"]) == ("ICMSSN202", "28.00", "1.44")
    assert "<ICMSSN202>" in xml and "<vNF>21.44</vNF>" in xml
