"""The rural producer's registration through a real HTTP server (werkzeug, threaded): create a
natural-person producer (and its 409, 422 and 403 paths), read it, upload its e-CPF (and a
divergent one), walk to `pronta_para_emitir`, and switch the context of a CNPJ company.

Issuing the producer's NF-e (XSD, signature, simulator) is covered with the NF-e family.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
import requests
from flask import Flask
from werkzeug.serving import make_server

from tests.api.rural.helpers import OTHER_CPF, ecpf, producer_body
from tests.factories import auth, make_account, make_key
from tests.factories_config import issuer_body


@pytest.fixture
def server(app: Flask) -> Iterator[str]:
    http = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{http.server_port}/api/v1"
    http.shutdown()
    thread.join(timeout=10)


def _error(response: requests.Response) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]


def test_producer_registration_over_http(server: str, rt: Any) -> None:
    acc = make_account(rt)
    headers = auth(acc.live)
    with requests.Session() as http:
        service = auth(make_key(rt, acc.id, kind="service"))
        refused = http.post(server + "/rural/produtor", json=producer_body(), headers=service)
        assert _error(refused) == (403, "EMITENTE_NAO_CONFIGURADO")
        bad = http.post(server + "/rural/produtor", json=producer_body(serie_nfe=1),
                        headers=headers)  # fmt: skip
        assert _error(bad) == (422, "VALIDATION_ERROR")
        assert bad.json()["error"]["errors"][0]["field"] == "serie_nfe"
        created = http.post(server + "/rural/produtor", json=producer_body(), headers=headers)
        assert created.status_code == 201, created.json()
        assert created.json()["produtor"]["tipo"] == "PF"
        again = http.post(server + "/rural/produtor", json=producer_body(codigo="x"),
                          headers=headers)  # fmt: skip
        assert _error(again) == (409, "REGISTRO_DUPLICADO")
        divergent = http.post(server + "/configuracao-fiscal/certificado",
                              json=ecpf(OTHER_CPF), headers=headers)  # fmt: skip
        assert _error(divergent) == (422, "CERTIFICADO_DIVERGENTE")
        sent = http.post(server + "/configuracao-fiscal/certificado", json=ecpf(), headers=headers)
        assert sent.status_code == 201 and sent.json()["certificado"]["cpf_confere_com_emitente"]
        state = http.get(server + "/configuracao-fiscal", headers=headers).json()
        assert state["pronta_para_emitir"] is True, state["pendencias"]
        producer = http.get(server + "/rural/produtor", headers=headers).json()["produtor"]
        assert producer["certificado"]["status"] == "ok" and producer["serie_nfe"] == 920


def test_legal_person_context_over_http(server: str, rt: Any) -> None:
    acc = make_account(rt)
    headers = auth(acc.live)
    with requests.Session() as http:
        made = http.post(server + "/configuracao-fiscal/emitente", json=issuer_body(),
                         headers=headers)  # fmt: skip
        assert made.status_code == 201
        assert _error(http.get(server + "/rural/produtor", headers=headers)) == (
            404, "NAO_ENCONTRADO"
        )  # fmt: skip
        on = http.put(server + "/rural/produtor", json={"contexto_fiscal": "PRODUTOR_RURAL"},
                      headers=headers)  # fmt: skip
        assert on.status_code == 200 and on.json()["produtor"]["tipo"] == "PJ"
        assert http.get(server + "/rural/produtor", headers=headers).status_code == 200
        off = http.put(server + "/rural/produtor", json={"contexto_fiscal": None},
                       headers=headers)  # fmt: skip
        assert off.status_code == 200
        assert http.get(server + "/rural/produtor", headers=headers).status_code == 404
