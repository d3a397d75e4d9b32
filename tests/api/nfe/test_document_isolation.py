"""Documents and tasks of another company of the same account are 404 (issue 12, defect 2).

One account, two companies ready to issue (A and B). B owns an authorized NF-e, NFC-e and
NFS-e and a queued task; every id route asked with company A selected must answer 404 and
change nothing: the documents stay AUTORIZADA, no event is stored, the task stays RECEBIDA.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from service.companies.models import Company
from service.issuance.models import DocumentEvent, FiscalDocument
from service.queue.models import FiscalTask
from service.runtime import Runtime
from simulator.testing import SimulatorHandle
from tests.api.cte.helpers import (
    INTERNAL_ICMS,
    OS_CFOP,
    PARTIES,
    add_party,
    carrier,
    cte_body,
    cteos_body,
)
from tests.api.mdfe.helpers import DRIVER, TRUCK, mdfe_body
from tests.api.nfe.helpers import (
    Ready,
    another_company,
    authority_settings,
    count_rows,
    nfe_body,
    ready_to_issue,
)
from tests.api.nfse.helpers import ISS_RULE, SERVICE, enable_nfse

API = "/api/v1"
CANCEL = {"justificativa": "Cancelamento pedido pelo cliente no teste"}
LETTER = {"correcao": "Correcao do endereco de entrega no teste"}


@pytest.fixture
def app(app_factory: Any, sim: SimulatorHandle) -> Flask:
    """No queue worker: a queued task waits in RECEBIDA, so "nothing changed" is observable."""
    return app_factory(**authority_settings(sim), queue_inprocess=False)


@pytest.fixture
def two(client: Any, rt: Runtime, sim: SimulatorHandle) -> tuple[Ready, Ready]:
    a = ready_to_issue(client, rt, sim)
    return a, another_company(client, rt, sim, a)


def _issued(client: Any, b: Ready, modulo: str) -> str:
    body = nfe_body(f"PED-{modulo}", empresa=b.codigo)
    answer = client.post(f"{API}/{modulo}", json=body, headers=b.headers)
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["status"] == "AUTORIZADA"
    return str(answer.get_json()["id"])


def _queued(client: Any, b: Ready) -> str:
    body = {"documento": "NFE", **nfe_body("PED-FILA", empresa=b.codigo)}
    answer = client.post(f"{API}/fiscal/solicitacoes", json=body, headers=b.headers)
    assert answer.status_code == 202, answer.get_json()
    return str(answer.get_json()["solicitacao_id"])


def _nfse_issued(client: Any, rt: Runtime, b: Ready) -> str:
    enable_nfse(rt, b)
    assert client.post(f"{API}/servicos", json=SERVICE, headers=b.headers,
                       query_string={"empresa": b.codigo}).status_code == 201  # fmt: skip
    rule = {**ISS_RULE, "empresa_id": b.company_id}
    assert client.post(f"{API}/configuracao-fiscal/regras-base", json=rule,
                       headers=b.headers).status_code == 201  # fmt: skip
    body = {"pedido": "OS-1", "servico": {"codigo": "S1"}, "empresa": b.codigo}
    answer = client.post(f"{API}/nfse", json=body, headers=b.headers)
    assert answer.status_code == 200, answer.get_json()
    return str(answer.get_json()["id"])


def _transport_issued(client: Any, rt: Runtime, b: Ready) -> dict[str, str]:
    """A CT-e, a CT-e OS and an MDF-e of company B (its carrier settings, rules and fleet)."""
    carrier(rt, b)
    for codigo in PARTIES:
        add_party(rt, b, codigo)
    with rt.sessions.begin() as session:
        company = session.get(Company, b.company_id)
        assert company is not None
        company.modulos = sorted({*company.modulos, "mdfe"})
    mine = {"empresa": b.codigo}
    for rule in (INTERNAL_ICMS, OS_CFOP):
        made = client.post(f"{API}/configuracao-fiscal/regras-base", headers=b.headers,
                           json={**rule, "empresa_id": b.company_id})  # fmt: skip
        assert made.status_code == 201, made.get_json()
    for path, body in ((f"{API}/veiculos", TRUCK), (f"{API}/condutores", DRIVER)):
        made = client.post(path, json=body, headers=b.headers, query_string=mine)
        assert made.status_code == 201, made.get_json()
    issued = {}
    for modulo, body in (("cte", cte_body()), ("cteos", cteos_body()), ("mdfe", mdfe_body())):
        answer = client.post(f"{API}/{modulo}", json={**body, "empresa": b.codigo},
                             headers=b.headers)  # fmt: skip
        assert answer.status_code == 200, answer.get_json()
        issued[modulo] = str(answer.get_json()["id"])
    return issued


TRANSPORT_EVENTS = {
    "cte": ["cancelar", "cce", "desacordo"], "cteos": ["cancelar", "cce"],
    "mdfe": ["cancelar", "encerrar", "condutor"],
}  # fmt: skip
EVENT_BODIES = {
    "cancelar": CANCEL, "desacordo": {"observacao": "Frete contestado pelo tomador no teste"},
    "cce": {"correcoes": [{"grupo": "compl", "campo": "xObs", "valor": "Teste"}]},
    "encerrar": {"cod_municipio": "3509502"}, "condutor": {"cpf": "11144477735", "nome": "Ana"},
}  # fmt: skip


def _document_routes(modulo: str, doc_id: str) -> list[tuple[str, str, dict[str, Any] | None]]:
    base = f"{API}/{modulo}/{doc_id}"
    if modulo in TRANSPORT_EVENTS:
        pdf = "damdfe" if modulo == "mdfe" else "dacte"
        return [("GET", base, None), ("GET", f"{base}/eventos", None),
                ("GET", f"{base}/xml", None), ("GET", f"{base}/{pdf}", None),
                *[("POST", f"{base}/{name}", EVENT_BODIES[name])
                  for name in TRANSPORT_EVENTS[modulo]]]  # fmt: skip
    if modulo == "nfse":
        return [("GET", base, None), ("GET", f"{base}/eventos", None),
                ("GET", f"{base}/xml", None), ("GET", f"{base}/danfse", None),
                ("POST", f"{base}/cancelar", CANCEL)]  # fmt: skip
    pdf = "danfe" if modulo == "nfe" else "danfce"
    routes = [
        ("GET", base, None),
        ("GET", f"{base}/eventos", None),
        ("GET", f"{base}/xml", None),
        ("GET", f"{base}/{pdf}", None),
        ("POST", f"{base}/cancelamento", CANCEL),
        ("GET", f"{base}/eventos/evt_qualquer/xml", None),
        ("GET", f"{base}/eventos/evt_qualquer/pdf", None),
    ]
    if modulo == "nfe":
        routes.append(("POST", f"{base}/cce", LETTER))
    return routes


def test_the_walk_covers_every_route_that_takes_a_document_id(app):
    """A new id route must join the walk above (or this test names it)."""
    walked = {
        (method, path.replace("DOC", "<document_id>").replace("evt_qualquer", "<event_id>"))
        for modulo in ("nfe", "nfce", "nfse", "cte", "cteos", "mdfe")
        for method, path, _ in _document_routes(modulo, "DOC")
    }
    for rule in app.url_map.iter_rules():
        if "<document_id>" not in rule.rule:
            continue
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            assert (method, rule.rule) in walked, (method, rule.rule)


def _task_routes(task_id: str) -> list[tuple[str, str, dict[str, Any] | None]]:
    base = f"{API}/fiscal/solicitacoes/{task_id}"
    return [
        ("GET", base, None),
        ("POST", f"{base}/cancelar", None),
        ("POST", f"{base}/reprocessar", None),
    ]


def _status(rt: Runtime, model: Any, record_id: str) -> str:
    with rt.sessions() as session:
        record = session.get(model, record_id)
        assert record is not None
        return str(record.status)


def test_another_companys_documents_and_tasks_are_404_and_untouched(client, rt, two):
    a, b = two
    documents = {modulo: _issued(client, b, modulo) for modulo in ("nfe", "nfce")}
    documents["nfse"] = _nfse_issued(client, rt, b)
    documents.update(_transport_issued(client, rt, b))
    enable_nfse(rt, a)
    carrier(rt, a)
    task_id = _queued(client, b)
    expected = {"DOCUMENTO_NAO_ENCONTRADO": [], "SOLICITACAO_NAO_ENCONTRADA": [],
                "NAO_ENCONTRADO": []}  # fmt: skip
    for modulo, doc_id in documents.items():
        code = "DOCUMENTO_NAO_ENCONTRADO" if modulo in ("nfe", "nfce") else "NAO_ENCONTRADO"
        expected[code] += _document_routes(modulo, doc_id)
    expected["SOLICITACAO_NAO_ENCONTRADA"] += _task_routes(task_id)
    for selector in ({"empresa": a.codigo}, {"empresa_id": a.company_id}):
        for code, routes in expected.items():
            for method, path, body in routes:
                answer = client.open(
                    path, method=method, json=body, query_string=selector, headers=a.headers
                )
                assert answer.status_code == 404, (method, path, answer.get_json())
                assert answer.get_json()["error"]["code"] == code, (method, path)
    for doc_id in documents.values():
        assert _status(rt, FiscalDocument, doc_id) == "AUTORIZADA"
        assert count_rows(rt, DocumentEvent, documento_id=doc_id) == 0
    assert _status(rt, FiscalTask, task_id) == "RECEBIDA"


def test_the_owning_company_still_reaches_them(client, rt, two):
    _a, b = two
    doc_id = _issued(client, b, "nfe")
    task_id = _queued(client, b)
    mine = {"empresa": b.codigo}
    got = client.get(f"{API}/nfe/{doc_id}", query_string=mine, headers=b.headers)
    assert got.status_code == 200 and got.get_json()["id"] == doc_id
    task = client.get(f"{API}/fiscal/solicitacoes/{task_id}", query_string=mine, headers=b.headers)
    assert task.status_code == 200
    cancelled = client.post(
        f"{API}/fiscal/solicitacoes/{task_id}/cancelar", query_string=mine, headers=b.headers
    )
    assert cancelled.status_code == 200 and cancelled.get_json()["status"] == "CANCELADA"


def test_several_companies_and_no_selector_is_422_on_empresa(client, rt, two):
    _a, b = two
    doc_id = _issued(client, b, "nfe")
    for path in (f"{API}/nfe/{doc_id}", f"{API}/nfe", f"{API}/fiscal/solicitacoes"):
        answer = client.get(path, headers=b.headers)
        assert answer.status_code == 422, (path, answer.get_json())
        assert answer.get_json()["error"]["errors"][0]["field"] == "empresa"


def test_lists_show_only_the_selected_company(client, rt, two):
    a, b = two
    _issued(client, b, "nfe")
    _queued(client, b)
    for path in (f"{API}/nfe", f"{API}/fiscal/solicitacoes"):
        theirs = client.get(path, query_string={"empresa": b.codigo}, headers=b.headers)
        assert theirs.get_json()["total"] == 1, path
        mine = client.get(path, query_string={"empresa": a.codigo}, headers=a.headers)
        assert mine.get_json()["total"] == 0, path


def test_a_single_company_account_needs_no_selector(client, rt, sim):
    only = ready_to_issue(client, rt, sim)
    doc_id = _issued(client, only, "nfe")
    assert client.get(f"{API}/nfe/{doc_id}", headers=only.headers).status_code == 200
    listed = client.get(f"{API}/nfe", headers=only.headers).get_json()
    assert listed["total"] == 1
