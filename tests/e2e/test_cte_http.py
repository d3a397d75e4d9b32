"""CT-e (57) and CT-e OS (67) through a real HTTP server (werkzeug, threaded) and the
simulator (SOAP 1.2 over HTTPS + mutual TLS): issuance with the engine's CFOP and transport
ICMS, the Simples Nacional group, the interstate rate, what is missing, rejection, a lost
answer, preview, events, the DACTE and the queue.

Every CT-e and event the service stores passes the official XSDs (the pipeline asserts it
before storing; checked again here) and `xmlsec1 --verify`.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import requests
from flask import Flask
from lxml import etree

from documents.keys import AccessKey
from documents.schemas import assert_valid
from service.db import transaction
from service.issuance.models import FiscalDocument
from simulator.testing import SimulatorHandle, running_simulator
from tests.api.cte.helpers import carrier, cte_body, cte_ready, cteos_body
from tests.api.nfe.helpers import authority_settings, balance, ledger, pdf_digits
from tests.factories import auth
from tests.stored import signed_of
from tests.unit.documents.xmlsec import xmlsec_verify

CTE_NS = "http://www.portalfiscal.inf.br/cte"
N = f"{{{CTE_NS}}}"
PRICE = Decimal("0.25")
SCHEMAS = {"cte": "cte/4.00/CTe", "cteos": "cte/4.00/CTeOS"}
BODIES = {"cte": cte_body, "cteos": cteos_body}


@pytest.fixture(scope="module")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimulatorHandle]:
    with running_simulator(Path(tmp_path_factory.mktemp("cte-e2e"))) as handle:
        yield handle


@pytest.fixture
def app(app_factory: Any, sim: SimulatorHandle) -> Flask:
    return app_factory(**authority_settings(sim, rate_limit_per_minute=10_000),
                       queue_inprocess=True, queue_poll_seconds=0.05)  # fmt: skip


@pytest.fixture
def ready(app: Flask, sim: SimulatorHandle) -> Any:
    return cte_ready(app.test_client(), app.extensions["fiscal"], sim)


@pytest.fixture(autouse=True)
def _no_faults(sim: SimulatorHandle) -> Iterator[None]:
    yield
    sim.clear_faults()


def _post(server: str, path: str, key: str, body: Any, **headers: str) -> requests.Response:
    return requests.post(f"{server}{path}", json=body, headers={**auth(key), **headers},
                         timeout=60)  # fmt: skip


def _get(server: str, path: str, key: str) -> requests.Response:
    return requests.get(f"{server}{path}", headers=auth(key), timeout=60)


def _stored(app: Flask, document_id: str) -> FiscalDocument:
    with transaction(app.extensions["fiscal"].sessions) as session:
        document = session.get(FiscalDocument, document_id)
        assert document is not None
        return document


def _at_authority(sim: SimulatorHandle, cnpj: str) -> list[dict[str, Any]]:
    return [d for d in sim.state()["documents"] if d["issuer"] == cnpj]


def _charges(app: Flask, ready: Any) -> list[str]:
    return [kind for kind, _, doc in ledger(app.extensions["fiscal"], ready.account_id) if doc]


# -- issuance -----------------------------------------------------------------------------


@pytest.mark.parametrize("module", ["cte", "cteos"])
def test_issue_authorized_with_the_rules_decisions(
    app, sim, server, ready, module, tmp_path, authorized_as_built
):
    before = balance(app.extensions["fiscal"], ready.account_id)
    answer = _post(server, f"/{module}", ready.key, BODIES[module]())
    assert answer.status_code == 200, answer.json()
    data = answer.json()
    assert data["status"] == "AUTORIZADA" and len(data["protocolo"]) == 15
    key = AccessKey.parse(data["chave"])  # the check digit holds
    assert key.text[20:22] == ("57" if module == "cte" else "67")
    assert data["cfop"] == ("5352" if module == "cte" else "5357")
    assert data["valor_prestacao"] == ("1000.00" if module == "cte" else "3500.00")
    assert data["links"]["dacte"] == f"/api/v1/{module}/{data['id']}/dacte"
    if module == "cteos":
        assert data["tipo_servico"] == "transporte_pessoas"
    signed_xml = signed_of(app, data["id"])
    signed = etree.fromstring(signed_xml)
    assert_valid(signed, SCHEMAS[module])
    xmlsec_verify(signed_xml, id_node="infCte", namespace=CTE_NS,
                  trusted_pem=sim.ca_bundle.read_bytes(), tmp=tmp_path)  # fmt: skip
    assert key.text in (signed.findtext(f"{N}infCTeSupl/{N}qrCodCTe") or "")
    icms = signed.find(f".//{N}imp/{N}ICMS/{N}ICMS00")
    assert icms is not None and icms.findtext(f"{N}pICMS") == "12.00"
    assert [d["chave"] for d in _at_authority(sim, ready.cnpj)] == [data["chave"]]
    assert balance(app.extensions["fiscal"], ready.account_id) == before - PRICE
    pdf = _get(server, f"/{module}/{data['id']}/dacte", ready.key)
    assert pdf.headers["Content-Type"] == "application/pdf"
    assert data["chave"] in pdf_digits(pdf.content)
    xml = _get(server, f"/{module}/{data['id']}/xml", ready.key)
    assert (
        etree.fromstring(xml.content).tag == f"{N}{'cteProc' if module == 'cte' else 'cteOSProc'}"
    )
    assert xml.content == authorized_as_built[data["id"]]  # rebuilt, byte for byte
    xmlsec_verify(xml.content, id_node="infCte", namespace=CTE_NS,
                  trusted_pem=sim.ca_bundle.read_bytes(), tmp=tmp_path)  # fmt: skip


def test_a_simples_nacional_carrier_uses_icmssn(app, sim, server):
    ready = cte_ready(app.test_client(), app.extensions["fiscal"], sim, crt=1)
    answer = _post(server, "/cte", ready.key, cte_body("FRETE-SN"))
    assert answer.status_code == 200, answer.json()
    signed = etree.fromstring(signed_of(app, answer.json()["id"]))
    group = signed.find(f".//{N}ICMS/{N}ICMSSN")
    assert group is not None and group.findtext(f"{N}indSN") == "1"


def test_an_interstate_freight_takes_the_interstate_rate_and_cfop(app, server, ready):
    answer = _post(server, "/cte", ready.key, cte_body("FRETE-RJ", destinatario="DEST-RJ"))
    assert answer.status_code == 200, answer.json()
    assert answer.json()["cfop"] == "6352"
    signed = etree.fromstring(signed_of(app, answer.json()["id"]))
    assert signed.findtext(f".//{N}ICMS00/{N}pICMS") == "12.00"
    assert signed.findtext(f".//{N}ide/{N}UFFim") == "RJ"


def test_no_cfop_rule_is_422_and_nothing_is_charged(app, server, ready):
    before = balance(app.extensions["fiscal"], ready.account_id)
    body = cte_body("FRETE-SEM-CFOP", fiscal={})
    answer = _post(server, "/cte", ready.key, body)
    assert answer.status_code == 422, answer.json()
    error = answer.json()["error"]
    assert error["code"] == "FISCAL_CONFIGURATION_REQUIRED" and "CFOP_OPERACAO" in error["motivos"]
    os_body = cteos_body("OS-SEM-CFOP", origem={"cod_municipio": "3304557",
                         "municipio": "Rio de Janeiro", "uf": "RJ"})  # fmt: skip
    refused = _post(server, "/cteos", ready.key, os_body)
    assert refused.status_code == 422 and "CFOP_OPERACAO" in refused.json()["error"]["motivos"]
    assert balance(app.extensions["fiscal"], ready.account_id) == before


def test_missing_rntrc_and_taf_are_named(app, sim, server, ready):
    carrier(app.extensions["fiscal"], ready, rntrc=None, taf_cteos=None)
    cte = _post(server, "/cte", ready.key, cte_body("FRETE-SEM-RNTRC")).json()["error"]
    assert cte["code"] == "FISCAL_CONFIGURATION_REQUIRED" and cte["missing"] == ["emitente.rntrc"]
    os = _post(server, "/cteos", ready.key, cteos_body("OS-SEM-TAF")).json()["error"]
    assert os["missing"] == ["emitente.taf_cteos"]
    given = cteos_body("OS-COM-TAF", transporte={"taf": "123456789012"})
    assert _post(server, "/cteos", ready.key, given).status_code == 200


def test_a_rejection_is_refunded(app, sim, server, ready):
    sim.set_fault("reject", code="599", reason="Rejeicao de teste", service="CTeRecepcaoSincV4",
                  times=1)  # fmt: skip
    answer = _post(server, "/cte", ready.key, cte_body("FRETE-REJ"))
    assert answer.status_code == 422, answer.json()
    assert (answer.json()["error"]["code"], answer.json()["error"]["sefaz_code"]) == (
        "SEFAZ_REJECTION", "599")  # fmt: skip
    assert _charges(app, ready) == ["DEBITO_EMISSAO", "ESTORNO"]


def test_a_lost_answer_is_reconciled_with_one_document_and_one_debit(app, sim, server, ready):
    sim.set_fault("drop_after_processing", service="CTeRecepcaoOSV4", times=1)
    answer = _post(server, "/cteos", ready.key, cteos_body("OS-PERDIDA"))
    assert answer.status_code == 202, answer.json()
    assert answer.json()["status"] == "PENDENTE"
    got = _get(server, f"/cteos/{answer.json()['id']}", ready.key).json()
    assert got["status"] == "AUTORIZADA"
    assert len(_at_authority(sim, ready.cnpj)) == 1
    assert _charges(app, ready) == ["DEBITO_EMISSAO"]


@pytest.mark.parametrize("module", ["cte", "cteos"])
def test_preview_has_no_side_effects(app, sim, server, ready, module):
    body = {k: v for k, v in BODIES[module]().items() if k != "pedido"}
    answer = _post(server, f"/{module}/preview", ready.key, body)
    assert answer.status_code == 200, answer.json()
    data = answer.json()
    assert data["ready_to_issue"] is True and data["xml_validado"] is True
    assert data["leiaute"] == "4.00" and data["classifications"]["cst"] == "00"
    assert data["document"]["cfop"] == data["classifications"]["cfop"]
    assert _at_authority(sim, ready.cnpj) == [] and _charges(app, ready) == []


# -- events -------------------------------------------------------------------------------


def test_cce_sequence_local_refusals_and_cancel(app, server, ready):
    issued = _post(server, "/cte", ready.key, cte_body("FRETE-EV")).json()
    base = f"/cte/{issued['id']}"
    letter = {"correcoes": [{"grupo": "compl", "campo": "xObs", "valor": "Entrega no portão 2"}]}
    first = _post(server, f"{base}/cce", ready.key, letter)
    assert first.status_code == 200, first.json()
    second = _post(
        server,
        f"{base}/cce",
        ready.key,
        {"correcoes": [{"grupo": "compl", "campo": "xObs", "valor": "Portão 3"}]},
    )
    assert [first.json()["sequencia"], second.json()["sequencia"]] == [1, 2]
    forbidden = _post(
        server,
        f"{base}/cce",
        ready.key,
        {"correcoes": [{"grupo": "ide", "campo": "CFOP", "valor": "5353"}]},
    )
    assert forbidden.status_code == 422
    assert forbidden.json()["error"]["errors"][0]["field"] == "correcoes.0"
    cancelled = _post(server, f"{base}/cancelar", ready.key,
                      {"justificativa": "Frete cancelado pelo tomador."})  # fmt: skip
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "CANCELADA"
    kinds = [e["tipo"] for e in cancelled.json()["eventos"]]
    assert kinds == ["CCE", "CCE", "CANCELAMENTO"]
    again = _post(server, f"{base}/cancelar", ready.key,
                  {"justificativa": "Frete cancelado pelo tomador."})  # fmt: skip
    assert (again.status_code, again.json()["error"]["code"]) == (409, "STATUS_INVALIDO")
    after = _post(server, f"{base}/cce", ready.key, letter)
    assert after.status_code == 409


def test_cteos_cancel_and_no_desacordo_route(server, ready):
    issued = _post(server, "/cteos", ready.key, cteos_body("OS-EV")).json()
    assert _post(server, f"/cteos/{issued['id']}/desacordo", ready.key,
                 {"observacao": "Serviço prestado em desacordo."}).status_code == 404  # fmt: skip
    cancelled = _post(server, f"/cteos/{issued['id']}/cancelar", ready.key,
                      {"justificativa": "Viagem cancelada pelo contratante."})  # fmt: skip
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "CANCELADA"


def test_desacordo_is_the_takers(app, server, ready):
    issuer_taker = {"cpf_cnpj": ready.cnpj, "nome": "Transportadora Tomadora",
                    "ie": "110042490114",
                    "endereco": {"logradouro": "Rua A", "numero": "1", "bairro": "Centro",
                                 "cod_municipio": "3550308", "municipio": "São Paulo",
                                 "uf": "SP", "cep": "01001000"}}  # fmt: skip
    mine = _post(server, "/cte", ready.key, cte_body("FRETE-PROPRIO", tomador=issuer_taker))
    assert mine.status_code == 200, mine.json()
    other = _post(server, "/cte", ready.key, cte_body("FRETE-ALHEIO")).json()
    note = {"observacao": "Mercadoria entregue com avaria, frete contestado."}
    refused = _post(server, f"/cte/{other['id']}/desacordo", ready.key, note)
    assert refused.status_code == 422
    assert "tomador" in refused.json()["error"]["errors"][0]["message"]
    registered = _post(server, f"/cte/{mine.json()['id']}/desacordo", ready.key, note)
    assert registered.status_code == 200, registered.json()
    assert registered.json()["evento"]["tipo"] == "DESACORDO"
    assert registered.json()["status"] == "AUTORIZADA"


# -- queue --------------------------------------------------------------------------------


def test_async_cte_is_queued_then_authorized(app, server, ready):
    import time

    answer = _post(server, "/cte", ready.key, cte_body("FRETE-FILA"), Prefer="respond-async")
    assert answer.status_code == 202, answer.json()
    task_id = answer.json()["solicitacao_id"]
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        task = _get(server, f"/fiscal/solicitacoes/{task_id}", ready.key).json()
        if task["status"] in ("AUTORIZADA", "REJEITADA", "ACAO_NECESSARIA"):
            break
        time.sleep(0.2)
    assert task["status"] == "AUTORIZADA", task
    document = _get(server, f"/cte/{task['documento_id']}", ready.key).json()
    assert document["status"] == "AUTORIZADA" and document["cfop"] == "5352"


@pytest.mark.parametrize("module", ["cte", "cteos"])
def test_fiscal_validate_runs_the_issuance_path(server, ready, module):
    body = {k: v for k, v in BODIES[module]().items() if k != "pedido"}
    documento = module.upper()
    answer = _post(server, "/fiscal/validate", ready.key, {"documento": documento,
                                                          "operacao": body})  # fmt: skip
    assert answer.status_code == 200, answer.json()
    assert answer.json()["valid"] is True and answer.json()["leiaute"] == "4.00"
    broken = {**body, "valor_prestacao": "-1"}
    refused = _post(server, "/fiscal/validate", ready.key,
                    {"documento": documento, "operacao": broken})  # fmt: skip
    assert refused.status_code == 422
    assert refused.json()["error"]["errors"][0]["field"] == "operacao.valor_prestacao"


def test_cteos_with_a_registered_vehicle(app, server, ready):
    from tests.api.cte.helpers import carrier

    carrier(app.extensions["fiscal"], ready)  # modules cte, cteos
    with transaction(app.extensions["fiscal"].sessions) as session:
        from service.companies.models import Company

        company = session.get(Company, ready.company_id)
        assert company is not None
        company.modulos = sorted({*company.modulos, "mdfe"})
    vehicle = {"placa": "BRA2E19", "tara": 12000, "uf_licenciamento": "SP",
               "renavam": "12345678901", "tp_rod": "03", "tp_car": "02"}  # fmt: skip
    assert _post(server, "/veiculos", ready.key, vehicle).status_code == 201
    answer = _post(server, "/cteos", ready.key, cteos_body("OS-PLACA", veiculo="BRA-2E19"))
    assert answer.status_code == 200, answer.json()
    signed = etree.fromstring(signed_of(app, answer.json()["id"]))
    assert signed.findtext(f".//{N}veic/{N}placa") == "BRA2E19"
    unknown = _post(server, "/cteos", ready.key, cteos_body("OS-SEM-PLACA", veiculo="XYZ1234"))
    assert unknown.status_code == 422
    assert unknown.json()["error"]["errors"][0]["field"] == "veiculo"
