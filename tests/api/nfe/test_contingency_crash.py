"""A crash through the contingency switch (issue 37): an offline NFC-e handed out while its
authority is down is transmitted when the authority returns, and the process dies after the
authority authorized it but before the answer was recorded. Nothing is lost (the document is
found authorized by its key) and nothing is duplicated (one key, one debit, never sent as a
new document)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from flask import Flask

from service import clock
from service.issuance import deferred, outcome
from service.runtime import Runtime
from simulator.testing import SimulatorHandle
from tests.api.nfe.helpers import ledger, ready_to_issue

API = "/api/v1"
MG = {"uf": "MG", "ie": "0623079040081", "cep": "30130-010", "municipio": "Belo Horizonte",
      "cod_municipio": "3106200", "logradouro": "Av Afonso Pena", "bairro": "Centro"}  # fmt: skip
REASON = "SEFAZ fora do ar desde as 10h, contingencia do emissor"
SALE = {"pedido": "PDV-CRASH", "itens": [{"codigo": "P1", "quantidade": 1}],
        "pagamento": "dinheiro"}  # fmt: skip


def _handed_out(client: Any, ready: Any, sim: SimulatorHandle) -> dict[str, Any]:
    sim.set_outage("MG", mode="refused")
    offline = {"modelo": "65", "tipo": "OFFLINE", "justificativa": REASON}
    try:
        entered = client.post(f"{API}/configuracao-fiscal/contingencia", headers=ready.headers,
                              json=offline)  # fmt: skip
        assert entered.status_code == 201, entered.get_json()
        issued = client.post(f"{API}/nfce", headers=ready.headers, json=SALE)
        assert issued.get_json()["status"] == "CONTINGENCIA", issued.get_json()
    finally:
        sim.clear_outages("MG")
    left = client.delete(f"{API}/configuracao-fiscal/contingencia", headers=ready.headers,
                         query_string={"modelo": "65"})  # fmt: skip
    assert left.status_code == 200, left.get_json()
    return dict(issued.get_json())


def test_a_crash_after_the_later_transmission_loses_and_duplicates_nothing(
    client: Any, rt: Runtime, app: Flask, sim: SimulatorHandle,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    ready = ready_to_issue(client, rt, sim, **MG)
    document = _handed_out(client, ready, sim)

    def crash(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the process died after the authority answered")

    monkeypatch.setattr(outcome, "record", crash)
    with app.app_context(), pytest.raises(RuntimeError):
        deferred.transmit_one(str(document["id"]), ready.company_id)
    monkeypatch.undo()

    shown = client.get(f"{API}/nfce/{document['id']}", headers=ready.headers).get_json()
    assert shown["status"] in ("PROCESSANDO", "PENDENTE")  # being sent, not waiting again
    with app.app_context():
        assert deferred.transmit_due() == 0  # never sent as a contingency document twice

    later = clock.utc_now() + dt.timedelta(minutes=10)  # presumed abandoned: looked up by key
    monkeypatch.setattr(clock, "utc_now", lambda: later)
    found = client.get(f"{API}/nfce/{document['id']}", headers=ready.headers).get_json()
    assert found["status"] == "AUTORIZADA", found
    assert found["chave"] == document["chave"] and found["protocolo"]
    debits = [e for e in ledger(rt, ready.account_id) if e[0] == "DEBITO_EMISSAO"]
    assert len(debits) == 1
