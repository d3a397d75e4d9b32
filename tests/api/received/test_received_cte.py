"""Received CT-e (issue 38): a CT-e another company issues naming this one as its taker comes
through the CTeDistribuicaoDFe cursor, is listed with tipo CTE, gives its cteProc and DACTE, and
takes the taker's desacordo (610110) sent with the company's certificate."""

from __future__ import annotations

from typing import Any

from flask import Flask

from service.received.models import Familia
from service.runtime import Runtime
from simulator.testing import SimulatorHandle
from tests.api.cte.helpers import cte_body, cte_ready
from tests.api.nfe.helpers import Ready
from tests.api.received.helpers import MovingClock, dfe_company, distribute, received

API = "/api/v1"
NOTE = {"observacao": "Mercadoria entregue com avaria, frete contestado."}


def _taker(ready: Ready) -> dict[str, Any]:
    return {"cpf_cnpj": ready.cnpj, "nome": "Compradora Tomadora Ltda", "ie": "110042490114",
            "endereco": {"logradouro": "Rua A", "numero": "1", "bairro": "Centro",
                         "cod_municipio": "3550308", "municipio": "São Paulo", "uf": "SP",
                         "cep": "01001000"}}  # fmt: skip


def issue_cte_to(client: Any, carrier: Ready, taker: Ready, pedido: str) -> dict[str, Any]:
    """The carrier's authorized CT-e with `taker` as its taker (toma4)."""
    answer = client.post(f"{API}/cte", headers=carrier.headers,
                         json=cte_body(pedido, tomador=_taker(taker)))  # fmt: skip
    body: dict[str, Any] = answer.get_json()
    assert answer.status_code in (200, 201) and body["status"] == "AUTORIZADA", body
    return body


def test_a_cte_naming_the_company_as_taker_arrives_and_takes_a_desacordo(
    app: Flask, client: Any, rt: Runtime, sim: SimulatorHandle, moving: MovingClock
) -> None:
    taker = dfe_company(client, rt, sim)
    carrier = cte_ready(client, rt, sim)
    issued = issue_cte_to(client, carrier, taker, "FRETE-RECEBIDO")
    other = issue_cte_to(client, carrier, carrier, "FRETE-ALHEIO")  # not this company's
    chave = issued["chave"]

    assert distribute(app, Familia.CTE) == 1
    listed = received(client, taker, tipo="CTE")
    assert [item["chave"] for item in listed["itens"]] == [chave]
    item = listed["itens"][0]
    assert item["tipo"] == "CTE" and item["situacao"] == "AUTORIZADA"
    assert item["emitente_cnpj"] == carrier.cnpj and item["valor"] == "1000.00"
    assert item["xml_disponivel"] is True
    assert received(client, taker, tipo="NFE")["total"] == 0
    assert other["chave"] not in {i["chave"] for i in received(client, taker)["itens"]}
    xml = client.get(f"{API}/dfe/recebidos/{chave}/xml", headers=taker.headers)
    assert xml.status_code == 200 and xml.data.startswith(b"<cteProc")
    pdf = client.get(f"{API}/dfe/recebidos/{chave}/danfe", headers=taker.headers)
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")

    short = client.post(f"{API}/dfe/recebidos/{chave}/desacordo", headers=taker.headers,
                        json={"observacao": "curta"})  # fmt: skip
    assert short.status_code == 422
    answer = client.post(f"{API}/dfe/recebidos/{chave}/desacordo", headers=taker.headers,
                         json=NOTE)  # fmt: skip
    assert answer.status_code == 200, answer.get_json()
    events = answer.get_json()["eventos"]
    assert [e["tp_evento"] for e in events] == ["610110"] and events[0]["protocolo"]
    again = client.post(f"{API}/dfe/recebidos/{chave}/desacordo", headers=taker.headers,
                        json=NOTE)  # fmt: skip
    assert again.status_code == 422 and "já foi registrado" in str(again.get_json())


def test_no_desacordo_on_a_received_nfe_nor_by_a_party_that_is_not_the_taker(
    app: Flask, client: Any, rt: Runtime, sim: SimulatorHandle, moving: MovingClock
) -> None:
    from tests.api.received.helpers import issue_to

    company = dfe_company(client, rt, sim)
    nfe = issue_to(sim, company.cnpj)
    distribute(app)
    refused = client.post(f"{API}/dfe/recebidos/{nfe}/desacordo", headers=company.headers,
                          json=NOTE)  # fmt: skip
    assert refused.status_code == 422 and "CT-e" in str(refused.get_json())

    carrier = cte_ready(client, rt, sim)
    body = cte_body("FRETE-DEST", destinatario="DEST", tomador="remetente")
    body["destinatario"] = _taker(company) | {"nome": "Destinatária Ltda"}
    answer = client.post(f"{API}/cte", headers=carrier.headers, json=body)
    assert answer.status_code in (200, 201), answer.get_json()
    distribute(app, Familia.CTE)
    chave = answer.get_json()["chave"]
    listed = received(client, company, tipo="CTE")
    assert [item["chave"] for item in listed["itens"]] == [chave]  # a party named: received
    not_taker = client.post(f"{API}/dfe/recebidos/{chave}/desacordo", headers=company.headers,
                            json=NOTE)  # fmt: skip
    assert not_taker.status_code == 422 and "tomador" in str(not_taker.get_json())


def test_the_danfe_of_a_received_nfe_once_its_whole_xml_came(
    app: Flask, client: Any, rt: Runtime, sim: SimulatorHandle, moving: MovingClock
) -> None:
    from tests.api.received.helpers import issue_to

    company = dfe_company(client, rt, sim)
    chave = issue_to(sim, company.cnpj)
    distribute(app)
    url = f"{API}/dfe/recebidos/{chave}/danfe"
    summary_only = client.get(url, headers=company.headers)
    assert summary_only.status_code == 409
    assert summary_only.get_json()["error"]["code"] == "XML_INDISPONIVEL"
    aware = client.post(f"{API}/dfe/recebidos/{chave}/manifestacao", headers=company.headers,
                        json={"tipo": "ciencia"})  # fmt: skip
    assert aware.status_code == 200, aware.get_json()

    moving.advance(3601)
    distribute(app)
    pdf = client.get(url, headers=company.headers)
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")
    assert pdf.headers["Content-Type"] == "application/pdf"
    assert client.get(f"{API}/dfe/recebidos/{'3' * 44}/danfe",
                      headers=company.headers).status_code == 404  # fmt: skip
