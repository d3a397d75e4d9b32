"""Cancellation and CC-e of NF-e/NFC-e against the simulator (real HTTPS + mTLS), both backends."""

from __future__ import annotations

import importlib.util
import sys
import threading
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from sqlalchemy import select

from documents.schemas import validate
from service.companies.models import Company
from service.db import transaction
from service.issuance.models import DocumentEvent
from tests.api.nfe.helpers import Ready, add_customer, add_product, nfe_body, ready_company
from tests.factories import auth

API = "/api/v1"
NFE_NS = "http://www.portalfiscal.inf.br/nfe"
JUSTIFICATIVA = "Pedido cancelado pelo cliente antes da entrega"
CORRECAO = "Endereco de entrega correto: Rua das Flores, 10"


def xmlsec_module() -> ModuleType:
    """The documents tests' xmlsec1 helper, loaded by path (its folder is not a package)."""
    name = "_nfe_events_xmlsec"
    if name not in sys.modules:
        path = Path(__file__).parents[2] / "unit" / "documents" / "xmlsec.py"
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def issue(client: Any, rt: Any, sim: Any, modulo: str = "nfe") -> tuple[Ready, dict[str, Any]]:
    ready = ready_company(client, rt, sim)
    add_product(rt, ready)
    add_customer(rt, ready)
    answer = client.post(f"{API}/{modulo}", headers=ready.headers, json=nfe_body())
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["status"] == "AUTORIZADA"
    return ready, answer.get_json()


def stored_events(rt: Any, document_id: str) -> list[DocumentEvent]:
    with transaction(rt.sessions) as session:
        query = select(DocumentEvent).where(DocumentEvent.documento_id == document_id)
        return list(session.execute(query.order_by(DocumentEvent.sequencia)).scalars())


def assert_signed_proc(xml: bytes | None, tp_evento: str, sim: Any, tmp_path: Path) -> None:
    """procEventoNFe passes the official XSD and xmlsec1 accepts the event's signature."""
    assert xml is not None and b"procEventoNFe" in xml
    assert validate(xml, f"nfe/1.00/procEventoNFe-{tp_evento}") == []
    xmlsec_module().xmlsec_verify(
        xml,
        id_node="infEvento",
        namespace=NFE_NS,
        trusted_pem=Path(sim.ca_bundle).read_bytes(),
        tmp=tmp_path,
    )


def cancel(client: Any, headers: dict[str, str], document_id: str, modulo: str = "nfe") -> Any:
    return client.post(
        f"{API}/{modulo}/{document_id}/cancelamento",
        headers=headers,
        json={"justificativa": JUSTIFICATIVA},
    )


# -- cancellation -------------------------------------------------------------------------


def test_cancel_authorized_nfe(client, rt, sim, tmp_path):
    ready, doc = issue(client, rt, sim)
    balance = client.get(f"{API}/financeiro/saldo", headers=ready.headers).get_json()["saldo"]

    answer = cancel(client, ready.headers, doc["id"])

    body = answer.get_json()
    assert answer.status_code == 200, body
    assert body["status"] == "CANCELADA" and body["cancelado_em"]
    assert len(body["protocolo"]) == 15 and body["protocolo"] != doc["protocolo"]
    assert body["protocolo_autorizacao"] == doc["protocolo"]
    shown = client.get(f"{API}/nfe/{doc['id']}", headers=ready.headers).get_json()
    assert shown["status"] == "CANCELADA"
    listed = client.get(f"{API}/nfe/{doc['id']}/eventos", headers=ready.headers).get_json()
    [event] = listed["eventos"]
    assert event["tipo"] == "CANCELAMENTO" and event["status"] == "REGISTRADO"
    assert event["protocolo"] == body["protocolo"] and event["texto"] == JUSTIFICATIVA
    [stored] = stored_events(rt, doc["id"])
    assert_signed_proc(stored.xml, "110111", sim, tmp_path)
    after = client.get(f"{API}/financeiro/saldo", headers=ready.headers).get_json()["saldo"]
    assert after == balance  # a cancelled document was authorized: it stays charged
    assert client.get(f"{API}/nfe/{doc['id']}/xml", headers=ready.headers).status_code == 200


def test_cancel_twice_is_status_invalido(client, rt, sim):
    ready, doc = issue(client, rt, sim)
    assert cancel(client, ready.headers, doc["id"]).status_code == 200

    again = cancel(client, ready.headers, doc["id"])

    assert again.status_code == 409
    assert again.get_json()["error"]["code"] == "STATUS_INVALIDO"
    assert len(stored_events(rt, doc["id"])) == 1


