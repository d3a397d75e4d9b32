"""NF-e through a real HTTP server (werkzeug, threaded) and the simulator (HTTPS + mTLS).

The concurrency test is the product's central promise: one hundred identical requests for the
same order, in parallel, give one document at the authority, one document here and one debit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import requests
from flask import Flask

from service.issuance.models import FiscalDocument, Order
from simulator.testing import SimulatorHandle, running_simulator
from tests.api.nfe.helpers import (
    add_customer,
    add_product,
    authority_settings,
    balance,
    count_rows,
    ledger,
    nfe_body,
    pdf_digits,
    ready_company,
)


@pytest.fixture(scope="module")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimulatorHandle]:
    with running_simulator(Path(tmp_path_factory.mktemp("authority-e2e"))) as handle:
        yield handle


@pytest.fixture
def app(app_factory: Any, sim: SimulatorHandle) -> Flask:
    return app_factory(**authority_settings(sim, rate_limit_per_minute=10_000))


def _ready(app: Flask, sim: SimulatorHandle, **kwargs: Any) -> Any:
    rt = app.extensions["fiscal"]
    ready = ready_company(app.test_client(), rt, sim, **kwargs)
    add_product(rt, ready)
    add_customer(rt, ready)
    return rt, ready


def test_one_hundred_identical_requests_give_one_document_and_one_debit(app, sim, server):
    rt, ready = _ready(app, sim)
    body = nfe_body(pedido="PEDIDO-CONCORRENTE")

    def post(_: int) -> tuple[int, str | None, str | None]:
        answer = requests.post(f"{server}/nfe", json=body, headers=ready.headers, timeout=60)
        data = answer.json()
        return answer.status_code, data.get("id"), answer.headers.get("Idempotent-Replay")

    with ThreadPoolExecutor(max_workers=32) as pool:
        results = list(pool.map(post, range(100)))
    statuses = Counter(status for status, _, _ in results)
    assert set(statuses) <= {200, 409}, statuses
    assert statuses[200] >= 1
    assert len({doc_id for status, doc_id, _ in results if status == 200}) == 1
    assert sum(1 for status, _, replay in results if status == 200 and replay is None) == 1
    assert count_rows(rt, Order, company_id=ready.company_id) == 1
    assert count_rows(rt, FiscalDocument, company_id=ready.company_id) == 1
    at_authority = [d for d in sim.state()["documents"] if d["issuer"] == ready.cnpj]
    assert len(at_authority) == 1 and at_authority[0]["status"] == "authorized"
    debits = [e for e in ledger(rt, ready.account_id) if e[0] == "DEBITO_EMISSAO"]
    assert len(debits) == 1
    assert balance(rt, ready.account_id) == Decimal("99.80")


def test_issue_reject_and_reconcile_over_http(app, sim, server):
    _, ready = _ready(app, sim)
    ok = requests.post(f"{server}/nfe", json=nfe_body("A"), headers=ready.headers, timeout=30)
    assert ok.status_code == 200 and ok.json()["status"] == "AUTORIZADA"
    assert ok.headers["X-Request-Id"] == ok.json()["request_id"]
    sim.set_fault(
        "reject",
        scope=f"cnpj:{ready.cnpj}",
        code="539",
        times=1,
        reason="Rejeicao: Duplicidade de NF-e com diferenca na Chave de Acesso",
    )
    sim.set_fault(
        "reject",
        scope=f"cnpj:{ready.cnpj}",
        code="225",
        times=1,
        reason="Rejeicao: Falha no Schema XML do lote de NFe",
    )
    rejected = requests.post(f"{server}/nfe", json=nfe_body("B"), headers=ready.headers, timeout=30)
    assert rejected.status_code == 422
    assert rejected.json()["error"]["sefaz_code"] in {"539", "225"}
    sim.clear_faults(f"cnpj:{ready.cnpj}")
    sim.set_fault(
        "timeout", scope=f"cnpj:{ready.cnpj}", seconds=6, times=1, service="NFeAutorizacao4"
    )
    pending = requests.post(f"{server}/nfe", json=nfe_body("C"), headers=ready.headers, timeout=30)
    assert pending.status_code == 202 and pending.json()["status"] == "PENDENTE"
    document = requests.get(
        f"{server}/nfe/{pending.json()['id']}", headers=ready.headers, timeout=30
    )
    assert document.status_code == 200
    # A timeout before processing: the authority never saw it, so the query says "not found"
    # and the document honestly stays PENDENTE (issue 7's worker re-sends the same XML later).
    assert document.json()["status"] == "PENDENTE"
    changed = requests.post(
        f"{server}/nfe", json=nfe_body("A", pagamento="dinheiro"), headers=ready.headers, timeout=30
    )
    assert changed.status_code == 422
    assert changed.json()["error"]["code"] == "IDEMPOTENCY_KEY_REUSED"


def test_documents_events_and_voiding_over_http(app, sim, server):
    """Cancel, CC-e sequence, inutilização, XML and both PDFs through the real server."""
    _, ready = _ready(app, sim)
    h = ready.headers
    nfe = requests.post(f"{server}/nfe", json=nfe_body("E1"), headers=h, timeout=30).json()
    xml = requests.get(f"{server}/nfe/{nfe['id']}/xml", headers=h, timeout=30)
    assert xml.headers["Content-Type"].startswith("application/xml")
    assert nfe["chave"].encode() in xml.content
    danfe = requests.get(f"{server}/nfe/{nfe['id']}/danfe", headers=h, timeout=60)
    assert nfe["chave"] in pdf_digits(danfe.content)
    nfce_body = {"pedido": "E2", "itens": [{"codigo": "P1", "quantidade": 1}], "pagamento": "pix"}
    nfce = requests.post(f"{server}/nfce", json=nfce_body, headers=h, timeout=30).json()
    danfce = requests.get(f"{server}/nfce/{nfce['id']}/danfce", headers=h, timeout=60)
    assert nfce["chave"] in pdf_digits(danfce.content)
    letters = [
        requests.post(
            f"{server}/nfe/{nfe['id']}/cce",
            headers=h,
            timeout=30,
            json={"correcao": f"Correcao numero {n} do endereco de entrega"},
        ).json()
        for n in (1, 2)
    ]
    assert [letter["sequencia"] for letter in letters] == [1, 2]
    cancelled = requests.post(
        f"{server}/nfe/{nfe['id']}/cancelamento",
        headers=h,
        timeout=30,
        json={"justificativa": "Pedido cancelado pelo cliente"},
    )
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "CANCELADA"
    again = requests.post(
        f"{server}/nfe/{nfe['id']}/cancelamento",
        headers=h,
        timeout=30,
        json={"justificativa": "Pedido cancelado pelo cliente"},
    )
    assert again.status_code == 409 and again.json()["error"]["code"] == "STATUS_INVALIDO"
    events = requests.get(f"{server}/nfe/{nfe['id']}/eventos", headers=h, timeout=30).json()
    assert sorted(e["tipo"] for e in events["eventos"]) == ["CANCELAMENTO", "CCE", "CCE"]
    voided = requests.post(
        f"{server}/inutilizacao",
        headers=h,
        timeout=30,
        json={
            "modelo": 55,
            "numero_inicial": 2,
            "numero_final": 3,
            "justificativa": "Numeracao pulada por falha do ERP",
        },
    )
    assert voided.status_code == 200 and voided.json()["status"] == "HOMOLOGADA"
    after = requests.post(f"{server}/nfe", json=nfe_body("E3"), headers=h, timeout=30).json()
    assert after["numero"] == 4


def test_balance_unlimited_and_test_keys_over_http(app, sim, server):
    rt, poor = _ready(app, sim, credits="0.10")
    refused = requests.post(f"{server}/nfe", json=nfe_body("P1"), headers=poor.headers, timeout=30)
    assert refused.status_code == 402 and refused.json()["error"]["code"] == "SALDO_INSUFICIENTE"
    _, rich = _ready(app, sim, credits="0.00", unlimited=True)
    free = requests.post(f"{server}/nfe", json=nfe_body("U1"), headers=rich.headers, timeout=30)
    assert free.status_code == 200
    assert [e for e in ledger(rt, rich.account_id) if e[0] == "DEBITO_EMISSAO"] == []
    from service.companies.models import Company
    from service.db import transaction

    with transaction(rt.sessions) as session:
        company = session.get(Company, rich.company_id)
        assert company is not None
        company.ambiente = "PRODUCAO"
    production = requests.post(
        f"{server}/nfe", json=nfe_body("U2"), headers=rich.headers, timeout=30
    ).json()
    assert production["ambiente"] == "PRODUCAO"
    proc = requests.get(f"{server}/nfe/{production['id']}/xml", headers=rich.headers, timeout=30)
    assert b"<tpAmb>1</tpAmb>" in proc.content
    test_key = {"Authorization": f"Bearer {rich.test_key}"}
    hidden = requests.get(f"{server}/nfe/{production['id']}", headers=test_key, timeout=30)
    assert hidden.status_code == 404
    listed = requests.get(f"{server}/nfe", headers=test_key, timeout=30).json()
    assert production["id"] not in [item["id"] for item in listed["itens"]]
    sandbox = requests.post(
        f"{server}/nfe", json=nfe_body("U2"), headers=test_key, timeout=30
    ).json()
    assert sandbox["ambiente"] == "HOMOLOGACAO" and sandbox["id"] != production["id"]


def test_thirty_two_concurrent_orders_take_gapless_unique_numbers(app, sim, server):
    """Issue 19: the number is taken by one `UPDATE ... RETURNING` in a short transaction, no
    longer under a lock held across signing. 32 orders at once, each sent twice at the same
    time (the second copy is decided by the order's unique key, never by a second number):
    numbers 1..32 exactly once each, one document per order, the counter at 33."""
    rt, ready = _ready(app, sim)
    pedidos = [f"GAPLESS-{n:02d}" for n in range(32)]

    def post(pedido: str) -> tuple[int, dict[str, Any]]:
        answer = requests.post(
            f"{server}/nfe", json=nfe_body(pedido), headers=ready.headers, timeout=60
        )
        return answer.status_code, answer.json()

    with ThreadPoolExecutor(max_workers=32) as pool:
        results = list(pool.map(post, pedidos + pedidos))
    assert {status for status, _ in results} <= {200, 409}, Counter(s for s, _ in results)
    first = {data["pedido"]: data for status, data in results if status == 200}
    assert sorted(first) == pedidos
    assert sorted(d["numero"] for d in first.values()) == list(range(1, 33))
    assert len({d["chave"] for d in first.values()}) == 32
    assert count_rows(rt, Order, company_id=ready.company_id) == 32
    assert count_rows(rt, FiscalDocument, company_id=ready.company_id) == 32
    from service.db import transaction
    from service.issuance.models import NumberSequence

    with transaction(rt.sessions) as session:
        counter = session.get(NumberSequence, (ready.company_id, "55", 1, "HOMOLOGACAO"))
        assert counter is not None and counter.proximo == 33
    authorized = [d for d in sim.state()["documents"] if d["issuer"] == ready.cnpj]
    assert sorted(int(d["numero"]) for d in authorized) == list(range(1, 33))
