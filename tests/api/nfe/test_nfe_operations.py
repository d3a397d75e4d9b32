"""What POST /nfe refuses in the operations of issue 35, each with the field to fix, before any
number is taken: returns without their configuration or beyond what was sold, references by
finalidade, freight given twice, entries without a supplier, the NFC-e's limits, payments.
"""

from __future__ import annotations

from typing import Any

from documents.keys import mod11_digit
from service import runtime
from service.issuance.models import Order
from tests.api.nfe.helpers import Ready, count_rows, nfe_body, ready_to_issue

API = "/api/v1"


def _refused(client: Any, ready: Ready, body: dict[str, Any], path: str = "/nfe") -> dict[str, Any]:
    answer = client.post(API + path, headers=ready.headers, json=body)
    data: dict[str, Any] = answer.get_json()
    assert answer.status_code == 422, data
    error: dict[str, Any] = data["error"]
    return error


def _field(error: dict[str, Any]) -> str:
    assert error["code"] == "VALIDATION_ERROR", error
    field: str = error["errors"][0]["field"]
    return field


def _sale(client: Any, ready: Ready, quantity: int = 2) -> dict[str, Any]:
    body = nfe_body("VENDA", itens=[{"codigo": "P1", "quantidade": quantity}])
    answer = client.post(API + "/nfe", headers=ready.headers, json=body)
    assert answer.status_code == 200, answer.get_json()
    data: dict[str, Any] = answer.get_json()
    return data


def _return(document_id: str, quantity: Any = 1, **extra: Any) -> dict[str, Any]:
    return {"pedido": "DEV", "pagamento": "sem_pagamento",
            "devolucao_de": {"documento": document_id,
                             "itens": [{"item": 1, "quantidade": quantity}]}, **extra}  # fmt: skip


def _nature(client: Any, ready: Ready, **fields: Any) -> str:
    body = {"codigo": "DEVOLUCAO", "descricao": "Devolucao de venda", "tipo_operacao": 0,
            "finalidade": 4, **fields}  # fmt: skip
    created = client.post(f"{API}/configuracao-fiscal/naturezas", headers=ready.headers, json=body)
    assert created.status_code == 201, created.get_json()
    nature_id: str = created.get_json()["item"]["id"]
    return nature_id


