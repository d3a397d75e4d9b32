"""NF-e for the operations of real commerce (issue 35), through a real HTTP server and the
simulator: returns (partial, the rest, then refused), a complement of value and one of ICMS,
an entry from a natural person, freight with carrier and volumes, a card payment and the four
reference forms.
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
from simulator.testing import SimulatorHandle, running_simulator
from tests.api.nfe.helpers import (
    Ready,
    add_customer,
    add_product,
    authority_settings,
    cnpj_digits,
    nfe_body,
    ready_company,
)
from tests.api.queue.helpers import settle

NS = {"n": "http://www.portalfiscal.inf.br/nfe"}
ACQUIRER = cnpj_digits("112223330001")
QUEUE_SETTINGS = {"queue_poll_seconds": 0.05, "queue_retry_schedule": (0.2, 0.4, 0.8)}


@pytest.fixture(scope="module")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimulatorHandle]:
    with running_simulator(Path(tmp_path_factory.mktemp("authority-ops"))) as handle:
        yield handle


@pytest.fixture
def app(app_factory: Any, sim: SimulatorHandle, backend: str) -> Flask:
    """The queue's worker runs in process (SQLite) or as rq on Redis driven by `settle`."""
    return app_factory(
        **authority_settings(sim, rate_limit_per_minute=10_000),
        queue_inprocess=backend == "sqlite",
        **QUEUE_SETTINGS,
    )


def _ready(app: Flask, sim: SimulatorHandle, **issuer: Any) -> Ready:
    rt = app.extensions["fiscal"]
    ready = ready_company(app.test_client(), rt, sim, **issuer)
    add_product(rt, ready)
    add_product(rt, ready, "P2", preco="15.00", descricao="Suco caixa")
    add_customer(rt, ready)
    return ready


def _post(server: str, ready: Ready, path: str, body: dict[str, Any]) -> requests.Response:
    return requests.post(f"{server}{path}", json=body, headers=ready.headers, timeout=60)


def _issued(server: str, ready: Ready, body: dict[str, Any]) -> dict[str, Any]:
    answer = _post(server, ready, "/nfe", body)
    data: dict[str, Any] = answer.json()
    assert answer.status_code == 200, data
    assert data["status"] == "AUTORIZADA", data
    return data


def _xml(server: str, ready: Ready, document: dict[str, Any]) -> etree._Element:
    answer = requests.get(f"{server}/nfe/{document['id']}/xml", headers=ready.headers, timeout=30)
    assert answer.status_code == 200
    return etree.fromstring(answer.content)


def _texts(root: etree._Element, path: str) -> list[str]:
    return [node.text or "" for node in root.findall(path, NS)]


def _one(root: etree._Element, path: str) -> str:
    found = _texts(root, path)
    assert len(found) == 1, (path, found)
    return found[0]


def _configure(server: str, ready: Ready, nature: dict[str, Any], rule: dict[str, Any]) -> None:
    """A nature and a tax rule that applies to it only (what a return or an entry needs)."""
    base = f"{server}/configuracao-fiscal"
    created = requests.post(f"{base}/naturezas", json=nature, headers=ready.headers, timeout=30)
    assert created.status_code == 201, created.json()
    natureza_id = created.json()["item"]["id"]
    tax = requests.post(
        f"{base}/tributacao",
        json={"natureza_id": natureza_id, "csosn": "102", "cst_pis": "49", "cst_cofins": "49",
              "operacao": "interna", "prioridade": 10, **rule},
        headers=ready.headers,
        timeout=30,
    )  # fmt: skip
    assert tax.status_code == 201, tax.json()


RETURN_NATURE = {"codigo": "DEVOLUCAO", "descricao": "Devolucao de venda", "tipo_operacao": 0,
                 "finalidade": 4}  # fmt: skip


