"""A natural-person rural producer issues NF-e over a real HTTP server and the simulator.

The producer is a company with a CPF, an IE and no CNPJ (its creation through
`POST /rural/produtor` is another part of issue 18, so it is written to the database here), an
e-CPF, a RURAL_ICMS rule with `fundamento` that defers the ICMS (CST 51, `pDif`), a product and
a customer. Sources: tax_domain.md §6 and §9.7; protocol_facts.md §1.1.
"""

from __future__ import annotations

import base64
import datetime as dt
import json
import threading
from collections.abc import Iterator
from decimal import Decimal
from itertools import count
from pathlib import Path
from typing import Any

import pytest
import requests
from flask import Flask
from lxml import etree
from sqlalchemy import select
from werkzeug.serving import make_server

from documents.certificates import holder_ids, load_pkcs12
from documents.schemas import validate
from service.companies.models import Company
from service.configuration.models import Certificate
from service.db import transaction
from service.ids import new_id
from service.notify.webhooks.models import WebhookEvent
from service.runtime import Runtime
from simulator.testing import SimulatorHandle, running_simulator
from tests.api.nfe.helpers import (
    A1_PASSWORD,
    Ready,
    add_customer,
    add_product,
    authority_settings,
    nfe_body,
)
from tests.factories import auth, make_account
from tests.unit.documents.xmlsec import xmlsec_verify

NS = {"n": "http://www.portalfiscal.inf.br/nfe"}
SP_IE = "110042490114"
SOY = "12019000"
DEFERRAL = {
    "tipo": "RURAL_ICMS",
    "criterios": {"contexto": "PRODUTOR_RURAL", "ncm_prefixo": "1201"},
    "resultado": {
        "tratamento": "DIFERIMENTO",
        "cst_icms": "51",
        "p_dif": "100.00",
        "fundamento": {
            "instrumento": "RICMS/SP art. 350 (diferimento da soja em grão)",
            "uf": "SP",
            "tipo_beneficio": "diferimento",
            "cst_icms": "51",
            "percentual": "100",
            "verificado_em": "2026-11-20",
        },
    },
    "vigencia_inicio": "2026-01-01",
    "versao": "1",
    "fonte": "RICMS/SP (Decreto 45.490/2000) art. 350",
}


@pytest.fixture(scope="module")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimulatorHandle]:
    with running_simulator(Path(tmp_path_factory.mktemp("authority-rural"))) as handle:
        yield handle


@pytest.fixture
def app(app_factory: Any, sim: SimulatorHandle) -> Flask:
    settings = authority_settings(sim, rate_limit_per_minute=10_000)
    app: Flask = app_factory(**settings, webhook_allowed_hosts=("localhost",))
    return app


@pytest.fixture
def server(app: Flask) -> Iterator[str]:
    http = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{http.server_port}/api/v1"
    http.shutdown()
    thread.join(timeout=10)


_cpf_bases = count(100_000_001)


def fresh_cpf() -> str:
    """A distinct valid CPF per producer: the simulator outlives each test (module scope)."""
    digits = f"{next(_cpf_bases):09d}"
    for weights in (range(10, 1, -1), range(11, 1, -1)):
        rest = sum(int(d) * w for d, w in zip(digits, weights, strict=True)) % 11
        digits += "0" if rest < 2 else str(11 - rest)
    return digits


def _producer(rt: Runtime, cpf: str, **fields: Any) -> Ready:
    """A CPF issuer as `POST /rural/produtor` makes it: CPF + IE, no CNPJ, series 920
    (`Ready.cnpj` holds the CPF: the registration the key and the simulator know it by)."""
    acc = make_account(rt, credits=Decimal("100.00"))
    values: dict[str, Any] = {
        "cpf": cpf, "ie": SP_IE, "crt": 3, "apuracao": "presumido", "uf": "SP",
        "cep": "13010000", "logradouro": "Estrada Municipal", "numero": "km 12",
        "bairro": "Zona Rural", "municipio": "Campinas", "cod_municipio": "3509502",
        "serie_nfe": 920,
    }  # fmt: skip
    values.update(fields)
    codigo = f"produtor{new_id('x')[-8:]}"
    with transaction(rt.sessions) as session:
        company = Company(
            id=new_id("emp"), account_id=acc.id, codigo=codigo, cnpj=None,
            razao_social="JOAO DA SILVA PRODUTOR", modulos=["nfe", "nfce"], **values,
        )  # fmt: skip
        session.add(company)
    return Ready(acc.id, acc.live, acc.test, cpf, company.id, codigo)


