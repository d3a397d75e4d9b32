"""`pronta_para_emitir_modelos`: the overview says what NF-e and NFC-e each still need, so it
never promises an NFC-e that POST /nfce then refuses."""

from __future__ import annotations

from tests.factories import auth, make_account
from tests.factories_config import a1_base64, issuer_body

API = "/api/v1/configuracao-fiscal"
CSC_PENDENCY = "NFC-e: informe o CSC (csc_id e csc) do emitente."


def _configured(client, key, **issuer):
    body = {k: v for k, v in issuer_body(**issuer).items() if v is not None}
    created = client.post(API + "/emitente", headers=auth(key), json=body)
    assert created.status_code == 201, created.get_json()
    cert = client.post(API + "/certificado", headers=auth(key),
                       json={"arquivo_base64": a1_base64(), "senha": "senha-a1"})  # fmt: skip
    assert cert.status_code == 201, cert.get_json()


def test_without_csc_nfe_is_ready_and_nfce_names_the_csc(client, rt):
    acc = make_account(rt)
    _configured(client, acc.live, csc_id=None, csc=None)
    state = client.get(API, headers=auth(acc.live)).get_json()
    assert state["pronta_para_emitir"] is True
    assert state["pronta_para_emitir_modelos"] == {"nfe": True, "nfce": False}
    assert CSC_PENDENCY in state["pendencias"]
    product = {"codigo": "P1", "descricao": "Item", "ncm": "22021000", "preco": "1.00"}
    assert client.post("/api/v1/produtos", headers=auth(acc.live), json=product).status_code == 201
    refused = client.post(
        "/api/v1/nfce",
        headers=auth(acc.live),
        json={"pedido": "N-1", "itens": [{"codigo": "P1", "quantidade": 1}], "pagamento": "pix"},
    )
    assert refused.status_code == 422
    assert "emitente.csc" in refused.get_json()["error"].get("missing", []), refused.get_json()

    updated = client.put(API + "/emitente", headers=auth(acc.live),
                         json={"csc_id": "1", "csc": "SEGREDO-CSC-0123456789"})  # fmt: skip
    assert updated.status_code == 200, updated.get_json()
    state = client.get(API, headers=auth(acc.live)).get_json()
    assert state["pronta_para_emitir_modelos"] == {"nfe": True, "nfce": True}
    assert not any(p.startswith("NFC-e") for p in state["pendencias"])


def test_a_model_without_its_module_or_default_nature_is_not_ready(client, rt):
    acc = make_account(rt)
    _configured(client, acc.live, modulos=["nfe"])
    state = client.get(API, headers=auth(acc.live)).get_json()
    assert state["pronta_para_emitir_modelos"] == {"nfe": True, "nfce": False}
    assert not any(p.startswith("NFC-e") for p in state["pendencias"]), state["pendencias"]

    natures = client.get(API + "/naturezas", headers=auth(acc.live)).get_json()["items"]
    venda = next(n for n in natures if n["codigo"] == "VENDA")
    client.delete(f"{API}/naturezas/{venda['id']}", headers=auth(acc.live))
    state = client.get(API, headers=auth(acc.live)).get_json()
    assert state["pronta_para_emitir_modelos"]["nfe"] is False
    assert "NF-e: nenhuma natureza ativa marcada como padrão (padrao_nfe)." in state["pendencias"]


def test_nothing_is_ready_before_the_general_steps(client, rt):
    acc = make_account(rt)
    empty = client.get(API, headers=auth(acc.live)).get_json()
    assert empty["pronta_para_emitir_modelos"] == {"nfe": False, "nfce": False}
    created = client.post(API + "/emitente", headers=auth(acc.live), json=issuer_body())
    assert created.status_code == 201
    state = client.get(API, headers=auth(acc.live)).get_json()
    assert state["pronta_para_emitir"] is False
    assert state["pronta_para_emitir_modelos"] == {"nfe": False, "nfce": False}
    assert not any(p.startswith(("NF-e:", "NFC-e:")) for p in state["pendencias"])