def test_a_sale_is_returned_in_two_parts_and_a_third_return_is_refused(app, sim, server):
    ready = _ready(app, sim)
    sale = _issued(server, ready, nfe_body("VENDA-1", itens=[
        {"codigo": "P1", "quantidade": 5}, {"codigo": "P2", "quantidade": 1}]))  # fmt: skip
    _configure(server, ready, RETURN_NATURE, {"cfop": "1202", "descricao": "Devolucao"})

    def give_back(pedido: str, quantity: int) -> requests.Response:
        body = {"pedido": pedido, "pagamento": "sem_pagamento",
                "devolucao_de": {"documento": sale["id"],
                                 "itens": [{"item": 1, "quantidade": quantity}]}}  # fmt: skip
        return _post(server, ready, "/nfe", body)

    first = give_back("DEV-1", 2)
    assert first.status_code == 200, first.json()
    assert (first.json()["finalidade"], first.json()["tipo_operacao"]) == (4, 0)
    assert (sale["finalidade"], sale["tipo_operacao"]) == (1, 1)
    root = _xml(server, ready, first.json())
    assert _one(root, ".//n:ide/n:finNFe") == "4"
    assert _one(root, ".//n:ide/n:tpNF") == "0"
    assert _one(root, ".//n:ide/n:natOp") == "Devolucao de venda"
    assert _one(root, ".//n:NFref/n:refNFe") == sale["chave"]
    assert _texts(root, ".//n:det/n:prod/n:CFOP") == ["1202"]
    assert _one(root, ".//n:det/n:prod/n:cProd") == "P1"
    assert Decimal(_one(root, ".//n:det/n:prod/n:qCom")) == 2
    assert _one(root, ".//n:total/n:ICMSTot/n:vNF") == "20.00"
    assert _one(root, ".//n:dest/n:CPF") == "52998224725"
    assert _one(root, ".//n:pag/n:detPag/n:tPag") == "90"
    assert sale["chave"] in _one(root, ".//n:infAdic/n:infCpl")

    rest = give_back("DEV-2", 3)
    assert rest.status_code == 200, rest.json()
    assert Decimal(_one(_xml(server, ready, rest.json()), ".//n:det/n:prod/n:qCom")) == 3

    third = give_back("DEV-3", 1)
    error = third.json()["error"]
    assert third.status_code == 422, error
    assert error["code"] == "VALIDATION_ERROR"
    assert error["errors"][0]["field"] == "devolucao_de.itens.0.quantidade"
    assert "restam 0" in error["errors"][0]["message"]


def test_a_complement_of_value_references_the_note_it_complements(app, sim, server):
    ready = _ready(app, sim)
    sale = _issued(server, ready, nfe_body("VENDA-C"))
    complement = _issued(server, ready, nfe_body(
        "COMPL-1", finalidade=2, referencias=[{"chave": sale["chave"]}],
        itens=[{"codigo": "P1", "quantidade": 1, "valor": "3.50"}]))  # fmt: skip
    root = _xml(server, ready, complement)
    assert _one(root, ".//n:ide/n:finNFe") == "2"
    assert _one(root, ".//n:ide/n:tpNF") == "1"
    assert _one(root, ".//n:NFref/n:refNFe") == sale["chave"]
    assert _one(root, ".//n:total/n:ICMSTot/n:vNF") == "3.50"


