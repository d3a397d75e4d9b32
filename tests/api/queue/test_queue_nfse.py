"""The NFS-e through the fiscal queue (in-process worker on SQLite, rq on Redis with
PostgreSQL): `Prefer: respond-async` on POST /nfse and `POST /fiscal/solicitacoes` with
`documento: NFSE` behave as for NF-e, with the NFS-e's own scope and override rules."""

from __future__ import annotations

from decimal import Decimal

from tests.api.nfe.helpers import balance, ledger
from tests.api.nfse.helpers import nfse_body, nfse_ready
from tests.api.queue.helpers import API, settle
from tests.factories import auth, make_key

ASYNC = {"Prefer": "respond-async"}


def test_async_nfse_is_queued_then_authorized_and_charged_once(app, client, rt, sim):
    ready = nfse_ready(client, rt, sim)
    answer = client.post(f"{API}/nfse", headers={**ready.headers, **ASYNC}, json=nfse_body())
    assert answer.status_code == 202, answer.get_json()
    assert answer.get_json()["documento"] == "NFSE"
    done = settle(app, client, ready.headers, answer.get_json()["solicitacao_id"])
    assert done["status"] == "AUTORIZADA", done
    document = client.get(f"{API}/nfse/{done['documento_id']}", headers=ready.headers).get_json()
    assert document["status"] == "AUTORIZADA" and len(document["chave_acesso"]) == 50
    assert document["valor_iss"] == 30.0
    assert ledger(rt, ready.account_id)[-1] == (
        "DEBITO_EMISSAO", Decimal("-0.20"), done["documento_id"])  # fmt: skip
    assert balance(rt, ready.account_id) == Decimal("99.80")


def test_solicitacoes_with_nfse_needs_its_scope_and_its_override_rules(app, client, rt, sim):
    ready = nfse_ready(client, rt, sim)
    body = {"documento": "NFSE", **nfse_body("OS-FILA")}
    emitir_only = make_key(rt, ready.account_id, scopes=["emitir", "consultar"])
    denied = client.post(f"{API}/fiscal/solicitacoes", headers=auth(emitir_only), json=body)
    assert (denied.status_code, denied.get_json()["error"]["code"]) == (403, "FORBIDDEN")
    declared = {**body, "servico": {"codigo": "S1", "iss_retido": True}}
    no_reason = client.post(f"{API}/fiscal/solicitacoes", headers=ready.headers, json=declared)
    assert no_reason.status_code == 422
    assert no_reason.get_json()["error"]["errors"][0]["field"] == "override_motivo"
    queued = client.post(f"{API}/fiscal/solicitacoes", headers=ready.headers, json=body)
    assert queued.status_code == 202, queued.get_json()
    done = settle(app, client, ready.headers, queued.get_json()["solicitacao_id"])
    assert done["status"] == "AUTORIZADA" and done["documento"] == "NFSE"
