"""`/fiscal/calcular` decides what the issuance of the same request decides (issue 36).

For each family (NF-e, NFC-e, NFS-e, CT-e, CT-e OS) and context (a normal company, a rural
producer), the request is issued against the simulator and then calculated; the engine's
item taxes and totals stored in the issued document's snapshot must be the calculation's.
Before the two shared one decision path a rural producer's soybeans were issued with the
deferral (CST 51) and calculated as "nenhuma regra de tributação vigente". A return
(`devolucao_de`) and a complement of ICMS-ST go the same way: lines from the original, CFOP from
the nature, the remaining quantity refused as the issuance refuses it (issue 35).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from service.db import transaction
from service.issuance.models import FiscalDocument, Order
from tests.api.cte.helpers import cte_body, cte_ready, cteos_body
from tests.api.nfe.helpers import (
    Ready,
    add_customer,
    add_product,
    count_rows,
    nfe_body,
    ready_to_issue,
)
from tests.api.nfse.helpers import nfse_body, nfse_ready
from tests.factories import auth

API = "/api/v1"
SOY = "12019000"
DEFERRAL = {
    "tipo": "RURAL_ICMS",
    "criterios": {"contexto": "PRODUTOR_RURAL", "ncm_prefixo": "1201"},
    "resultado": {
        "tratamento": "DIFERIMENTO",
        "cst_icms": "51",
        "p_dif": "100.00",
        "fundamento": {
            "instrumento": "RICMS/SP art. 350 (diferimento da soja em grão)",
            "uf": "SP",
            "tipo_beneficio": "diferimento",
            "cst_icms": "51",
            "percentual": "100",
            "verificado_em": "2026-11-20",
        },
    },
    "vigencia_inicio": "2026-01-01",
    "versao": "1",
    "fonte": "RICMS/SP (Decreto 45.490/2000) art. 350",
}


REGIME = {"crt": 3, "apuracao": "presumido"}
"""A regime normal issuer: the engine's `regime` fact, which the calculation used to lose."""


def _rural(client: Any, ready: Ready) -> None:
    """The company becomes a (legal-person) rural producer, with the deferral of soybeans."""
    properties = [{"nome": "Fazenda", "cod_municipio": "3543907", "nirf": "1234567-8"}]
    producer = {"contexto_fiscal": "PRODUTOR_RURAL", "propriedades": properties}
    on = client.put(API + "/rural/produtor", headers=ready.headers, json=producer)
    assert on.status_code == 200, on.get_json()
    rule = client.post(API + "/configuracao-fiscal/regras-base", headers=ready.headers,
                       json=DEFERRAL)  # fmt: skip
    assert rule.status_code == 201, rule.get_json()


def _goods(client: Any, rt: Any, sim: Any, rural: bool) -> Ready:
    ready = ready_to_issue(client, rt, sim, **REGIME)
    if rural:
        add_product(rt, ready, "SOJA", ncm=SOY, preco="150.00", descricao="Soja em grão")
        add_customer(rt, ready, "C2", uf="RJ")
        _rural(client, ready)
    return ready


def _goods_body(rural: bool) -> dict[str, Any]:
    if not rural:
        return nfe_body("PED-CALC")
    items = [{"codigo": "SOJA", "quantidade": 3}, {"codigo": "P1", "quantidade": 1}]
    return nfe_body("PED-CALC", natureza="VENDA_PRODUCAO", itens=items)


def _nfce_body(rural: bool) -> dict[str, Any]:
    body = _goods_body(rural)
    body.pop("cliente")
    body["pagamento"] = "dinheiro"
    if rural:
        body.pop("natureza")
    return body


SERVICE = {"codigo": "S1", "c_ind_op": "100301"}  # a regime normal provider's IBS/CBS


def _nfse(client: Any, rt: Any, sim: Any, rural: bool) -> Ready:
    ready = nfse_ready(client, rt, sim, **REGIME)
    if rural:
        _rural(client, ready)
    return ready


def _cte(client: Any, rt: Any, sim: Any, rural: bool) -> Ready:
    ready = cte_ready(client, rt, sim, apuracao=REGIME["apuracao"])
    if rural:
        _rural(client, ready)
    return ready


FAMILIES: dict[str, tuple[str, str, Callable[..., Ready], Callable[[bool], dict[str, Any]]]] = {
    "NFE": ("/nfe", "NFE", _goods, _goods_body),
    "NFCE": ("/nfce", "NFCE", _goods, _nfce_body),
    "NFSE": ("/nfse", "NFSE", _nfse, lambda rural: nfse_body("OS-CALC", servico=SERVICE)),
    "CTE": ("/cte", "CTE", _cte, lambda rural: cte_body("FRETE-CALC")),
    "CTEOS": ("/cteos", "CTEOS", _cte, lambda rural: cteos_body("FRETAMENTO-CALC")),
}


