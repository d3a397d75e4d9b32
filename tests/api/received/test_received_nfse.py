"""Received national NFS-e (issue 38): an NFS-e another company issues with this one as its
taker comes through the ADN's distribution cursor, is listed with tipo NFSE with its XML and
DANFSe, and its cancellation arrives as an event; the provider's own NFS-e is not received.
The ADN answers 404 when nothing is new: caught up, asked again an hour later."""

from __future__ import annotations

from typing import Any

from flask import Flask

from service.db import transaction
from service.ids import new_id
from service.received.models import Familia
from service.registers.models import Customer
from service.runtime import Runtime
from simulator.testing import SimulatorHandle
from tests.api.nfe.helpers import Ready
from tests.api.nfse.helpers import nfse_body, nfse_ready
from tests.api.received.helpers import MovingClock, dfe_company, distribute, received

API = "/api/v1"


def _taker_customer(rt: Runtime, provider: Ready, taker: Ready) -> None:
    with transaction(rt.sessions) as session:
        session.add(Customer(
            id=new_id("cli"), account_id=provider.account_id, company_id=provider.company_id,
            codigo="TOMA", cpf_cnpj=taker.cnpj, nome="Tomadora Ltda", indicador_ie=9,
            email="tomadora@example.com", logradouro="Rua das Flores", numero="10",
            bairro="Centro", municipio="São Paulo", cod_municipio="3550308", uf="SP",
            cep="01001000",
        ))  # fmt: skip


def test_an_nfse_taken_by_the_company_arrives_and_its_cancellation_follows(
    app: Flask, client: Any, rt: Runtime, sim: SimulatorHandle, moving: MovingClock
) -> None:
    taker = dfe_company(client, rt, sim)
    provider = nfse_ready(client, rt, sim)
    _taker_customer(rt, provider, taker)
    issued = client.post(f"{API}/nfse", headers=provider.headers,
                         json=nfse_body("OS-RECEBIDA", tomador="TOMA"))  # fmt: skip
    assert issued.status_code in (200, 201), issued.get_json()
    body = issued.get_json()
    chave = body["chave_acesso"]
    assert len(chave) == 50

    assert distribute(app, Familia.NFSE) == 2  # the batch, then the 404 of nothing new
    listed = received(client, taker, tipo="NFSE")
    assert [item["chave"] for item in listed["itens"]] == [chave]
    item = listed["itens"][0]
    assert item["situacao"] == "AUTORIZADA" and item["xml_disponivel"] is True
    assert item["emitente_cnpj"] == provider.cnpj and item["valor"]
    xml = client.get(f"{API}/dfe/recebidos/{chave}/xml", headers=taker.headers)
    assert xml.status_code == 200 and b"<NFSe" in xml.data[:200]
    pdf = client.get(f"{API}/dfe/recebidos/{chave}/danfe", headers=taker.headers)
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")
    desacordo = client.post(
        f"{API}/dfe/recebidos/{chave}/desacordo",
        headers=taker.headers,
        json={"observacao": "Serviço não prestado como contratado."},
    )
    assert desacordo.status_code == 422

    cancel = {"justificativa": "Serviço faturado em duplicidade.", "codigo_motivo": 1}
    cancelled = client.post(f"{API}/nfse/{body['id']}/cancelar", headers=provider.headers,
                            json=cancel)  # fmt: skip
    assert cancelled.status_code == 200, cancelled.get_json()
    assert distribute(app, Familia.NFSE) == 0  # caught up (404): not before the hour
    moving.advance(3601)
    assert distribute(app, Familia.NFSE) == 2
    one = client.get(f"{API}/dfe/recebidos/{chave}", headers=taker.headers).get_json()
    assert one["situacao"] == "CANCELADA"
    assert [e["tp_evento"] for e in one["eventos"]] == ["101101"]


def test_the_providers_own_nfse_is_not_received(
    app: Flask, client: Any, rt: Runtime, sim: SimulatorHandle, moving: MovingClock
) -> None:
    provider = nfse_ready(client, rt, sim)
    with transaction(rt.sessions) as session:
        from service.companies.models import Company

        company = session.get(Company, provider.company_id)
        assert company is not None
        company.modulos = sorted({*company.modulos, "dfe"})
    issued = client.post(f"{API}/nfse", headers=provider.headers, json=nfse_body("OS-PROPRIA"))
    assert issued.status_code in (200, 201), issued.get_json()
    distribute(app, Familia.NFSE)
    assert received(client, provider, tipo="NFSE")["total"] == 0
    state = sim.distribution(provider.cnpj, family="nfse")
    assert state  # the ADN did distribute it to its provider
