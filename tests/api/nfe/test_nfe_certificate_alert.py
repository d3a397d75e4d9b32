"""A certificate refused by a TLS alert after the handshake is not delivered (issue 40).

Under TLS 1.3 the authority checks our certificate after our side of the handshake ended, so its
refusal arrives as an alert on the write or on the first read. A certificate from another CA
bearing the trusted CA's very name gets `TLSV1_ALERT_DECRYPT_ERROR` (the server finds its CA by
that name and the signature fails). Nothing was delivered: 502 NAO_ENVIADA, as for a refused
handshake, never an uncertain answer left PENDENTE and looked up for an hour.
"""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import select

from service.db import transaction
from service.issuance.models import FiscalDocument
from simulator import pki
from tests.api.nfe.helpers import (
    A1_PASSWORD,
    balance,
    nfe_body,
    ready_to_issue,
    upload_a1,
    upload_trusted_a1,
)

API = "/api/v1"


def _statuses(rt, company_id: str) -> list[str]:
    with transaction(rt.sessions) as session:
        query = select(FiscalDocument.status).where(FiscalDocument.company_id == company_id)
        return list(session.execute(query).scalars())


def _namesake_a1(cnpj: str) -> bytes:
    """An A1 for `cnpj` from a CA that has the simulator CA's subject name but another key."""
    namesake = pki.create_ca()
    return pki.issue_a1(namesake, cnpj=cnpj, name="EMPRESA HOMONIMA", password=A1_PASSWORD)


def test_certificate_of_a_namesake_ca_is_refused_not_uncertain(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    upload_a1(client, ready, _namesake_a1(ready.cnpj))
    refused = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    error = refused.get_json()
    assert refused.status_code == 502, error
    assert error["status"] == "NAO_ENVIADA"
    assert error["error"]["code"] == "AUTORIDADE_RECUSOU_CERTIFICADO"
    assert error["error"]["causa"] == "TLS_REJECTED"
    assert "EMPRESA HOMONIMA" in error["error"]["message"]
    assert "PENDENTE" not in _statuses(rt, ready.company_id)
    assert balance(rt, ready.account_id) == Decimal("100.00")

    upload_trusted_a1(client, sim, ready)
    resent = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    assert resent.status_code == 200, resent.get_json()
    assert resent.get_json()["chave"] == error["chave"]
