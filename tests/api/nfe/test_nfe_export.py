"""An NF-e of export: `cliente` may be a buyer abroad (no `cpf_cnpj`, `endereco.pais`), as
`fornecedor` may be on an import. The NF-e is idDest 3 with `dest/idEstrangeiro` and
`enderDest` in UF EX with the country; an NFC-e (always internal) refuses such a buyer.
Found reissuing the corpus' export (tests/e2e/test_real_nfe_issued.py), which no request could
state before."""

from __future__ import annotations

from lxml import etree

from tests.api.nfe.helpers import nfe_body, ready_to_issue

API = "/api/v1"
NS = {"n": "http://www.portalfiscal.inf.br/nfe"}
BUYER = {
    "nome": "Importadora Exemplo GmbH",
    "id_estrangeiro": "DE123456789",
    "endereco": {"logradouro": "Hauptstrasse", "numero": "12", "pais": "0230",
                 "nome_pais": "Alemanha"},
}  # fmt: skip


def _export_rule(client, ready):
    created = client.post(f"{API}/configuracao-fiscal/tributacao", headers=ready.headers, json={
        "cfop": "7102", "csosn": "300", "cst_pis": "08", "cst_cofins": "08",
        "operacao": "exterior", "prioridade": 90,
    })  # fmt: skip
    assert created.status_code == 201, created.get_json()


def test_an_export_to_a_buyer_abroad_is_issued(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    _export_rule(client, ready)
    issued = client.post(f"{API}/nfe", headers=ready.headers, json=nfe_body(cliente=BUYER))
    data = issued.get_json()
    assert issued.status_code == 200, data
    assert data["status"] == "AUTORIZADA", data
    root = etree.fromstring(client.get(data["xml"], headers=ready.headers).data)
    one = lambda path: root.findtext(f".//n:{path}", namespaces=NS)  # noqa: E731
    assert one("ide/n:idDest") == "3" and one("det/n:prod/n:CFOP") == "7102"
    assert one("dest/n:idEstrangeiro") == "DE123456789"
    assert root.find(".//n:dest/n:CNPJ", NS) is None and root.find(".//n:dest/n:CPF", NS) is None
    assert (one("enderDest/n:UF"), one("enderDest/n:cMun")) == ("EX", "9999999")
    assert (one("enderDest/n:cPais"), one("enderDest/n:xPais")) == ("0230", "Alemanha")


def test_a_buyer_without_cpf_cnpj_nor_country_is_refused(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    buyer = {"nome": "Maria", "endereco": {"logradouro": "Rua A", "numero": "1"}}
    answer = client.post(f"{API}/nfe", headers=ready.headers, json=nfe_body(cliente=buyer))
    assert answer.status_code == 422
    [error] = answer.get_json()["error"]["errors"]
    assert error["field"] == "cliente.cpf_cnpj"
    assert "cliente no exterior" in error["message"] and "endereco.pais" in error["message"]


def test_an_nfce_refuses_a_buyer_abroad(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    answer = client.post(f"{API}/nfce", headers=ready.headers, json=nfe_body(cliente=BUYER))
    assert answer.status_code == 422, answer.get_json()
    [error] = answer.get_json()["error"]["errors"]
    assert error["field"] == "cliente" and "NFC-e" in error["message"]
