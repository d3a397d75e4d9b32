"""Rule pack folders written for a test, and the sync and replay operations run on the test's
database (what `fiscal rulepacks sync|replay` do against the service's)."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import yaml

from service.db import transaction
from service.rulepacks import replay, sync
from service.runtime import Runtime

FOLDERS = {"plataforma": "platform", "empresa": "company", "global": "global"}


def write_pack(
    root: Path, camada: str, name: str, revision: str, rules: list[dict[str, Any]],
    scope: list[str] | None = None, cases: list[dict[str, Any]] | None = None, **manifest: Any,
) -> Path:  # fmt: skip
    """`root/<layer folder>/<name>/<revision>/` with its manifest, one rule file, and a test
    file when `cases` are given."""
    folder = root / FOLDERS[camada] / name / revision
    (folder / "rules").mkdir(parents=True)
    data = {"name": name, "revision": revision, "camada": camada,
            "scope": scope or sorted({r["tipo"] for r in rules}), "valid_from": "2026-01-01",
            "valid_to": None, "engine_version": "1.0", **manifest}  # fmt: skip
    (folder / "manifest.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), "utf-8")
    (folder / "rules" / "regras.yaml").write_text(
        yaml.safe_dump({"regras": rules}, allow_unicode=True, sort_keys=False), "utf-8"
    )
    if cases:
        (folder / "tests").mkdir()
        (folder / "tests" / "casos.yaml").write_text(
            yaml.safe_dump({"casos": cases}, allow_unicode=True, sort_keys=False), "utf-8"
        )
    return folder


def plan(rt: Runtime, path: Path, conta: str | None = None) -> sync.SyncPlan:
    with transaction(rt.sessions) as session:
        return sync.plan_sync(session, path, conta)


def publish(rt: Runtime, path: Path, conta: str | None = None, autor: str = "fiscal@teste") -> Any:
    """Plan and apply in one transaction, as `sync` without `--dry-run`; answers the plan."""
    with transaction(rt.sessions) as session:
        found = sync.plan_sync(session, path, conta)
        assert not found.refused, found.problems
        sync.apply_sync(session, found, autor)
        return found


def replayed(rt: Runtime, path: Path, since: date, **kwargs: Any) -> Any:
    with transaction(rt.sessions) as session:
        return replay.replay_candidate(session, replay.load_candidate(path), since, **kwargs)


def exported(rt: Runtime, company_id: str, root: Path, revision: str = "2026.1") -> Path:
    """The company's rules as its pack `loja` (what `fiscal rulepacks export` writes)."""
    from service.companies.models import Company
    from service.rulepacks import export, rows

    with transaction(rt.sessions) as session:
        company = session.get(Company, company_id)
        stored = rows.stored_rules(session, company_id)
        return export.export_company(company, stored, root / "company" / "loja", "loja",
                                     revision, date(2026, 12, 1))  # fmt: skip


def add_rules(folder: Path, tipo: str, *rules: dict[str, Any]) -> None:
    """Append rules to the pack's file for their type (as a specialist edits it)."""
    file = folder / "rules" / f"{tipo.lower()}.yaml"
    data = yaml.safe_load(file.read_text()) if file.exists() else {"regras": []}
    data["regras"].extend(rules)
    file.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")


def tax_rule(rule_id: str, ncm: str, **result: Any) -> dict[str, Any]:
    """A TRIBUTACAO rule for an NCM prefix, in force from 2026-01-01, with its source."""
    return {
        "id": rule_id, "tipo": "TRIBUTACAO", "criterios": {"ncm_prefixo": ncm},
        "resultado": {"cfop": "5102", **result}, "vigencia_inicio": "2026-01-01",
        "versao": "1", "fonte": "LC 123/2006 art. 23 (crédito do Simples); parecer contábil",
        "confianca": "1",
    }  # fmt: skip