def test_short_justification_is_refused(client, rt, sim):
    ready, doc = issue(client, rt, sim)

    answer = client.post(
        f"{API}/nfe/{doc['id']}/cancelamento",
        headers=ready.headers,
        json={"justificativa": "curta demais"},
    )

    assert answer.status_code == 422
    assert answer.get_json()["error"]["code"] == "VALIDATION_ERROR"
    shown = client.get(f"{API}/nfe/{doc['id']}", headers=ready.headers).get_json()
    assert shown["status"] == "AUTORIZADA" and shown["eventos"] == []


def test_nfce_cancel_within_the_window(client, rt, sim, tmp_path):
    ready, doc = issue(client, rt, sim, modulo="nfce")

    answer = cancel(client, ready.headers, doc["id"], modulo="nfce")

    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["status"] == "CANCELADA"
    [stored] = stored_events(rt, doc["id"])
    assert_signed_proc(stored.xml, "110111", sim, tmp_path)


def test_nfce_cancel_after_30_minutes_is_rejected(client, rt, sim):
    ready, doc = issue(client, rt, sim, modulo="nfce")
    sim.advance_clock(31 * 60)  # the simulator's clock is per test session; moved back below
    try:
        answer = cancel(client, ready.headers, doc["id"], modulo="nfce")
    finally:
        sim.advance_clock(-31 * 60)

    body = answer.get_json()
    assert answer.status_code == 422, body
    assert body["error"]["code"] == "SEFAZ_REJECTION" and body["error"]["sefaz_code"] == "501"
    shown = client.get(f"{API}/nfce/{doc['id']}", headers=ready.headers).get_json()
    assert shown["status"] == "AUTORIZADA" and shown["eventos"] == []


def test_uncertain_cancel_is_resolved_by_the_next_request(client, rt, sim, tmp_path):
    ready, doc = issue(client, rt, sim)
    sim.set_fault("drop_after_processing", scope=f"cnpj:{ready.cnpj}",
                  service="NFeRecepcaoEvento4", times=1)  # fmt: skip

    first = cancel(client, ready.headers, doc["id"])

    assert first.status_code == 202, first.get_json()
    assert first.get_json()["error"]["code"] == "SEFAZ_UNAVAILABLE"
    assert first.get_json()["evento"]["status"] == "PENDENTE"
    listed = client.get(f"{API}/nfe/{doc['id']}/eventos", headers=ready.headers).get_json()
    assert [e["status"] for e in listed["eventos"]] == ["PENDENTE"]

    second = cancel(client, ready.headers, doc["id"])  # queries the key; does not send again

    body = second.get_json()
    assert second.status_code == 200, body
    assert body["status"] == "CANCELADA" and len(body["protocolo"]) == 15
    [stored] = stored_events(rt, doc["id"])
    assert stored.status == "REGISTRADO" and stored.protocolo == body["protocolo"]
    assert_signed_proc(stored.xml, "110111", sim, tmp_path)


def test_concurrent_cancel_is_not_sent_twice(client, app, rt, sim):
    ready, doc = issue(client, rt, sim)
    sim.set_fault("delay", scope=f"cnpj:{ready.cnpj}", service="NFeRecepcaoEvento4",
                  seconds=2, times=1)  # fmt: skip
    answers: list[Any] = []
    worker = threading.Thread(
        target=lambda: answers.append(cancel(app.test_client(), ready.headers, doc["id"]))
    )
    worker.start()
    try:
        deadline = time.monotonic() + 20
        while not stored_events(rt, doc["id"]) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert [e.status for e in stored_events(rt, doc["id"])] == ["PROCESSANDO"]

        second = cancel(client, ready.headers, doc["id"])
    finally:
        worker.join(timeout=30)

    assert second.status_code == 409
    assert second.get_json()["error"]["code"] == "REQUEST_IN_PROGRESS"
    [first] = answers
    assert first.status_code == 200, first.get_json()
    assert first.get_json()["status"] == "CANCELADA"
    assert [e.status for e in stored_events(rt, doc["id"])] == ["REGISTRADO"]


# -- correction letters -------------------------------------------------------------------


def correct(client: Any, headers: dict[str, str], document_id: str, text: str = CORRECAO) -> Any:
    return client.post(f"{API}/nfe/{document_id}/cce", headers=headers, json={"correcao": text})


