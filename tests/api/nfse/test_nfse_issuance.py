"""NFS-e decisions through the API (test client, simulator): IBS/CBS needs the operation
indicator, the competence date, and what reaches the DPS."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from lxml import etree

from service.db import transaction
from service.issuance.models import FiscalDocument
from simulator.pki import create_ca
from simulator.testing import SimulatorHandle, running_simulator
from tests.api.nfe.helpers import authority_settings
from tests.api.nfse.helpers import nfse_body, nfse_ready
from tests.stored import signed_of

API = "/api/v1"
N = "{http://www.sped.fazenda.gov.br/nfse}"


@pytest.fixture(scope="module")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimulatorHandle]:
    with running_simulator(Path(tmp_path_factory.mktemp("sefin"))) as handle:
        yield handle


@pytest.fixture
def app(app_factory: Any, sim: SimulatorHandle) -> Flask:
    return app_factory(**authority_settings(sim))


def _dps(app: Flask, document_id: str) -> etree._Element:
    return etree.fromstring(signed_of(app, document_id))


def test_ibs_cbs_in_force_needs_the_operation_indicator(app, sim):
    client = app.test_client()
    ready = nfse_ready(client, app.extensions["fiscal"], sim, crt=3)
    refused = client.post(f"{API}/nfse", headers=ready.headers, json=nfse_body("OS-IVA"))
    assert refused.status_code == 422, refused.get_json()
    error = refused.get_json()["error"]
    assert error["code"] == "FISCAL_CONFIGURATION_REQUIRED"
    assert error["missing"] == ["servico.c_ind_op"]
    assert error["motivos"] == ["IBS_CBS_INDICADOR_OPERACAO"]
    body = nfse_body("OS-IVA", servico={"codigo": "S1", "c_ind_op": "100301"})
    issued = client.post(f"{API}/nfse", headers=ready.headers, json=body)
    assert issued.status_code == 200, issued.get_json()
    group = _dps(app, issued.get_json()["id"]).find(f".//{N}IBSCBS")
    assert group is not None
    assert group.findtext(f"{N}cIndOp") == "100301"
    assert group.findtext(f".//{N}CST") == "000" and group.findtext(f".//{N}cClassTrib") == "000001"


def test_simples_nacional_provider_and_no_ibs_cbs_group(app, sim):
    client = app.test_client()
    ready = nfse_ready(client, app.extensions["fiscal"], sim)  # CRT 1
    issued = client.post(f"{API}/nfse", headers=ready.headers, json=nfse_body("OS-SN"))
    assert issued.status_code == 200, issued.get_json()
    dps = _dps(app, issued.get_json()["id"])
    assert dps.findtext(f".//{N}opSimpNac") == "3" and dps.find(f".//{N}IBSCBS") is None
    assert dps.findtext(f".//{N}dCompet") == issued.get_json()["competencia"]


def test_a_future_competence_is_refused(app, sim):
    client = app.test_client()
    ready = nfse_ready(client, app.extensions["fiscal"], sim)
    body = nfse_body("OS-FUTURO", competencia="2999-01-01")
    refused = client.post(f"{API}/nfse", headers=ready.headers, json=body)
    assert refused.status_code == 422
    assert refused.get_json()["error"]["errors"][0]["field"] == "competencia"


def test_a_service_needs_code_or_description_national_code_and_value(app, sim):
    client = app.test_client()
    ready = nfse_ready(client, app.extensions["fiscal"], sim)
    bare = nfse_body("OS-VAZIO", servico={"descricao": "Algo"})
    refused = client.post(f"{API}/nfse", headers=ready.headers, json=bare)
    assert refused.status_code == 422
    fields = {e["field"] for e in refused.get_json()["error"]["errors"]}
    assert fields == {"servico.c_trib_nac", "servico.valor"}
    unknown = client.post(f"{API}/nfse", headers=ready.headers,
                          json=nfse_body("OS-X", servico={"codigo": "NAO-EXISTE"}))  # fmt: skip
    assert unknown.status_code == 422
    assert unknown.get_json()["error"]["errors"][0]["field"] == "servico.codigo"


def test_an_nfse_not_signed_by_a_trusted_authority_is_not_taken_as_authorized(
    app_factory, sim, tmp_path
):
    """The national system's signature is checked against `AUTHORITY_SIGNER_BUNDLE`: an NFS-e
    signed by another CA's certificate is not stored as authorized (the document stays
    uncertain, nothing is shown as issued)."""
    other = tmp_path / "other-ca.pem"
    other.write_bytes(create_ca("Outra AC").pem())
    app = app_factory(**authority_settings(sim), authority_signer_bundle=str(other))
    client = app.test_client()
    ready = nfse_ready(client, app.extensions["fiscal"], sim)
    answer = client.post(f"{API}/nfse", headers=ready.headers, json=nfse_body("OS-ASSIN"))
    assert answer.status_code == 202, answer.get_json()
    assert answer.get_json()["status"] == "PROCESSANDO"
    with transaction(app.extensions["fiscal"].sessions) as session:
        document = session.get(FiscalDocument, answer.get_json()["id"])
        assert document is not None and document.xml_protocolo is None
