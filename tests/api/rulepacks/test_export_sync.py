"""A company's rules as a pack in files and back: export then sync is a no-op; a changed rate
shows in the dry run, then in the audit log; a rule left out of the pack is retired; a
refused plan writes nothing."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from sqlalchemy import func, select

from engine.cli import rulepacks_group
from service.audit.models import AuditEntry
from service.configuration.models import TaxRule
from service.db import transaction
from service.rulepacks import cli as pack_cli
from tests.api.nfe.helpers import ready_to_issue
from tests.api.rulepacks.packs import exported, plan, publish

LOGS = "/api/v1/configuracao-fiscal/logs"
RULES = "/api/v1/configuracao-fiscal/tributacao"
CALCULAR = "/api/v1/fiscal/calcular"


@pytest.fixture
def fiscal(rt, monkeypatch):
    """`fiscal rulepacks …` against the test's database."""
    monkeypatch.setattr(pack_cli, "_sessions", lambda: rt.sessions)
    pack_cli.attach(rulepacks_group)
    runner = CliRunner()

    def run(*args: str) -> Any:
        return runner.invoke(rulepacks_group, list(args), catch_exceptions=False)

    return run


def _exported(fiscal: Any, ready: Any, tmp_path: Path, revision: str = "2026.1") -> Path:
    done = fiscal("export", "--empresa", ready.cnpj, "--dir", str(tmp_path / "loja"),
                  "--revisao", revision, "--nome", "loja")  # fmt: skip
    assert done.exit_code == 0, done.output
    return tmp_path / "loja" / revision


def _new_revision(folder: Path, revision: str) -> Path:
    """The same pack under a new revision folder (what a pull request does before editing)."""
    target = folder.parent / revision
    shutil.copytree(folder, target)
    manifest = yaml.safe_load((target / "manifest.yaml").read_text())
    manifest["revision"] = revision
    (target / "manifest.yaml").write_text(yaml.safe_dump(manifest, allow_unicode=True))
    return target


def _rules_file(folder: Path, tipo: str) -> Path:
    return folder / "rules" / f"{tipo.lower()}.yaml"


def _tax_rules(rt: Any, company_id: str) -> list[TaxRule]:
    with transaction(rt.sessions) as session:
        query = select(TaxRule).where(TaxRule.company_id == company_id, TaxRule.ativo.is_(True))
        found = list(session.execute(query.order_by(TaxRule.id)).scalars())
        session.expunge_all()
        return found


def _calculate(client: Any, ready: Any) -> dict[str, Any]:
    operation = {"cliente": "C1", "itens": [{"codigo": "P1", "quantidade": 2}]}
    answer = client.post(CALCULAR, headers=ready.headers,
                         json={"documento": "NFE", "operacao": operation})  # fmt: skip
    assert answer.status_code == 200, answer.get_json()
    found: dict[str, Any] = answer.get_json()
    return found


def _audit_count(rt: Any) -> int:
    with transaction(rt.sessions) as session:
        return int(session.execute(select(func.count()).select_from(AuditEntry)).scalar_one())


def test_export_then_sync_is_a_no_op(client, rt, sim, tmp_path, fiscal):
    ready = ready_to_issue(client, rt, sim)
    folder = _exported(fiscal, ready, tmp_path)
    manifest = yaml.safe_load((folder / "manifest.yaml").read_text())
    assert (manifest["camada"], manifest["empresa"]) == ("empresa", ready.cnpj)
    text = _rules_file(folder, "TRIBUTACAO").read_text()
    assert text.startswith("# yaml-language-server: $schema=") and "— fonte: " in text
    assert fiscal("validate", str(folder)).exit_code == 0
    before = [(r.id, r.revisao, r.origem) for r in _tax_rules(rt, ready.company_id)]

    found = plan(rt, folder)
    assert found.diff.empty and not found.refused, (found.diff, found.problems)
    assert found.diff.inalteradas == len(yaml.safe_load(text)["regras"]) + _others(folder)
    dry = fiscal("sync", str(folder), "--dry-run")
    assert dry.exit_code == 0 and "sem alterações de regras" in dry.output, dry.output
    assert fiscal("sync", str(folder)).exit_code == 0
    assert [(r.id, r.revisao, r.origem) for r in _tax_rules(rt, ready.company_id)] == before
    again = fiscal("sync", str(folder))
    assert "já está em vigor" in again.output
    second = tmp_path / "again"
    assert _exported(fiscal, ready, second).joinpath("rules").iterdir()
    for file in (folder / "rules").iterdir():  # the same database gives the same files
        assert (
            file.read_text().split("\n", 3)[3]
            == (second / "loja" / "2026.1" / "rules" / file.name).read_text().split("\n", 3)[3]
        )