def test_a_complement_of_icms_carries_only_the_tax(app, sim, server):
    ready = _ready(app, sim, crt=3)
    configured = requests.post(f"{server}/configuracao-fiscal/automatica", headers=ready.headers,
                               json={"apuracao": "presumido"}, timeout=30)  # fmt: skip
    assert configured.status_code == 200, configured.json()
    sale = _issued(server, ready, nfe_body("VENDA-CI"))
    sold = _xml(server, ready, sale)
    rate = Decimal(_one(sold, ".//n:det/n:imposto/n:ICMS/*/n:pICMS"))
    complement = _issued(
        server,
        ready,
        nfe_body(
            "COMPL-ICMS-1",
            finalidade=2,
            referencias=[{"chave": sale["chave"]}],
            pagamento="sem_pagamento",
            itens=[{"codigo": "P1", "quantidade": 0, "complemento_icms": {"base": "100.00"}}],
        ),
    )
    root = _xml(server, ready, complement)
    assert _one(root, ".//n:ide/n:finNFe") == "2"
    assert _one(root, ".//n:NFref/n:refNFe") == sale["chave"]
    assert Decimal(_one(root, ".//n:det/n:prod/n:qCom")) == 0
    assert Decimal(_one(root, ".//n:det/n:prod/n:vUnCom")) == 0
    assert _one(root, ".//n:det/n:prod/n:vProd") == "0.00"
    assert _one(root, ".//n:det/n:imposto/n:ICMS/*/n:vBC") == "100.00"
    assert Decimal(_one(root, ".//n:det/n:imposto/n:ICMS/*/n:pICMS")) == rate
    owed = f"{rate:.2f}"  # 100.00 x rate %
    assert _one(root, ".//n:total/n:ICMSTot/n:vICMS") == owed
    assert _one(root, ".//n:total/n:ICMSTot/n:vProd") == "0.00"
    assert _one(root, ".//n:total/n:ICMSTot/n:vNF") == "0.00"
    assert _one(root, ".//n:pag/n:detPag/n:tPag") == "90"
    danfe = requests.get(f"{server}/nfe/{complement['id']}/danfe", headers=ready.headers,
                         timeout=60)  # fmt: skip
    assert danfe.status_code == 200 and danfe.content.startswith(b"%PDF")

    difference = _issued(
        server,
        ready,
        nfe_body(
            "COMPL-ICMS-2",
            finalidade=2,
            referencias=[{"chave": sale["chave"]}],
            pagamento="sem_pagamento",
            itens=[
                {
                    "codigo": "P1",
                    "quantidade": 0,
                    "complemento_icms": {"base": "20.00", "aliquota": "6.00"},
                }
            ],
        ),
    )
    root = _xml(server, ready, difference)
    assert Decimal(_one(root, ".//n:det/n:imposto/n:ICMS/*/n:pICMS")) == 6
    assert _one(root, ".//n:total/n:ICMSTot/n:vICMS") == "1.20"

    valued = _post(
        server,
        ready,
        "/nfe",
        nfe_body(
            "COMPL-ICMS-3",
            finalidade=2,
            referencias=[{"chave": sale["chave"]}],
            pagamento="sem_pagamento",
            itens=[
                {
                    "codigo": "P1",
                    "quantidade": 0,
                    "valor": "5.00",
                    "complemento_icms": {"base": "20.00"},
                }
            ],
        ),
    )
    assert valued.status_code == 422, valued.json()
    assert valued.json()["error"]["errors"][0]["field"] == "itens.0.valor"
    on_a_sale = _post(
        server,
        ready,
        "/nfe",
        nfe_body(
            "COMPL-ICMS-4",
            itens=[{"codigo": "P1", "quantidade": 0, "complemento_icms": {"base": "20.00"}}],
        ),
    )
    assert on_a_sale.status_code == 422, on_a_sale.json()
    assert on_a_sale.json()["error"]["errors"][0]["field"] == "itens.0.complemento_icms"


ST_RULE = {"cfop": "5403", "ncm": "2202", "operacao": "interna", "prioridade": 90,
           "cst_icms": "10", "aliq_icms": "18.00", "mva_st": "40", "aliq_icms_st": "18.00",
           "cst_pis": "01", "aliq_pis": "1.65", "cst_cofins": "01",
           "aliq_cofins": "7.60"}  # fmt: skip


def _st_complement(pedido: str, sale: dict[str, Any], declared: dict[str, str],
                   pagamento: str) -> dict[str, Any]:  # fmt: skip
    line = {"codigo": "P1", "quantidade": 0, "complemento_icms": declared}
    return nfe_body(pedido, finalidade=2, referencias=[{"chave": sale["chave"]}],
                    pagamento=pagamento, itens=[line])  # fmt: skip


