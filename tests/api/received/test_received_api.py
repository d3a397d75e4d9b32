"""Documents received (issue 38) through the API and the distribution job, against the
simulator's Ambiente Nacional: summaries arrive, the automatic ciência brings the whole XML,
manifestations in their legal order, a cancellation arrives as an event, the by-key budget."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from service.received import store
from service.runtime import Runtime
from simulator.testing import SimulatorHandle
from tests.api.received.helpers import (
    Calls,
    MovingClock,
    dfe_company,
    distribute,
    issue_to,
    received,
)
from tests.factories import auth, make_key

HOUR = 3600


@pytest.fixture
def announced(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str, str]]:
    """(kind, chave, situacao) of every `dfe.*` webhook written."""
    seen: list[tuple[str, str, str]] = []
    original = store._announce

    def spy(session: Any, kind: str, row: Any) -> None:
        seen.append((kind, row.chave, row.situacao))
        original(session, kind, row)

    monkeypatch.setattr(store, "_announce", spy)
    return seen


def _manifest(client: Any, ready: Any, chave: str, **body: Any) -> Any:
    return client.post(f"/api/v1/dfe/recebidos/{chave}/manifestacao", headers=ready.headers,
                       json=body)  # fmt: skip


def test_summaries_arrive_and_the_automatic_awareness_brings_the_xml(
    app: Flask, client: Any, rt: Runtime, sim: SimulatorHandle, moving: MovingClock,
    calls: Calls, announced: list[tuple[str, str, str]],
) -> None:  # fmt: skip
    ready = dfe_company(client, rt, sim)
    put = client.put("/api/v1/dfe/configuracao", headers=ready.headers,
                     json={"ciencia_automatica": True})  # fmt: skip
    assert put.status_code == 200 and put.get_json()["ciencia_automatica"] is True
    keys = {issue_to(sim, ready.cnpj), issue_to(sim, ready.cnpj)}

    assert distribute(app) == 1
    listed = received(client, ready)
    assert {item["chave"] for item in listed["itens"]} == keys and listed["total"] == 2
    for item in listed["itens"]:
        assert item["xml_disponivel"] is False and item["situacao"] == "AUTORIZADA"
        assert item["manifestacao"] == "CIENCIA"  # registered right after the round
        assert item["emitente_cnpj"] == "45723174000110" and item["valor"]
    chave = sorted(keys)[0]
    xml = client.get(f"/api/v1/dfe/recebidos/{chave}/xml", headers=ready.headers)
    assert xml.status_code == 409 and xml.get_json()["error"]["code"] == "XML_INDISPONIVEL"
    assert [k for k, _, _ in announced] == ["dfe.recebido", "dfe.recebido"]

    assert distribute(app) == 0  # caught up: not before the hour
    moving.advance(HOUR + 1)
    assert distribute(app) == 1
    xml = client.get(f"/api/v1/dfe/recebidos/{chave}/xml", headers=ready.headers)
    assert xml.status_code == 200 and xml.data.startswith(b"<nfeProc")
    one = client.get(f"/api/v1/dfe/recebidos/{chave}", headers=ready.headers).get_json()
    assert one["xml_disponivel"] is True
    assert [e["tp_evento"] for e in one["eventos"]] == ["210210"]
    assert calls.of(ready.cnpj) == ["138", "138"]
    state = client.get("/api/v1/dfe/configuracao", headers=ready.headers).get_json()
    assert state["ult_nsu"] == state["max_nsu"] == "000000000000004"


def test_a_confirmation_and_a_desconhecimento_in_their_legal_order(
    app: Flask, client: Any, rt: Runtime, sim: SimulatorHandle, moving: MovingClock
) -> None:
    ready = dfe_company(client, rt, sim)
    bought, unknown = issue_to(sim, ready.cnpj), issue_to(sim, ready.cnpj)
    distribute(app)

    confirmed = _manifest(client, ready, bought, tipo="confirmacao")
    assert confirmed.status_code == 200, confirmed.get_json()
    assert confirmed.get_json()["manifestacao"] == "CONFIRMADA"
    assert confirmed.get_json()["eventos"][0]["tp_evento"] == "210200"
    assert confirmed.get_json()["eventos"][0]["protocolo"]
    denied = _manifest(client, ready, unknown, tipo="desconhecimento")
    assert denied.status_code == 200 and denied.get_json()["manifestacao"] == "DESCONHECIDA"

    for body in ({"tipo": "ciencia"}, {"tipo": "confirmacao"}):
        late = _manifest(client, ready, bought, **body)
        assert late.status_code == 422
        assert late.get_json()["error"]["code"] == "MANIFESTACAO_FORA_DE_ORDEM"
    unjustified = _manifest(client, ready, unknown, tipo="nao_realizada")
    assert unjustified.status_code == 422
    assert unjustified.get_json()["error"]["errors"][0]["field"] == "justificativa"
    registered = sim.distribution(ready.cnpj)["manifestations"]
    assert [(m["chave"], m["tpEvento"]) for m in registered] == [
        (bought, "210200"), (unknown, "210220")
    ]  # fmt: skip
    assert received(client, ready, manifestacao="CONFIRMADA")["total"] == 1
    missing = _manifest(client, ready, "3" * 44, tipo="ciencia")
    assert missing.status_code == 404


def test_the_cancellation_of_a_received_note_arrives_as_an_event(
    app: Flask, client: Any, rt: Runtime, sim: SimulatorHandle, moving: MovingClock,
    announced: list[tuple[str, str, str]],
) -> None:  # fmt: skip
    from tests.api.received.issuer import cancel, issue_through_the_service

    buyer = dfe_company(client, rt, sim)
    seller, document_id, chave = issue_through_the_service(client, rt, sim, buyer.cnpj)
    distribute(app)
    assert received(client, buyer)["itens"][0]["chave"] == chave
    cancel(client, seller, document_id)

    moving.advance(HOUR + 1)
    distribute(app)
    one = client.get(f"/api/v1/dfe/recebidos/{chave}", headers=buyer.headers).get_json()
    assert one["situacao"] == "CANCELADA"
    assert [e["tp_evento"] for e in one["eventos"]] == ["110111"]
    assert ("dfe.cancelado", chave, "CANCELADA") in announced
    assert received(client, buyer, situacao="CANCELADA")["total"] == 1
    assert received(client, buyer, situacao="AUTORIZADA")["total"] == 0


def test_by_key_within_the_hourly_budget(
    app: Flask, client: Any, rt: Runtime, sim: SimulatorHandle, moving: MovingClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    from service.received import defaults

    monkeypatch.setattr(defaults, "KEY_QUERIES_PER_HOUR", 2)
    ready = dfe_company(client, rt, sim)
    chave = issue_to(sim, ready.cnpj)
    url = "/api/v1/dfe/recebidos/consultar-chave"
    found = client.post(url, headers=ready.headers, json={"chave": chave})
    assert found.status_code == 200, found.get_json()
    assert found.get_json()["chave"] == chave and found.get_json()["xml_disponivel"] is False
    other = client.post(url, headers=ready.headers, json={"chave": "3" * 44})
    assert other.status_code == 404
    spent = client.post(url, headers=ready.headers, json={"chave": chave})
    assert spent.status_code == 422
    error = spent.get_json()["error"]
    assert error["code"] == "DFE_CONSULTAS_ESGOTADAS" and "a partir de" in error["message"]
    assert int(spent.headers["Retry-After"]) > 3000
    state = client.get("/api/v1/dfe/configuracao", headers=ready.headers).get_json()
    assert state["consultas_chave_restantes"] == 0
    moving.advance(HOUR + 1)
    again = client.post(url, headers=ready.headers, json={"chave": chave})
    assert again.status_code == 200


def test_scopes_and_the_module(client: Any, rt: Runtime, sim: SimulatorHandle) -> None:
    ready = dfe_company(client, rt, sim)
    narrow = make_key(rt, ready.account_id, scopes=["dfe:read"])
    assert client.get("/api/v1/dfe/recebidos", headers=auth(narrow)).status_code == 200
    write = client.post("/api/v1/dfe/recebidos/consultar-chave", headers=auth(narrow),
                        json={"chave": "3" * 44})  # fmt: skip
    assert write.status_code == 403 and write.get_json()["error"]["code"] == "FORBIDDEN"
    other = make_key(rt, ready.account_id, scopes=["consultar"])
    assert client.get("/api/v1/dfe/recebidos", headers=auth(other)).status_code == 403
    from tests.api.nfe.helpers import ready_company

    plain = ready_company(client, rt, sim)
    answer = client.get("/api/v1/dfe/recebidos", headers=plain.headers)
    assert answer.status_code == 403
    assert answer.get_json()["error"]["code"] == "MODULO_NAO_HABILITADO"


def test_received_documents_listed_with_filters(
    app: Flask, client: Any, rt: Runtime, sim: SimulatorHandle, moving: MovingClock
) -> None:
    from tests.api.nfe.helpers import cnpj_digits

    ready = dfe_company(client, rt, sim)
    other_issuer = cnpj_digits("987654320001")
    first = issue_to(sim, ready.cnpj)
    second = issue_to(sim, ready.cnpj, issuer=other_issuer)
    distribute(app)
    assert received(client, ready)["total"] == 2
    by_cnpj = received(client, ready, emitente=other_issuer)
    assert [i["chave"] for i in by_cnpj["itens"]] == [second]
    assert received(client, ready, emitente="45.723.174/0001-10")["itens"][0]["chave"] == first
    today = moving.now().date()
    assert received(client, ready, de=today.isoformat())["total"] == 2
    tomorrow = today.fromordinal(today.toordinal() + 1).isoformat()
    assert received(client, ready, de=tomorrow)["total"] == 0
    assert received(client, ready, tipo="NFE", situacao="AUTORIZADA")["total"] == 2
    assert received(client, ready, tipo="CTE")["total"] == 0
    assert received(client, ready, manifestacao="NENHUMA")["total"] == 2
    page = received(client, ready, por_pagina=1, pagina=2)
    assert page["total"] == 2 and len(page["itens"]) == 1 and page["pagina"] == 2
    wrong = client.get("/api/v1/dfe/recebidos", headers=ready.headers,
                       query_string={"situacao": "QUALQUER"})  # fmt: skip
    assert wrong.status_code == 422