def test_a_return_names_what_to_configure_before_anything_is_numbered(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    sale = _sale(client, ready)
    no_nature = _refused(client, ready, _return(sale["id"]))
    assert no_nature["code"] == "FISCAL_CONFIGURATION_REQUIRED"
    assert no_nature["missing"] == ["natureza.devolucao"]
    _nature(client, ready)
    no_cfop = _refused(client, ready, _return(sale["id"]))
    assert no_cfop["code"] == "FISCAL_CONFIGURATION_REQUIRED"
    assert no_cfop["motivos"] == ["CFOP_DEVOLUCAO_AUSENTE"]
    assert "DEVOLUCAO" in no_cfop["message"] and "1202" in no_cfop["message"]
    assert count_rows(rt, Order, company_id=ready.company_id) == 1


def test_the_nature_cfop_serves_a_return_when_no_rule_gives_one(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    sale = _sale(client, ready)
    _nature(client, ready, cfop="1202")
    preview_body = _return(sale["id"])
    del preview_body["pedido"]
    preview = client.post(API + "/fiscal/preview", headers=ready.headers, json=preview_body)
    assert preview.status_code == 200, preview.get_json()
    assert preview.get_json()["ready_to_issue"] is True
    assert [i["cfop"] for i in preview.get_json()["document"]["itens"]] == ["1202"]
    answer = client.post(API + "/nfe", headers=ready.headers, json=_return(sale["id"]))
    assert answer.status_code == 200, answer.get_json()
    xml = client.get(answer.get_json()["xml"], headers=ready.headers).data
    assert b"<CFOP>1202</CFOP>" in xml and b"<finNFe>4</finNFe>" in xml


def test_a_return_is_checked_against_its_original(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    sale = _sale(client, ready, quantity=2)
    _nature(client, ready, cfop="1202")
    unknown = _refused(client, ready, _return("nfe_nao_existe"))
    assert _field(unknown) == "devolucao_de.documento"
    too_much = _refused(client, ready, _return(sale["id"], 3))
    assert _field(too_much) == "devolucao_de.itens.0.quantidade"
    assert "restam 2" in too_much["errors"][0]["message"]
    body = _return(sale["id"])
    body["devolucao_de"]["itens"][0]["item"] = 2
    assert _field(_refused(client, ready, body)) == "devolucao_de.itens.0.item"
    paid = _refused(client, ready, _return(sale["id"], pagamento="pix"))
    assert _field(paid) == "pagamento"
    both = _refused(client, ready, _return(sale["id"], itens=[{"codigo": "P1", "quantidade": 1}]))
    assert _field(both) == "itens"
    wrong_purpose = _refused(client, ready, _return(sale["id"], finalidade=2))
    assert _field(wrong_purpose) == "finalidade"
    same_direction = _refused(client, ready, _return(sale["id"], tipo_operacao=1))
    assert _field(same_direction) == "tipo_operacao"
    freight = _refused(client, ready, _return(sale["id"], seguro="1.00"))
    assert _field(freight) == "seguro"


def test_references_are_required_by_finalidade_and_checked(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    complement = _refused(client, ready, nfe_body(finalidade=2))
    assert _field(complement) == "referencias"
    assert "referenciar" in complement["errors"][0]["message"]
    bad_key = _refused(client, ready, nfe_body(finalidade=2, referencias=[{"chave": "1" * 44}]))
    assert _field(bad_key) == "referencias.0.chave"
    paper = _refused(client, ready, nfe_body(referencias=[{"modelo": "01", "uf": "SP"}]))
    assert {e["field"] for e in paper["errors"]} == {
        "referencias.0.aamm",
        "referencias.0.cnpj",
        "referencias.0.serie",
        "referencias.0.numero",
    }
    two_forms = _refused(client, ready, nfe_body(referencias=[
        {"chave": "1" * 44, "ecf": {"modelo": "2D", "n_ecf": "1", "n_coo": "1"}}]))  # fmt: skip
    assert two_forms["errors"][0]["field"].startswith("referencias.0")


def test_freight_is_given_for_the_document_or_per_item_never_both(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    body = nfe_body(frete={"modalidade": 0, "valor": "5.00"},
                    itens=[{"codigo": "P1", "quantidade": 1, "frete": "1.00"}])  # fmt: skip
    error = _refused(client, ready, body)
    assert _field(error) == "frete.valor"
    assert "item 1" in error["errors"][0]["message"]
    negative = _refused(client, ready, nfe_body(seguro="-1"))
    assert _field(negative) == "seguro"
    long_info = _refused(
        client,
        ready,
        nfe_body(itens=[{"codigo": "P1", "quantidade": 1, "informacoes_adicionais": "x" * 501}]),
    )
    assert _field(long_info) == "itens.0.informacoes_adicionais"


def test_an_entry_names_its_supplier(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    error = _refused(client, ready, nfe_body(tipo_operacao=0))
    assert _field(error) == "cliente"
    body = nfe_body(tipo_operacao=0)
    del body["cliente"]
    assert _field(_refused(client, ready, body)) == "fornecedor"


def test_the_nfce_stays_a_plain_sale(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    body = {"pedido": "CUPOM", "itens": [{"codigo": "P1", "quantidade": 1}], "pagamento": "pix"}
    assert _field(_refused(client, ready, {**body, "finalidade": 2}, "/nfce")) == "finalidade"
    assert _field(_refused(client, ready, {**body, "tipo_operacao": 0}, "/nfce")) == (
        "tipo_operacao"
    )
    refs = {**body, "referencias": [{"ecf": {"modelo": "2D", "n_ecf": "1", "n_coo": "1"}}]}
    assert _field(_refused(client, ready, refs, "/nfce")) == "referencias"


def test_payments_follow_the_layout_sum_rules(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    short = _refused(client, ready, nfe_body(pagamento=[{"forma": "pix", "valor": "1.00"}]))
    assert _field(short) == "pagamento"
    card_on_cash = _refused(
        client,
        ready,
        nfe_body(
            pagamento=[{"forma": "dinheiro", "valor": "20.00", "cartao": {"tipo_integracao": 2}}]
        ),
    )
    assert _field(card_on_cash) == "pagamento.0.cartao"
    bad_brand = _refused(client, ready, nfe_body(pagamento=[
        {"forma": "cartao_credito", "valor": "20.00",
         "cartao": {"tipo_integracao": 1, "bandeira": "VISA"}}]))  # fmt: skip
    assert _field(bad_brand) == "pagamento.0.cartao.bandeira"
    mixed = _refused(
        client,
        ready,
        nfe_body(
            pagamento=[{"forma": "sem_pagamento", "valor": "0"}, {"forma": "pix", "valor": "20.00"}]
        ),
    )
    assert _field(mixed) == "pagamento"
    assert count_rows(rt, Order, company_id=ready.company_id) == 0


def test_calculation_and_validation_read_the_new_fields(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    operation = {"cliente": "C1", "itens": [{"codigo": "P1", "quantidade": 2},
                                            {"codigo": "P1", "quantidade": 1}],
                 "frete": {"modalidade": 0, "valor": "3.00"}, "seguro": "1.00",
                 "pagamento": "pix"}  # fmt: skip
    calculated = client.post(API + "/fiscal/calcular", headers=ready.headers,
                             json={"documento": "NFE", "operacao": operation})  # fmt: skip
    assert calculated.status_code == 200, calculated.get_json()
    items = calculated.get_json()["taxes"]["itens"]
    assert [item["vFrete"] for item in items] == ["2.00", "1.00"]
    assert [item["vSeg"] for item in items] == ["0.67", "0.33"]
    validated = client.post(API + "/fiscal/validate", headers=ready.headers,
                            json={"documento": "NFE", "operacao": operation})  # fmt: skip
    assert validated.status_code == 200, validated.get_json()
    assert validated.get_json()["valid"] is True
    assert validated.get_json()["document"]["totais"]["vNF"] == "34.00"
    twice = dict(operation, itens=[{"codigo": "P1", "quantidade": 1, "seguro": "1.00"}])
    refused = client.post(API + "/fiscal/calcular", headers=ready.headers,
                          json={"documento": "NFE", "operacao": twice})  # fmt: skip
    assert refused.status_code == 422
    assert refused.get_json()["error"]["errors"][0]["field"] == "operacao.seguro"


def test_additional_information_adds_request_nature_and_rule_texts_once(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    nature_id = _nature(client, ready, codigo="VENDA-OBS", descricao="Venda", tipo_operacao=1,
                        finalidade=1, observacoes="Volte sempre")  # fmt: skip
    rule = client.post(f"{API}/configuracao-fiscal/tributacao", headers=ready.headers, json={
        "natureza_id": nature_id, "cfop": "5102", "csosn": "102", "cst_pis": "49",
        "cst_cofins": "49", "operacao": "interna", "inf_cpl": "Documento emitido por ME ou EPP",
    })  # fmt: skip
    assert rule.status_code == 201, rule.get_json()
    body = nfe_body(natureza="VENDA-OBS", informacoes_complementares="Volte sempre",
                    observacoes="Pedido 77")  # fmt: skip
    answer = client.post(API + "/nfe", headers=ready.headers, json=body)
    assert answer.status_code == 200, answer.get_json()
    xml = client.get(answer.get_json()["xml"], headers=ready.headers).data.decode()
    assert "<infCpl>Volte sempre Pedido 77 Documento emitido por ME ou EPP</infCpl>" in xml
    assert "<infAdProd>" not in xml


def test_calculation_reads_the_nature_by_its_code(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    nature_id = _nature(client, ready, codigo="COMPRA-PF", descricao="Compra", finalidade=1)
    rule = client.post(f"{API}/configuracao-fiscal/tributacao", headers=ready.headers, json={
        "natureza_id": nature_id, "cfop": "1102", "csosn": "102", "cst_pis": "49",
        "cst_cofins": "49", "operacao": "interna"})  # fmt: skip
    assert rule.status_code == 201, rule.get_json()
    operation = {"natureza": "COMPRA-PF", "fornecedor": "C1", "tipo_operacao": 0,
                 "itens": [{"codigo": "P1", "quantidade": 1}]}  # fmt: skip
    calculated = client.post(API + "/fiscal/calcular", headers=ready.headers,
                             json={"documento": "NFE", "operacao": operation})  # fmt: skip
    assert calculated.status_code == 200, calculated.get_json()
    assert calculated.get_json()["taxes"]["itens"][0]["cfop"] == "1102"
    unknown = client.post(API + "/fiscal/calcular", headers=ready.headers, json={
        "documento": "NFE", "operacao": {**operation, "natureza": "NAO-EXISTE"}})  # fmt: skip
    assert unknown.status_code == 422
    assert unknown.get_json()["error"]["errors"][0]["field"] == "operacao.natureza"


def test_a_complement_names_an_authorized_note_of_the_company_that_is_not_a_complement(
    client, rt, sim
):
    ready = ready_to_issue(client, rt, sim)
    sale = _sale(client, ready)
    complement = client.post(API + "/nfe", headers=ready.headers, json=nfe_body(
        "COMPL-1", finalidade=2, referencias=[{"chave": sale["chave"]}]))  # fmt: skip
    assert complement.status_code == 200, complement.get_json()
    assert complement.get_json()["finalidade"] == 2
    again = _refused(
        client,
        ready,
        nfe_body("COMPL-2", finalidade=2, referencias=[{"chave": complement.get_json()["chave"]}]),
    )
    assert _field(again) == "referencias.0.chave"
    assert "268" in again["errors"][0]["message"]
    key = sale["chave"]
    other_number = key[:25] + f"{int(key[25:34]) + 7:09d}" + key[34:43]
    never_issued = other_number + str(mod11_digit(other_number))
    missing = _refused(client, ready, nfe_body(
        "COMPL-3", finalidade=2, referencias=[{"chave": never_issued}]))  # fmt: skip
    assert _field(missing) == "referencias.0.chave"


def test_two_returns_sent_at_once_cannot_both_return_the_same_goods(client, rt, sim, monkeypatch):
    """Both returns pass the check made while deciding (nothing returned yet); the second is
    accepted only after the first, and the acceptance's recount under the original's row
    lock refuses it: the original is never returned twice."""
    import service.issuance.operations as issuance

    ready = ready_to_issue(client, rt, sim)
    sale = _sale(client, ready, quantity=2)
    _nature(client, ready, cfop="1202")
    decide = issuance.prepare
    answers: list[Any] = []

    def decided_while_another_is_accepted(req: Any, now: Any) -> Any:
        draft = decide(req, now)
        if req.pedido == "DEV-B":
            runtime.end_request_transaction()  # SQLite: let the other request write
            body = _return(sale["id"], 2, pedido="DEV-A")
            answers.append(client.post(API + "/nfe", headers=ready.headers, json=body))
        return draft

    monkeypatch.setattr(issuance, "prepare", decided_while_another_is_accepted)
    second = _refused(client, ready, _return(sale["id"], 2, pedido="DEV-B"))
    assert answers[0].status_code == 200, answers[0].get_json()
    assert answers[0].get_json()["status"] == "AUTORIZADA"
    assert _field(second) == "devolucao_de.itens.0.quantidade"
    assert "restam 0" in second["errors"][0]["message"]


def _icms_complement(
    sale: dict[str, Any], pedido: str = "COMPL-ICMS", **item: Any
) -> dict[str, Any]:
    line = {"codigo": "P1", "quantidade": 0, "complemento_icms": {"base": "100.00"}, **item}
    return nfe_body(pedido, finalidade=2, referencias=[{"chave": sale["chave"]}],
                    pagamento="sem_pagamento", itens=[line])  # fmt: skip


def test_a_complement_of_icms_carries_only_a_tax_of_a_rule_that_states_one(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)  # Simples Nacional, CSOSN 102: no own ICMS
    sale = _sale(client, ready)
    untaxed = _refused(client, ready, _icms_complement(sale))
    assert untaxed["code"] == "FISCAL_CONFIGURATION_REQUIRED", untaxed
    assert untaxed["motivos"] == ["CST_COMPLEMENTO_ICMS"]
    assert "CSOSN 900" in untaxed["missing"][0] and "102" in untaxed["missing"][0]
    zero = _refused(client, ready, nfe_body(itens=[{"codigo": "P1", "quantidade": 0}]))
    assert _field(zero) == "itens.0.quantidade"
    counted = _refused(client, ready, _icms_complement(sale, quantidade=1))
    assert _field(counted) == "itens.0.quantidade"
    paid = _icms_complement(sale)
    paid["pagamento"] = "pix"
    assert _field(_refused(client, ready, paid)) == "pagamento"
    mixed = _icms_complement(sale)
    mixed["itens"].append({"codigo": "P1", "quantidade": 1, "valor": "2.00"})
    assert _field(_refused(client, ready, mixed)) == "itens.1"
    freight = _icms_complement(sale, frete="1.00")
    assert _field(_refused(client, ready, freight)) == "itens.0.frete"


def test_a_complement_of_icms_st_needs_a_rule_with_substitution(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)  # Simples Nacional, CSOSN 102: no substitution
    sale = _sale(client, ready)
    st_only = _icms_complement(sale, complemento_icms={"base_st": "50.00"})
    untaxed = _refused(client, ready, st_only)
    assert untaxed["code"] == "FISCAL_CONFIGURATION_REQUIRED", untaxed
    assert untaxed["motivos"] == ["CST_COMPLEMENTO_ICMS_ST"]
    calculated = client.post(API + "/fiscal/calcular", headers=ready.headers,
                             json={"documento": "NFE", "operacao": st_only})  # fmt: skip
    assert calculated.status_code == 200, calculated.get_json()
    assert [m["codigo"] for m in calculated.get_json()["missing"]] == ["CST_COMPLEMENTO_ICMS_ST"]
    stray = _icms_complement(sale, complemento_icms={"base": "50.00", "aliquota_st": "4"})
    assert _field(_refused(client, ready, stray)) == "itens.0.complemento_icms.aliquota_st"
    neither = _icms_complement(sale, complemento_icms={"aliquota": "4"})
    assert _field(_refused(client, ready, neither)) == "itens.0.complemento_icms.base"
