"""POST /fiscal/preview and /fiscal/validate: the issuance decided and checked, nothing issued."""

from __future__ import annotations

from decimal import Decimal

from service.db import transaction
from service.issuance.models import FiscalDocument, NumberSequence, Order
from tests.api.nfe.helpers import (
    Ready,
    add_customer,
    add_product,
    balance,
    count_rows,
    fresh_cnpj,
    ledger,
    nfe_body,
    ready_company,
    ready_to_issue,
)
from tests.api.nfse.helpers import enable_nfse
from tests.factories import auth, make_account, make_key
from tests.factories_config import issuer_body

API = "/api/v1"
PREVIEW = API + "/fiscal/preview"
VALIDATE = API + "/fiscal/validate"


def _operation(**overrides):
    body = nfe_body(**overrides)
    body.pop("pedido")
    return body


def _nothing_issued(rt, ready, credits=Decimal("100.00")):
    """No order, document or number sequence; the ledger holds only the opening credit."""
    for model in (Order, FiscalDocument, NumberSequence):
        assert count_rows(rt, model, company_id=ready.company_id) == 0, model.__name__
    assert [tipo for tipo, _, _ in ledger(rt, ready.account_id)] == ["CREDITO_ADMIN"]
    assert balance(rt, ready.account_id) == credits


