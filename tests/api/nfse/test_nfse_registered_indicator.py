"""The services register keeps the IBS/CBS operation indicator and the NBS (issue 40).

A CRT 3 provider with IBS/CBS in force must declare `cIndOp`; kept on the registered service, an
ERP no longer sends `servico.c_ind_op` on every request. The request's value still wins, and
clearing the register's brings the 422 back.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from lxml import etree

from simulator.testing import SimulatorHandle, running_simulator
from tests.api.nfe.helpers import authority_settings
from tests.api.nfse.helpers import SERVICE, nfse_body, nfse_ready
from tests.stored import signed_of

API = "/api/v1"
N = "{http://www.sped.fazenda.gov.br/nfse}"
KEPT = {**SERVICE, "codigo": "S2", "c_ind_op": "100301", "nbs": "115022000"}


@pytest.fixture(scope="module")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimulatorHandle]:
    with running_simulator(Path(tmp_path_factory.mktemp("sefin"))) as handle:
        yield handle


@pytest.fixture
def app(app_factory: Any, sim: SimulatorHandle) -> Flask:
    return app_factory(**authority_settings(sim))


def _dps(app: Flask, document_id: str) -> etree._Element:
    return etree.fromstring(signed_of(app, document_id))


def _issue(app: Flask, client: Any, headers: dict[str, str], pedido: str,
           servico: dict[str, Any]) -> etree._Element:  # fmt: skip
    issued = client.post(f"{API}/nfse", headers=headers, json=nfse_body(pedido, servico=servico))
    assert issued.status_code == 200, issued.get_json()
    return _dps(app, issued.get_json()["id"])


def test_the_registered_indicator_and_nbs_reach_the_dps_and_the_request_wins(app, sim):
    client = app.test_client()
    ready = nfse_ready(client, app.extensions["fiscal"], sim, crt=3)
    created = client.post(f"{API}/servicos", headers=ready.headers, json=KEPT)
    assert created.status_code == 201, created.get_json()
    item = created.get_json()["item"]
    assert (item["c_ind_op"], item["nbs"]) == ("100301", "115022000")

    dps = _issue(app, client, ready.headers, "OS-REG", {"codigo": "S2"})
    assert dps.findtext(f".//{N}IBSCBS/{N}cIndOp") == "100301"
    assert dps.findtext(f".//{N}cServ/{N}cNBS") == "115022000"

    dps = _issue(app, client, ready.headers, "OS-REQ", {"codigo": "S2", "c_ind_op": "030101"})
    assert dps.findtext(f".//{N}IBSCBS/{N}cIndOp") == "030101"

    cleared = client.put(f"{API}/servicos/{item['id']}", headers=ready.headers,
                         json={"c_ind_op": None})  # fmt: skip
    assert cleared.status_code == 200, cleared.get_json()
    assert cleared.get_json()["item"]["c_ind_op"] is None
    refused = client.post(f"{API}/nfse", headers=ready.headers,
                          json=nfse_body("OS-SEM", servico={"codigo": "S2"}))  # fmt: skip
    assert refused.status_code == 422, refused.get_json()
    assert refused.get_json()["error"]["missing"] == ["servico.c_ind_op"]
