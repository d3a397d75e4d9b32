"""ICMS-ST withheld earlier (CST 60 / CSOSN 500) through the API (issue 36): `st_retido` kept
on the product register (per unit) or sent on the item (the line's values, which win), written
as vBCSTRet, pST, vICMSSubstituto and vICMSSTRet in an NF-e the simulator authorizes, and the
same values from `/fiscal/calcular`."""

from __future__ import annotations

from decimal import Decimal

from lxml import etree

from tests.api.nfe.helpers import nfe_body, ready_to_issue

API = "/api/v1"
NS = {"n": "http://www.portalfiscal.inf.br/nfe"}
PER_UNIT = {"base": "12.00", "aliquota": "18.00", "valor_substituto": "1.00", "valor": "0.56"}


def _configure(client, ready):
    """A beverage bought with the ST withheld (per unit in the register) and the Simples'
    CSOSN 500 rule for it (CFOP 5405: sale of goods received under substitution)."""
    product = client.post(f"{API}/produtos", headers=ready.headers, json={
        "codigo": "ST1", "descricao": "Cerveja lata 350 ml", "ncm": "22030000", "cest": "0302100",
        "preco": "10.00", "st_retido": PER_UNIT,
    })  # fmt: skip
    assert product.status_code == 201, product.get_json()
    rule = client.post(f"{API}/configuracao-fiscal/tributacao", headers=ready.headers, json={
        "cfop": "5405", "ncm": "2203", "operacao": "interna", "prioridade": 90, "csosn": "500",
        "cst_pis": "49", "cst_cofins": "49",
    })  # fmt: skip
    assert rule.status_code == 201, rule.get_json()
    return product.get_json()


def _icms(client, ready, issued):
    xml = client.get(issued["xml"], headers=ready.headers).data
    group = etree.fromstring(xml).find(".//n:ICMSSN500", NS)
    assert group is not None
    return {child.tag.split("}")[1]: child.text for child in group}


def test_register_st_retido_is_written_per_quantity_and_authorized(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    product = _configure(client, ready)
    assert product["item"]["st_retido"] == PER_UNIT
    body = nfe_body("PED-RET-1", itens=[{"codigo": "ST1", "quantidade": 2}])
    issued = client.post(f"{API}/nfe", headers=ready.headers, json=body)
    assert issued.status_code == 200, issued.get_json()
    assert issued.get_json()["status"] == "AUTORIZADA"
    icms = _icms(client, ready, issued.get_json())
    assert icms["CSOSN"] == "500"
    assert (icms["vBCSTRet"], icms["vICMSSubstituto"], icms["vICMSSTRet"]) == (
        "24.00", "2.00", "1.12"
    )  # fmt: skip
    assert Decimal(icms["pST"]) == Decimal("18")
    operation = {k: v for k, v in body.items() if k != "pedido"}
    calculated = client.post(f"{API}/fiscal/calcular", headers=ready.headers,
                             json={"documento": "NFE", "operacao": operation})  # fmt: skip
    assert calculated.status_code == 200, calculated.get_json()
    decided = calculated.get_json()["taxes"]["itens"][0]["icms"]
    assert (decided["vBCSTRet"], decided["vICMSSTRet"]) == ("24.00", "1.12")


def test_the_request_st_retido_wins_over_the_register(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    _configure(client, ready)
    line = {"base": "30.00", "aliquota": "20.00", "valor": "2.40"}  # no vICMSSubstituto
    body = nfe_body("PED-RET-2", itens=[{"codigo": "ST1", "quantidade": 2, "st_retido": line}])
    issued = client.post(f"{API}/nfe", headers=ready.headers, json=body)
    assert issued.status_code == 200, issued.get_json()
    assert issued.get_json()["status"] == "AUTORIZADA"
    icms = _icms(client, ready, issued.get_json())
    assert (icms["vBCSTRet"], icms["vICMSSTRet"]) == ("30.00", "2.40")
    assert Decimal(icms["pST"]) == Decimal("20") and "vICMSSubstituto" not in icms
    what_if = {"itens": [{"ncm": "22030000", "valor": "10.00", "quantidade": 2,
                          "st_retido": line}], "cliente": "C1"}  # fmt: skip
    calculated = client.post(f"{API}/fiscal/calcular", headers=ready.headers,
                             json={"documento": "NFE", "operacao": what_if})  # fmt: skip
    assert calculated.status_code == 200, calculated.get_json()
    assert calculated.get_json()["taxes"]["itens"][0]["icms"]["vICMSSTRet"] == "2.40"


def test_invalid_st_retido_is_refused_on_its_field(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    _configure(client, ready)
    bad = {"base": "-1", "aliquota": "18.00", "valor": "1.00"}
    body = nfe_body("PED-RET-3", itens=[{"codigo": "ST1", "quantidade": 1, "st_retido": bad}])
    refused = client.post(f"{API}/nfe", headers=ready.headers, json=body)
    assert refused.status_code == 422
    fields = [e["field"] for e in refused.get_json()["error"]["errors"]]
    assert fields == ["itens.0.st_retido.base"]
    product = client.post(f"{API}/produtos", headers=ready.headers, json={
        "codigo": "ST2", "descricao": "Refrigerante", "st_retido": {"base": "1.00"},
    })  # fmt: skip
    assert product.status_code == 422
    assert {e["field"] for e in product.get_json()["error"]["errors"]} == {
        "st_retido.aliquota", "st_retido.valor"
    }  # fmt: skip