def _others(folder: Path) -> int:
    return sum(len(yaml.safe_load(f.read_text())["regras"]) for f in (folder / "rules").iterdir()
               if f.name != "tributacao.yaml")  # fmt: skip


def test_a_changed_rate_is_in_the_dry_run_then_in_the_audit_log(client, rt, sim, tmp_path, fiscal):
    ready = ready_to_issue(client, rt, sim)
    folder = _new_revision(_exported(fiscal, ready, tmp_path), "2026.2")
    file = _rules_file(folder, "TRIBUTACAO")
    data = yaml.safe_load(file.read_text())
    used = _calculate(client, ready)["taxes"]["itens"][0]["regra_tributaria_id"]
    rule = next(r for r in data["regras"] if r["id"] == used)
    assert rule["resultado"]["csosn"] == "102"
    rule["resultado"].update(csosn="101", aliq_cred_sn="1.25")
    rule["fonte"] = "LC 123/2006 art. 23 §1º (crédito de ICMS do Simples Nacional)"
    file.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    audited = _audit_count(rt)

    dry = fiscal("sync", str(folder), "--dry-run")
    assert dry.exit_code == 0, dry.output
    assert f"~ alterada    {rule['id']}@{rule['versao']} TRIBUTACAO" in dry.output
    assert 'resultado.aliq_cred_sn: — → "1.25"' in dry.output
    assert 'resultado.csosn: "102" → "101"' in dry.output
    assert _audit_count(rt) == audited  # a dry run writes nothing

    assert fiscal("sync", str(folder), "--autor", "Maria (fiscal)").exit_code == 0
    logs = client.get(LOGS, headers=ready.headers, query_string={"entidade": "tributacao"})
    entry = next(i for i in logs.get_json()["items"] if i["acao"] == "ATUALIZAR")
    assert entry["valor_anterior"]["resultado"]["csosn"] == "102"
    assert entry["valor_novo"]["resultado"] == {**rule["resultado"]}
    assert entry["valor_novo"]["publicado_por"] == "Maria (fiscal)"
    published = client.get(LOGS, headers=ready.headers, query_string={"entidade": "pacote_regras"})
    summary = published.get_json()["items"][0]["valor_novo"]
    assert (summary["revisao"], summary["alteradas"], summary["adicionadas"]) == ("2026.2", 1, 0)

    body = _calculate(client, ready)
    assert body["taxes"]["itens"][0]["icms"]["vCredICMSSN"] == "0.25"
    used = next(u for u in body["rules_used"] if u["rule_id"] == rule["id"])
    assert (used["origem"], used["camada"], used["revisao_pacote"]) == (
        "pacote",
        "empresa",
        "2026.2",
    )
    row_id = next(r.id for r in _tax_rules(rt, ready.company_id) if r.regra_id == rule["id"])
    listed = client.get(f"{RULES}/{row_id}", headers=ready.headers).get_json()["item"]
    assert (listed["origem_regra"], listed["pacote"], listed["somente_leitura"]) == (
        "pacote",
        "loja",
        True,
    )
    refused = client.put(f"{RULES}/{row_id}", headers=ready.headers, json={"descricao": "x"})
    assert refused.status_code == 409 and refused.get_json()["error"]["code"] == "REGRA_DE_PACOTE"
    assert client.delete(f"{RULES}/{row_id}", headers=ready.headers).status_code == 409