def _e_cpf(sim: SimulatorHandle, cpf: str) -> bytes:
    now = dt.datetime.now(dt.UTC)
    return sim.issue_a1(cpf=cpf, name=f"JOAO DA SILVA:{cpf}", password=A1_PASSWORD,
                        not_before=now - dt.timedelta(days=1),
                        not_after=now + dt.timedelta(days=365))  # fmt: skip


def install_e_cpf(client: Any, rt: Runtime, ready: Ready, pfx: bytes) -> bool:
    """The e-CPF through `POST /configuracao-fiscal/certificado`; while that endpoint still
    takes only e-CNPJs (the upload's CPF check is another part of issue 18) the certificate
    is stored as the upload stores it. Returns whether the API took it."""
    uploaded = client.post(
        "/api/v1/configuracao-fiscal/certificado",
        headers=auth(ready.key),
        query_string={"empresa": ready.codigo},
        json={"arquivo_base64": base64.b64encode(pfx).decode(), "senha": A1_PASSWORD},
    )
    if uploaded.status_code == 201:
        return True
    assert uploaded.get_json()["error"]["code"] == "CERTIFICADO_DIVERGENTE"
    cert = load_pkcs12(pfx, A1_PASSWORD).certificate
    with transaction(rt.sessions) as session:
        session.add(Certificate(
            id=new_id("cert"), account_id=ready.account_id, company_id=ready.company_id,
            pkcs12_cifrado=rt.secrets.seal(pfx),
            senha_cifrada=rt.secrets.seal(A1_PASSWORD.encode()),
            titular="JOAO DA SILVA", emissor="AC SIMULADOR",
            numero_serie=format(cert.serial_number, "x"), cnpj=None, cpf=holder_ids(cert).cpf,
            valido_desde=cert.not_valid_before_utc, valido_ate=cert.not_valid_after_utc,
        ))  # fmt: skip
    return False


def _configure(client: Any, ready: Ready) -> None:
    """Nature, the producer's tax rule (CFOP 5101, sale of own production) and the deferral."""
    headers = auth(ready.key)
    query = {"empresa": ready.codigo}
    nature = client.post("/api/v1/configuracao-fiscal/naturezas", headers=headers,
                         query_string=query, json={"codigo": "VENDA", "padrao_nfe": True,
                         "descricao": "Venda de produção do estabelecimento"})  # fmt: skip
    assert nature.status_code == 201, nature.get_json()
    tax = client.post("/api/v1/configuracao-fiscal/tributacao", headers=headers,
                      query_string=query, json={
                          "descricao": "Venda de produção rural", "cfop": "5101", "crt": 3,
                          "operacao": "interna", "cst_icms": "00", "cst_pis": "08",
                          "cst_cofins": "08"})  # fmt: skip
    assert tax.status_code == 201, tax.get_json()
    rule = client.post("/api/v1/configuracao-fiscal/regras-base", headers=headers,
                       query_string=query, json=DEFERRAL)  # fmt: skip
    assert rule.status_code == 201, rule.get_json()


def _issuing_producer(app: Flask, sim: SimulatorHandle) -> tuple[Runtime, Ready]:
    rt: Runtime = app.extensions["fiscal"]
    client = app.test_client()
    ready = _producer(rt, fresh_cpf())
    install_e_cpf(client, rt, ready, _e_cpf(sim, ready.cnpj))
    _configure(client, ready)
    add_product(rt, ready, ncm=SOY, preco="150.00", descricao="Soja em grão (saca 60 kg)")
    add_customer(rt, ready)
    return rt, ready


def _first(root: etree._Element, path: str) -> str:
    found = root.xpath(path, namespaces=NS)
    assert found, path
    return str(found[0].text)


