"""`fiscal rulepacks export --empresa X`: a company's rules as a company pack in files.

Every active rule of the company (written through the API or published from its pack) is
written in its pack form under `<dir>/<revision>/rules/<tipo>.yaml`, one file per rule type,
rules in (id, versão) order, each after a comment with its source: the same database gives the
same files, so a pull request shows only what someone changed. The ids are the rules' stable
ids (an API rule's is its record id), so publishing the exported pack unchanged is a no-op.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Any

import yaml

from engine import Rule
from engine.defaults import ENGINE_VERSION
from engine.loading import rule_to_dict
from service.companies.models import Company
from service.rulepacks.rows import StoredRule

RULES_HEADER = (
    "# yaml-language-server: $schema={schema}\n"
    "# Regras {tipo} da empresa {empresa}, exportadas de {origem}.\n"
    "# Cada regra cita sua fonte legal em `fonte`; altere, rode `fiscal rulepacks lint` e\n"
    "# `fiscal rulepacks test`, e publique com `fiscal rulepacks sync`\n"
    "# (docs/guides/rulepacks.md).\n"
)
SCHEMA_URL = "https://fiscal.local/rulepacks/schema/rule.schema.json"
"""The `$id` of the rule file schema (an editor maps it to `rulepacks/schema/rule.schema.json`)."""


def pack_name(company: Company) -> str:
    """The company's code as a pack name (`^[a-z][a-z0-9_-]*$`)."""
    name = re.sub(r"[^a-z0-9_-]+", "-", company.codigo.lower()).strip("-_")
    return name if name[:1].isalpha() else f"empresa-{name or company.id}"


def export_company(
    company: Company, stored: Sequence[StoredRule], dest: Path, name: str, revision: str,
    today: date,
) -> Path:  # fmt: skip
    """Write the pack revision folder; answers its path."""
    root = dest / revision
    if root.exists() and any(root.iterdir()):
        raise FileExistsError(f"{root} já existe e não está vazia: escolha outra --revisao")
    rules = sorted((s.rule for s in stored), key=lambda r: (r.tipo.value, r.id, r.versao))
    by_type: dict[str, list[Rule]] = defaultdict(list)
    for rule in rules:
        by_type[rule.tipo.value].append(rule)
    (root / "rules").mkdir(parents=True, exist_ok=True)
    (root / "tests").mkdir(exist_ok=True)
    (root / "manifest.yaml").write_text(_manifest(company, name, revision, rules, today), "utf-8")
    label = f"{company.codigo} ({company.cnpj or company.id})"
    for tipo, group in by_type.items():
        header = RULES_HEADER.format(schema=SCHEMA_URL, tipo=tipo, empresa=label,
                                     origem=f"fiscal em {today.isoformat()}")  # fmt: skip
        text = header + "regras:\n" + "".join(_rule_block(r) for r in group)
        (root / "rules" / f"{tipo.lower()}.yaml").write_text(text, encoding="utf-8")
    return root


def _manifest(company: Company, name: str, revision: str, rules: list[Rule], today: date) -> str:
    start = min((r.vigencia_inicio for r in rules), default=today)
    data: dict[str, Any] = {
        "name": name,
        "revision": revision,
        "camada": "empresa",
        "empresa": company.cnpj or company.codigo,
        "description": f"Regras da empresa {company.razao_social}, exportadas em {today}.",
        "scope": sorted({r.tipo.value for r in rules}) or ["TRIBUTACAO"],
        "valid_from": start.isoformat(),
        "valid_to": None,
        "engine_version": ENGINE_VERSION,
    }
    return _dump(data)


def _rule_block(rule: Rule) -> str:
    """One rule as a YAML list item, after a comment naming it and its source."""
    comment = f"# {rule.id} (versão {rule.versao}) — fonte: {' '.join(rule.fonte.split())}\n"
    body = _dump([rule_to_dict(rule)])
    return comment + body


def _dump(data: Any) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100)