def test_a_complement_of_icms_st_bills_the_substitution_under_charged(app, sim, server):
    """A sale under ST (CST 10, MVA 40 %, 18 %) whose ST base was under-stated: the complement
    states the missing vBCST, vICMSST = base × the rule's ST rate, no own ICMS, and vNF = vST,
    billed to the buyer; a difference of rate goes at the declared rate."""
    ready = _ready(app, sim, crt=3)
    created = requests.post(f"{server}/configuracao-fiscal/tributacao", json=ST_RULE,
                            headers=ready.headers, timeout=30)  # fmt: skip
    assert created.status_code == 201, created.json()
    sale = _issued(server, ready, nfe_body("VENDA-ST"))
    assert _one(_xml(server, ready, sale), ".//n:total/n:ICMSTot/n:vST") == "1.44"
    complement = _issued(server, ready, _st_complement("COMPL-ST-1", sale, {"base_st": "50.00"},
                                                       "pix"))  # fmt: skip
    root = _xml(server, ready, complement)
    group = ".//n:det/n:imposto/n:ICMS/n:ICMS10/n:"
    assert _one(root, ".//n:ide/n:finNFe") == "2"
    assert _one(root, ".//n:NFref/n:refNFe") == sale["chave"]
    assert _one(root, ".//n:det/n:prod/n:vProd") == "0.00"
    assert Decimal(_one(root, ".//n:det/n:prod/n:qCom")) == 0
    assert (_one(root, group + "vBC"), _one(root, group + "vICMS")) == ("0.00", "0.00")
    assert _one(root, group + "vBCST") == "50.00" and Decimal(_one(root, group + "pICMSST")) == 18
    assert _one(root, group + "vICMSST") == "9.00"  # 50.00 x 18 %
    totals = ".//n:total/n:ICMSTot/n:"
    assert [_one(root, totals + tag) for tag in ("vBC", "vICMS", "vBCST", "vST", "vProd", "vNF")
            ] == ["0.00", "0.00", "50.00", "9.00", "0.00", "9.00"]  # fmt: skip
    assert (_one(root, ".//n:pag/n:detPag/n:tPag"), _one(root, ".//n:pag/n:detPag/n:vPag")) == (
        "17", "9.00",
    )  # fmt: skip
    danfe = requests.get(f"{server}/nfe/{complement['id']}/danfe", headers=ready.headers,
                         timeout=60)  # fmt: skip
    assert danfe.status_code == 200 and danfe.content.startswith(b"%PDF")

    declared = {"base_st": "50.00", "aliquota_st": "2.00"}
    rate = _issued(server, ready, _st_complement("COMPL-ST-2", sale, declared, "sem_pagamento"))
    root = _xml(server, ready, rate)
    assert _one(root, ".//n:det/n:imposto/n:ICMS/n:ICMS10/n:vICMSST") == "1.00"
    assert _one(root, ".//n:total/n:ICMSTot/n:vNF") == "1.00"

    both = _post(server, ready, "/nfe", _st_complement(
        "COMPL-ST-3", sale, {"base": "10.00", "base_st": "50.00"}, "pix"))  # fmt: skip
    assert both.status_code == 422, both.json()
    assert both.json()["error"]["errors"][0]["field"] == "itens.0.complemento_icms.base"


def test_an_entry_from_a_natural_person(app, sim, server):
    ready = _ready(app, sim)
    _configure(server, ready,
               {"codigo": "COMPRA-PF", "descricao": "Compra de pessoa fisica",
                "tipo_operacao": 0, "finalidade": 1},
               {"cfop": "1102", "descricao": "Compra para revenda"})  # fmt: skip
    supplier = {"cpf_cnpj": "111.444.777-35", "nome": "Jose Fornecedor",
                "endereco": {"logradouro": "Rua B", "numero": "5", "bairro": "Centro",
                             "cod_municipio": "3550308", "municipio": "Sao Paulo",
                             "uf": "SP", "cep": "01001000"}}  # fmt: skip
    entry = _issued(server, ready, {
        "pedido": "ENTRADA-1", "natureza": "COMPRA-PF", "fornecedor": supplier,
        "itens": [{"codigo": "P1", "quantidade": 3, "valor": "8.00"}],
        "pagamento": "dinheiro"})  # fmt: skip
    root = _xml(server, ready, entry)
    assert _one(root, ".//n:ide/n:tpNF") == "0"
    assert _one(root, ".//n:ide/n:finNFe") == "1"
    assert _one(root, ".//n:dest/n:CPF") == "11144477735"
    assert _one(root, ".//n:dest/n:indIEDest") == "9"
    assert _texts(root, ".//n:det/n:prod/n:CFOP") == ["1102"]


