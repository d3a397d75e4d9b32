"""MDF-e (58) through a real HTTP server (werkzeug, threaded) and the simulator (SVRS, SOAP 1.2
over HTTPS + mutual TLS): registers, a manifest of the company's CT-e and of NF-e keys, the
checks before numbering, close (with its `mdfe.closed` webhook delivered to a real receiver),
cancel, add a driver, rejection, a lost answer, the open-manifest listing and the DAMDFE.

Every MDF-e and event the service stores passes the official XSDs (checked again here) and
`xmlsec1 --verify`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from flask import Flask
from lxml import etree
from sqlalchemy import select

from documents.keys import AccessKey
from documents.schemas import assert_valid
from service.db import transaction
from service.issuance.models import DocumentEvent, FiscalDocument
from simulator.testing import SimulatorHandle, running_simulator
from tests.api.cte.helpers import cte_body
from tests.api.mdfe.helpers import mdfe_body, mdfe_ready
from tests.api.nfe.helpers import authority_settings, ledger, pdf_digits
from tests.api.webhooks.helpers import receiver_app, subscribe
from tests.factories import auth
from tests.stored import authorized_of, signed_of
from tests.unit.documents.xmlsec import xmlsec_verify
from tests.unit.notify.webhooks.receiver import Receiver

MDFE_NS = "http://www.portalfiscal.inf.br/mdfe"
N = f"{{{MDFE_NS}}}"


@pytest.fixture(scope="module")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimulatorHandle]:
    with running_simulator(Path(tmp_path_factory.mktemp("mdfe-e2e"))) as handle:
        yield handle


@pytest.fixture
def receiver(tmp_path: Path) -> Iterator[Receiver]:
    with Receiver(tmp_path) as rx:
        yield rx


@pytest.fixture
def app(app_factory: Any, sim: SimulatorHandle, receiver: Receiver) -> Flask:
    return receiver_app(app_factory, receiver,
                        **authority_settings(sim, rate_limit_per_minute=10_000),
                        queue_inprocess=True, queue_poll_seconds=0.05)  # fmt: skip


@pytest.fixture
def ready(app: Flask, sim: SimulatorHandle) -> Any:
    return mdfe_ready(app.test_client(), app.extensions["fiscal"], sim)


@pytest.fixture(autouse=True)
def _no_faults(sim: SimulatorHandle) -> Iterator[None]:
    yield
    sim.clear_faults()


def _post(server: str, path: str, key: str, body: Any) -> requests.Response:
    return requests.post(f"{server}{path}", json=body, headers=auth(key), timeout=60)


def _get(server: str, path: str, key: str) -> requests.Response:
    return requests.get(f"{server}{path}", headers=auth(key), timeout=60)


def _stored(app: Flask, document_id: str) -> FiscalDocument:
    with transaction(app.extensions["fiscal"].sessions) as session:
        document = session.get(FiscalDocument, document_id)
        assert document is not None
        return document


def _manifests_at_authority(sim: SimulatorHandle, cnpj: str) -> list[dict[str, Any]]:
    return [d for d in sim.state()["documents"] if d["issuer"] == cnpj and d["model"] == "58"]


def _charges(app: Flask, ready: Any) -> list[str]:
    return [kind for kind, _, doc in ledger(app.extensions["fiscal"], ready.account_id) if doc]


def test_registers_crud_and_validation(server, ready):
    listed = _get(server, "/veiculos", ready.key).json()
    assert {v["placa"] for v in listed["itens"]} == {"BRA2E19", "ABC1D23"}
    bad = _post(server, "/veiculos", ready.key, {"placa": "12-ABCD", "tara": 1,
                                                 "uf_licenciamento": "SP"})  # fmt: skip
    assert bad.status_code == 422 and bad.json()["error"]["errors"][0]["field"] == "placa"
    twice = _post(server, "/veiculos", ready.key, {"placa": "bra-2e19", "tara": 9000,
                                                   "uf_licenciamento": "SP"})  # fmt: skip
    assert twice.json()["error"]["code"] == "REGISTRO_DUPLICADO"
    driver = _post(server, "/condutores", ready.key, {"nome": "Ana Lima", "cpf": "111.444.777-35"})
    assert driver.status_code == 201 and driver.json()["item"]["cpf"] == "11144477735"
    wrong = _post(server, "/condutores", ready.key, {"nome": "Ana", "cpf": "11144477700"})
    assert wrong.status_code == 422
    record = driver.json()["item"]["id"]
    gone = requests.delete(f"{server}/condutores/{record}", headers=auth(ready.key), timeout=30)
    assert gone.status_code == 200 and gone.json()["item"]["ativo"] is False


def test_manifest_of_a_cte_by_id_and_of_nfe_keys(
    app, sim, server, ready, tmp_path, authorized_as_built
):
    cte = _post(server, "/cte", ready.key, cte_body("FRETE-M")).json()
    body = mdfe_body("VIAGEM-CTE", tipo_emitente=1, reboques=["ABC1D23"],
                     documentos=[{"cte_id": cte["id"]},
                                 {"chave_nfe": "35260111222333000181550010000000011100000013",
                                  "municipio_descarga": "3509502"}])  # fmt: skip
    answer = _post(server, "/mdfe", ready.key, body)
    assert answer.status_code == 200, answer.json()
    data = answer.json()
    assert data["status"] == "AUTORIZADA" and data["qtd_documentos"] == 2
    assert AccessKey.parse(data["chave"]).text[20:22] == "58"
    assert data["links"]["damdfe"] == f"/api/v1/mdfe/{data['id']}/damdfe"
    signed_xml = signed_of(app, data["id"])
    signed = etree.fromstring(signed_xml)
    assert_valid(signed, "mdfe/3.00/MDFe")
    xmlsec_verify(signed_xml, id_node="infMDFe", namespace=MDFE_NS,
                  trusted_pem=sim.ca_bundle.read_bytes(), tmp=tmp_path)  # fmt: skip
    xml = _get(server, f"/mdfe/{data['id']}/xml", ready.key).content  # rebuilt, byte for byte
    assert xml == authorized_as_built[data["id"]] == authorized_of(app, data["id"])
    assert etree.fromstring(xml).tag == f"{N}mdfeProc"
    xmlsec_verify(xml, id_node="infMDFe", namespace=MDFE_NS,
                  trusted_pem=sim.ca_bundle.read_bytes(), tmp=tmp_path)  # fmt: skip
    cte_xml = _get(server, f"/cte/{cte['id']}/xml", ready.key).content  # what it manifests
    assert cte_xml == authorized_as_built[cte["id"]]
    assert signed.findtext(f".//{N}infCTe/{N}chCTe") == cte["chave"]
    assert signed.findtext(f".//{N}veicReboque/{N}placa") == "ABC1D23"
    assert data["chave"] in (signed.findtext(f"{N}infMDFeSupl/{N}qrCodMDFe") or "")
    detail = _get(server, f"/mdfe/{data['id']}", ready.key).json()
    assert [d["tipo"] for d in detail["documentos"]] == ["cte", "nfe"]
    assert detail["condutores"] == [{"nome": "José da Silva", "cpf": "52998224725"}]
    pdf = _get(server, f"/mdfe/{data['id']}/damdfe", ready.key)
    assert data["chave"] in pdf_digits(pdf.content)
    again = _post(server, "/mdfe", ready.key,
                  mdfe_body("VIAGEM-DE-NOVO", tipo_emitente=1,
                            documentos=[{"cte_id": cte["id"]}]))  # fmt: skip
    assert again.status_code == 422, again.json()
    assert again.json()["mdfe_id"] == data["id"]


def test_checks_before_numbering(server, ready):
    unknown = _post(server, "/mdfe", ready.key, mdfe_body("V-PLACA", veiculo="XYZ9A99"))
    assert unknown.status_code == 422
    assert unknown.json()["error"]["errors"][0]["field"] == "veiculo"
    no_cep = mdfe_body("V-CEP", percurso={"carregamento": {"cod_municipio": "3550308",
                                                           "municipio": "São Paulo"}})  # fmt: skip
    refused = _post(server, "/mdfe", ready.key, no_cep)
    assert refused.status_code == 422, refused.json()
    assert "infLotacao" in json.dumps(refused.json()["error"], ensure_ascii=False)


def test_close_delivers_mdfe_closed_and_a_second_close_is_409(app, server, ready, receiver):
    subscribe(app.test_client(), auth(ready.key), receiver.url(), eventos=["mdfe.closed"])
    issued = _post(server, "/mdfe", ready.key, mdfe_body("VIAGEM-FIM")).json()
    closed = _post(server, f"/mdfe/{issued['id']}/encerrar", ready.key,
                   {"cod_municipio": "3509502"})  # fmt: skip
    assert closed.status_code == 200, closed.json()
    assert closed.json()["status"] == "ENCERRADA"
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and not receiver.requests:
        time.sleep(0.05)
    [delivered] = receiver.requests
    assert json.loads(delivered.body)["tipo"] == "mdfe.closed"
    again = _post(server, f"/mdfe/{issued['id']}/encerrar", ready.key, {"cod_municipio": "3509502"})
    assert (again.status_code, again.json()["error"]["code"]) == (409, "STATUS_INVALIDO")
    assert _get(server, "/mdfe/nao-encerrados", ready.key).json()["total"] == 0


def test_cancel_and_add_driver(app, sim, server, ready, tmp_path):
    issued = _post(server, "/mdfe", ready.key, mdfe_body("VIAGEM-EV")).json()
    base = f"/mdfe/{issued['id']}"
    added = _post(server, f"{base}/condutor", ready.key, {"cpf": "11144477735", "nome": "Ana"})
    assert added.status_code == 200, added.json()
    assert [d["cpf"] for d in added.json()["condutores"]] == ["52998224725", "11144477735"]
    twice = _post(server, f"{base}/condutor", ready.key, {"cpf": "11144477735", "nome": "Ana"})
    assert (twice.status_code, twice.json()["error"]["code"]) == (409, "CONDUTOR_JA_INCLUIDO")
    opened = _get(server, "/mdfe/nao-encerrados", ready.key).json()
    assert [(m["chave"], m["conhecido"]) for m in opened["itens"]] == [(issued["chave"], True)]
    cancelled = _post(server, f"{base}/cancelar", ready.key,
                      {"justificativa": "Viagem cancelada antes da saída."})  # fmt: skip
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "CANCELADA"
    with transaction(app.extensions["fiscal"].sessions) as session:
        rows = session.execute(
            select(DocumentEvent).where(DocumentEvent.documento_id == issued["id"])
        ).scalars()
        registered = [row.xml for row in rows]
    for xml in registered:
        event = etree.fromstring(xml).find(f"{N}eventoMDFe")
        assert event is not None
        assert_valid(event, "mdfe/3.00/eventoMDFe")
        xmlsec_verify(etree.tostring(event), id_node="infEvento", namespace=MDFE_NS,
                      trusted_pem=sim.ca_bundle.read_bytes(), tmp=tmp_path)  # fmt: skip


def test_rejection_refund_and_lost_answer(app, sim, server, ready):
    sim.set_fault("reject", code="611", reason="Rejeicao de teste", service="MDFeRecepcaoSinc",
                  times=1)  # fmt: skip
    rejected = _post(server, "/mdfe", ready.key, mdfe_body("VIAGEM-REJ"))
    assert rejected.status_code == 422 and rejected.json()["error"]["sefaz_code"] == "611"
    assert _charges(app, ready) == ["DEBITO_EMISSAO", "ESTORNO"]
    sim.set_fault("drop_after_processing", service="MDFeRecepcaoSinc", times=1)
    lost = _post(server, "/mdfe", ready.key, mdfe_body("VIAGEM-PERDIDA"))
    assert lost.status_code == 202 and lost.json()["status"] == "PENDENTE"
    got = _get(server, f"/mdfe/{lost.json()['id']}", ready.key).json()
    assert got["status"] == "AUTORIZADA"
    assert len(_manifests_at_authority(sim, ready.cnpj)) == 1
    assert _charges(app, ready) == ["DEBITO_EMISSAO", "ESTORNO", "DEBITO_EMISSAO"]


def test_preview_has_no_side_effects(app, sim, server, ready):
    body = {k: v for k, v in mdfe_body().items() if k != "pedido"}
    answer = _post(server, "/mdfe/preview", ready.key, body)
    assert answer.status_code == 200, answer.json()
    assert answer.json()["ready_to_issue"] is True and answer.json()["qtd_documentos"] == 1
    assert _manifests_at_authority(sim, ready.cnpj) == [] and _charges(app, ready) == []


def test_fiscal_validate_runs_the_manifest_path(server, ready):
    body = {k: v for k, v in mdfe_body().items() if k != "pedido"}
    answer = _post(server, "/fiscal/validate", ready.key, {"documento": "MDFE", "operacao": body})
    assert answer.status_code == 200, answer.json()
    assert answer.json()["valid"] is True and answer.json()["leiaute"] == "3.00"
