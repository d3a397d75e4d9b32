"""A request that never reached the authority is not uncertain (issue 13 item 1).

A certificate the authority does not trust, a closed port: nothing was delivered, so the answer
names what failed, nothing is charged, nothing is left PENDENTE, and the same order can be sent
again once fixed, keeping its number and key.
"""

from __future__ import annotations

from decimal import Decimal

from service.issuance.models import FiscalDocument
from tests.api.nfe.helpers import (
    authority_settings,
    balance,
    closed_port,
    ledger,
    nfe_body,
    ready_to_issue,
    upload_trusted_a1,
    upload_untrusted_a1,
)

API = "/api/v1"


def _statuses(rt, company_id: str) -> list[str]:
    from sqlalchemy import select

    from service.db import transaction

    with transaction(rt.sessions) as session:
        query = select(FiscalDocument.status).where(FiscalDocument.company_id == company_id)
        return list(session.execute(query).scalars())


def test_refused_certificate_names_it_charges_nothing_and_the_order_resends(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    subject = upload_untrusted_a1(client, ready)
    refused = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    error = refused.get_json()
    assert refused.status_code == 502, error
    assert error["error"]["code"] == "AUTORIDADE_RECUSOU_CERTIFICADO"
    assert subject in error["error"]["message"]
    assert "AC TESTE DOCUMENTOS" in error["error"]["message"]
    assert error["error"]["certificado"]["cnpj"] == ready.cnpj
    assert error["status"] == "NAO_ENVIADA"
    assert balance(rt, ready.account_id) == Decimal("100.00")
    assert [e[0] for e in ledger(rt, ready.account_id)] == ["CREDITO_ADMIN"]
    assert "PENDENTE" not in _statuses(rt, ready.company_id)
    shown = client.get(f"{API}/nfe/{error['id']}", headers=ready.headers).get_json()
    assert shown["status"] == "NAO_ENVIADA"

    upload_trusted_a1(client, sim, ready)
    resent = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    data = resent.get_json()
    assert resent.status_code == 200, data
    assert data["status"] == "AUTORIZADA"
    assert (data["numero"], data["chave"]) == (error["numero"], error["chave"])
    debits = [e for e in ledger(rt, ready.account_id) if e[0] == "DEBITO_EMISSAO"]
    assert debits == [("DEBITO_EMISSAO", Decimal("-0.20"), data["id"])]
    assert balance(rt, ready.account_id) == Decimal("99.80")
    assert _statuses(rt, ready.company_id) == ["AUTORIZADA"]


def test_connection_refused_is_not_uncertain(app_factory, sim):
    app = app_factory(**authority_settings(sim, authority_url=f"https://127.0.0.1:{closed_port()}"))
    client, rt = app.test_client(), app.extensions["fiscal"]
    ready = ready_to_issue(client, rt, sim)
    refused = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    error = refused.get_json()
    assert refused.status_code == 503, error
    assert error["error"]["code"] == "AUTORIDADE_INACESSIVEL"
    assert error["status"] == "NAO_ENVIADA"
    assert balance(rt, ready.account_id) == Decimal("100.00")
    assert "PENDENTE" not in _statuses(rt, ready.company_id)
    again = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    assert again.status_code == 503, again.get_json()
    assert again.get_json()["numero"] == error["numero"]
    assert again.get_json()["chave"] == error["chave"]


JUSTIFICATIVA = "Numeracao pulada por falha no sistema emissor"


def test_events_and_voiding_refused_in_the_handshake_leave_nothing_pending(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    issued = client.post(API + "/nfe", headers=ready.headers, json=nfe_body()).get_json()
    assert issued["status"] == "AUTORIZADA", issued
    subject = upload_untrusted_a1(client, ready)
    url = f"{API}/nfe/{issued['id']}"
    for route, body in (
        ("/cancelamento", {"justificativa": JUSTIFICATIVA}),
        ("/cce", {"correcao": "Corrige o endereco de entrega do destinatario"}),
    ):
        refused = client.post(url + route, headers=ready.headers, json=body)
        error = refused.get_json()
        assert refused.status_code == 502, error
        assert error["error"]["code"] == "AUTORIDADE_RECUSOU_CERTIFICADO"
        assert subject in error["error"]["message"]
    events = client.get(url + "/eventos", headers=ready.headers).get_json()["eventos"]
    assert events == []
    voiding = {"modelo": 55, "numero_inicial": 2, "justificativa": JUSTIFICATIVA}
    refused = client.post(API + "/inutilizacao", headers=ready.headers, json=voiding)
    assert refused.status_code == 502, refused.get_json()
    assert refused.get_json()["status"] == "NAO_ENVIADA"

    upload_trusted_a1(client, sim, ready)
    voided = client.post(API + "/inutilizacao", headers=ready.headers, json=voiding)
    assert voided.status_code == 200, voided.get_json()
    cancelled = client.post(
        url + "/cancelamento", headers=ready.headers, json={"justificativa": JUSTIFICATIVA}
    )
    assert cancelled.status_code == 200, cancelled.get_json()
    assert cancelled.get_json()["status"] == "CANCELADA"
