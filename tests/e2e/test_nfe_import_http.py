"""A purchase from abroad (issue 35): the importer's NF-e of entry for goods it cleared, through
a real HTTP server and the simulator. The supplier abroad is `dest` with `idEstrangeiro` in UF
EX (idDest 3); each item carries its DI and the II group as the clearance declared them, and
its ICMS base is the law's (LC 87/1996 art. 13 V and §1º I): customs value, II, IPI, IOF,
PIS/COFINS-Importação, AFRMM and customs expenses, with the ICMS inside.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import pytest
import requests
from flask import Flask
from lxml import etree

from simulator.testing import SimulatorHandle, running_simulator
from tests.api.nfe.helpers import Ready, add_product, authority_settings, ready_company
from tests.api.queue.helpers import settle

NS = {"n": "http://www.portalfiscal.inf.br/nfe"}
CENT = Decimal("0.01")

SUPPLIER = {
    "nome": "Elektro Geratebau GmbH",
    "id_estrangeiro": "DE811234567",
    "endereco": {
        "logradouro": "Blanc-und-Fischer-Platz",
        "numero": "1",
        "pais": "0230",
        "nome_pais": "Alemanha",
    },
}
IMPORT = {
    "di": {
        "numero": "2412345678",
        "data_registro": "2024-07-09",
        "local_desembaraco": "PORTO DE SANTOS",
        "uf_desembaraco": "SP",
        "data_desembaraco": "2024-07-10",
        "via_transporte": 1,
        "valor_afrmm": "130.00",
        "intermediacao": 1,
        "codigo_exportador": "EGO-01",
        "adicoes": [{"numero": "1", "sequencia": "1", "codigo_fabricante": "EGO-FAB"}],
    },
    "valor_aduaneiro": "5200.00",
    "valor_ii": "936.00",
    "valor_iof": "0.00",
    "despesas_aduaneiras": "154.23",
}
RULE = {
    "cfop": "3102", "cst_icms": "00", "aliq_icms": "18", "cst_ipi": "00", "aliq_ipi": "10",
    "c_enq_ipi": "999", "cst_pis": "02", "aliq_pis": "2.10", "cst_cofins": "02",
    "aliq_cofins": "9.65", "operacao": "exterior", "prioridade": 10,
}  # fmt: skip
"""An importer's tax rule: ICMS at the importer's internal rate, IPI from the TIPI, and the
PIS/COFINS-Importação rates (Lei 10.865/2004 art. 8º); the rates are the test's data."""


@pytest.fixture(scope="module")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimulatorHandle]:
    with running_simulator(Path(tmp_path_factory.mktemp("authority-import"))) as handle:
        yield handle


@pytest.fixture
def app(app_factory: Any, sim: SimulatorHandle, backend: str) -> Flask:
    return app_factory(
        **authority_settings(sim, rate_limit_per_minute=10_000),
        queue_inprocess=backend == "sqlite",
        queue_poll_seconds=0.05,
        queue_retry_schedule=(0.2, 0.4, 0.8),
    )


def _ready(app: Flask, sim: SimulatorHandle, server: str, cfop: str = "3102") -> Ready:
    """A company in the regime normal with product P1, an import nature and its tax rule."""
    rt = app.extensions["fiscal"]
    ready = ready_company(app.test_client(), rt, sim, crt=3)
    add_product(rt, ready, ncm="85169000", preco="50.00", descricao="Resistencia para fogao")
    base = f"{server}/configuracao-fiscal"
    nature = {"codigo": "IMPORTACAO", "descricao": "Compra do exterior", "tipo_operacao": 0,
              "finalidade": 1}  # fmt: skip
    created = requests.post(f"{base}/naturezas", json=nature, headers=ready.headers, timeout=30)
    assert created.status_code == 201, created.json()
    rule = {**RULE, "cfop": cfop, "natureza_id": created.json()["item"]["id"]}
    tax = requests.post(f"{base}/tributacao", json=rule, headers=ready.headers, timeout=30)
    assert tax.status_code == 201, tax.json()
    return ready


def _body(**overrides: Any) -> dict[str, Any]:
    body = {
        "pedido": "IMPORTACAO-1", "natureza": "IMPORTACAO", "fornecedor": SUPPLIER,
        "itens": [{"codigo": "P1", "quantidade": 100, "valor": "50.00", "importacao": IMPORT}],
        "pagamento": "transferencia",
    }  # fmt: skip
    body.update(overrides)
    return body


def _post(server: str, ready: Ready, body: dict[str, Any]) -> requests.Response:
    return requests.post(f"{server}/nfe", json=body, headers=ready.headers, timeout=60)


def _one(root: etree._Element, path: str) -> str:
    found = root.findall(path, NS)
    assert len(found) == 1, path
    return found[0].text or ""


def _money(value: Decimal) -> Decimal:
    return value.quantize(CENT, ROUND_HALF_UP)