def _stored(rt: Any, document_id: str) -> tuple[dict[str, Any], str]:
    """The engine's result as the issuance stored it in the snapshot, and the digest."""
    with transaction(rt.sessions) as session:
        document = session.get(FiscalDocument, document_id)
        assert document is not None
        return dict(document.snapshot["resultado"]), str(document.snapshot_sha256)


def _decided(result: dict[str, Any]) -> dict[str, Any]:
    """What the engine decided: each item's taxes and the totals (and what it missed)."""
    return {
        "itens": result["taxes"]["itens"],
        "totais": result["taxes"]["totais"],
        "missing": result["missing"],
        "rules_used": result["rules_used"],
    }


@pytest.mark.parametrize("rural", [False, True], ids=["normal", "rural"])
@pytest.mark.parametrize("family", list(FAMILIES))
def test_calculation_decides_what_the_issuance_of_the_same_request_decides(
    client, rt, sim, family, rural
):
    route, documento, setup, body_of = FAMILIES[family]
    ready = setup(client, rt, sim, rural)
    body = body_of(rural)
    issued = client.post(API + route, headers=ready.headers, json=body)
    assert issued.status_code == 200, issued.get_json()
    assert issued.get_json()["status"] == "AUTORIZADA", issued.get_json()
    stored, digest = _stored(rt, issued.get_json()["id"])
    operation = {k: v for k, v in body.items() if k != "pedido"}
    request = {"documento": documento, "operacao": operation}
    if rural:
        request["contexto"] = "PRODUTOR_RURAL"
    calculated = client.post(API + "/fiscal/calcular", headers=auth(ready.key), json=request)
    assert calculated.status_code == 200, calculated.get_json()
    answer = calculated.get_json()
    assert _decided(answer) == _decided(stored)
    assert answer["snapshot_sha256"] == digest  # the same context, rules and result
    if rural and family in ("NFE", "NFCE"):
        soy = answer["taxes"]["itens"][0]
        assert soy["icms"]["CST"] == "51" and soy["icms"]["pDif"] == "100.00"


def _written_cfops(client: Any, ready: Ready, issued: dict[str, Any]) -> list[str]:
    xml = client.get(issued["xml"], headers=ready.headers).data.decode()
    return re.findall(r"<CFOP>(\d{4})</CFOP>", xml)


def _without_cfop(decided: dict[str, Any]) -> dict[str, Any]:
    """The engine's decision but the CFOP, which the issuance may take from the nature."""
    items = [{k: v for k, v in item.items() if k != "cfop"} for item in decided["itens"]]
    return {**decided, "itens": items}


def _return_of(sale_id: str, quantity: int) -> dict[str, Any]:
    returned = {"documento": sale_id, "itens": [{"item": 1, "quantidade": quantity}]}
    return {"pagamento": "sem_pagamento", "devolucao_de": returned}