def test_preview_decides_and_validates_the_xml_without_issuing(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    answer = client.post(PREVIEW, headers=ready.headers, json=_operation())
    body = answer.get_json()
    assert answer.status_code == 200, body
    assert body["ready_to_issue"] is True and body["requires_review"] is False
    assert body["xml_validado"] is True and body["leiaute"] == "4.00"
    assert body["violacoes"] == []
    document = body["document"]
    assert document["modelo"] == "55" and document["ambiente"] == "HOMOLOGACAO"
    assert document["totais"]["vProd"] == "20.00" and document["totais"]["vNF"] == "20.00"
    [item] = document["itens"]
    # CRT 1 selling inside SP: the automatic configuration's internal-sale rule (priority 50).
    assert item["codigo"] == "P1" and item["cfop"] == "5102"
    decision = item["decisao_tributaria"]
    assert decision["data_operacao"] == document["data_operacao"]
    rule = decision["regra_tributaria"]
    assert rule["regra_id"] == item["regra_tributaria_id"]
    assert rule["tipo_regra"] == "TRIBUTACAO" and rule["prioridade"] == 50
    assert set(rule["criterios_correspondentes"]) >= {"crt", "operacao"}
    assert decision["regra_iva"]["regra_id"] == item["regra_iva_id"] is not None
    assert "explain" not in body
    _nothing_issued(rt, ready)

    issued = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    assert issued.status_code == 200, issued.get_json()
    assert issued.get_json()["numero"] == 1  # the preview took no number
    with transaction(rt.sessions) as session:
        stored = session.get(FiscalDocument, issued.get_json()["id"])
        assert stored.snapshot_sha256 == body["snapshot_sha256"]  # same decision, same snapshot


def test_nfce_preview_with_explain(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    body = {"modelo": 65, "itens": [{"codigo": "P1", "quantidade": 3}], "pagamento": "dinheiro"}
    answer = client.post(PREVIEW, headers=ready.headers, json=body, query_string={"explain": 1})
    data = answer.get_json()
    assert answer.status_code == 200, data
    assert data["document"]["modelo"] == "65" and data["document"]["totais"]["vNF"] == "30.00"
    assert data["ready_to_issue"] is True and data["xml_validado"] is True
    steps = {(step["etapa"], step.get("regra_id")) for step in data["explain"]}
    assert ("TRIBUTACAO", data["document"]["itens"][0]["regra_tributaria_id"]) in steps
    _nothing_issued(rt, ready)


def test_missing_configuration_lists_every_gap_including_the_certificate(client, rt, sim):
    account = make_account(rt)
    created = client.post(
        API + "/configuracao-fiscal/emitente",
        headers=auth(account.live),
        json=issuer_body(cnpj=fresh_cnpj()),
    )
    assert created.status_code == 201, created.get_json()
    emitente = created.get_json()["emitente"]
    ready = Ready(account.id, account.live, account.test, emitente["cnpj"], emitente["id"],
                  created.get_json()["empresa"])  # fmt: skip
    add_product(rt, ready, ncm=None)
    add_customer(rt, ready, with_address=False)
    answer = client.post(PREVIEW, headers=auth(account.live), json=_operation())
    error = answer.get_json()
    assert answer.status_code == 422, error
    assert error["ready_to_issue"] is False
    assert error["error"]["code"] == "FISCAL_CONFIGURATION_REQUIRED"
    assert {"produto.P1.ncm", "certificado"} <= set(error["error"]["missing"])
    assert {"PRODUTO_SEM_NCM", "CLIENTE_SEM_ENDERECO", "CERTIFICADO_AUSENTE"} <= set(
        error["error"]["motivos"]
    )

    add_product(rt, ready, "P2")
    only_certificate = client.post(
        PREVIEW,
        headers=auth(account.live),
        json=_operation(cliente="C1", itens=[{"codigo": "P2", "quantidade": 1}], modelo=65),
    )
    error = only_certificate.get_json()
    assert only_certificate.status_code == 422, error
    assert error["error"]["missing"] == ["certificado"] and error["ready_to_issue"] is False


def test_a_date_before_the_rules_is_configuration_not_a_guess(client, rt, sim):
    """The automatic rules start on the day they were generated; earlier dates have none."""
    ready = ready_to_issue(client, rt, sim)
    answer = client.post(
        PREVIEW, headers=ready.headers, json=_operation(data_operacao="2020-01-02")
    )
    error = answer.get_json()
    assert answer.status_code == 422, error
    assert error["error"]["motivos"] == ["REGRA_TRIBUTACAO"] and error["ready_to_issue"] is False
    refused = client.post(API + "/nfe", headers=ready.headers,
                          json=nfe_body(data_operacao="2020-01-02"))  # fmt: skip
    assert refused.status_code == 422  # the date is a simulation: never accepted on issuance
    assert refused.get_json()["error"]["errors"][0]["field"] == "data_operacao"


def test_review_is_answered_with_the_decisions_and_blocks_issuance(client, rt, sim):
    """A rule its author marked uncertain (confiança 0.5, under the 0.80 threshold) forces a
    review: the preview shows the decisions, the issuance refuses. (This case used to be the
    interstate sale to a non-contributor, refused because DIFAL was not computed; DIFAL is
    computed now: tests/api/nfe/test_nfe_difal.py.)"""
    ready = ready_to_issue(client, rt, sim, crt=3, apuracao="presumido")
    add_customer(rt, ready, "SC1", uf="SC")
    uncertain = {
        "tipo": "DIFAL_UF_DESTINO", "criterios": {"uf_destino": "SC"},
        "resultado": {"aliquota": "17.00", "base": "unica"}, "vigencia_inicio": "2026-01-01",
        "versao": "1", "fonte": "dado de teste, a confirmar", "confianca": "0.5",
    }  # fmt: skip
    created = client.post(API + "/configuracao-fiscal/regras-base", headers=ready.headers,
                          json=uncertain)  # fmt: skip
    assert created.status_code == 201, created.get_json()
    answer = client.post(PREVIEW, headers=ready.headers, json=_operation(cliente="SC1"))
    body = answer.get_json()
    assert answer.status_code == 200, body
    assert body["ready_to_issue"] is False and body["requires_review"] is True
    assert body["confidence_score"] == 0.5
    assert body["xml_validado"] is True  # the XML is checked even while review blocks issuance
    assert body["document"]["itens"][0]["cfop"] == "6102"
    assert body["document"]["itens"][0]["regra_tributaria_id"] is not None
    refused = client.post(API + "/nfe", headers=ready.headers, json=nfe_body(cliente="SC1"))
    assert refused.get_json()["error"]["code"] == "REVISAO_FISCAL_NECESSARIA"


def test_layout_violations_come_back_as_data(client, rt, sim):
    """xProd is `TString` in the XSD (characters up to U+00FF). The register refuses such text
    now; a row stored before that rule (written here directly) is caught by the preview."""
    ready = ready_to_issue(client, rt, sim)
    product = {"codigo": "CAN", "descricao": "Caneca ☕ 300ml", "ncm": "69120000",
               "preco": "30.00", "unidade": "UN", "origem": 0}  # fmt: skip
    refused = client.post(API + "/produtos", headers=ready.headers, json=product)
    assert refused.status_code == 422
    assert refused.get_json()["error"]["errors"][0]["field"] == "descricao"
    add_product(rt, ready, "CAN", ncm="69120000", preco="30.00", descricao="Caneca ☕ 300ml")
    answer = client.post(
        PREVIEW, headers=ready.headers, json=_operation(itens=[{"codigo": "CAN", "quantidade": 1}])
    )
    body = answer.get_json()
    assert answer.status_code == 200, body
    assert body["xml_validado"] is False and body["ready_to_issue"] is False
    [violation] = body["violacoes"]
    assert violation["caminho"] == "/NFe/infNFe/det/prod/xProd"
    assert "pattern" in violation["mensagem"]
    _nothing_issued(rt, ready)


def test_preview_request_errors(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    no_payment = client.post(PREVIEW, headers=ready.headers, json={"itens": [{"codigo": "P1",
                             "quantidade": 1}], "modelo": 55})  # fmt: skip
    assert no_payment.status_code == 422
    assert no_payment.get_json()["error"]["errors"][0]["field"] == "pagamento"
    wrong_model = client.post(PREVIEW, headers=ready.headers, json=_operation(modelo=57))
    assert wrong_model.get_json()["error"]["errors"][0]["field"] == "modelo"
    unknown = client.post(PREVIEW, headers=ready.headers,
                          json=_operation(itens=[{"codigo": "NOPE", "quantidade": 1}]))  # fmt: skip
    assert unknown.get_json()["error"]["errors"][0]["field"] == "itens.0.codigo"
    no_scope = make_key(rt, ready.account_id, scopes=["consultar"])
    forbidden = client.post(PREVIEW, headers=auth(no_scope), json=_operation())
    assert forbidden.status_code == 403


def test_validate_nfe_runs_the_issuance_path(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    answer = client.post(
        VALIDATE, headers=ready.headers, json={"documento": "NFE", "operacao": _operation()}
    )
    body = answer.get_json()
    assert answer.status_code == 200, body
    assert body["valid"] is True and body["ready_to_issue"] is True
    assert body["xml_validado"] is True and body["leiaute"] == "4.00"
    assert body["document"]["documento"] == "NFE"
    assert [t["tipo"] for t in body["taxes"]["tributos"]] == ["PIS", "COFINS"]
    assert body["taxes"]["itens"][0]["icms"]["CSOSN"] == "102"
    _nothing_issued(rt, ready)


def test_validate_nfe_refusals(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    no_code = {"itens": [{"quantidade": 1}], "pagamento": "pix"}
    bad_operation = client.post(
        VALIDATE, headers=ready.headers, json={"documento": "NFE", "operacao": no_code}
    )
    assert bad_operation.status_code == 422
    fields = {e["field"] for e in bad_operation.get_json()["error"]["errors"]}
    assert fields == {"operacao.itens.0.codigo"}
    add_product(rt, ready, "SEMNCM", ncm=None)
    gaps = client.post(VALIDATE, headers=ready.headers, json={
        "documento": "NFCE", "operacao": _operation(itens=[{"codigo": "SEMNCM",
                                                            "quantidade": 1}])})  # fmt: skip
    assert gaps.status_code == 422
    assert gaps.get_json()["error"]["missing"] == ["produto.SEMNCM.ncm"]
    rural = client.post(VALIDATE, headers=ready.headers, json={
        "documento": "NFE", "operacao": _operation(), "contexto": "PRODUTOR_RURAL"})  # fmt: skip
    assert rural.get_json()["error"]["errors"][0]["field"] == "contexto"
    nff = client.post(VALIDATE, headers=ready.headers, json={"documento": "NFF", "operacao": {}})
    assert nff.status_code == 501


ISS_SP = {
    "tipo": "ISS",
    "criterios": {"cod_municipio_incidencia": "3550308", "lc116_prefixo": "17"},
    "resultado": {"aliquota": "5.00"},
    "vigencia_inicio": "2026-01-01",
    "versao": "2026.1",
    "fonte": "Lei municipal SP 13.701/2003 art. 16 (exemplo de teste)",
}
NFSE = {
    "documento": "NFSE",
    "operacao": {
        "data_operacao": "2026-07-01",
        "servico": {"descricao": "Consultoria", "c_trib_nac": "170101", "lc116": "17.01",
                    "valor": "10000.00"},
        "tomador": {"cpf_cnpj": "11222333000181", "nome": "Tomador Exemplo Ltda"},
    },
}  # fmt: skip
"""`/fiscal/validate` takes the NFS-e's issuance JSON (`POST /nfse`) in `operacao`."""


def test_validate_nfse_calculates_and_checks_the_dps_layout(client, rt, sim):
    ready = ready_company(client, rt, sim)
    enable_nfse(rt, ready)
    without_rule = client.post(VALIDATE, headers=ready.headers, json=NFSE)
    error = without_rule.get_json()
    assert without_rule.status_code == 422, error
    assert error["error"]["code"] == "FISCAL_CONFIGURATION_REQUIRED"
    assert error["error"]["missing"] and error["ready_to_issue"] is False

    rule = client.post(API + "/configuracao-fiscal/regras-base", headers=ready.headers, json=ISS_SP)
    assert rule.status_code == 201, rule.get_json()
    answer = client.post(VALIDATE, headers=ready.headers, json=NFSE)
    body = answer.get_json()
    assert answer.status_code == 200, body
    iss = [t for t in body["taxes"]["tributos"] if t["tipo"] == "ISS"]
    assert iss == [{**iss[0], "base": "10000.00", "valor": "500.00"}]  # 10,000.00 × 5 %
    assert body["xml_validado"] is True and body["leiaute"] == "1.01"
    assert body["valid"] is True and body["ready_to_issue"] is True
    assert body["violacoes"] == [] and body["document"]["documento"] == "NFSE"
