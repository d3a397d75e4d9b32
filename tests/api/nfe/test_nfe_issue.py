"""POST /nfe and /nfce against the simulator (real HTTPS + mTLS), on SQLite and PostgreSQL.

Each test issues for its own company (fresh CNPJ), so simulator faults are scoped by CNPJ.
"""

from __future__ import annotations

import json
import logging
from decimal import Decimal

from lxml import etree

from documents.schemas import validate
from service.db import transaction
from service.issuance.models import FiscalDocument, Order
from service.observability import JsonFormatter
from tests.api.nfe.helpers import (
    add_customer,
    add_product,
    balance,
    count_rows,
    ledger,
    nfe_body,
    pdf_digits,
    ready_company,
    ready_to_issue,
)
from tests.unit.documents.xmlsec import xmlsec_verify

API = "/api/v1"
NFE_NS = "http://www.portalfiscal.inf.br/nfe"


def test_nfe_is_authorized_and_charged_once(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    answer = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    body = answer.get_json()
    assert answer.status_code == 200, body
    assert body["success"] is True and body["request_id"].startswith("req_")
    assert body["status"] == "AUTORIZADA"
    assert body["numero"] == 1 and body["serie"] == 1
    assert len(body["chave"]) == 44 and len(body["protocolo"]) == 15
    assert body["xml"] == f"/api/v1/nfe/{body['id']}/xml"
    assert body["danfe"] == f"/api/v1/nfe/{body['id']}/danfe"
    assert ledger(rt, ready.account_id)[-1] == ("DEBITO_EMISSAO", Decimal("-0.20"), body["id"])
    assert balance(rt, ready.account_id) == Decimal("99.80")
    shown = client.get(f"{API}/nfe/{body['id']}", headers=ready.headers).get_json()
    assert shown["status"] == "AUTORIZADA" and shown["eventos"] == []


def test_nfce_without_customer_is_authorized(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    body = {
        "pedido": "CUPOM-1",
        "itens": [{"codigo": "P1", "quantidade": 1}],
        "pagamento": [{"forma": "dinheiro", "valor": "20.00"}],
    }
    answer = client.post(API + "/nfce", headers=ready.headers, json=body)
    data = answer.get_json()
    assert answer.status_code == 200, data
    assert data["status"] == "AUTORIZADA" and data["danfe"].endswith("/danfce")
    assert data["chave"][20:22] == "65"
    xml = client.get(data["xml"], headers=ready.headers)
    root = etree.fromstring(xml.data)
    assert root.findtext(f".//{{{NFE_NS}}}vTroco") == "10.00"
    assert root.find(f".//{{{NFE_NS}}}qrCode") is not None


def test_rejection_is_refunded_and_a_corrected_order_reuses_its_number(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    sim.set_fault(
        "reject",
        scope=f"cnpj:{ready.cnpj}",
        code="778",
        reason="Rejeicao: Informado NCM inexistente",
        times=1,
    )
    rejected = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    error = rejected.get_json()
    assert rejected.status_code == 422, error
    assert error["error"]["code"] == "SEFAZ_REJECTION"
    assert error["error"]["sefaz_code"] == "778"
    assert "NCM inexistente" in error["error"]["message"]
    assert error["status"] == "REJEITADA"
    assert [e[0] for e in ledger(rt, ready.account_id)][-2:] == ["DEBITO_EMISSAO", "ESTORNO"]
    assert balance(rt, ready.account_id) == Decimal("100.00")
    replay = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    assert replay.status_code == 422 and replay.headers["Idempotent-Replay"] == "true"
    corrected = client.post(
        API + "/nfe",
        headers=ready.headers,
        json=nfe_body(itens=[{"codigo": "P1", "quantidade": 3}]),
    )
    fixed = corrected.get_json()
    assert corrected.status_code == 200, fixed
    assert fixed["numero"] == error["numero"] and fixed["chave"] != error["chave"]
    assert balance(rt, ready.account_id) == Decimal("99.80")
    assert count_rows(rt, Order, company_id=ready.company_id) == 1


def test_lost_answer_is_pending_then_reconciled_by_query(client, rt, sim, caplog):
    ready = ready_to_issue(client, rt, sim)
    sim.set_fault(
        "drop_after_processing", scope=f"cnpj:{ready.cnpj}", times=1, service="NFeAutorizacao4"
    )
    with caplog.at_level(logging.WARNING, logger="service.issuance"):
        first = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    data = first.get_json()
    assert first.status_code == 202, data
    assert data["error"]["code"] == "SEFAZ_UNAVAILABLE" and data["status"] == "PENDENTE"
    [why] = [json.loads(JsonFormatter().format(r)) for r in caplog.records
             if r.getMessage() == "uncertain authority answer"]  # fmt: skip
    assert why["documento_id"] == data["id"] and why["reason"] == "CONNECTION_LOST", why
    reconciled = client.get(f"{API}/nfe/{data['id']}", headers=ready.headers).get_json()
    assert reconciled["status"] == "AUTORIZADA" and reconciled["protocolo"]
    replay = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    assert replay.status_code == 200 and replay.headers["Idempotent-Replay"] == "true"
    assert replay.get_json()["id"] == data["id"]
    debits = [e for e in ledger(rt, ready.account_id) if e[0] == "DEBITO_EMISSAO"]
    assert debits == [("DEBITO_EMISSAO", Decimal("-0.20"), data["id"])]


def test_replay_and_changed_content(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    first = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    again = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    assert first.status_code == again.status_code == 200
    assert "Idempotent-Replay" not in first.headers
    assert again.headers["Idempotent-Replay"] == "true"
    assert again.get_json()["id"] == first.get_json()["id"]
    changed = client.post(
        API + "/nfe",
        headers=ready.headers,
        json=nfe_body(itens=[{"codigo": "P1", "quantidade": 5}]),
    )
    assert changed.status_code == 422
    assert changed.get_json()["error"]["code"] == "IDEMPOTENCY_KEY_REUSED"
    equal_value = client.post(
        API + "/nfe",
        headers=ready.headers,
        json=nfe_body(itens=[{"codigo": "P1", "quantidade": "2.000"}]),
    )
    assert equal_value.status_code == 200 and equal_value.headers["Idempotent-Replay"] == "true"
    assert balance(rt, ready.account_id) == Decimal("99.80")


def test_insufficient_balance_consumes_nothing(client, rt, sim):
    ready = ready_to_issue(client, rt, sim, credits="0.10")
    answer = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    assert answer.status_code == 402, answer.get_json()
    assert answer.get_json()["error"]["code"] == "SALDO_INSUFICIENTE"
    assert count_rows(rt, Order, company_id=ready.company_id) == 0
    assert count_rows(rt, FiscalDocument, company_id=ready.company_id) == 0
    cheaper = client.post(
        API + "/nfce",
        headers=ready.headers,
        json={"pedido": "C1", "itens": [{"codigo": "P1", "quantidade": 1}], "pagamento": "pix"},
    )
    assert cheaper.status_code == 200, cheaper.get_json()
    assert cheaper.get_json()["numero"] == 1
    assert balance(rt, ready.account_id) == Decimal("0.00")


def test_unlimited_account_is_never_debited(client, rt, sim):
    ready = ready_to_issue(client, rt, sim, credits="0.00", unlimited=True)
    answer = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    assert answer.status_code == 200, answer.get_json()
    assert [e for e in ledger(rt, ready.account_id) if e[0] != "CREDITO_ADMIN"] == []
    with transaction(rt.sessions) as session:  # the stored price is what was held: nothing
        stored = session.get(FiscalDocument, answer.get_json()["id"])
        assert stored is not None and stored.preco == Decimal("0.00")


def test_missing_configuration_lists_everything_and_numbers_nothing(client, rt, sim):
    ready = ready_company(client, rt, sim)
    add_product(rt, ready, ncm=None)
    add_customer(rt, ready, with_address=False)
    answer = client.post(API + "/nfe", headers=ready.headers, json=nfe_body())
    error = answer.get_json()
    assert answer.status_code == 422, error
    assert error["error"]["code"] == "FISCAL_CONFIGURATION_REQUIRED"
    assert error["ready_to_issue"] is False
    assert set(error["error"]["motivos"]) == {"PRODUTO_SEM_NCM", "CLIENTE_SEM_ENDERECO"}
    assert "produto.P1.ncm" in error["error"]["missing"]
    assert count_rows(rt, Order, company_id=ready.company_id) == 0
    unknown = client.post(
        API + "/nfe",
        headers=ready.headers,
        json=nfe_body(itens=[{"codigo": "NOPE", "quantidade": 1}]),
    )
    assert unknown.status_code == 422
    assert unknown.get_json()["error"]["errors"][0]["field"] == "itens.0.codigo"


def test_xml_and_pdfs_come_from_the_authorized_document(
    client, rt, sim, tmp_path, authorized_as_built
):
    ready = ready_to_issue(client, rt, sim)
    nfe = client.post(API + "/nfe", headers=ready.headers, json=nfe_body()).get_json()
    xml = client.get(nfe["xml"], headers=ready.headers)
    assert xml.status_code == 200 and xml.mimetype == "application/xml"
    assert xml.data == authorized_as_built[nfe["id"]]  # rebuilt, byte for byte
    assert validate(xml.data, "nfe/4.00/nfeProc") == []
    xmlsec_verify(
        xml.data,
        id_node="infNFe",
        namespace=NFE_NS,
        trusted_pem=sim.ca_bundle.read_bytes(),
        tmp=tmp_path,
    )
    danfe = client.get(nfe["danfe"], headers=ready.headers)
    assert danfe.status_code == 200 and danfe.mimetype == "application/pdf"
    assert nfe["chave"] in pdf_digits(danfe.data)
    nfce = client.post(
        API + "/nfce",
        headers=ready.headers,
        json={"pedido": "C1", "itens": [{"codigo": "P1", "quantidade": 1}], "pagamento": "pix"},
    ).get_json()
    danfce = client.get(nfce["danfe"], headers=ready.headers)
    assert danfce.status_code == 200 and nfce["chave"] in pdf_digits(danfce.data)
    nfce_xml = client.get(nfce["xml"], headers=ready.headers).data
    assert nfce_xml == authorized_as_built[nfce["id"]]
    xmlsec_verify(nfce_xml, id_node="infNFe", namespace=NFE_NS,
                  trusted_pem=sim.ca_bundle.read_bytes(), tmp=tmp_path)  # fmt: skip


def test_documents_of_other_accounts_and_lists(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    other = ready_to_issue(client, rt, sim)
    nfe = client.post(API + "/nfe", headers=ready.headers, json=nfe_body()).get_json()
    for path in ("", "/xml", "/danfe", "/eventos"):
        answer = client.get(f"{API}/nfe/{nfe['id']}{path}", headers=other.headers)
        assert answer.status_code == 404
        assert answer.get_json()["error"]["code"] == "DOCUMENTO_NAO_ENCONTRADO"
    assert client.get(f"{API}/nfce/{nfe['id']}", headers=ready.headers).status_code == 404
    listed = client.get(API + "/nfe?status=AUTORIZADA", headers=ready.headers).get_json()
    assert listed["total"] == 1 and listed["itens"][0]["id"] == nfe["id"]
    assert client.get(API + "/nfe", headers=other.headers).get_json()["total"] == 0
    assert client.get(API + "/nfe?pedido=none", headers=ready.headers).get_json()["total"] == 0


def test_inline_customer_remote_sale_with_intermediary(client, rt, sim):
    ready = ready_company(client, rt, sim)
    add_product(rt, ready)
    customer = {
        "cpf_cnpj": "11.444.777/0001-61",
        "nome": "Comprador Ltda",
        "ie": "81265011",
        "email": "joao@example.com",
        "endereco": {
            "logradouro": "Rua A",
            "numero": "1",
            "bairro": "Centro",
            "cod_municipio": "3304557",
            "municipio": "Rio de Janeiro",
            "uf": "RJ",
            "cep": "20010-000",
        },
    }
    body = nfe_body(
        cliente=customer,
        presenca="internet",
        intermediador={"cnpj": "11.222.333/0001-81", "id": "loja-123"},
        frete={"modalidade": 0},
        pagamento=[{"forma": "cartao_credito", "valor": "20.00"}],
    )
    answer = client.post(API + "/nfe", headers=ready.headers, json=body)
    data = answer.get_json()
    assert answer.status_code == 200, data
    root = etree.fromstring(client.get(data["xml"], headers=ready.headers).data)
    ns = {"n": NFE_NS}
    assert root.findtext(".//n:ide/n:idDest", namespaces=ns) == "2"
    assert root.findtext(".//n:ide/n:indIntermed", namespaces=ns) == "1"
    assert root.findtext(".//n:infIntermed/n:idCadIntTran", namespaces=ns) == "loja-123"
    assert root.findtext(".//n:dest/n:CNPJ", namespaces=ns) == "11444777000161"
    assert root.findtext(".//n:dest/n:indIEDest", namespaces=ns) == "1"
    assert root.findtext(".//n:transp/n:modFrete", namespaces=ns) == "0"
    assert root.findtext(".//n:det/n:prod/n:CFOP", namespaces=ns) == "6102"
    final_consumer = {**customer, "cpf_cnpj": "529.982.247-25"}
    final_consumer.pop("ie")
    difal = client.post(
        API + "/nfe",
        headers=ready.headers,
        json={**body, "pedido": "PED-3", "cliente": final_consumer},
    )
    # A Simples Nacional issuer owes no DIFAL (rule icms.difal.simples_nacional, ADI 5464): the
    # sale to a non-contributor in another UF is issued without ICMSUFDest (it was refused with
    # REVISAO_FISCAL_NECESSARIA while the engine did not compute DIFAL).
    assert difal.status_code == 200, difal.get_json()
    consumer_xml = etree.fromstring(client.get(difal.get_json()["xml"], headers=ready.headers).data)
    assert consumer_xml.findtext(".//n:dest/n:indIEDest", namespaces=ns) == "9"
    assert consumer_xml.find(".//n:ICMSUFDest", namespaces=ns) is None
    presencial = nfe_body(
        "PED-2", cliente=customer, intermediador={"cnpj": "11222333000181", "id": "loja-1"}
    )
    refused = client.post(API + "/nfe", headers=ready.headers, json=presencial)
    assert refused.status_code == 422
    assert refused.get_json()["error"]["errors"][0]["field"] == "intermediador"
