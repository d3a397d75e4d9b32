"""`fiscal rulepacks resumo PATH [--amostra F]`: the markdown a pull request's reviewer reads.

For each pack under PATH (layer, name and, for a company pack, its company): its newest
revision, its coverage and lint findings, what changed against the revision before it (rule by
rule, field by field), and, with a sample of snapshots, what the newest revision would change
in those documents. Pure: files in, text out; the CI template (`rulepacks/ci/`) runs it.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.coverage import report_pack
from engine.lint import Severity, lint_packs
from engine.pack_diff import RuleDiff, diff_rules
from engine.packs import Pack, global_packs, pack_key, revision_order
from engine.replay import SampleLayers, of_pack, read_sample, replay, report_markdown


@dataclass
class Summary:
    text: str
    errors: list[str] = field(default_factory=list)
    """What fails the check: lint errors, failing cases, coverage below the minimum, sampled
    documents the newest revision could no longer compute."""


def lineage(packs: Iterable[Pack]) -> list[tuple[Pack, Pack | None]]:
    """(newest, the revision before it) of every pack (`engine.packs.revision_order`)."""
    by_pack: dict[tuple[str, str, str], list[Pack]] = defaultdict(list)
    for pack in packs:
        by_pack[pack_key(pack)].append(pack)
    out = []
    for key in sorted(by_pack):
        ordered = sorted(by_pack[key], key=revision_order)
        out.append((ordered[-1], ordered[-2] if len(ordered) > 1 else None))
    return out


def summarize(packs: Sequence[Pack], sample: Path | None = None) -> Summary:
    summary = Summary("")
    lines = ["## Pacotes de regras", "",
             "| pacote | camada | revisão | regras | cobertura | lint |",
             "|---|---|---|---:|---|---|"]  # fmt: skip
    sections: list[str] = []
    findings = lint_packs(packs).findings
    for newest, before in lineage(packs):
        report = report_pack(newest)
        summary.errors += [f"{newest.label}: {e}" for e in report.errors]
        coverage = report.coverage
        failure = coverage.failure() if coverage is not None else None
        if failure:
            summary.errors.append(failure)
        mine = [f for f in findings if newest.label in f.pack.split(", ")]
        errors = [f for f in mine if f.severity is Severity.ERRO]
        summary.errors += [f.describe() for f in errors]
        shown = f"{coverage.percentage}%" if coverage is not None else "—"
        lint = f"{len(errors)} erro(s), {len(mine) - len(errors)} aviso(s)" if mine else "ok"
        lines.append(f"| {newest.name} | {newest.layer.value} | {newest.revision} | "
                     f"{len(newest.rules)} | {shown} | {lint} |")  # fmt: skip
        if before is not None:
            sections.append(diff_markdown(before, newest, diff_rules(before.rules, newest.rules)))
        if sample is not None:
            sections.append(_sampled(newest, sample, summary))
    summary.text = "\n".join([*lines, "", *sections]) + "\n"
    return summary


def _sampled(pack: Pack, sample: Path, summary: Summary) -> str:
    below = [r for p in global_packs() for r in p.rules]
    report = replay(read_sample(sample), SampleLayers(pack, below).for_document, of_pack(pack))
    for doc in report.alterados:
        if doc.erro:
            summary.errors.append(f"{pack.label}: documento {doc.id}: {doc.erro}")
    return report_markdown(report, f"Efeito de {pack.layer.value} {pack.label} na amostra")


def diff_markdown(before: Pack, after: Pack, diff: RuleDiff) -> str:
    out = [f"### {after.layer.value} {after.name}: {before.revision} → {after.revision}", ""]
    if diff.empty:
        return "\n".join([*out, f"Nenhuma regra mudou ({diff.inalteradas} inalteradas).", ""])
    out += ["| mudança | regra | tipo | campos |", "|---|---|---|---|"]
    out += [f"| adicionada | {r.id}@{r.versao} | {r.tipo.value} | |" for r in diff.adicionadas]
    for change in diff.alteradas:
        fields = "; ".join(f"`{m.campo}`: {_show(m.antes)} → {_show(m.depois)}"
                           for m in change.mudancas)  # fmt: skip
        out.append(f"| alterada | {change.regra_id}@{change.versao} | {change.tipo} | {fields} |")
    out += [f"| retirada | {r.id}@{r.versao} | {r.tipo.value} | |" for r in diff.retiradas]
    out += ["", f"{diff.inalteradas} regra(s) inalterada(s).", ""]
    return "\n".join(out)


def _show(value: Any) -> str:
    return "—" if value is None else json.dumps(value, ensure_ascii=False, default=str)
