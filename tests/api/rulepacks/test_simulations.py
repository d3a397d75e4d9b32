"""`POST /fiscal/simulacoes`: a company's candidate rules replayed over its documents, in the
request for a small range, through the queue for a large one; `GET /configuracao-fiscal/
pacotes` lists the revisions in force per layer."""

from __future__ import annotations

from decimal import Decimal

from service.queue import jobs
from service.rulepacks import simulations
from tests.api.rulepacks.packs import publish, tax_rule, write_pack
from tests.api.rulepacks.test_replay import _issued

URL = "/api/v1/fiscal/simulacoes"
PACKS = "/api/v1/configuracao-fiscal/pacotes"
REDUCED = tax_rule("loja.refrigerante.reduzido", "2202", cst_icms="00", aliq_icms="12.00",
                   cst_pis="01", aliq_pis="0.65", cst_cofins="01", aliq_cofins="3.00")  # fmt: skip


def test_a_small_simulation_answers_at_once_and_changes_nothing(client, rt, sim):
    first, _second, docs = _issued(client, rt, sim)
    body = {"empresa": first.codigo, "desde": "2026-01-01", "regras": [REDUCED]}
    answer = client.post(URL, headers=first.headers, json=body)
    found = answer.get_json()
    assert answer.status_code == 200, found
    assert (found["status"], found["documentos"]) == ("CONCLUIDA", 3)
    assert "resultado" in found, found
    result = found["resultado"]
    assert {d["id"] for d in result["documentos_alterados"]} == {docs["a1"], docs["a2"]}
    assert result["totais"]["ICMS"] == "-4.80"
    first_doc = next(d for d in result["documentos_alterados"] if d["id"] == docs["a1"])
    icms = next(c for c in first_doc["mudancas"] if c["tributo"] == "ICMS")
    assert (icms["antes"], icms["depois"], icms["diferenca"]) == ("5.40", "3.60", "-1.80")
    assert {
        "regra_id": REDUCED["id"],
        "versao": "1",
        "tipo": "TRIBUTACAO",
        "camada": "empresa",
        "mudanca": "adicionada",
        "campos": [],
        "candidata": True,
    } in first_doc["regras"]
    mine = {"empresa": first.codigo}
    again = client.get(found["links"]["self"], headers=first.headers, query_string=mine).get_json()
    assert "resultado" in again, again
    assert again["resultado"] == result
    calc = client.post("/api/v1/fiscal/calcular", headers=first.headers, json={
        "documento": "NFE", "empresa": first.codigo,
        "operacao": {"cliente": "C1", "itens": [{"codigo": "P1", "quantidade": 1}]}})  # fmt: skip
    assert calc.status_code == 200, calc.get_json()
    assert calc.get_json()["taxes"]["itens"][0]["icms"]["pICMS"] == "18.00"  # rules unchanged


def test_a_simulation_in_the_queue(client, app, rt, sim, monkeypatch):
    first, _second, _docs = _issued(client, rt, sim)
    body = {"empresa": first.codigo, "desde": "2026-01-01", "regras": [REDUCED]}
    monkeypatch.setattr(simulations, "INLINE_DOCUMENTS", 2)  # 3 documents: a "large" range
    answer = client.post(URL, headers=first.headers, json=body)
    queued = answer.get_json()
    assert answer.status_code == 202 and queued["status"] == "PENDENTE", queued
    assert answer.headers["Location"] == queued["links"]["self"]
    jobs.bind(app)
    jobs.perform(simulations.KIND, queued["id"])
    done = client.get(queued["links"]["self"], headers=first.headers,
                      query_string={"empresa": first.codigo}).get_json()  # fmt: skip
    assert done["status"] == "CONCLUIDA", done
    assert Decimal(done["resultado"]["totais"]["ICMS"]) == Decimal("-4.80")
    jobs.perform(simulations.KIND, queued["id"])  # a repeated announcement claims nothing
    prefer = client.post(URL, headers={**first.headers, "Prefer": "respond-async"}, json=body)
    assert prefer.status_code == 202
    other = client.get(queued["links"]["self"], headers=_second.headers,
                       query_string={"empresa": _second.codigo})  # fmt: skip
    assert other.status_code == 404


def test_invalid_candidates_are_refused_on_their_field(client, rt, sim):
    first, _second, _docs = _issued(client, rt, sim)
    cases = [
        ({**REDUCED, "fonte": ""}, "regras.0.fonte"),
        ({**REDUCED, "criterios": {"cor": "azul"}}, "regras.0.criterios.cor"),
        ({**REDUCED, "resultado": {"aliq_icms": "180"}}, "regras.0.resultado.aliq_icms"),
    ]
    for rule, field in cases:
        answer = client.post(URL, headers=first.headers,
                             json={"desde": "2026-01-01", "regras": [rule],
                                   "empresa": first.codigo})  # fmt: skip
        error = answer.get_json()["error"]
        assert answer.status_code == 422 and error["code"] == "VALIDATION_ERROR", error
        assert [e["field"] for e in error["errors"]] == [field], error
    empty = client.post(URL, headers=first.headers,
                        json={"desde": "2026-01-01", "empresa": first.codigo})  # fmt: skip
    assert empty.status_code == 422


def test_the_packs_in_force_per_layer(client, rt, sim, tmp_path):
    first, second, _docs = _issued(client, rt, sim)
    listed = client.get(PACKS, headers=first.headers,
                        query_string={"empresa": first.codigo}).get_json()  # fmt: skip
    assert [(p["camada"], p["nome"], p["origem"]) for p in listed["pacotes"]] == [
        ("global", "nacional", "produto")
    ]
    assert listed["regras_empresa"]["api"] > 0 and listed["regras_empresa"]["pacote"] == 0
    for revision in ("2026.1", "2026.2"):
        publish(rt, write_pack(tmp_path, "plataforma", "contabil", revision, [
            {**REDUCED, "id": "contabil.cafe", "criterios": {"ncm_prefixo": "0901"}}],
            empresas=[first.cnpj]))  # fmt: skip
    listed = client.get(PACKS, headers=first.headers,
                        query_string={"empresa": first.codigo}).get_json()  # fmt: skip
    platform = [p for p in listed["pacotes"] if p["camada"] == "plataforma"]
    assert [(p["nome"], p["revisao"], p["regras"], p["empresas"]) for p in platform] == [
        ("contabil", "2026.2", 1, 1)
    ]
    assert [(p["nome"], p["revisao"]) for p in listed["historico"]] == [("contabil", "2026.1")]
    theirs = client.get(PACKS, headers=second.headers, query_string={"empresa": second.codigo})
    assert all(p["camada"] != "plataforma" for p in theirs.get_json()["pacotes"])


def test_the_pack_schemas_are_public(client):
    answer = client.get("/api/v1/esquemas/pacotes/rule.schema.json")
    assert answer.status_code == 200 and answer.mimetype == "application/schema+json"
    assert answer.get_json()["$id"].endswith("rulepacks/schema/rule.schema.json")
    missing = client.get("/api/v1/esquemas/pacotes/outro.schema.json")
    assert (
        missing.status_code == 404 and missing.get_json()["error"]["code"] == "ROTA_NAO_ENCONTRADA"
    )
