"""The DANFSe names the provider's address and the municipalities (issue 40).

The DPS leaves the provider's name and address out (the national system takes them from its
register, the CNC), and a register without them gives "NAO INFORMADO" and CEP 00000000; the
simulator has no register at all, nor municipality names. The DANFSe must still print the
address the company registered and municipality names, never a code standing in for a name.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from simulator.testing import SimulatorHandle, running_simulator
from tests.api.nfe.helpers import authority_settings
from tests.api.nfse.helpers import nfse_body, nfse_ready

API = "/api/v1"


@pytest.fixture(scope="module")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimulatorHandle]:
    with running_simulator(Path(tmp_path_factory.mktemp("sefin"))) as handle:
        yield handle


@pytest.fixture
def app(app_factory: Any, sim: SimulatorHandle) -> Flask:
    return app_factory(**authority_settings(sim))


def _text(pdf: bytes, tmp_path: Path) -> str:
    target = tmp_path / "danfse.pdf"
    target.write_bytes(pdf)
    read = subprocess.run(["pdftotext", "-layout", str(target), "-"], capture_output=True,
                          check=True, text=True)  # fmt: skip
    return read.stdout


def test_danfse_prints_the_company_address_and_municipality_names(app, sim, tmp_path):
    client = app.test_client()
    ready = nfse_ready(client, app.extensions["fiscal"], sim)
    issued = client.post(f"{API}/nfse", headers=ready.headers, json=nfse_body("OS-PDF"))
    assert issued.status_code == 200, issued.get_json()
    pdf = client.get(f"{API}/nfse/{issued.get_json()['id']}/danfse", headers=ready.headers)
    assert pdf.status_code == 200
    text = _text(pdf.data, tmp_path)
    assert "Av Paulista, 1000, Bela Vista" in text
    assert "01.310-100" in text
    assert "São Paulo" in text
    for placeholder in ("NAO INFORMADO", "00.000-000", "Municipio IBGE"):
        assert placeholder not in text