def test_producer_nfe_is_authorized_with_cpf_key_series_and_deferral(app, sim, server, tmp_path):
    rt, ready = _issuing_producer(app, sim)
    hook = {"url": "https://localhost:9/fiscal", "eventos": ["*"]}
    webhook = requests.post(f"{server}/webhooks", headers=ready.headers, json=hook, timeout=30)
    assert webhook.status_code == 201, webhook.json()
    answer = requests.post(f"{server}/nfe", json=nfe_body("SAFRA-1"), headers=ready.headers,
                           timeout=60)  # fmt: skip
    assert answer.status_code == 200, answer.json()
    data = answer.json()
    assert data["status"] == "AUTORIZADA" and data["serie"] == 920
    key = data["chave"]
    assert key[6:20] == "000" + ready.cnpj and key[22:25] == "920"

    xml = requests.get(f"{server}/nfe/{data['id']}/xml", headers=ready.headers, timeout=30)
    assert xml.status_code == 200
    root = etree.fromstring(xml.content)
    nfe = root.find("n:NFe", NS)
    assert nfe is not None
    signed = etree.tostring(nfe)
    assert validate(signed, "nfe/4.00/NFe") == []
    xmlsec_verify(signed, id_node="infNFe", namespace=NS["n"],
                  trusted_pem=sim.ca_bundle.read_bytes(), tmp=tmp_path)  # fmt: skip
    assert _first(root, "//n:emit/n:CPF") == ready.cnpj
    assert not root.xpath("//n:emit/n:CNPJ", namespaces=NS)
    assert _first(root, "//n:emit/n:IE") == SP_IE
    assert _first(root, "//n:det/n:prod/n:CFOP") == "5101"
    assert _first(root, "//n:ICMS51/n:CST") == "51"
    assert _first(root, "//n:ICMS51/n:pDif") == "100.00"
    assert Decimal(_first(root, "//n:ICMS51/n:vICMS")) == Decimal("0")
    assert Decimal(_first(root, "//n:ICMS51/n:vICMSDif")) > 0
    assert _first(root, "//n:IBSCBS/n:CST") == "410"
    assert _first(root, "//n:IBSCBS/n:cClassTrib") == "410014"
    at_authority = [d for d in sim.state()["documents"] if d["chave"] == key]
    assert at_authority and at_authority[0]["issuer"] == ready.cnpj

    with transaction(rt.sessions) as session:
        bodies = session.execute(
            select(WebhookEvent.corpo).where(WebhookEvent.company_id == ready.company_id)
        ).scalars()
        events = [json.loads(body) for body in bodies]
    authorized = [e for e in events if e["tipo"] == "nfe.authorized"]
    assert len(authorized) == 1
    assert authorized[0]["data"]["context"] == "PRODUTOR_RURAL"
    assert authorized[0]["data"]["chave"] == key


def test_nfce_by_a_natural_person_is_refused(app, sim, server):
    _, ready = _issuing_producer(app, sim)
    body = {"pedido": "BALCAO-1", "itens": [{"codigo": "P1", "quantidade": 1}],
            "pagamento": "dinheiro"}  # fmt: skip
    answer = requests.post(f"{server}/nfce", json=body, headers=ready.headers, timeout=30)
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert error["code"] == "VALIDATION_ERROR"
    assert "pessoa física" in error["errors"][0]["message"]
    assert not [d for d in sim.state()["documents"] if d["issuer"] == ready.cnpj]


def test_benefit_rules_without_fundamento_are_refused(app, sim, server):
    _, ready = _issuing_producer(app, sim)
    for tipo in ("RURAL_ICMS", "RURAL_BENEFICIO"):
        rule = json.loads(json.dumps(DEFERRAL))
        rule["tipo"] = tipo
        del rule["resultado"]["fundamento"]
        answer = requests.post(f"{server}/configuracao-fiscal/regras-base", json=rule,
                               headers=ready.headers, timeout=30)  # fmt: skip
        assert answer.status_code == 422, answer.json()
        error = answer.json()["error"]
        assert error["code"] == "VALIDATION_ERROR"
        assert "resultado.fundamento" in {e["field"] for e in error["errors"]}
        rule["resultado"]["fundamento"] = "RICMS/SP art. 350"  # a text, not the §6 schema
        refused = requests.post(f"{server}/configuracao-fiscal/regras-base", json=rule,
                                headers=ready.headers, timeout=30)  # fmt: skip
        assert refused.status_code == 422
        assert refused.json()["error"]["errors"][0]["field"] == "resultado.fundamento"
        rule["resultado"]["fundamento"] = {"instrumento": "RICMS/SP art. 350", "uf": "SP"}
        incomplete = requests.post(f"{server}/configuracao-fiscal/regras-base", json=rule,
                                   headers=ready.headers, timeout=30)  # fmt: skip
        assert incomplete.json()["error"]["errors"][0]["field"] == (
            "resultado.fundamento.tipo_beneficio"
        )


