"""The producer's e-CPF and the walk from nothing to `pronta_para_emitir`, on SQLite and
PostgreSQL: the certificate's CPF (OID 2.16.76.1.3.1) must be the producer's."""

from __future__ import annotations

from tests.api.rural.helpers import CONFIG, CPF, OTHER_CPF, RURAL, code, ecpf, producer_body
from tests.factories import auth, make_account
from tests.factories_config import a1_base64


def test_ecpf_of_the_producer_is_accepted(client, rt):
    acc = make_account(rt)
    client.post(RURAL, headers=auth(acc.live), json=producer_body())
    sent = client.post(CONFIG + "/certificado", headers=auth(acc.live), json=ecpf())
    assert sent.status_code == 201, sent.get_json()
    state = sent.get_json()["certificado"]
    assert state["status"] == "ok" and state["valido"] is True
    assert state["cpf"] == CPF and state["cpf_confere_com_emitente"] is True
    assert state["cnpj"] is None and state["cnpj_confere_com_emitente"] is None
    producer = client.get(RURAL, headers=auth(acc.live)).get_json()["produtor"]
    assert producer["certificado"]["status"] == "ok"
    assert producer["certificado"]["validade"] == state["validade"]


def test_divergent_certificates_are_refused(client, rt):
    acc = make_account(rt)
    client.post(RURAL, headers=auth(acc.live), json=producer_body())
    other = client.post(CONFIG + "/certificado", headers=auth(acc.live), json=ecpf(OTHER_CPF))
    assert other.status_code == 422 and code(other) == "CERTIFICADO_DIVERGENTE"
    assert "CPF" in other.get_json()["error"]["message"]
    company = {"arquivo_base64": a1_base64(), "senha": "senha-a1"}  # an e-CNPJ
    refused = client.post(CONFIG + "/certificado", headers=auth(acc.live), json=company)
    assert code(refused) == "CERTIFICADO_DIVERGENTE"
    state = client.get(CONFIG + "/certificado", headers=auth(acc.live)).get_json()
    assert state["certificado"]["status"] == "ausente"


def test_an_ecpf_is_refused_for_a_cnpj_company(client, rt):
    acc = make_account(rt)
    from tests.factories_config import issuer_body

    client.post(CONFIG + "/emitente", headers=auth(acc.live), json=issuer_body())
    refused = client.post(CONFIG + "/certificado", headers=auth(acc.live), json=ecpf())
    assert code(refused) == "CERTIFICADO_DIVERGENTE"


def test_walk_from_nothing_to_ready_for_a_cpf_producer(client, rt):
    acc = make_account(rt)
    empty = client.get(CONFIG, headers=auth(acc.live)).get_json()
    assert empty["pronta_para_emitir"] is False
    bare = producer_body()
    for name in ("cep", "logradouro", "numero", "bairro", "municipio", "cod_municipio"):
        bare.pop(name)
    created = client.post(RURAL, headers=auth(acc.live), json=bare)
    assert created.status_code == 201, created.get_json()
    state = client.get(CONFIG, headers=auth(acc.live)).get_json()
    issuer_pendency = next(p for p in state["pendencias"] if p.startswith("Emitente"))
    assert "cnpj" not in issuer_pendency and "cep" in issuer_pendency
    address = {k: producer_body()[k] for k in ("cep", "logradouro", "numero", "bairro",
                                               "municipio", "cod_municipio")}  # fmt: skip
    put = client.put(CONFIG + "/emitente", headers=auth(acc.live), json=address)
    assert put.status_code == 200, put.get_json()
    state = client.get(CONFIG, headers=auth(acc.live)).get_json()
    assert state["etapas"]["emitente"]["status"] == "configurado", state["pendencias"]
    assert state["pronta_para_emitir"] is False
    assert state["pendencias"] == ["Certificado: envie o certificado A1."]
    assert (
        client.post(CONFIG + "/certificado", headers=auth(acc.live), json=ecpf()).status_code == 201
    )
    ready = client.get(CONFIG, headers=auth(acc.live)).get_json()
    assert ready["pronta_para_emitir"] is True, ready["pendencias"]
    assert ready["configuracao_fiscal_percentual"] == 100
    assert ready["pronta_para_emitir_modelos"] == {"nfe": True, "nfce": False}
    assert ready["pendencias"] == []
    assert client.get(CONFIG + "/validar", headers=auth(acc.live)).status_code == 200


def test_a_producer_without_ie_is_not_ready(client, rt):
    acc = make_account(rt)
    client.post(RURAL, headers=auth(acc.live), json=producer_body())
    client.post(CONFIG + "/certificado", headers=auth(acc.live), json=ecpf())
    client.put(CONFIG + "/emitente", headers=auth(acc.live), json={"ie": "ISENTO"})
    state = client.get(CONFIG, headers=auth(acc.live)).get_json()
    assert state["pronta_para_emitir"] is False
    assert any("ie" in p for p in state["pendencias"] if p.startswith("Emitente"))
