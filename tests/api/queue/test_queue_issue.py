"""The fiscal queue end to end: `Prefer: respond-async` and `/fiscal/solicitacoes`, worked by the
in-process worker (SQLite) or real rq workers on Redis (PostgreSQL), against the simulator."""

from __future__ import annotations

import time
from decimal import Decimal
from typing import Any

from service.issuance.models import FiscalDocument
from tests.api.nfe.helpers import (
    add_customer,
    add_product,
    balance,
    count_rows,
    ledger,
    nfe_body,
    ready_company,
    ready_to_issue,
)
from tests.api.queue.helpers import API, path, settle, task

ASYNC = {"Prefer": "respond-async"}


def _queue(client, ready, body, route="/nfe"):
    return client.post(API + route, headers={**ready.headers, **ASYNC}, json=body)


def test_async_nfe_is_queued_then_authorized_and_charged_once(app, client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    answer = _queue(client, ready, nfe_body())
    body = answer.get_json()
    assert answer.status_code == 202, body
    assert body["solicitacao_id"].startswith("sol_") and body["documento"] == "NFE"
    assert answer.headers["Location"] == f"/api/v1/fiscal/solicitacoes/{body['solicitacao_id']}"
    assert answer.headers["Preference-Applied"] == "respond-async"
    done = settle(app, client, ready.headers, body["solicitacao_id"])
    assert done["status"] == "AUTORIZADA", done
    assert path(done) == ["RECEBIDA", "AGUARDANDO_TRANSMISSAO", "TRANSMITINDO", "AUTORIZADA"]
    assert done["documento_status"] == "AUTORIZADA" and len(done["chave"]) == 44
    assert done["tentativas"] == 1 and done["ultimo_erro"] is None
    document = client.get(f"{API}/nfe/{done['documento_id']}", headers=ready.headers).get_json()
    assert document["status"] == "AUTORIZADA" and document["pedido"] == "PED-1"
    assert ledger(rt, ready.account_id)[-1] == (
        "DEBITO_EMISSAO",
        Decimal("-0.20"),
        done["documento_id"],
    )
    assert balance(rt, ready.account_id) == Decimal("99.80")
    wallet = client.get(API + "/financeiro/saldo", headers=ready.headers).get_json()
    assert wallet["saldo_reservado"] == "0.00"
    authorized = [d for d in sim.state()["documents"] if d["chave"] == done["chave"]]
    assert len(authorized) == 1


def test_replay_answers_the_same_task_and_changed_content_is_refused(idle_app, sim):
    client, rt = idle_app.test_client(), idle_app.extensions["fiscal"]
    ready = ready_to_issue(client, rt, sim)
    first = _queue(client, ready, nfe_body()).get_json()
    again = _queue(client, ready, nfe_body())
    assert again.status_code == 202 and again.headers["Idempotent-Replay"] == "true"
    assert again.get_json()["solicitacao_id"] == first["solicitacao_id"]
    changed = _queue(client, ready, nfe_body(itens=[{"codigo": "P1", "quantidade": 3}]))
    assert changed.status_code == 422
    assert changed.get_json()["error"]["code"] == "IDEMPOTENCY_KEY_REUSED"
    wallet = client.get(API + "/financeiro/saldo", headers=ready.headers).get_json()
    assert wallet["saldo_reservado"] == "0.20" and wallet["saldo"] == "100.00"
    sync = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    assert sync.status_code == 409
    assert sync.get_json()["solicitacao_id"] == first["solicitacao_id"]


def test_cancel_before_transmission_releases_the_hold(idle_app, sim):
    client, rt = idle_app.test_client(), idle_app.extensions["fiscal"]
    ready = ready_to_issue(client, rt, sim)
    queued = _queue(client, ready, nfe_body()).get_json()
    url = f"{API}/fiscal/solicitacoes/{queued['solicitacao_id']}"
    cancelled = client.post(url + "/cancelar", headers=ready.headers)
    assert cancelled.status_code == 200, cancelled.get_json()
    assert cancelled.get_json()["status"] == "CANCELADA"
    assert path(cancelled.get_json()) == ["RECEBIDA", "CANCELADA"]
    again = client.post(url + "/cancelar", headers=ready.headers)
    assert again.status_code == 409
    assert again.get_json()["error"]["code"] == "SOLICITACAO_NAO_CANCELAVEL"
    wallet = client.get(API + "/financeiro/saldo", headers=ready.headers).get_json()
    assert wallet["saldo_reservado"] == "0.00" and wallet["saldo"] == "100.00"
    assert ledger(rt, ready.account_id)[-1][0] != "DEBITO_EMISSAO"


def test_solicitacoes_endpoint_queues_nfce_and_refuses_unknown_documents(app, client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    body = {
        "documento": "NFCE",
        "pedido": "CUPOM-9",
        "itens": [{"codigo": "P1", "quantidade": 1}],
        "pagamento": [{"forma": "dinheiro", "valor": "20.00"}],
    }
    answer = client.post(API + "/fiscal/solicitacoes", headers=ready.headers, json=body)
    assert answer.status_code == 202, answer.get_json()
    done = settle(app, client, ready.headers, answer.get_json()["solicitacao_id"])
    assert done["status"] == "AUTORIZADA" and done["documento"] == "NFCE"
    nff = client.post(
        API + "/fiscal/solicitacoes",
        headers=ready.headers,
        json={"documento": "NFF", "pedido": "S-1"},
    )
    assert nff.status_code == 422  # every document the spec names is issued now
    assert nff.get_json()["error"]["errors"][0]["field"] == "documento"
    bad = client.post(API + "/fiscal/solicitacoes", headers=ready.headers, json={"pedido": "X"})
    assert bad.status_code == 422


def test_insufficient_balance_is_refused_at_acceptance(idle_app, sim):
    client, rt = idle_app.test_client(), idle_app.extensions["fiscal"]
    ready = ready_to_issue(client, rt, sim, credits="0.30")
    assert _queue(client, ready, nfe_body("A")).status_code == 202
    refused = _queue(client, ready, nfe_body("B"))
    assert refused.status_code == 402
    assert refused.get_json()["error"]["code"] == "SALDO_INSUFICIENTE"


def test_a_queued_request_holding_the_last_credit_is_issued(app, client, rt, sim):
    """Its hold is its own: the worker's claim must not count it against the order (before,
    an account with exactly the price left refused its own queued NF-e with 402)."""
    ready = ready_to_issue(client, rt, sim, credits="0.20")
    answer = _queue(client, ready, nfe_body("ULTIMO"))
    assert answer.status_code == 202, answer.get_json()
    done = settle(app, client, ready.headers, answer.get_json()["solicitacao_id"])
    assert done["status"] == "AUTORIZADA", done
    assert balance(rt, ready.account_id) == Decimal("0.00")
    assert ledger(rt, ready.account_id)[-1][:2] == ("DEBITO_EMISSAO", Decimal("-0.20"))


def test_rejection_is_final_refunded_and_a_corrected_resend_reopens_the_task(app, client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    sim.set_fault(
        "reject",
        scope=f"cnpj:{ready.cnpj}",
        code="778",
        reason="Rejeicao: Informado NCM inexistente",
        times=1,
    )
    queued = _queue(client, ready, nfe_body()).get_json()
    done = settle(app, client, ready.headers, queued["solicitacao_id"])
    assert done["status"] == "REJEITADA", done
    assert done["ultimo_erro"]["codigo"] == "778"
    kinds = [entry[0] for entry in ledger(rt, ready.account_id)]
    assert kinds.count("DEBITO_EMISSAO") == 1 and kinds.count("ESTORNO") == 1
    retry = _queue(client, ready, nfe_body(itens=[{"codigo": "P1", "quantidade": 3}]))
    assert retry.status_code == 202 and retry.get_json()["solicitacao_id"] == done["solicitacao_id"]
    again = settle(app, client, ready.headers, done["solicitacao_id"])
    assert again["status"] == "AUTORIZADA" and again["numero"] == done["numero"]
    assert path(again)[-5:] == [
        "REJEITADA",
        "RECEBIDA",
        "AGUARDANDO_TRANSMISSAO",
        "TRANSMITINDO",
        "AUTORIZADA",
    ]


def test_missing_configuration_needs_action_then_reprocess_authorizes(app, client, rt, sim):
    ready = ready_company(client, rt, sim)
    add_product(rt, ready, ncm=None)
    add_customer(rt, ready)
    queued = _queue(client, ready, nfe_body()).get_json()
    stuck = settle(app, client, ready.headers, queued["solicitacao_id"])
    assert stuck["status"] == "ACAO_NECESSARIA", stuck
    assert stuck["ultimo_erro"]["codigo"] == "FISCAL_CONFIGURATION_REQUIRED"
    assert stuck["ultimo_erro"]["missing"] and stuck["documento_id"] is None
    wallet = client.get(API + "/financeiro/saldo", headers=ready.headers).get_json()
    assert wallet["saldo_reservado"] == "0.00"
    _fix_ncm(rt, ready)
    url = f"{API}/fiscal/solicitacoes/{queued['solicitacao_id']}"
    assert client.post(url + "/reprocessar", headers=ready.headers).status_code == 200
    done = settle(app, client, ready.headers, queued["solicitacao_id"], until={"AUTORIZADA"})
    assert "ACAO_NECESSARIA" in path(done) and done["tentativas"] == 1
    not_again = client.post(url + "/reprocessar", headers=ready.headers)
    assert not_again.status_code == 409


def _fix_ncm(rt, ready):
    from sqlalchemy import update

    from service.companies.revision import bump
    from service.db import transaction
    from service.registers.models import Product

    with transaction(rt.sessions) as session:
        session.execute(
            update(Product).where(Product.company_id == ready.company_id).values(ncm="22021000")
        )
        bump(session, [ready.company_id])  # a Core write: the register caches must hear it


def test_temporary_faults_are_retried_with_backoff_and_never_656(app, client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    sim.set_fault(
        "http_error", scope=f"cnpj:{ready.cnpj}", service="NFeAutorizacao4", status=503, times=2
    )
    queued = _queue(client, ready, nfe_body()).get_json()
    done = settle(app, client, ready.headers, queued["solicitacao_id"])
    assert done["status"] == "AUTORIZADA", done
    assert path(done).count("FALHA_TEMPORARIA") == 2 and done["tentativas"] == 3
    state = sim.state()
    assert [d for d in state["documents"] if d["chave"] == done["chave"]]
    assert state["queries"].get(done["chave"], 0) <= 6
    assert count_rows(rt, FiscalDocument, pedido="PED-1", company_id=ready.company_id) == 1


def test_answer_lost_after_authorization_is_resolved_by_query(app, client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    sim.set_fault(
        "drop_after_processing", scope=f"cnpj:{ready.cnpj}", service="NFeAutorizacao4", times=1
    )
    queued = _queue(client, ready, nfe_body()).get_json()
    done = settle(app, client, ready.headers, queued["solicitacao_id"])
    assert done["status"] == "AUTORIZADA", done
    assert "AGUARDANDO_RETORNO" in path(done) and done["tentativas"] == 1
    assert len([d for d in sim.state()["documents"] if d["chave"] == done["chave"]]) == 1
    kinds = [entry[0] for entry in ledger(rt, ready.account_id)]
    assert kinds.count("DEBITO_EMISSAO") == 1 and "ESTORNO" not in kinds


def test_not_received_is_believed_after_the_tolerance_then_the_same_xml_is_resent(
    app, client, rt, sim
):
    ready = ready_to_issue(client, rt, sim)
    sim.set_fault(
        "timeout", scope=f"cnpj:{ready.cnpj}", service="NFeAutorizacao4", seconds=0.1, times=1
    )
    queued = _queue(client, ready, nfe_body()).get_json()
    done = settle(app, client, ready.headers, queued["solicitacao_id"])
    assert done["status"] == "AUTORIZADA", done
    steps = path(done)
    assert steps.count("TRANSMITINDO") == 2 and "AGUARDANDO_RETORNO" in steps
    assert done["tentativas"] == 2
    assert count_rows(rt, FiscalDocument, pedido="PED-1", company_id=ready.company_id) == 1
    assert sim.state()["queries"].get(done["chave"], 0) >= 2


def test_a_synchronous_pending_document_is_adopted_and_reconciled(app, client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    sim.set_fault(
        "drop_after_processing", scope=f"cnpj:{ready.cnpj}", service="NFeAutorizacao4", times=1
    )
    pending = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    assert pending.status_code == 202 and pending.get_json()["status"] == "PENDENTE"
    from service.db import utcnow
    from service.queue.operations import adopt_orphans

    with app.app_context():
        assert adopt_orphans(utcnow()) == 1
        assert adopt_orphans(utcnow()) == 0
    listed = client.get(API + "/fiscal/solicitacoes?pedido=PED-1", headers=ready.headers)
    [item] = listed.get_json()["itens"]
    assert item["origem"] == "RECONCILIACAO"
    done = settle(app, client, ready.headers, item["solicitacao_id"])
    assert done["status"] == "AUTORIZADA"
    shown = client.get(f"{API}/nfe/{pending.get_json()['id']}", headers=ready.headers)
    assert shown.get_json()["status"] == "AUTORIZADA"


def test_tasks_are_listed_filtered_and_private(idle_app, sim):
    client, rt = idle_app.test_client(), idle_app.extensions["fiscal"]
    ready = ready_to_issue(client, rt, sim)
    other = ready_to_issue(client, rt, sim)
    mine = _queue(client, ready, nfe_body("A")).get_json()
    _queue(client, ready, nfe_body("B"))
    listed = client.get(API + "/fiscal/solicitacoes?pedido=A", headers=ready.headers).get_json()
    assert [t["solicitacao_id"] for t in listed["itens"]] == [mine["solicitacao_id"]]
    everything = client.get(API + "/fiscal/solicitacoes?status=RECEBIDA", headers=ready.headers)
    assert everything.get_json()["total"] == 2
    foreign = client.get(
        f"{API}/fiscal/solicitacoes/{mine['solicitacao_id']}", headers=other.headers
    )
    assert foreign.status_code == 404
    assert foreign.get_json()["error"]["code"] == "SOLICITACAO_NAO_ENCONTRADA"
    assert task(client, ready.headers, mine["solicitacao_id"])["historico"][0]["de"] is None


def test_concurrent_identical_requests_make_one_task_and_one_hold(idle_app, sim):
    from concurrent.futures import ThreadPoolExecutor

    client, rt = idle_app.test_client(), idle_app.extensions["fiscal"]
    ready = ready_to_issue(client, rt, sim)

    def post(_: int):
        answer = idle_app.test_client().post(
            API + "/nfe", headers={**ready.headers, **ASYNC}, json=nfe_body()
        )
        return answer.status_code, answer.get_json().get("solicitacao_id")

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(post, range(16)))
    assert {status for status, _ in answers} == {202}
    assert len({task_id for _, task_id in answers}) == 1
    wallet = client.get(API + "/financeiro/saldo", headers=ready.headers).get_json()
    assert wallet["saldo_reservado"] == "0.20"


def test_a_task_cancelled_while_it_was_prepared_takes_no_number(app, client, rt, sim, monkeypatch):
    """Issue 19: the number is claimed in its own transaction before signing; the worker checks
    there, under the task's row lock, that the task is still its own. A client's cancellation
    that lands while the worker prepares the document leaves no order and takes no number."""
    import service.queue.work as work
    from service.db import transaction
    from service.issuance.models import Order
    from service.queue.models import FiscalTask

    ready = ready_to_issue(client, rt, sim)
    original = work._credentials
    answers: list[int] = []

    def cancelled_meanwhile(company, now):  # runs after the decision, before the claim
        with transaction(rt.sessions) as session:
            task_id = session.query(FiscalTask.id).filter_by(company_id=company.id).scalar()
        url = f"{API}/fiscal/solicitacoes/{task_id}/cancelar"
        answers.append(client.post(url, headers=ready.headers).status_code)
        return original(company, now)

    finished: list[str] = []
    accept_claimed = work.accept_claimed

    def accepting(*args: Any, **kwargs: Any) -> Any:
        try:
            return accept_claimed(*args, **kwargs)
        finally:
            finished.append("accept")

    monkeypatch.setattr(work, "_credentials", cancelled_meanwhile)
    monkeypatch.setattr(work, "accept_claimed", accepting)
    queued = _queue(client, ready, nfe_body("CANCELADA-NO-MEIO")).get_json()
    done = settle(app, client, ready.headers, queued["solicitacao_id"])
    assert done["status"] == "CANCELADA", done
    deadline = time.monotonic() + 10  # the worker (a thread on SQLite) ends its attempt
    while not finished and time.monotonic() < deadline:
        time.sleep(0.05)
    assert answers == [200] and finished == ["accept"]
    assert count_rows(rt, Order, company_id=ready.company_id) == 0
    monkeypatch.setattr(work, "_credentials", original)
    issued = client.post(API + "/nfe", headers=ready.headers, json=nfe_body("DEPOIS"))
    assert issued.status_code == 200 and issued.get_json()["numero"] == 1, issued.get_json()
