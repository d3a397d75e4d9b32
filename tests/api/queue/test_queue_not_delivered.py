"""The queue and requests that never reached the authority (issue 13 item 1): a refused
certificate needs a person (ACAO_NECESSARIA, nothing charged, nothing to query); an unreachable
authority is a temporary failure retried by sending again, never a PENDENTE to reconcile."""

from __future__ import annotations

from decimal import Decimal

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
from tests.api.queue.conftest import QUEUE_SETTINGS
from tests.api.queue.helpers import API, path, settle

ASYNC = {"Prefer": "respond-async"}


def _queue(client, ready, body):
    answer = client.post(API + "/nfe", headers={**ready.headers, **ASYNC}, json=body)
    assert answer.status_code == 202, answer.get_json()
    return answer.get_json()["solicitacao_id"]


def test_refused_certificate_needs_action_then_reprocess_authorizes(app, client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    subject = upload_untrusted_a1(client, ready)
    task_id = _queue(client, ready, nfe_body())
    stuck = settle(app, client, ready.headers, task_id)
    assert stuck["status"] == "ACAO_NECESSARIA", stuck
    assert stuck["ultimo_erro"]["codigo"] == "AUTORIDADE_RECUSOU_CERTIFICADO"
    assert subject in stuck["ultimo_erro"]["mensagem"]
    assert "AGUARDANDO_RETORNO" not in path(stuck)
    assert stuck["documento_status"] == "NAO_ENVIADA"
    wallet = client.get(API + "/financeiro/saldo", headers=ready.headers).get_json()
    assert wallet["saldo_reservado"] == "0.00" and wallet["saldo"] == "100.00"
    upload_trusted_a1(client, sim, ready)
    url = f"{API}/fiscal/solicitacoes/{task_id}"
    assert client.post(url + "/reprocessar", headers=ready.headers).status_code == 200
    done = settle(app, client, ready.headers, task_id, until={"AUTORIZADA"})
    assert (done["documento_id"], done["chave"]) == (stuck["documento_id"], stuck["chave"])
    debits = [e for e in ledger(rt, ready.account_id) if e[0] == "DEBITO_EMISSAO"]
    assert debits == [("DEBITO_EMISSAO", Decimal("-0.20"), done["documento_id"])]
    assert balance(rt, ready.account_id) == Decimal("99.80")


def test_unreachable_authority_is_retried_by_sending_never_by_query(app_factory, sim, backend):
    url = f"https://127.0.0.1:{closed_port()}"
    app = app_factory(
        **authority_settings(sim, authority_url=url),
        queue_inprocess=backend == "sqlite",
        **QUEUE_SETTINGS,
    )
    client, rt = app.test_client(), app.extensions["fiscal"]
    ready = ready_to_issue(client, rt, sim)
    task_id = _queue(client, ready, nfe_body())
    gave_up = settle(app, client, ready.headers, task_id)
    assert gave_up["status"] == "ACAO_NECESSARIA", gave_up
    steps = path(gave_up)
    assert "AGUARDANDO_RETORNO" not in steps and steps.count("FALHA_TEMPORARIA") >= 2
    assert gave_up["ultimo_erro"]["codigo"] == "AUTORIDADE_INACESSIVEL"
    assert gave_up["documento_status"] == "NAO_ENVIADA"
    assert balance(rt, ready.account_id) == Decimal("100.00")
    wallet = client.get(API + "/financeiro/saldo", headers=ready.headers).get_json()
    assert wallet["saldo_reservado"] == "0.00"


def test_async_request_for_an_order_left_not_sent_by_a_sync_one_sends_it(app, client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    upload_untrusted_a1(client, ready)
    refused = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    assert refused.status_code == 502, refused.get_json()
    upload_trusted_a1(client, sim, ready)
    task_id = _queue(client, ready, nfe_body())
    done = settle(app, client, ready.headers, task_id)
    assert done["status"] == "AUTORIZADA", done
    assert (done["documento_id"], done["chave"]) == (
        refused.get_json()["id"],
        refused.get_json()["chave"],
    )
    assert balance(rt, ready.account_id) == Decimal("99.80")
