"""A seller that is a company of the service itself: it issues an NF-e to the buyer's CNPJ and
cancels it through the API, so the cancellation reaches the buyer's distribution."""

from __future__ import annotations

from typing import Any

from service.db import transaction
from service.ids import new_id
from service.registers.models import Customer
from service.runtime import Runtime
from simulator.testing import SimulatorHandle
from tests.api.nfe.helpers import Ready, nfe_body, ready_to_issue

BUYER = "COMPRADOR"


def _buyer(rt: Runtime, seller: Ready, cnpj: str) -> None:
    with transaction(rt.sessions) as session:
        session.add(Customer(
            id=new_id("cli"), account_id=seller.account_id, company_id=seller.company_id,
            codigo=BUYER, cpf_cnpj=cnpj, nome="Comprador Ltda", indicador_ie=9,
            logradouro="Rua das Flores", numero="10", bairro="Centro", municipio="São Paulo",
            cod_municipio="3550308", uf="SP", cep="01001000",
        ))  # fmt: skip


def issue_through_the_service(
    client: Any, rt: Runtime, sim: SimulatorHandle, buyer_cnpj: str
) -> tuple[Ready, str, str]:
    """(seller, document id, key) of an authorized NF-e to `buyer_cnpj`."""
    seller = ready_to_issue(client, rt, sim)
    _buyer(rt, seller, buyer_cnpj)
    answer = client.post("/api/v1/nfe", headers=seller.headers,
                         json=nfe_body("VENDA-1", cliente=BUYER))  # fmt: skip
    body = answer.get_json()
    assert answer.status_code in (200, 201) and body["status"] == "AUTORIZADA", body
    return seller, str(body["id"]), str(body["chave"])


def cancel(client: Any, seller: Ready, document_id: str) -> None:
    reason = {"justificativa": "Pedido cancelado pelo cliente antes da entrega"}
    url = f"/api/v1/nfe/{document_id}/cancelamento"
    answer = client.post(url, headers=seller.headers, json=reason)
    assert answer.status_code in (200, 201), answer.get_json()
