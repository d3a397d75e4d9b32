"""`/fiscal/calcular`, `/fiscal/validate` and `/fiscal/preview` on an NF-e company: the issuance
JSON, explain on every endpoint, and the confidence score as a number that admits review."""

from __future__ import annotations

from tests.api.nfe.helpers import add_product, nfe_body, ready_to_issue
from tests.api.nfe.test_preview import API, ISS_SP, NFSE, PREVIEW, VALIDATE, _operation
from tests.api.nfse.helpers import enable_nfse

CALCULAR = API + "/fiscal/calcular"
BASE_RULES = API + "/configuracao-fiscal/regras-base"


def test_calcular_takes_the_issuance_json_with_prices_from_the_register(client, rt, sim):
    """P1 is registered at 10.00: two units without `valor` are 20.00, and the taxes are the
    ones the preview (the issuance path) decides for the same request."""
    ready = ready_to_issue(client, rt, sim)
    answer = client.post(
        CALCULAR, headers=ready.headers, json={"documento": "NFE", "operacao": _operation()}
    )
    body = answer.get_json()
    assert answer.status_code == 200, body
    assert body["taxes"]["totais"]["vProd"] == "20.00"
    item = body["taxes"]["itens"][0]
    assert item["cfop"] == "5102" and item["icms"]["CSOSN"] == "102"
    preview = client.post(PREVIEW, headers=ready.headers, json=_operation()).get_json()
    assert body["taxes"] == preview["taxes"]
    priced = _operation(itens=[{"codigo": "P1", "quantidade": 2, "valor": "7.50"}])
    explicit = client.post(
        CALCULAR, headers=ready.headers, json={"documento": "NFCE", "operacao": priced}
    )
    assert explicit.get_json()["taxes"]["totais"]["vProd"] == "15.00"


def test_calcular_refuses_unknown_products_and_customers_on_the_field(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    add_product(rt, ready, "SEMPRECO", preco="0")
    cases = [
        (_operation(itens=[{"codigo": "P1", "quantidade": 1}, {"codigo": "NOPE", "quantidade": 1}]),
         "operacao.itens.1.codigo"),
        (_operation(itens=[{"codigo": "SEMPRECO", "quantidade": 1}]), "operacao.itens.0.valor"),
        (_operation(itens=[{"quantidade": 1}]), "operacao.itens.0.valor"),
        (_operation(cliente="NINGUEM"), "operacao.cliente"),
    ]  # fmt: skip
    for operation, field in cases:
        answer = client.post(
            CALCULAR, headers=ready.headers, json={"documento": "NFE", "operacao": operation}
        )
        error = answer.get_json()["error"]
        assert answer.status_code == 422 and error["code"] == "VALIDATION_ERROR", error
        assert [e["field"] for e in error["errors"]] == [field]


def test_explain_on_validate_returns_the_decisions(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    nfe = client.post(
        VALIDATE, headers=ready.headers, json={"documento": "NFE", "operacao": _operation()},
        query_string={"explain": "true"},
    ).get_json()  # fmt: skip
    steps = {(step["etapa"], step.get("regra_id")) for step in nfe["explain"]}
    assert ("TRIBUTACAO", nfe["document"]["itens"][0]["regra_tributaria_id"]) in steps
    plain = client.post(
        VALIDATE, headers=ready.headers, json={"documento": "NFE", "operacao": _operation()}
    ).get_json()
    assert "explain" not in plain
    # Missing configuration: the 422 still carries the decisions taken up to the gap.
    enable_nfse(rt, ready)
    gap = client.post(VALIDATE, headers=ready.headers, json=NFSE, query_string={"explain": "1"})
    assert gap.status_code == 422 and gap.get_json()["error"]["code"] == (
        "FISCAL_CONFIGURATION_REQUIRED"
    )
    assert "MUNICIPIO_INCIDENCIA" in {step["etapa"] for step in gap.get_json()["explain"]}
    assert client.post(BASE_RULES, headers=ready.headers, json=ISS_SP).status_code == 201
    nfse = client.post(VALIDATE, headers=ready.headers, json=NFSE, query_string={"explain": "1"})
    assert "ALIQUOTA_ISS" in {step["etapa"] for step in nfse.get_json()["explain"]}


REVIEW_RULE = {
    "tipo": "IBS_CBS",
    "criterios": {"documento_in": ["NFE", "NFCE"], "crt_in": ["1", "2", "4"]},
    "resultado": {"aplicar": False, "motivo": "conferir o enquadramento", "requer_revisao": True},
    "vigencia_inicio": "2026-01-01",
    "versao": "2026.1",
    "fonte": "Revisão interna do contador (teste)",
}


def _scores(client, ready):
    operation = _operation()
    answers = {
        "calcular": client.post(CALCULAR, headers=ready.headers,
                                json={"documento": "NFE", "operacao": operation}),
        "validate": client.post(VALIDATE, headers=ready.headers,
                                json={"documento": "NFE", "operacao": operation}),
        "preview": client.post(PREVIEW, headers=ready.headers, json=operation),
    }  # fmt: skip
    for name, answer in answers.items():
        assert answer.status_code == 200, (name, answer.get_json())
    return {name: answer.get_json() for name, answer in answers.items()}


def test_confidence_score_is_a_number_and_review_lowers_it(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    for name, body in _scores(client, ready).items():
        score = body["confidence_score"]
        assert type(score) in (int, float) and 0 <= score <= 1, (name, score)
        assert body["requires_review"] is False
    assert client.post(BASE_RULES, headers=ready.headers, json=REVIEW_RULE).status_code == 201
    for name, body in _scores(client, ready).items():
        assert body["requires_review"] is True, name
        assert body["confidence_score"] == 0.79, (name, body["confidence_score"])
    refused = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    assert refused.status_code == 422
    error = refused.get_json()
    assert error["error"]["code"] == "REVISAO_FISCAL_NECESSARIA"
    assert error["confidence_score"] == 0.79
