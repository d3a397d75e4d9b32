"""Runs a pack's data-driven cases: context (+ optional company rules) → expected excerpt.

An excerpt matches when every key it names has an equal value in `result.to_dict()`; lists
match element by element (same length); numbers are compared as decimals.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import cache
from pathlib import Path
from typing import Any

from engine.compute import compute
from engine.errors import EngineError, PackError, RuleConflictError
from engine.loading import context_from_dict, rule_from_dict
from engine.packs import Pack, global_packs, read_yaml, schema_dir_for, schema_errors
from engine.result import TaxResult
from engine.rules import RuleOrigin
from engine.ruleset import RuleSet


@dataclass(frozen=True)
class Case:
    """One test case of one pack."""

    pack: Pack
    file: Path
    data: dict[str, Any]

    @property
    def name(self) -> str:
        return f"{self.pack.name}/{self.pack.revision}/{self.file.stem}: {self.data.get('nome')}"


def cases_of(pack: Pack) -> Iterator[Case]:
    """Every case of every test file, after checking the file against its schema."""
    for file in pack.test_files():
        data = read_yaml(file)
        problems = schema_errors(schema_dir_for(pack.path), "test.schema.json", data, file)
        if problems:
            raise problems[0]
        for case in data["casos"]:
            yield Case(pack, file, case)


@dataclass(frozen=True)
class CaseRun:
    """One case run: its mismatches and, when the engine answered, the result it computed.

    Coverage (`engine/coverage.py`) reads `result.rules_used`, so the cases are computed once
    for both the check and the coverage report.
    """

    case: Case
    problems: tuple[str, ...]
    result: TaxResult | None = None
    """None when the engine raised (an expected or unexpected error)."""

    @property
    def expects_error(self) -> bool:
        """`erro: CONFLITO_REGRAS`: the case tests a refusal, not the rules it reaches."""
        return "erro" in self.case.data


def execute_case(case: Case, base: RuleSet) -> CaseRun:
    """Run one case on the pack's rules (+ its `regras_empresa`), keeping the result."""
    try:
        company = [
            rule_from_dict(r, RuleOrigin.EMPRESA) for r in case.data.get("regras_empresa", [])
        ]
        ruleset = RuleSet(company, base=base) if company else base
    except EngineError as exc:  # a case's own rule that does not compile, or repeats the pack's
        return CaseRun(case, (f"regras_empresa: {exc}",))
    try:
        result = compute(context_from_dict(case.data["contexto"]), ruleset)
        data = result.to_dict()
    except RuleConflictError as exc:
        return CaseRun(case, tuple(_expect_error(case, exc.code, str(exc))))
    except EngineError as exc:
        return CaseRun(case, tuple(_expect_error(case, type(exc).__name__, str(exc))))
    if "erro" in case.data:
        return CaseRun(case, (f"esperava erro {case.data['erro']}, obteve resultado",), result)
    return CaseRun(case, tuple(mismatches(case.data["esperado"], data, "esperado")), result)


def run_case(case: Case, base: RuleSet) -> list[str]:
    """Mismatches of one case (empty list: the case passes)."""
    return list(execute_case(case, base).problems)


def _expect_error(case: Case, code: str, message: str) -> list[str]:
    if case.data.get("erro") == code:
        return []
    return [f"erro inesperado {code}: {message}"]


def mismatches(expected: Any, actual: Any, path: str) -> Iterator[str]:
    """Where `actual` differs from the excerpt `expected`."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            yield f"{path}: esperava objeto, obteve {actual!r}"
            return
        for key, value in expected.items():
            if key not in actual:
                yield f"{path}.{key}: ausente"
            else:
                yield from mismatches(value, actual[key], f"{path}.{key}")
    elif isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            yield f"{path}: esperava {len(expected)} elementos, obteve {actual!r}"
            return
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            yield from mismatches(e, a, f"{path}[{i}]")
    elif not _same_scalar(expected, actual):
        yield f"{path}: esperava {expected!r}, obteve {actual!r}"


def _same_scalar(expected: Any, actual: Any) -> bool:
    if expected == actual:
        return True
    if isinstance(expected, bool) or isinstance(actual, bool) or actual is None:
        return False
    try:
        return Decimal(str(expected)) == Decimal(str(actual))
    except InvalidOperation:
        return False


def run_pack_cases(pack: Pack) -> list[CaseRun]:
    """Every case of a valid pack, run once (raises PackError on a test file that breaks its
    schema, as `check_pack_cases` does)."""
    base = case_base(pack)
    return [execute_case(case, base) for case in cases_of(pack)]


def case_base(pack: Pack) -> RuleSet:
    """What a pack's cases compute with: a global pack alone; a platform or company pack over
    the product's global packs (such a pack computes nothing alone: its cases read the
    national rates below it, as the service does)."""
    if pack.layer is RuleOrigin.GLOBAL:
        return pack.ruleset()
    if pack.errors:
        raise pack.errors[0]
    return RuleSet(pack.rules, base=product_global_rules())


@cache
def product_global_rules() -> RuleSet:
    """The global packs shipped with the product (`rulepacks/global`), compiled once."""
    return RuleSet([rule for found in global_packs() for rule in found.rules])


def case_errors(runs: Iterable[CaseRun]) -> list[PackError]:
    """Failures of some case runs as PackError (file, case name, mismatch)."""
    return [
        PackError(str(run.case.file), str(run.case.data.get("nome")), problem)
        for run in runs
        for problem in run.problems
    ]


def check_pack_cases(pack: Pack) -> list[PackError]:
    """Run every case of a valid pack; failures as PackError (file, case name, mismatch)."""
    return case_errors(run_pack_cases(pack))