def test_a_sale_with_freight_insurance_other_expenses_carrier_and_volumes(app, sim, server):
    ready = _ready(app, sim, crt=3)
    configured = requests.post(f"{server}/configuracao-fiscal/automatica", headers=ready.headers,
                               json={"apuracao": "presumido"}, timeout=30)  # fmt: skip
    assert configured.status_code == 200, configured.json()
    body = nfe_body(
        "FRETE-1",
        itens=[{"codigo": "P1", "quantidade": 2,
                "pedido_compra": {"numero": "OC-4471", "item": "3"},
                "informacoes_adicionais": "Lote 12"},
               {"codigo": "P2", "quantidade": 1}],
        frete={
            "modalidade": 0, "valor": "10.00",
            "transportadora": {"cpf_cnpj": ACQUIRER, "nome": "Transportes Rapidos Ltda",
                               "ie": "110042490114",
                               "endereco": {"logradouro": "Rua do Porto", "numero": "9",
                                            "municipio": "Santos", "uf": "SP"}},
            "veiculo": {"placa": "ABC1D23", "uf": "SP", "rntc": "12345678"},
            "volumes": [{"quantidade": 3, "especie": "CAIXA", "marca": "ACME",
                         "numeracao": "1-3", "peso_liquido": "12.500", "peso_bruto": "13.250"}],
        },
        seguro="5.00",
        outras_despesas="2.50",
        informacoes_complementares="Entregar no periodo da manha",
        informacoes_fisco="Regime especial 123",
    )  # fmt: skip
    sale = _issued(server, ready, body)
    root = _xml(server, ready, sale)
    assert _texts(root, ".//n:det/n:prod/n:vFrete") == ["5.71", "4.29"]
    assert _texts(root, ".//n:det/n:prod/n:vSeg") == ["2.86", "2.14"]
    assert _texts(root, ".//n:det/n:prod/n:vOutro") == ["1.43", "1.07"]
    total = ".//n:total/n:ICMSTot/"
    assert _one(root, total + "n:vFrete") == "10.00"
    assert _one(root, total + "n:vSeg") == "5.00"
    assert _one(root, total + "n:vOutro") == "2.50"
    assert _one(root, total + "n:vProd") == "35.00"
    assert _one(root, total + "n:vNF") == "52.50"
    bases = [Decimal(v) for v in _texts(root, ".//n:det/n:imposto/n:ICMS/*/n:vBC")]
    assert bases == [Decimal("30.00"), Decimal("22.50")]
    assert _one(root, ".//n:transp/n:modFrete") == "0"
    assert _one(root, ".//n:transp/n:transporta/n:xNome") == "Transportes Rapidos Ltda"
    assert _one(root, ".//n:transp/n:veicTransp/n:placa") == "ABC1D23"
    assert _one(root, ".//n:transp/n:vol/n:qVol") == "3"
    assert _one(root, ".//n:transp/n:vol/n:pesoB") == "13.250"
    assert _one(root, ".//n:det/n:prod/n:xPed") == "OC-4471"
    assert _one(root, ".//n:det/n:prod/n:nItemPed") == "3"
    assert _one(root, ".//n:det/n:infAdProd") == "Lote 12"
    assert _one(root, ".//n:infAdic/n:infAdFisco") == "Regime especial 123"
    assert _one(root, ".//n:infAdic/n:infCpl").startswith("Entregar no periodo da manha")


def test_a_correction_letter_corrects_the_carrier_and_the_volumes(app, sim, server):
    """The CC-e is free text (15..1000 characters): it may correct the carrier and the
    volumes, which are not values, taxes, parties or dates (the layout's limits)."""
    ready = _ready(app, sim)
    carrier = {"cpf_cnpj": ACQUIRER, "nome": "Transportes Rapidos Ltda",
               "endereco": {"logradouro": "Rua do Porto", "numero": "9", "municipio": "Santos",
                            "uf": "SP"}}  # fmt: skip
    volumes = [{"quantidade": 2, "especie": "CAIXA", "peso_bruto": "10.000"}]
    freight = {"modalidade": 0, "transportadora": carrier, "volumes": volumes}
    sale = _issued(server, ready, nfe_body("CCE-FRETE", frete=freight))
    text = ("Transportadora correta: Transportes Lentos Ltda, CNPJ 11.222.333/0001-81. "
            "Volumes: 3 caixas, peso bruto 12,500 kg, marca ACME.")  # fmt: skip
    letter = _post(server, ready, f"/nfe/{sale['id']}/cce", {"correcao": text})
    assert letter.status_code == 200, letter.json()
    assert letter.json()["sequencia"] == 1
    event = letter.json()["evento"]
    stored = requests.get(f"{server}/nfe/{sale['id']}/eventos/{event['id']}/xml",
                          headers=ready.headers, timeout=30)  # fmt: skip
    assert stored.status_code == 200
    root = etree.fromstring(stored.content)
    assert _one(root, ".//n:evento/n:infEvento/n:detEvento/n:xCorrecao") == text
    assert _one(root, ".//n:retEvento/n:infEvento/n:cStat") == "135"