def test_a_return_is_calculated_as_its_issuance_decides_it_and_refused_as_it_would_be(
    client, rt, sim
):
    """A return's lines come from its original (proportional discount and freight), its CFOP
    from the return nature; the calculation and the validation answer what the issuance of the
    same return decides, take no number, store nothing, and refuse a quantity beyond what is
    left to return on the same field as the issuance."""
    ready = ready_to_issue(client, rt, sim, **REGIME)
    items = [{"codigo": "P1", "quantidade": 3, "desconto": "1.00"}]
    freight = {"modalidade": 0, "valor": "3.00"}
    sale = client.post(API + "/nfe", headers=ready.headers,
                       json=nfe_body("VENDA", itens=items, frete=freight))  # fmt: skip
    assert sale.status_code == 200 and sale.get_json()["status"] == "AUTORIZADA", sale.get_json()
    nature = {"codigo": "DEVOLUCAO", "descricao": "Devolucao de venda", "tipo_operacao": 0,
              "finalidade": 4}  # fmt: skip
    created = client.post(API + "/configuracao-fiscal/naturezas", headers=ready.headers,
                          json=nature)  # fmt: skip
    assert created.status_code == 201, created.get_json()
    operation = _return_of(sale.get_json()["id"], 2)
    request = {"documento": "NFE", "operacao": operation}

    # no return CFOP anywhere: the calculation refuses as the issuance does
    no_cfop = client.post(API + "/fiscal/calcular", headers=ready.headers, json=request)
    refused = client.post(API + "/nfe", headers=ready.headers, json={**operation, "pedido": "DEV"})
    assert no_cfop.status_code == refused.status_code == 422, no_cfop.get_json()
    assert no_cfop.get_json()["error"]["motivos"] == refused.get_json()["error"]["motivos"]
    assert no_cfop.get_json()["error"]["motivos"] == ["CFOP_DEVOLUCAO_AUSENTE"]
    nature_id = created.get_json()["item"]["id"]
    updated = client.put(f"{API}/configuracao-fiscal/naturezas/{nature_id}",
                         headers=ready.headers, json={**nature, "cfop": "1202"})  # fmt: skip
    assert updated.status_code == 200, updated.get_json()

    documents = count_rows(rt, FiscalDocument, company_id=ready.company_id)
    calculated = client.post(API + "/fiscal/calcular", headers=ready.headers, json=request)
    assert calculated.status_code == 200, calculated.get_json()
    validated = client.post(API + "/fiscal/validate", headers=ready.headers, json=request)
    assert validated.status_code == 200 and validated.get_json()["valid"], validated.get_json()
    assert count_rows(rt, FiscalDocument, company_id=ready.company_id) == documents
    answer = calculated.get_json()
    line = answer["taxes"]["itens"][0]
    assert (line["vProd"], line["vDesc"], line["vFrete"]) == ("20.00", "0.67", "2.00")
    assert line["cfop"] == answer["classifications"]["itens"][0]["cfop"] == "1202"
    assert validated.get_json()["taxes"] == answer["taxes"]

    issued = client.post(API + "/nfe", headers=ready.headers, json={**operation, "pedido": "DEV"})
    assert issued.status_code == 200 and issued.get_json()["status"] == "AUTORIZADA"
    stored, digest = _stored(rt, issued.get_json()["id"])
    assert _without_cfop(_decided(answer)) == _without_cfop(_decided(stored))
    assert answer["snapshot_sha256"] == validated.get_json()["snapshot_sha256"] == digest
    assert _written_cfops(client, ready, issued.get_json()) == [line["cfop"]]
    assert issued.get_json()["valor_total"] == answer["taxes"]["totais"]["vNF"]

    request = {"documento": "NFE", "operacao": _return_of(sale.get_json()["id"], 2)}
    orders = count_rows(rt, Order, company_id=ready.company_id)
    for route in ("/fiscal/calcular", "/fiscal/validate"):
        beyond = client.post(API + route, headers=ready.headers, json=request)
        assert beyond.status_code == 422, beyond.get_json()
        error = beyond.get_json()["error"]["errors"][0]
        assert error["field"] == "operacao.devolucao_de.itens.0.quantidade"
        assert "restam 1" in error["message"]
    assert count_rows(rt, Order, company_id=ready.company_id) == orders


ST_RULE = {"cfop": "5403", "ncm": "2202", "operacao": "interna", "prioridade": 90,
           "cst_icms": "10", "aliq_icms": "18.00", "mva_st": "40", "aliq_icms_st": "18.00",
           "cst_pis": "01", "aliq_pis": "1.65", "cst_cofins": "01",
           "aliq_cofins": "7.60"}  # fmt: skip


def test_a_complement_of_icms_st_is_calculated_as_its_issuance_decides_it(client, rt, sim):
    """The tax-only line (quantity 0, `base_st`) reaches the engine by the issuance's code:
    the calculation's ST, totals and snapshot are the issued note's."""
    ready = ready_to_issue(client, rt, sim, crt=3)
    rule = client.post(API + "/configuracao-fiscal/tributacao", headers=ready.headers,
                       json=ST_RULE)  # fmt: skip
    assert rule.status_code == 201, rule.get_json()
    sale = client.post(API + "/nfe", headers=ready.headers, json=nfe_body("VENDA-ST"))
    assert sale.status_code == 200, sale.get_json()
    line = {"codigo": "P1", "quantidade": 0, "complemento_icms": {"base_st": "50.00"}}
    references = [{"chave": sale.get_json()["chave"]}]
    operation = nfe_body("COMPL-ST", finalidade=2, referencias=references, pagamento="pix",
                         itens=[line])  # fmt: skip
    del operation["pedido"]
    calculated = client.post(API + "/fiscal/calcular", headers=ready.headers,
                             json={"documento": "NFE", "operacao": operation})  # fmt: skip
    assert calculated.status_code == 200, calculated.get_json()
    answer = calculated.get_json()
    assert answer["taxes"]["itens"][0]["icms"]["vICMSST"] == "9.00"
    assert (answer["taxes"]["totais"]["vST"], answer["taxes"]["totais"]["vNF"]) == ("9.00", "9.00")
    issued = client.post(API + "/nfe", headers=ready.headers, json={**operation, "pedido": "C"})
    assert issued.status_code == 200 and issued.get_json()["status"] == "AUTORIZADA"
    stored, digest = _stored(rt, issued.get_json()["id"])
    assert _decided(answer) == _decided(stored) and answer["snapshot_sha256"] == digest
    assert issued.get_json()["valor_total"] == "9.00"
