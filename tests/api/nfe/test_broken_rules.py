"""A stored company rule the engine no longer compiles blocks issuance with a 422 naming it,
never a 500, and nothing is numbered or charged (issue 12, defect 3)."""

from __future__ import annotations

from decimal import Decimal

from service.companies.models import Company
from service.db import transaction
from service.issuance.models import FiscalDocument, NumberSequence, Order
from tests.api.nfe.helpers import balance, count_rows, ledger, nfe_body, ready_to_issue
from tests.factories_config import store_base_rule

API = "/api/v1"
# Stored before conditions were checked for a boolean result: `var` gives the NCM itself.
BROKEN_IBS_CBS = {
    "tipo": "IBS_CBS",
    "criterios": {},
    "condicao": {"var": "ncm"},
    "resultado": {"cst": "000", "cclasstrib": "000001", "ibs_p_uf": "0.10", "cbs_p": "0.90"},
    "vigencia_inicio": "2026-01-01",
    "versao": "1",
    "fonte": "LC 214/2025 (exemplo de teste)",
}


def _operation() -> dict[str, object]:
    body = nfe_body()
    body.pop("pedido")
    return body


def test_a_stored_rule_that_no_longer_compiles_blocks_issuance_naming_it(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    with transaction(rt.sessions) as session:
        company = session.get(Company, ready.company_id)
        session.expunge(company)
    rule_id = store_base_rule(rt, company, BROKEN_IBS_CBS)
    calls = (
        ("/nfe", nfe_body()),
        ("/fiscal/preview", _operation()),
        ("/fiscal/validate", {"documento": "NFE", "operacao": _operation()}),
    )
    for url, body in calls:
        answer = client.post(API + url, headers=ready.headers, json=body)
        payload = answer.get_json()
        assert answer.status_code == 422, (url, payload)
        error = payload["error"]
        assert error["code"] == "FISCAL_CONFIGURATION_REQUIRED", (url, error)
        assert payload["ready_to_issue"] is False
        assert error["motivos"] == ["REGRA_INVALIDA"]
        [detail] = error["details"]
        assert detail["regra_id"] == rule_id and detail["tipo"] == "IBS_CBS"
        assert detail["campo"] == "condicao"
        assert rule_id in error["missing"][0] and "desative" in error["missing"][0]
    for model in (Order, FiscalDocument, NumberSequence):
        assert count_rows(rt, model, company_id=ready.company_id) == 0, model.__name__
    assert [tipo for tipo, _, _ in ledger(rt, ready.account_id)] == ["CREDITO_ADMIN"]
    assert balance(rt, ready.account_id) == Decimal("100.00")
    # The way out the answer names: deactivate the rule, and the company issues again.
    url = f"{API}/configuracao-fiscal/regras-base/{rule_id}"
    assert client.delete(url, headers=ready.headers).status_code == 200
    issued = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    assert issued.status_code in (200, 201), issued.get_json()
