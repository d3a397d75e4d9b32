"""A customer without address names itself and the missing fields (issue 13)."""

from __future__ import annotations

from service.issuance.models import Order
from tests.api.nfe.helpers import add_customer, count_rows, nfe_body, ready_to_issue

API = "/api/v1"


def _configuration_required(answer):
    body = answer.get_json()
    assert answer.status_code == 422, body
    assert body["error"]["code"] == "FISCAL_CONFIGURATION_REQUIRED"
    return body["error"]


def test_registered_customer_without_address_is_named_with_its_missing_fields(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    add_customer(rt, ready, "C2", with_address=False)
    answer = client.post(API + "/nfe", headers=ready.headers, json=nfe_body(cliente="C2"))
    error = _configuration_required(answer)
    assert error["missing"] == ["cliente.C2.endereco"]
    assert error["motivos"] == ["CLIENTE_SEM_ENDERECO"]
    message = error["message"]
    assert "C2" in message and "Maria da Silva" in message
    for name in ("logradouro", "numero", "bairro", "municipio", "cod_municipio", "uf"):
        assert name in message, message
    assert count_rows(rt, Order, company_id=ready.company_id) == 0


def test_inline_customer_without_address_is_named_too(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    inline = {"cpf_cnpj": "52998224725", "nome": "João Souza"}
    answer = client.post(API + "/nfe", headers=ready.headers, json=nfe_body(cliente=inline))
    error = _configuration_required(answer)
    assert error["missing"] == ["cliente.52998224725.endereco"]
    assert "João Souza" in error["message"] and "endereco" in error["message"]