def test_a_card_payment_with_its_acquirer_and_change(app, sim, server):
    ready = _ready(app, sim)
    card = {"tipo_integracao": 1, "cnpj_credenciadora": ACQUIRER, "bandeira": "01",
            "autorizacao": "AUT123456"}  # fmt: skip
    sale = _issued(server, ready, nfe_body("CARTAO-1", pagamento=[
        {"forma": "cartao_credito", "valor": "15.00", "cartao": card},
        {"forma": "dinheiro", "valor": "10.00"}], troco="5.00"))  # fmt: skip
    root = _xml(server, ready, sale)
    assert _texts(root, ".//n:pag/n:detPag/n:tPag") == ["03", "01"]
    assert _one(root, ".//n:detPag/n:card/n:tpIntegra") == "1"
    assert _one(root, ".//n:detPag/n:card/n:CNPJ") == ACQUIRER
    assert _one(root, ".//n:detPag/n:card/n:tBand") == "01"
    assert _one(root, ".//n:detPag/n:card/n:cAut") == "AUT123456"
    assert _one(root, ".//n:pag/n:vTroco") == "5.00"
    wrong = _post(server, ready, "/nfe", nfe_body("CARTAO-2", pagamento=[
        {"forma": "cartao_debito", "valor": "25.00"}], troco="1.00"))  # fmt: skip
    assert wrong.status_code == 422
    assert wrong.json()["error"]["errors"][0]["field"] == "troco"


def test_references_in_each_form(app, sim, server):
    ready = _ready(app, sim)
    earlier = _issued(server, ready, nfe_body("REF-0"))
    references = [
        {"chave": earlier["chave"]},
        {"modelo": "01", "uf": "SP", "aamm": "2401", "cnpj": ACQUIRER, "serie": 1,
         "numero": 123},
        {"modelo": "04", "uf": "MG", "aamm": "2312", "cpf_cnpj": "11144477735",
         "ie": "0623079040081", "serie": 0, "numero": 77},
        {"ecf": {"modelo": "2D", "n_ecf": "5", "n_coo": "123456"}},
    ]  # fmt: skip
    sale = _issued(server, ready, nfe_body("REF-1", referencias=references))
    root = _xml(server, ready, sale)
    assert _one(root, ".//n:NFref/n:refNFe") == earlier["chave"]
    assert _one(root, ".//n:NFref/n:refNF/n:cUF") == "35"
    assert _one(root, ".//n:NFref/n:refNF/n:nNF") == "123"
    assert _one(root, ".//n:NFref/n:refNFP/n:CPF") == "11144477735"
    assert _one(root, ".//n:NFref/n:refNFP/n:mod") == "04"
    assert _one(root, ".//n:NFref/n:refECF/n:nCOO") == "123456"
    key = AccessKey.parse(earlier["chave"]).text
    broken = key[:43] + str((int(key[43]) + 1) % 10)
    refused = _post(server, ready, "/nfe", nfe_body("REF-2", referencias=[{"chave": broken}]))
    assert refused.status_code == 422
    assert refused.json()["error"]["errors"][0]["field"] == "referencias.0.chave"


def test_a_queued_return_counts_for_the_next_one(app, sim, server):
    ready = _ready(app, sim)
    sale = _issued(server, ready, nfe_body("VENDA-Q", itens=[{"codigo": "P1", "quantidade": 2}]))
    _configure(server, ready, RETURN_NATURE, {"cfop": "1202", "descricao": "Devolucao"})
    body = {
        "pedido": "DEV-Q1",
        "pagamento": "sem_pagamento",
        "devolucao_de": {"documento": sale["id"], "itens": [{"item": 1, "quantidade": 2}]},
    }
    queued = requests.post(f"{server}/nfe", json=body, timeout=60,
                           headers={**ready.headers, "Prefer": "respond-async"})  # fmt: skip
    assert queued.status_code == 202, queued.json()
    done = settle(app, app.test_client(), ready.headers, queued.json()["solicitacao_id"])
    assert done["status"] == "AUTORIZADA", done
    again = _post(server, ready, "/nfe", {**body, "pedido": "DEV-Q2"})
    assert again.status_code == 422
    assert again.json()["error"]["errors"][0]["field"] == "devolucao_de.itens.0.quantidade"