def test_an_import_is_authorized_with_the_di_the_ii_and_the_law_s_icms_base(app, sim, server):
    ready = _ready(app, sim, server)
    answer = _post(server, ready, _body())
    issued = answer.json()
    assert answer.status_code == 200, issued
    assert issued["status"] == "AUTORIZADA", issued
    xml = requests.get(f"{server}/nfe/{issued['id']}/xml", headers=ready.headers, timeout=30)
    root = etree.fromstring(xml.content)

    assert _one(root, ".//n:ide/n:tpNF") == "0"
    assert _one(root, ".//n:ide/n:idDest") == "3"
    assert _one(root, ".//n:dest/n:idEstrangeiro") == "DE811234567"
    assert _one(root, ".//n:dest/n:indIEDest") == "9"
    assert [_one(root, f".//n:enderDest/n:{tag}") for tag in ("UF", "cMun", "xMun", "cPais")] == [
        "EX", "9999999", "EXTERIOR", "0230"
    ]  # fmt: skip
    assert _one(root, ".//n:det/n:prod/n:CFOP") == "3102"
    assert _one(root, ".//n:prod/n:DI/n:nDI") == "2412345678"
    assert _one(root, ".//n:prod/n:DI/n:tpViaTransp") == "1"
    assert _one(root, ".//n:prod/n:DI/n:vAFRMM") == "130.00"
    assert _one(root, ".//n:prod/n:DI/n:adi/n:cFabricante") == "EGO-FAB"
    ii = {tag: Decimal(_one(root, f".//n:imposto/n:II/n:{tag}"))
          for tag in ("vBC", "vDespAdu", "vII", "vIOF")}  # fmt: skip
    assert ii == {"vBC": Decimal("5200.00"), "vDespAdu": Decimal("154.23"),
                  "vII": Decimal("936.00"), "vIOF": Decimal("0.00")}  # fmt: skip

    # IPI on customs value + II (RIPI art. 190 I "a"); PIS/COFINS-Importação on the customs
    # value (Lei 10.865/2004 art. 7º I).
    v_ipi = Decimal(_one(root, ".//n:IPITrib/n:vIPI"))
    assert Decimal(_one(root, ".//n:IPITrib/n:vBC")) == Decimal("6136.00")
    assert v_ipi == Decimal("613.60")
    v_pis = Decimal(_one(root, ".//n:PISAliq/n:vPIS"))
    v_cofins = Decimal(_one(root, ".//n:COFINSAliq/n:vCOFINS"))
    assert (v_pis, v_cofins) == (Decimal("109.20"), Decimal("501.80"))
    assert Decimal(_one(root, ".//n:PISAliq/n:vBC")) == Decimal("5200.00")

    # ICMS: the sum of every parcel, with the ICMS inside (÷ (1 − 18 %)).
    parcels = (
        Decimal("5200.00")
        + Decimal("936.00")
        + Decimal("0.00")
        + Decimal("130.00")
        + (Decimal("154.23") + v_ipi + v_pis + v_cofins)
    )
    v_bc = _money(parcels / Decimal("0.82"))
    assert Decimal(_one(root, ".//n:ICMS00/n:vBC")) == v_bc == Decimal("9322.96")
    assert Decimal(_one(root, ".//n:ICMS00/n:vICMS")) == _money(v_bc * Decimal("0.18"))

    # vNF by the MOC formula: vProd + vII + vIPI.
    assert Decimal(_one(root, ".//n:ICMSTot/n:vII")) == Decimal("936.00")
    assert Decimal(_one(root, ".//n:ICMSTot/n:vNF")) == Decimal("5000.00") + 936 + v_ipi

    pdf = requests.get(f"{server}/nfe/{issued['id']}/danfe", headers=ready.headers, timeout=60)
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_an_import_cfop_that_is_not_of_abroad_is_refused(app, sim, server):
    ready = _ready(app, sim, server, cfop="1102")
    refused = _post(server, ready, _body())
    error = refused.json()["error"]
    assert refused.status_code == 422, error
    assert error["code"] == "FISCAL_CONFIGURATION_REQUIRED"
    assert error["motivos"] == ["CFOP_INCOMPATIVEL"]
    assert "iniciado por 3" in error["message"]


def test_an_item_from_abroad_without_its_import_data_is_refused(app, sim, server):
    ready = _ready(app, sim, server)
    refused = _post(server, ready, _body(itens=[{"codigo": "P1", "quantidade": 1}]))
    error = refused.json()["error"]
    assert refused.status_code == 422, error
    assert error["code"] == "VALIDATION_ERROR"
    assert error["errors"][0]["field"] == "itens.0.importacao"
    assert "valor_aduaneiro" in error["errors"][0]["message"]


def test_a_queued_import_is_authorized(app, sim, server):
    """The queue stores the request as JSON (dates as ISO text) and the worker loads it again."""
    ready = _ready(app, sim, server)
    queued = requests.post(f"{server}/nfe", json=_body(pedido="IMPORTACAO-Q"), timeout=60,
                           headers={**ready.headers, "Prefer": "respond-async"})  # fmt: skip
    assert queued.status_code == 202, queued.json()
    done = settle(app, app.test_client(), ready.headers, queued.json()["solicitacao_id"])
    assert done["status"] == "AUTORIZADA", done


def test_the_preview_decides_the_import_as_the_issuance(app, sim, server):
    ready = _ready(app, sim, server)
    body = {k: v for k, v in _body().items() if k != "pedido"}
    answer = requests.post(f"{server}/fiscal/preview", json=body, headers=ready.headers, timeout=60)
    preview = answer.json()
    assert answer.status_code == 200, preview
    assert preview["ready_to_issue"] is True, preview
    assert preview["xml_validado"] is True and preview["violacoes"] == [], preview
    assert preview["taxes"]["itens"][0]["cfop"] == "3102"
    assert preview["taxes"]["itens"][0]["ii"]["vII"] == "936.00"
    assert preview["taxes"]["totais"]["vII"] == "936.00"