def test_preview_and_validate_explain_the_rural_decisions(app, sim, server):
    _, ready = _issuing_producer(app, sim)
    body = {**nfe_body(), "contexto": "PRODUTOR_RURAL"}
    preview = requests.post(f"{server}/fiscal/preview?explain=true", json=body,
                            headers=ready.headers, timeout=30)  # fmt: skip
    assert preview.status_code == 200, preview.json()
    data = preview.json()
    assert data["ready_to_issue"] is True and data["xml_validado"] is True
    assert data["document"]["contexto"] == "PRODUTOR_RURAL"
    used = {r["tipo"] for r in data["rules_used"]}
    assert {"RURAL_ICMS", "IBS_CBS"} <= used
    explained = json.dumps(data, ensure_ascii=False)
    assert "RICMS/SP art. 350" in explained
    validation = requests.post(f"{server}/fiscal/validate", headers=ready.headers, timeout=30,
                               json={"documento": "NFE", "contexto": "PRODUTOR_RURAL",
                                     "operacao": nfe_body()})  # fmt: skip
    assert validation.status_code == 200, validation.json()
    assert validation.json()["valid"] is True
    calculation = requests.post(f"{server}/fiscal/calcular", headers=ready.headers, timeout=30,
                                json={"documento": "NFE", "contexto": "PRODUTOR_RURAL",
                                      "operacao": nfe_body()})  # fmt: skip
    assert calculation.status_code == 200, calculation.json()
    item = calculation.json()["taxes"]["itens"][0]
    assert item["icms"]["CST"] == "51" and Decimal(item["icms"]["pDif"]) == Decimal("100")


def test_a_cnpj_company_outside_the_rural_context_cannot_preview_in_it(app, sim, server):
    from tests.api.nfe.helpers import ready_to_issue

    rt: Runtime = app.extensions["fiscal"]
    ready = ready_to_issue(app.test_client(), rt, sim)
    body = {**nfe_body(), "contexto": "PRODUTOR_RURAL"}
    answer = requests.post(f"{server}/fiscal/preview", json=body, headers=ready.headers,
                           timeout=30)  # fmt: skip
    assert answer.status_code == 422
    assert answer.json()["error"]["errors"][0]["field"] == "contexto"


def test_a_producer_outside_the_producer_series_is_told_to_fix_it(app, sim, server):
    rt: Runtime = app.extensions["fiscal"]
    ready = _producer(rt, fresh_cpf(), serie_nfe=1)
    add_product(rt, ready)
    add_customer(rt, ready)
    answer = requests.post(f"{server}/nfe", json=nfe_body(), headers=ready.headers, timeout=30)
    assert answer.status_code == 422
    assert "emitente.serie_nfe" in answer.json()["error"]["missing"], answer.json()


def test_a_natural_person_cannot_void_numbers_through_the_cnpj_only_layout(app, sim, server):
    _, ready = _issuing_producer(app, sim)
    body = {"modelo": 55, "numero_inicial": 5,
            "justificativa": "Numeracao pulada por falha do sistema de emissao"}  # fmt: skip
    answer = requests.post(f"{server}/inutilizacao", json=body, headers=ready.headers, timeout=30)
    assert answer.status_code == 422, answer.json()
    assert answer.json()["error"]["errors"][0]["field"] == "empresa"


def test_a_benefit_citing_an_unconfirmed_instrument_needs_review(app, sim, server):
    """Conv. ICMS 100/97 after 2025-12-31 is unconfirmed (tax_domain §6): the rule says so and
    the issuance stops with 422 `REVISAO_FISCAL_NECESSARIA`; nothing reaches the authority."""
    _, ready = _issuing_producer(app, sim)
    rule = json.loads(json.dumps(DEFERRAL))
    rule.update(tipo="RURAL_BENEFICIO", fonte="Convênio ICMS 100/97 cl. 1ª (prorrogação?)")
    rule["resultado"] = {
        "cst_icms": "20", "red_bc": "60.00", "requer_revisao": True,
        "motivo": "vigência do Conv. ICMS 100/97 após 2025-12-31 não confirmada",
        "fundamento": {"instrumento": "Convênio ICMS 100/97 cl. 1ª, I; Conv. 26/21",
                       "uf": "SP", "tipo_beneficio": "reducao_bc",
                       "vigencia": "até 2025-12-31"},
    }  # fmt: skip
    created = requests.post(f"{server}/configuracao-fiscal/regras-base", json=rule,
                            headers=ready.headers, timeout=30)  # fmt: skip
    assert created.status_code == 201, created.json()
    answer = requests.post(f"{server}/nfe", json=nfe_body("SAFRA-R"), headers=ready.headers,
                           timeout=30)  # fmt: skip
    assert answer.status_code == 422, answer.json()
    assert answer.json()["error"]["code"] == "REVISAO_FISCAL_NECESSARIA"
    assert not [d for d in sim.state()["documents"] if d["issuer"] == ready.cnpj]
