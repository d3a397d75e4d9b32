"""A sale abroad (issue 35): the exporter's NF-e through a real HTTP server and the simulator,
which refuses an export without its place of shipment (rejection 355). The buyer abroad is
`dest` with `idEstrangeiro` in UF EX (idDest 3), the CFOP starts with 7, the note carries
`exporta` (UF and place of shipment, place of dispatch) and the item its drawback act
(`detExport`).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from flask import Flask
from lxml import etree

from simulator.testing import SimulatorHandle, running_simulator
from tests.api.nfe.helpers import Ready, add_product, authority_settings, ready_company

NS = {"n": "http://www.portalfiscal.inf.br/nfe"}
BUYER = {
    "nome": "Acein Aceros Industriales",
    "id_estrangeiro": "EC1790012345",
    "endereco": {"logradouro": "Av. de la Prensa", "numero": "4550", "pais": "2399",
                 "nome_pais": "Equador"},
}  # fmt: skip
SHIPMENT = {"uf_embarque": "SC", "local_embarque": "PORTO DE ITAJAI",
            "local_despacho": "BLUMENAU/SC"}  # fmt: skip
RULE = {"cfop": "7101", "cst_icms": "41", "cst_ipi": "52", "c_enq_ipi": "301", "cst_pis": "08",
        "cst_cofins": "08", "operacao": "exterior", "prioridade": 10}  # fmt: skip
"""An exporter's rule: ICMS not levied (CST 41, LC 87/1996 art. 3º II), IPI exempt on exports
(CST 52, enquadramento 301), PIS/COFINS without levy (CST 08)."""


@pytest.fixture(scope="module")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimulatorHandle]:
    with running_simulator(Path(tmp_path_factory.mktemp("authority-export"))) as handle:
        yield handle


@pytest.fixture
def app(app_factory: Any, sim: SimulatorHandle, backend: str) -> Flask:
    return app_factory(**authority_settings(sim, rate_limit_per_minute=10_000))


def _ready(app: Flask, sim: SimulatorHandle, server: str) -> Ready:
    """A company in the regime normal with product P1 and its export rule."""
    rt = app.extensions["fiscal"]
    ready = ready_company(app.test_client(), rt, sim, crt=3)
    add_product(rt, ready, ncm="73181500", preco="120.00", descricao="Parafuso de aco")
    tax = requests.post(f"{server}/configuracao-fiscal/tributacao", json=RULE,
                        headers=ready.headers, timeout=30)  # fmt: skip
    assert tax.status_code == 201, tax.json()
    return ready


def _one(root: etree._Element, path: str) -> str:
    found = root.findall(path, NS)
    assert len(found) == 1, path
    return found[0].text or ""


def test_an_export_is_authorized_with_its_place_of_shipment(app, sim, server):
    ready = _ready(app, sim, server)
    body = {"pedido": "EXPORTACAO-1", "cliente": BUYER, "exportacao": SHIPMENT,
            "pagamento": "transferencia",
            "itens": [{"codigo": "P1", "quantidade": 50,
                       "exportacao": {"drawback": "20240012345"}}]}  # fmt: skip
    answer = requests.post(f"{server}/nfe", json=body, headers=ready.headers, timeout=60)
    issued = answer.json()
    assert answer.status_code == 200, issued
    assert issued["status"] == "AUTORIZADA", issued
    xml = requests.get(f"{server}/nfe/{issued['id']}/xml", headers=ready.headers, timeout=30)
    root = etree.fromstring(xml.content)

    assert (_one(root, ".//n:ide/n:tpNF"), _one(root, ".//n:ide/n:idDest")) == ("1", "3")
    assert _one(root, ".//n:det/n:prod/n:CFOP") == "7101"
    assert _one(root, ".//n:dest/n:idEstrangeiro") == "EC1790012345"
    assert _one(root, ".//n:enderDest/n:UF") == "EX"
    assert _one(root, ".//n:exporta/n:UFSaidaPais") == "SC"
    assert _one(root, ".//n:exporta/n:xLocExporta") == "PORTO DE ITAJAI"
    assert _one(root, ".//n:exporta/n:xLocDespacho") == "BLUMENAU/SC"
    assert _one(root, ".//n:prod/n:detExport/n:nDraw") == "20240012345"

    pdf = requests.get(f"{server}/nfe/{issued['id']}/danfe", headers=ready.headers, timeout=60)
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_an_export_without_its_place_of_shipment_is_refused_before_sending(app, sim, server):
    ready = _ready(app, sim, server)
    body = {"pedido": "EXPORTACAO-2", "cliente": BUYER, "pagamento": "transferencia",
            "itens": [{"codigo": "P1", "quantidade": 1}]}  # fmt: skip
    refused = requests.post(f"{server}/nfe", json=body, headers=ready.headers, timeout=60)
    error = refused.json()["error"]
    assert refused.status_code == 422, error
    assert error["errors"][0]["field"] == "exportacao"