def test_cce_sequence_runs_from_1_to_20(client, rt, sim, tmp_path):
    ready, doc = issue(client, rt, sim)

    first = correct(client, ready.headers, doc["id"])
    second = correct(client, ready.headers, doc["id"], CORRECAO + " (segunda)")

    assert first.status_code == 200, first.get_json()
    assert first.get_json()["sequencia"] == 1 and len(first.get_json()["protocolo"]) == 15
    assert second.get_json()["sequencia"] == 2
    assert [e["sequencia"] for e in second.get_json()["eventos"]] == [1, 2]
    assert second.get_json()["status"] == "AUTORIZADA"
    for n in range(3, 21):
        assert correct(client, ready.headers, doc["id"], f"{CORRECAO} ({n})").status_code == 200

    refused = correct(client, ready.headers, doc["id"], CORRECAO + " (21)")

    assert refused.status_code == 422
    assert refused.get_json()["error"]["code"] == "VALIDATION_ERROR"
    stored = stored_events(rt, doc["id"])
    assert [e.sequencia for e in stored] == list(range(1, 21))
    assert {e.status for e in stored} == {"REGISTRADO"}
    assert_signed_proc(stored[0].xml, "110110", sim, tmp_path)


def test_uncertain_cce_is_resolved_then_the_next_letter_follows(client, rt, sim):
    ready, doc = issue(client, rt, sim)
    sim.set_fault("drop_after_processing", scope=f"cnpj:{ready.cnpj}",
                  service="NFeRecepcaoEvento4", times=1)  # fmt: skip

    assert correct(client, ready.headers, doc["id"]).status_code == 202
    retried = correct(client, ready.headers, doc["id"])  # same letter: resolved by query
    other = correct(client, ready.headers, doc["id"], CORRECAO + " e complemento")

    assert retried.status_code == 200, retried.get_json()
    assert retried.get_json()["sequencia"] == 1
    assert other.status_code == 200 and other.get_json()["sequencia"] == 2
    assert [(e.sequencia, e.status) for e in stored_events(rt, doc["id"])] == [
        (1, "REGISTRADO"),
        (2, "REGISTRADO"),
    ]


def test_cce_after_cancel_is_status_invalido(client, rt, sim):
    ready, doc = issue(client, rt, sim)
    assert cancel(client, ready.headers, doc["id"]).status_code == 200

    answer = correct(client, ready.headers, doc["id"])

    assert answer.status_code == 409
    assert answer.get_json()["error"]["code"] == "STATUS_INVALIDO"


def test_nfce_has_no_cce_route(client, rt, sim):
    ready, doc = issue(client, rt, sim, modulo="nfce")

    answer = client.post(
        f"{API}/nfce/{doc['id']}/cce", headers=ready.headers, json={"correcao": CORRECAO}
    )

    assert answer.status_code in (404, 405)
    assert stored_events(rt, doc["id"]) == []


def test_events_on_another_accounts_document_are_not_found(client, rt, sim):
    _, doc = issue(client, rt, sim)
    stranger = ready_company(client, rt, sim)

    cce = correct(client, stranger.headers, doc["id"])
    cancelled = cancel(client, stranger.headers, doc["id"])

    assert cce.status_code == 404
    assert cce.get_json()["error"]["code"] == "DOCUMENTO_NAO_ENCONTRADO"
    assert cancelled.status_code == 404
    assert cancelled.get_json()["error"]["code"] == "DOCUMENTO_NAO_ENCONTRADO"
    assert stored_events(rt, doc["id"]) == []


def test_test_key_cannot_see_or_cancel_a_production_document(client, rt, sim):
    ready = ready_company(client, rt, sim)
    add_product(rt, ready)
    add_customer(rt, ready)
    with transaction(rt.sessions) as session:
        company = session.get(Company, ready.company_id)
        assert company is not None
        company.ambiente = "PRODUCAO"
    issued = client.post(f"{API}/nfe", headers=ready.headers, json=nfe_body())
    doc = issued.get_json()
    assert issued.status_code == 200, doc
    assert doc["ambiente"] == "PRODUCAO"
    test_key = auth(ready.test_key)

    seen = client.get(f"{API}/nfe/{doc['id']}", headers=test_key)
    cancelled = cancel(client, test_key, doc["id"])
    corrected = correct(client, test_key, doc["id"])

    for answer in (seen, cancelled, corrected):
        assert answer.status_code == 404
        assert answer.get_json()["error"]["code"] == "DOCUMENTO_NAO_ENCONTRADO"
    assert stored_events(rt, doc["id"]) == []
    live = cancel(client, ready.headers, doc["id"])
    assert live.status_code == 200, live.get_json()
    assert live.get_json()["status"] == "CANCELADA"