def test_a_rule_left_out_is_retired_and_a_new_one_added(client, rt, sim, tmp_path):
    ready = ready_to_issue(client, rt, sim)
    runner_dir = tmp_path / "x"
    from service.rulepacks import export, rows

    with transaction(rt.sessions) as session:
        from service.companies.models import Company

        company = session.get(Company, ready.company_id)
        stored = rows.stored_rules(session, ready.company_id)
        folder = export.export_company(company, stored, runner_dir, "loja", "2026.1",
                                       __import__("datetime").date(2026, 12, 1))  # fmt: skip
    file = _rules_file(folder, "TRIBUTACAO")
    data = yaml.safe_load(file.read_text())
    gone = data["regras"].pop(0)
    data["regras"].append({**gone, "id": "loja.refrigerante", "criterios": {"ncm_prefixo": "2202"},
                           "fonte": "Parecer da contabilidade 12/2026"})  # fmt: skip
    file.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    found = plan(rt, folder)
    assert [r.id for r in found.diff.retiradas] == [gone["id"]]
    assert [r.id for r in found.diff.adicionadas] == ["loja.refrigerante"]
    assert found.diff.retiradas[0].entrada == "api"
    publish(rt, folder)
    rules = {r.regra_id or r.id: r for r in _tax_rules(rt, ready.company_id)}
    assert gone["id"] not in rules and rules["loja.refrigerante"].origem == "pacote"


def test_a_plan_with_problems_is_refused_whole(client, rt, sim, tmp_path, fiscal):
    ready = ready_to_issue(client, rt, sim)
    folder = _exported(fiscal, ready, tmp_path)
    (folder / "tests" / "casos.yaml").write_text(yaml.safe_dump({"casos": [{
        "nome": "caso que não confere", "fonte": "teste",
        "contexto": {"documento": "NFE", "data_operacao": "2026-05-10",
                     "empresa": {"crt": 3, "uf": "SP"}, "contraparte": {"uf": "SP"},
                     "itens": [{"numero": 1, "valor_unitario": "100.00", "ncm": "22021000"}]},
        "esperado": {"taxes": {"totais": {"vNF": "999.99"}}},
    }]}, allow_unicode=True))  # fmt: skip
    audited = _audit_count(rt)
    found = plan(rt, folder)
    assert found.refused and any("caso que não confere" in p for p in found.problems)
    result = fiscal("sync", str(folder))
    assert result.exit_code != 0 and "publicação recusada" in result.output
    assert _audit_count(rt) == audited
    (folder / "tests" / "casos.yaml").unlink()
    publish(rt, folder)
    file = _rules_file(folder, "TRIBUTACAO")
    file.write_text(file.read_text().replace("'5102'", "'5405'", 1))
    again = plan(rt, folder)
    assert any("já foi publicada com outro conteúdo" in p for p in again.problems)


def test_a_global_pack_is_not_published(rt, fiscal):
    result = fiscal("sync", "rulepacks/global/nacional/2026.1", "--dry-run")
    assert result.exit_code != 0 and "publicado com o produto" in result.output


def test_a_plan_made_stale_by_an_api_edit_is_not_applied(client, rt, sim, tmp_path):
    from service.rulepacks import sync

    ready = ready_to_issue(client, rt, sim)
    folder = exported(rt, ready.company_id, tmp_path)
    file = _rules_file(folder, "TRIBUTACAO")
    data = yaml.safe_load(file.read_text())
    data["regras"][0]["resultado"]["cfop"] = "5405"
    file.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    shown = plan(rt, folder)
    assert len(shown.diff.alteradas) == 1
    edited = client.put(f"{RULES}/{data['regras'][1]['id']}", headers=ready.headers,
                        json={"descricao": "editada pela API depois do plano"})  # fmt: skip
    assert edited.status_code == 200, edited.get_json()
    with (
        pytest.raises(sync.SyncError, match="mudaram desde o plano"),
        transaction(rt.sessions) as session,
    ):
        sync.apply_sync(session, shown, "fiscal@teste")
    assert plan(rt, folder).diff.alteradas  # nothing was applied
