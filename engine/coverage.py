"""Rule coverage of a pack's test cases (`fiscal rulepacks test --coverage`).

A rule (identity `(id, versao)`) is reached when at least one of its pack's cases computes a
result whose `rules_used` names it; each case runs as `engine.pack_tests.execute_case` does
(the pack's rules plus the case's `regras_empresa`). A case that expects an error (`erro:
CONFLITO_REGRAS`) tests a refusal and reaches nothing. A rule no case reaches is a value nobody
checked against its source before it reached a document: the report lists them, and a
manifest's `cobertura_minima` makes the command fail below it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from engine.errors import PackError
from engine.pack_tests import CaseRun, case_errors, run_pack_cases
from engine.packs import Pack, read_yaml

Identity = tuple[str, str]
PERCENT_STEP = Decimal("0.1")
"""Percentages are reported with one decimal place, rounded half up."""
HUNDRED = Decimal(100)


@dataclass(frozen=True)
class RuleRef:
    """A rule no case reached, with the file it was loaded from when it could be found."""

    id: str
    versao: str
    tipo: str
    file: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "versao": self.versao, "tipo": self.tipo, "arquivo": self.file}

    def describe(self) -> str:
        where = f" ({self.file})" if self.file else ""
        return f"{self.id} versão {self.versao} [{self.tipo}]{where}"


@dataclass(frozen=True)
class PackCoverage:
    """How many of one pack's rules its cases reach, and its threshold if the manifest has one."""

    pack: str
    """The pack label (`nacional/2026.1`)."""
    total: int
    reached: int
    unreached: tuple[RuleRef, ...]
    minimum: Decimal | None = None
    """`cobertura_minima` of the manifest (percent); None: the report only informs."""

    @property
    def percentage(self) -> Decimal:
        """Reached share in percent, one decimal half up; a pack without rules is 100.0 (there
        is nothing left untested)."""
        if self.total == 0:
            return HUNDRED.quantize(PERCENT_STEP)
        exact = Decimal(self.reached) * HUNDRED / Decimal(self.total)
        return exact.quantize(PERCENT_STEP, rounding=ROUND_HALF_UP)

    @property
    def below_minimum(self) -> bool:
        """Compared exactly (reached × 100 < minimum × total), not on the rounded percentage:
        66.66 % does not pass a 66.7 % threshold by rounding."""
        if self.minimum is None or self.total == 0:
            return False
        return Decimal(self.reached) * HUNDRED < self.minimum * Decimal(self.total)

    def failure(self) -> str | None:
        """The message that fails the command (Portuguese), or None when coverage suffices."""
        if not self.below_minimum:
            return None
        return (
            f"{self.pack}: cobertura de {self.percentage}% abaixo da cobertura_minima de "
            f"{self.minimum}% ({self.reached} de {self.total} regra(s) alcançadas); "
            "escreva casos de teste para as regras não alcançadas"
        )

    def summary(self) -> str:
        return (
            f"{self.pack}: {self.reached} de {self.total} regra(s) alcançada(s) pelos casos "
            f"({self.percentage}%"
            + (f", mínimo {self.minimum}%)" if self.minimum is not None else ")")
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "regras": self.total,
            "alcancadas": self.reached,
            "percentual": str(self.percentage),
            "cobertura_minima": None if self.minimum is None else str(self.minimum),
            "abaixo_do_minimo": self.below_minimum,
            "falha": self.failure(),
            "nao_alcancadas": [ref.to_dict() for ref in self.unreached],
        }


@dataclass(frozen=True)
class PackReport:
    """One pack's case failures and, when its cases could run, its coverage."""

    pack: str
    path: str
    errors: tuple[PackError, ...]
    coverage: PackCoverage | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "pacote": self.pack,
            "caminho": self.path,
            "erros": [str(e) for e in self.errors],
            "cobertura": None if self.coverage is None else self.coverage.to_dict(),
        }


def reached_rules(runs: Iterable[CaseRun]) -> set[Identity]:
    """(id, versao) of every rule some case's result used; error-expecting cases reach none."""
    reached: set[Identity] = set()
    for run in runs:
        if run.result is None or run.expects_error:
            continue
        reached.update((usage.rule_id, usage.versao) for usage in run.result.rules_used)
    return reached


def pack_coverage(pack: Pack, runs: Iterable[CaseRun]) -> PackCoverage:
    """Coverage of a valid pack from its case runs (no case is computed here; a valid pack
    has no repeated identity, so each rule counts once)."""
    reached = reached_rules(runs)
    files = rule_files(pack)
    unreached = tuple(
        RuleRef(rule.id, rule.versao, rule.tipo.value, files.get((rule.id, rule.versao)))
        for rule in pack.rules
        if (rule.id, rule.versao) not in reached
    )
    return PackCoverage(
        pack=pack.label,
        total=len(pack.rules),
        reached=len(pack.rules) - len(unreached),
        unreached=unreached,
        minimum=minimum_coverage(pack.manifest),
    )


def minimum_coverage(manifest: Mapping[str, Any]) -> Decimal | None:
    """The manifest's `cobertura_minima` (decimal text, checked by the manifest schema)."""
    raw = manifest.get("cobertura_minima")
    return None if raw is None else Decimal(str(raw))


def rule_files(pack: Pack) -> dict[Identity, str]:
    """The file each rule of the pack was read from (`Pack` does not keep it): the rule files
    are read again, and an unreadable one just leaves its rules without a file."""
    found: dict[Identity, str] = {}
    for file in pack.rule_files():
        try:
            data = read_yaml(file)
        except PackError:
            continue
        entries = data.get("regras") if isinstance(data, dict) else None
        for raw in entries or []:
            if isinstance(raw, dict):
                found.setdefault((str(raw.get("id")), str(raw.get("versao"))), str(file))
    return found


def report_pack(pack: Pack, with_coverage: bool = True) -> PackReport:
    """Run a pack's cases once: their failures and (optionally) the coverage they give.

    A pack that did not load, or whose test files break their schema, has no coverage: its
    errors say what to fix first.
    """
    label, path = pack.label, str(pack.path)
    if pack.errors:
        return PackReport(label, path, tuple(pack.errors), None)
    try:
        runs = run_pack_cases(pack)
    except PackError as exc:
        return PackReport(label, path, (exc,), None)
    coverage = pack_coverage(pack, runs) if with_coverage else None
    return PackReport(label, path, tuple(case_errors(runs)), coverage)
