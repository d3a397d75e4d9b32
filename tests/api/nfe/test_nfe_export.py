"""An NF-e of export: `cliente` may be a buyer abroad (no `cpf_cnpj`, `endereco.pais`), as
`fornecedor` may be on an import. The NF-e is idDest 3 with `dest/idEstrangeiro` and
`enderDest` in UF EX with the country; an NFC-e (always internal) refuses such a buyer.
Found reissuing the corpus' export (tests/e2e/test_real_nfe_issued.py), which no request could
state before. The place of shipment (`exportacao`, the exporta group) is required on an export
(rejection 355) and refused elsewhere (356); an item's `exportacao` (detExport: drawback,
indirect export) goes only on an export."""

from __future__ import annotations

from typing import Any

from lxml import etree

from documents.keys import AccessKey
from documents.nfe.danfe import add_danfe_notes
from tests.api.nfe.helpers import nfe_body, ready_to_issue

API = "/api/v1"
NS = {"n": "http://www.portalfiscal.inf.br/nfe"}
BUYER = {
    "nome": "Importadora Exemplo GmbH",
    "id_estrangeiro": "DE123456789",
    "endereco": {"logradouro": "Hauptstrasse", "numero": "12", "pais": "0230",
                 "nome_pais": "Alemanha"},
}  # fmt: skip
SHIPMENT = {"uf_embarque": "SP", "local_embarque": "PORTO DE SANTOS",
            "local_despacho": "EADI CAMPINAS"}  # fmt: skip
RECEIVED = AccessKey.build(35, (2026, 7), "11222333000181", 55, 1, 77, 1, "12345678").text
"""The key of an NF-e received with the specific end of export (indirect export)."""


def _export(**overrides: Any) -> dict[str, Any]:
    return nfe_body(**{"cliente": BUYER, "exportacao": SHIPMENT, **overrides})


def _error(answer) -> dict[str, Any]:
    assert answer.status_code == 422, answer.get_json()
    [error] = answer.get_json()["error"]["errors"]
    return error


def _export_rule(client, ready):
    created = client.post(f"{API}/configuracao-fiscal/tributacao", headers=ready.headers, json={
        "cfop": "7102", "csosn": "300", "cst_pis": "08", "cst_cofins": "08",
        "operacao": "exterior", "prioridade": 90,
    })  # fmt: skip
    assert created.status_code == 201, created.get_json()


def test_an_export_to_a_buyer_abroad_is_issued(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    _export_rule(client, ready)
    issued = client.post(f"{API}/nfe", headers=ready.headers, json=_export())
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
    exporta = [(etree.QName(e).localname, e.text) for e in root.find(".//n:exporta", NS)]
    assert exporta == [("UFSaidaPais", "SP"), ("xLocExporta", "PORTO DE SANTOS"),
                       ("xLocDespacho", "EADI CAMPINAS")]  # fmt: skip
    assert root.find(".//n:detExport", NS) is None


def test_an_item_under_drawback_or_indirect_export_writes_det_export(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    _export_rule(client, ready)
    item = {"codigo": "P1", "quantidade": 2, "exportacao": {
        "drawback": "20240012345", "registro_exportacao": "123456789012",
        "chave_nfe": RECEIVED, "quantidade_exportada": "2"}}  # fmt: skip
    issued = client.post(f"{API}/nfe", headers=ready.headers, json=_export(itens=[item]))
    data = issued.get_json()
    assert data["status"] == "AUTORIZADA", data
    root = etree.fromstring(client.get(data["xml"], headers=ready.headers).data)
    prod = root.find(".//n:det/n:prod", NS)
    group = prod.find("n:detExport", NS)
    assert group.findtext("n:nDraw", namespaces=NS) == "20240012345"
    indirect = [(etree.QName(e).localname, e.text) for e in group.find("n:exportInd", NS)]
    assert indirect == [("nRE", "123456789012"), ("chNFe", RECEIVED), ("qExport", "2.0000")]
    order = [etree.QName(e).localname for e in prod]
    assert order.index("detExport") == order.index("indTot") + 1
    add_danfe_notes(root)
    shown = root.findtext(".//n:infAdic/n:infCpl", namespaces=NS)
    assert "EXPORTACAO: embarque PORTO DE SANTOS/SP despacho EADI CAMPINAS" in shown
    assert "item 1: drawback 20240012345 RE 123456789012" in shown


def test_an_export_without_its_place_of_shipment_is_refused(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    _export_rule(client, ready)
    answer = client.post(f"{API}/nfe", headers=ready.headers, json=nfe_body(cliente=BUYER))
    error = _error(answer)
    assert error["field"] == "exportacao"
    assert "uf_embarque" in error["message"] and "local_embarque" in error["message"]


def test_export_data_on_a_note_that_is_no_export_is_refused(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    domestic = nfe_body(exportacao=SHIPMENT)
    error = _error(client.post(f"{API}/nfe", headers=ready.headers, json=domestic))
    assert error["field"] == "exportacao" and "exportação" in error["message"]
    item = {"codigo": "P1", "quantidade": 2, "exportacao": {"drawback": "20240012345"}}
    answer = client.post(f"{API}/nfe", headers=ready.headers, json=nfe_body(itens=[item]))
    error = _error(answer)
    assert error["field"] == "itens.0.exportacao" and "Retire-a" in error["message"]


def test_the_export_fields_are_checked_as_the_layout_has_them(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    _export_rule(client, ready)
    cases = [
        ({"exportacao": {**SHIPMENT, "uf_embarque": "EX"}}, "exportacao.uf_embarque"),
        ({"exportacao": {"uf_embarque": "SP"}}, "exportacao.local_embarque"),
        ({"itens": [{"codigo": "P1", "quantidade": 2, "exportacao": {
            "registro_exportacao": "1", "chave_nfe": RECEIVED}}]},
         "itens.0.exportacao.quantidade_exportada"),
        ({"itens": [{"codigo": "P1", "quantidade": 2, "exportacao": {
            "registro_exportacao": "1", "chave_nfe": RECEIVED[:20] + "65" + RECEIVED[22:],
            "quantidade_exportada": "2"}}]}, "itens.0.exportacao.chave_nfe"),
        ({"itens": [{"codigo": "P1", "quantidade": 2, "exportacao": {}}]}, "itens.0.exportacao"),
    ]  # fmt: skip
    for overrides, field in cases:
        answer = client.post(f"{API}/nfe", headers=ready.headers, json=_export(**overrides))
        assert _error(answer)["field"] == field, (overrides, answer.get_json())


def test_a_buyer_in_brazil_given_as_abroad_is_told_so_as_a_cliente(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    buyer = {**BUYER, "endereco": {**BUYER["endereco"], "pais": "1058", "nome_pais": "Brasil"}}
    error = _error(client.post(f"{API}/nfe", headers=ready.headers, json=_export(cliente=buyer)))
    assert error["field"] == "cliente.endereco.pais"
    assert "um cliente no Brasil tem `cpf_cnpj`" in error["message"]


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
