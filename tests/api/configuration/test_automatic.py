"""Automatic configuration: `apuracao` given later updates the `[Auto]` rules it owns (never a
rule the user changed or deactivated) and every answer says what it did and why."""

from __future__ import annotations

from tests.factories import auth, make_account
from tests.factories_config import issuer_body

API = "/api/v1/configuracao-fiscal"


def _auto_tax_rules(client, headers):
    listing = client.get(API + "/tributacao", headers=headers).get_json()["itens"]
    return {rule["operacao"]: rule for rule in listing if rule["auto"]}


def _pis_cofins(rule):
    return rule["cst_pis"], rule["aliq_pis"], rule["cst_cofins"], rule["aliq_cofins"]


def test_crt3_without_apuracao_says_why_and_apuracao_later_completes_the_rules(client, rt):
    acc = make_account(rt)
    h = auth(acc.live)
    created = client.post(API + "/emitente", headers=h, json=issuer_body(crt=3))
    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    assert any("apuracao" in aviso and "PIS/COFINS" in aviso for aviso in body["avisos"])
    assert body["avisos"] == body["configuracao_automatica"]["avisos"]
    before = _auto_tax_rules(client, h)
    assert set(before) == {"interna", "interestadual"}
    assert all(_pis_cofins(rule) == (None, None, None, None) for rule in before.values())

    presumido = client.post(API + "/automatica", headers=h, json={"apuracao": "presumido"})
    answer = presumido.get_json()
    assert presumido.status_code == 200, answer
    assert answer["regime"] == "presumido"
    assert answer["criados"] == {"naturezas": 0, "tributacao": 0, "iva": 0}
    assert answer["atualizados"] == {"tributacao": 2, "iva": 0}
    assert not any("apuracao" in aviso for aviso in answer["avisos"])
    after = _auto_tax_rules(client, h)
    assert {r["id"] for r in after.values()} == {r["id"] for r in before.values()}  # same rows
    for rule in after.values():  # Lei 9.718/1998 (cumulative): 0.65 / 3.00
        assert _pis_cofins(rule) == ("01", "0.65", "01", "3.00")
    assert after["interna"]["aliq_icms"] == before["interna"]["aliq_icms"]

    again = client.post(API + "/automatica", headers=h, json={"apuracao": "presumido"}).get_json()
    assert again["atualizados"] == {"tributacao": 0, "iva": 0}  # idempotent
    real = client.post(API + "/automatica", headers=h, json={"apuracao": "real"}).get_json()
    assert real["atualizados"] == {"tributacao": 2, "iva": 0}
    for rule in _auto_tax_rules(client, h).values():  # Leis 10.637/02, 10.833/03: 1.65 / 7.60
        assert _pis_cofins(rule) == ("01", "1.65", "01", "7.60")


def test_rules_the_user_changed_or_deactivated_are_left_alone_and_named(client, rt):
    acc = make_account(rt)
    h = auth(acc.live)
    client.post(API + "/emitente", headers=h, json=issuer_body(crt=3))
    rules = _auto_tax_rules(client, h)
    internal, interstate = rules["interna"]["id"], rules["interestadual"]["id"]
    edited = client.put(f"{API}/tributacao/{internal}", headers=h, json={"inf_cpl": "Meu texto"})
    assert edited.status_code == 200, edited.get_json()
    assert client.delete(f"{API}/tributacao/{interstate}", headers=h).status_code == 200
    answer = client.post(API + "/automatica", headers=h, json={"apuracao": "real"}).get_json()
    assert answer["atualizados"] == {"tributacao": 0, "iva": 0}
    assert answer["criados"]["tributacao"] == 0  # nothing recreated
    assert answer["regras_automaticas_desativadas"] == 1
    assert any(internal in aviso and "alterada" in aviso for aviso in answer["avisos"])
    assert any(interstate in aviso and "desativada" in aviso for aviso in answer["avisos"])
    kept = client.get(f"{API}/tributacao/{internal}", headers=h).get_json()["item"]
    assert kept["inf_cpl"] == "Meu texto" and kept["cst_pis"] is None
    off = client.get(f"{API}/tributacao/{interstate}", headers=h).get_json()["item"]
    assert off["ativo"] is False and off["cst_pis"] is None


def test_issuer_update_to_crt3_says_pis_cofins_need_apuracao(client, rt):
    acc = make_account(rt)
    h = auth(acc.live)
    client.post(API + "/emitente", headers=h, json=issuer_body(crt=1))
    changed = client.put(API + "/emitente", headers=h, json={"crt": 3})
    body = changed.get_json()
    assert changed.status_code == 200, body
    assert any("apuracao" in aviso and "PIS/COFINS" in aviso for aviso in body["avisos"])
    completed = client.put(API + "/emitente", headers=h, json={"apuracao": "presumido"}).get_json()
    assert completed["configuracao_automatica"]["atualizados"]["tributacao"] == 2
    assert not any("apuracao" in aviso for aviso in completed["avisos"])


def test_simples_nacional_is_told_why_there_is_no_ibs_cbs_rule(client, rt):
    """LC 214/2025 art. 348 III c: the 2026 test rates do not apply to Simples Nacional
    (research/tax_domain.md §3, rule ibscbs.2026.simples of the global pack)."""
    acc = make_account(rt)
    created = client.post(API + "/emitente", headers=auth(acc.live), json=issuer_body(crt=1))
    automatic = created.get_json()["configuracao_automatica"]
    assert automatic["criados"]["iva"] == 0
    [aviso] = [a for a in automatic["avisos"] if "IBS/CBS" in a]
    assert "Simples Nacional" in aviso and "art. 348 III c" in aviso and "2027" in aviso


def test_the_configuration_reads_no_rule_pack_file_once_the_process_has_them(
    client, rt, monkeypatch
):
    """The global packs are loaded once per process (`global_rules`, at warm-up); writing an
    issuer or running the configuration again must not parse their YAML again."""
    from engine import packs
    from service.fiscal.rules import global_rules

    global_rules()  # what a warmed process holds
    read = []
    original = packs.load_pack
    monkeypatch.setattr(packs, "load_pack", lambda path: read.append(path) or original(path))
    acc = make_account(rt)
    h = auth(acc.live)
    created = client.post(API + "/emitente", headers=h, json=issuer_body(crt=3))
    assert created.status_code == 201, created.get_json()
    assert created.get_json()["configuracao_automatica"]["criados"]["tributacao"] == 2
    again = client.post(API + "/automatica", headers=h, json={"apuracao": "presumido"})
    assert again.status_code == 200, again.get_json()
    assert read == []
