"""National NFS-e through a real HTTP server (werkzeug, threaded) and the simulator's Sefin
(HTTPS + mutual TLS): services, issuance with the engine's ISS, overrides, rejection,
reconciliation by DPS id, duplicate DPS, preview, files and cancellation.

Every DPS and cancellation request the service stores passes the official XSD (the pipeline
asserts it before storing) and `xmlsec1 --verify`; the NFS-e and events the simulator signed
verify with xmlsec1 against the simulator's CA.
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
from sqlalchemy import select

from documents.schemas import assert_valid
from service.audit.models import AuditEntry
from service.db import transaction
from service.issuance.models import DocumentEvent, FiscalDocument
from simulator.testing import SimulatorHandle, running_simulator
from tests.api.nfe.helpers import authority_settings, balance, count_rows, ledger, pdf_digits
from tests.api.nfse.helpers import ISS_RULE, nfse_body, nfse_ready
from tests.factories import auth, make_key
from tests.stored import authorized_of, signed_of
from tests.unit.documents.xmlsec import xmlsec_verify

NFSE_NS = "http://www.sped.fazenda.gov.br/nfse"
PRICE = Decimal("0.20")
SEFIN_SIGNATURE = "/*/*[local-name()='Signature']"
"""The national system's signature: a child of the root (ours is inside, in the copy of the
DPS or pedRegEvento it embeds)."""


@pytest.fixture(scope="module")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimulatorHandle]:
    with running_simulator(Path(tmp_path_factory.mktemp("sefin-e2e"))) as handle:
        yield handle


@pytest.fixture
def app(app_factory: Any, sim: SimulatorHandle) -> Flask:
    settings = authority_settings(sim, rate_limit_per_minute=10_000)
    return app_factory(**settings, not_received_tolerance_seconds=0.0)


@pytest.fixture
def ready(app: Flask, sim: SimulatorHandle) -> Any:
    return nfse_ready(app.test_client(), app.extensions["fiscal"], sim)


@pytest.fixture(autouse=True)
def _no_faults(sim: SimulatorHandle) -> Iterator[None]:
    yield
    sim.clear_faults()


def _post(server: str, path: str, key: str, body: Any) -> requests.Response:
    return requests.post(f"{server}{path}", json=body, headers=auth(key), timeout=60)


def _get(server: str, path: str, key: str, **params: Any) -> requests.Response:
    return requests.get(f"{server}{path}", headers=auth(key), params=params, timeout=60)


def _at_sefin(sim: SimulatorHandle, cnpj: str) -> list[dict[str, Any]]:
    return [n for n in sim.state()["nfse"] if n["emitente"] == cnpj]


def _stored(app: Flask, document_id: str) -> FiscalDocument:
    with transaction(app.extensions["fiscal"].sessions) as session:
        document = session.get(FiscalDocument, document_id)
        assert document is not None
        return document


def _charges(app: Flask, ready: Any) -> list[str]:
    return [kind for kind, _, doc in ledger(app.extensions["fiscal"], ready.account_id) if doc]


# -- services ---------------------------------------------------------------------------


def test_services_crud_over_http(server, ready):
    body = {"codigo": "S2", "descricao": "Consultoria em tecnologia", "lc116": "01.06",
            "c_trib_nac": "010601", "preco": "800.00", "aliquota_iss": "3.00"}  # fmt: skip
    created = _post(server, "/servicos", ready.key, body)
    assert created.status_code == 201, created.json()
    record = created.json()["item"]
    assert _get(server, f"/servicos/{record['id']}", ready.key).json()["item"] == record
    changed = requests.put(f"{server}/servicos/{record['id']}", json={"preco": "900.00"},
                           headers=auth(ready.key), timeout=30)  # fmt: skip
    assert changed.status_code == 200 and changed.json()["item"]["preco"] == "900.00"
    assert _post(server, "/servicos", ready.key, body).json()["error"]["code"] == (
        "REGISTRO_DUPLICADO"
    )
    gone = requests.delete(f"{server}/servicos/{record['id']}", headers=auth(ready.key), timeout=30)
    assert gone.status_code == 200
    listed = _get(server, "/servicos", ready.key).json()
    assert {i["codigo"]: i["ativo"] for i in listed["itens"]} == {"S1": True, "S2": False}


# -- issuance -----------------------------------------------------------------------------


def test_issue_with_a_registered_service_and_the_company_iss_rule(
    app, sim, server, ready, tmp_path
):
    before = balance(app.extensions["fiscal"], ready.account_id)
    answer = _post(server, "/nfse", ready.key, nfse_body("OS-REG"))
    assert answer.status_code == 200, answer.json()
    data = answer.json()
    assert data["status"] == "AUTORIZADA"
    assert len(data["chave_acesso"]) == 50 and isinstance(data["numero_nfse"], str)
    assert (data["valor_servicos"], data["valor_iss"]) == (1500.0, 30.0)  # 2 % of 1500.00
    assert data["links"] == {"xml": f"/api/v1/nfse/{data['id']}/xml",
                             "danfse": f"/api/v1/nfse/{data['id']}/danfse"}  # fmt: skip
    assert [n["chave"] for n in _at_sefin(sim, ready.cnpj)] == [data["chave_acesso"]]
    assert balance(app.extensions["fiscal"], ready.account_id) == before - PRICE
    assert _charges(app, ready) == ["DEBITO_EMISSAO"]
    signed = signed_of(app, data["id"])
    dps = etree.fromstring(signed)
    assert_valid(dps, "nfse/1.00/DPS")
    xmlsec_verify(signed, id_node="infDPS", namespace=NFSE_NS,
                  trusted_pem=sim.ca_bundle.read_bytes(), tmp=tmp_path)  # fmt: skip
    assert dps.findtext(f".//{{{NFSE_NS}}}pAliq") == "2.00"
    replay = _post(server, "/nfse", ready.key, nfse_body("OS-REG"))
    assert replay.headers.get("Idempotent-Replay") == "true" and replay.json()["id"] == data["id"]
    assert len(_at_sefin(sim, ready.cnpj)) == 1


def test_issue_with_inline_service_and_taker(server, ready):
    body = nfse_body(
        "OS-INLINE",
        servico={"descricao": "Manutenção de software", "c_trib_nac": "010701",
                 "lc116": "01.07", "valor": "250.00"},
        tomador={"cpf_cnpj": "11.222.333/0001-81", "nome": "Cliente Inline Ltda",
                 "email": "fin@cliente.example"},
        observacoes="Referente ao contrato 42.",
    )  # fmt: skip
    answer = _post(server, "/nfse", ready.key, body)
    assert answer.status_code == 200, answer.json()
    assert (answer.json()["valor_servicos"], answer.json()["valor_iss"]) == (250.0, 5.0)


def test_the_service_register_rate_prevails_over_the_base(server, ready):
    changed = _post(server, "/servicos", ready.key, {
        "codigo": "S3", "descricao": "Licenciamento", "lc116": "01.05", "c_trib_nac": "010501",
        "preco": "1000.00", "aliquota_iss": "3.50"})  # fmt: skip
    assert changed.status_code == 201
    answer = _post(server, "/nfse", ready.key, nfse_body("OS-S3", servico={"codigo": "S3"}))
    assert answer.status_code == 200, answer.json()
    assert answer.json()["valor_iss"] == 35.0


def test_the_rule_in_force_on_the_competence_date_decides(app, sim, server):
    ready = nfse_ready(app.test_client(), app.extensions["fiscal"], sim, rule=False)
    for start, end, rate in (("2026-01-01", "2026-06-30", "2.00"), ("2026-07-01", None, "4.00")):
        rule = {**ISS_RULE, "vigencia_inicio": start, "vigencia_fim": end,
                "resultado": {"aliquota": rate}}  # fmt: skip
        assert _post(server, "/configuracao-fiscal/regras-base", ready.key, rule).ok
    may = _post(server, "/nfse", ready.key, nfse_body("OS-MAIO", competencia="2026-05-10"))
    today = _post(server, "/nfse", ready.key, nfse_body("OS-HOJE"))
    assert (may.json()["valor_iss"], today.json()["valor_iss"]) == (30.0, 60.0)
    assert may.json()["competencia"] == "2026-05-10"


def test_no_iss_rule_is_422_with_missing_and_nothing_charged(app, sim, server):
    ready = nfse_ready(app.test_client(), app.extensions["fiscal"], sim, rule=False)
    before = balance(app.extensions["fiscal"], ready.account_id)
    answer = _post(server, "/nfse", ready.key, nfse_body("OS-SEM-REGRA"))
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert error["code"] == "FISCAL_CONFIGURATION_REQUIRED"
    assert "ALIQUOTA_ISS" in error["motivos"] and error["missing"]
    assert balance(app.extensions["fiscal"], ready.account_id) == before
    assert count_rows(app.extensions["fiscal"], FiscalDocument, company_id=ready.company_id) == 0
    assert _at_sefin(sim, ready.cnpj) == []


def test_overrides_need_the_scope_and_a_reason_and_are_audited(app, server, ready):
    declared = nfse_body("OS-OVR", servico={"codigo": "S1", "aliquota_iss": "5.00"})
    without_scope = make_key(app.extensions["fiscal"], ready.account_id,
                             scopes=["nfse:read", "nfse:write"])  # fmt: skip
    denied = _post(server, "/nfse", without_scope, declared)
    assert (denied.status_code, denied.json()["error"]["code"]) == (403, "FORBIDDEN")
    no_reason = _post(server, "/nfse", ready.key, declared)
    assert no_reason.status_code == 422
    assert no_reason.json()["error"]["errors"][0]["field"] == "override_motivo"
    motivo = "Alíquota fixada em decisão judicial do processo 123."
    answer = _post(server, "/nfse", ready.key, {**declared, "override_motivo": motivo})
    assert answer.status_code == 200, answer.json()
    assert answer.json()["valor_iss"] == 75.0
    stored = _stored(app, answer.json()["id"])
    assert stored.snapshot["contexto"]["overrides"]["override_motivo"] == motivo
    with transaction(app.extensions["fiscal"].sessions) as session:
        entry = session.execute(
            select(AuditEntry).where(AuditEntry.registro_id == stored.id)
        ).scalar_one()
        assert (entry.acao, entry.entidade) == ("override", "nfse")
        assert entry.valor_novo["override_motivo"] == motivo


def test_a_rejection_answers_the_e_codes_and_refunds(app, sim, server, ready):
    sim.set_fault("reject", code="E0037", reason="Município não conveniado", service="nfse",
                  times=1)  # fmt: skip
    before = balance(app.extensions["fiscal"], ready.account_id)
    answer = _post(server, "/nfse", ready.key, nfse_body("OS-REJ"))
    assert answer.status_code == 422, answer.json()
    error = answer.json()["error"]
    assert error["code"] == "NFSE_REJECTION"
    assert error["details"] == [{"codigo": "E0037", "descricao": "Município não conveniado"}]
    assert answer.json()["status"] == "REJEITADA"
    assert balance(app.extensions["fiscal"], ready.account_id) == before
    assert _charges(app, ready) == ["DEBITO_EMISSAO", "ESTORNO"]
    replay = _post(server, "/nfse", ready.key, nfse_body("OS-REJ"))
    assert replay.json()["error"]["details"] == error["details"]


def test_a_lost_answer_is_reconciled_by_dps_with_one_nfse_and_one_debit(app, sim, server, ready):
    sim.set_fault("drop_after_processing", service="nfse", times=1)
    answer = _post(server, "/nfse", ready.key, nfse_body("OS-PERDIDA"))
    assert answer.status_code == 202, answer.json()
    assert answer.json()["error"]["code"] == "SEFAZ_UNAVAILABLE"
    assert answer.json()["status"] == "PROCESSANDO"
    listed = _get(server, "/nfse", ready.key, status="PROCESSANDO").json()
    assert [i["id"] for i in listed["itens"]] == [answer.json()["id"]]
    got = _get(server, f"/nfse/{answer.json()['id']}", ready.key).json()
    assert got["status"] == "AUTORIZADA" and len(got["chave_acesso"]) == 50
    assert len(_at_sefin(sim, ready.cnpj)) == 1
    assert _charges(app, ready) == ["DEBITO_EMISSAO"]


def test_a_dps_never_received_is_sent_again_after_two_lookups(app, sim, server, ready):
    sim.set_fault("timeout", seconds=0, service="nfse", times=1)
    answer = _post(server, "/nfse", ready.key, nfse_body("OS-NAO-RECEBIDA"))
    assert answer.status_code == 202, answer.json()
    document_id = answer.json()["id"]
    first = _get(server, f"/nfse/{document_id}", ready.key).json()
    assert first["status"] == "PROCESSANDO" and _at_sefin(sim, ready.cnpj) == []
    second = _get(server, f"/nfse/{document_id}", ready.key).json()
    assert second["status"] == "AUTORIZADA"
    assert [n["idDps"] for n in _at_sefin(sim, ready.cnpj)] == [second["dps_id"]]
    assert _charges(app, ready) == ["DEBITO_EMISSAO"]


def test_a_duplicate_dps_is_resolved_by_lookup_never_rejected(app, sim, server, ready):
    sim.set_fault("drop_after_processing", service="nfse", times=1)
    document_id = _post(server, "/nfse", ready.key, nfse_body("OS-DUP")).json()["id"]
    sim.set_fault("http_error", status=404, service="nfse", times=2)  # two lookups miss it
    _get(server, f"/nfse/{document_id}", ready.key)
    resent = _get(server, f"/nfse/{document_id}", ready.key).json()  # believed: sent again
    assert resent["status"] == "PROCESSANDO"
    assert _stored(app, document_id).sefaz_code == "E0014"
    final = _get(server, f"/nfse/{document_id}", ready.key).json()
    assert final["status"] == "AUTORIZADA"
    assert len(_at_sefin(sim, ready.cnpj)) == 1
    assert _charges(app, ready) == ["DEBITO_EMISSAO"]


# -- preview, list, files -----------------------------------------------------------------


def test_preview_decides_and_validates_with_no_side_effects(app, sim, server, ready):
    before = balance(app.extensions["fiscal"], ready.account_id)
    body = {"servico": {"codigo": "S1"}, "tomador": "C1", "data_operacao": "2026-03-01"}
    answer = _post(server, "/nfse/preview?explain=true", ready.key, body)
    assert answer.status_code == 200, answer.json()
    data = answer.json()
    assert data["ready_to_issue"] is True and data["dps_validacao"] == []
    assert data["classifications"]["municipio_incidencia"] == "3550308"
    assert data["document"]["valor_iss"] == "30.00" and data["explain"]
    assert 0 <= data["confidence_score"] <= 1 and data["requires_review"] is False
    assert balance(app.extensions["fiscal"], ready.account_id) == before
    assert count_rows(app.extensions["fiscal"], FiscalDocument, company_id=ready.company_id) == 0
    assert _at_sefin(sim, ready.cnpj) == []
    validated = _post(server, "/fiscal/validate", ready.key,
                      {"documento": "NFSE", "operacao": body})  # fmt: skip
    assert validated.status_code == 200, validated.json()
    assert validated.json()["valid"] is True and validated.json()["leiaute"] == "1.01"


def test_list_xml_and_danfse(app, sim, server, ready, tmp_path, authorized_as_built):
    issued = _post(server, "/nfse", ready.key, nfse_body("OS-ARQ")).json()
    listed = _get(server, "/nfse", ready.key, pedido="OS-ARQ").json()
    assert listed["total"] == 1
    item = listed["itens"][0]
    assert (item["id"], item["status"], item["chave_acesso"], item["valor_servicos"]) == (
        issued["id"], "AUTORIZADA", issued["chave_acesso"], 1500.0)  # fmt: skip
    xml = _get(server, f"/nfse/{issued['id']}/xml", ready.key)
    assert xml.headers["Content-Type"].startswith("application/xml")
    assert xml.content == authorized_of(app, issued["id"])  # rebuilt from DPS + the rest
    assert xml.content == authorized_as_built[issued["id"]]  # the NFS-e as received
    xmlsec_verify(xml.content, id_node="infNFSe", namespace=NFSE_NS, node_xpath=SEFIN_SIGNATURE,
                  trusted_pem=sim.ca_bundle.read_bytes(), tmp=tmp_path)  # fmt: skip
    pdf = _get(server, f"/nfse/{issued['id']}/danfse", ready.key)
    assert pdf.headers["Content-Type"] == "application/pdf"
    assert issued["chave_acesso"] in pdf_digits(pdf.content)


def test_files_of_a_document_not_authorized(app, sim, server, ready):
    sim.set_fault("reject", code="E0037", reason="Município não conveniado", service="nfse",
                  times=1)  # fmt: skip
    rejected = _post(server, "/nfse", ready.key, nfse_body("OS-SEM-ARQ")).json()
    assert _get(server, f"/nfse/{rejected['id']}/xml", ready.key).json()["error"]["code"] == (
        "XML_INDISPONIVEL"
    )
    danfse = _get(server, f"/nfse/{rejected['id']}/danfse", ready.key)
    assert (danfse.status_code, danfse.json()["error"]["code"]) == (409, "DOCUMENTO_NAO_AUTORIZADO")


# -- cancellation -------------------------------------------------------------------------


def test_cancel_then_cancel_again(app, sim, server, ready, tmp_path):
    issued = _post(server, "/nfse", ready.key, nfse_body("OS-CANC")).json()
    body = {"justificativa": "Serviço faturado em duplicidade.", "codigo_motivo": 1}
    cancelled = _post(server, f"/nfse/{issued['id']}/cancelar", ready.key, body)
    assert cancelled.status_code == 200, cancelled.json()
    data = cancelled.json()
    assert data["status"] == "CANCELADA"
    assert [(e["tipo"], e["status"]) for e in data["eventos"]] == [("CANCELAMENTO", "REGISTRADO")]
    assert [n["status"] for n in _at_sefin(sim, ready.cnpj)] != []
    with transaction(app.extensions["fiscal"].sessions) as session:
        event = session.execute(
            select(DocumentEvent).where(DocumentEvent.documento_id == issued["id"])
        ).scalar_one()
        registered = event.xml
    assert registered is not None
    root = etree.fromstring(registered)
    request = root.find(f".//{{{NFSE_NS}}}pedRegEvento")
    assert request is not None and request.findtext(f".//{{{NFSE_NS}}}cMotivo") == "1"
    assert_valid(request, "nfse/1.00/pedRegEvento")
    xmlsec_verify(etree.tostring(request), id_node="infPedReg", namespace=NFSE_NS,
                  trusted_pem=sim.ca_bundle.read_bytes(), tmp=tmp_path)  # fmt: skip
    xmlsec_verify(registered, id_node="infEvento", namespace=NFSE_NS, node_xpath=SEFIN_SIGNATURE,
                  trusted_pem=sim.ca_bundle.read_bytes(), tmp=tmp_path)  # fmt: skip
    again = _post(server, f"/nfse/{issued['id']}/cancelar", ready.key, body)
    assert (again.status_code, again.json()["error"]["code"]) == (409, "STATUS_INVALIDO")
    events = _get(server, f"/nfse/{issued['id']}/eventos", ready.key).json()["eventos"]
    assert len(events) == 1


def test_a_cancellation_past_the_deadline_is_rejected_with_its_e_code(app, sim, server, ready):
    issued = _post(server, "/nfse", ready.key, nfse_body("OS-PRAZO")).json()
    sim.advance_clock(31 * 24 * 3600)  # past the default municipal window of 720 h
    try:
        refused = _post(server, f"/nfse/{issued['id']}/cancelar", ready.key,
                        {"justificativa": "Serviço não foi prestado ao tomador."})  # fmt: skip
    finally:
        sim.advance_clock(-31 * 24 * 3600)
    assert refused.status_code == 422, refused.json()
    error = refused.json()["error"]
    assert (error["code"], error["sefaz_code"]) == ("NFSE_CANCEL_REJECTION", "E0822")
    assert error["details"][0]["codigo"] == "E0822"
    assert _get(server, f"/nfse/{issued['id']}", ready.key).json()["status"] == "AUTORIZADA"
