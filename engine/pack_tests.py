"""Runs a pack's data-driven cases: context (+ optional company rules) → expected excerpt.

An excerpt matches when every key it names has an equal value in `result.to_dict()`; lists
match element by element (same length); numbers are compared as decimals.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from engine.compute import compute
from engine.errors import EngineError, PackError, RuleConflictError
from engine.loading import context_from_dict, rule_from_dict
from engine.packs import Pack, read_yaml, schema_dir_for, schema_errors
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


def run_case(case: Case, base: RuleSet) -> list[str]:
    """Mismatches of one case (empty list: the case passes)."""
    company = [rule_from_dict(r, RuleOrigin.EMPRESA) for r in case.data.get("regras_empresa", [])]
    ruleset = RuleSet(company, base=base) if company else base
    try:
        result = compute(context_from_dict(case.data["contexto"]), ruleset).to_dict()
    except RuleConflictError as exc:
        return _expect_error(case, exc.code, str(exc))
    except EngineError as exc:
        return _expect_error(case, type(exc).__name__, str(exc))
    if "erro" in case.data:
        return [f"esperava erro {case.data['erro']}, obteve resultado"]
    return list(mismatches(case.data["esperado"], result, "esperado"))


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


def check_pack_cases(pack: Pack) -> list[PackError]:
    """Run every case of a valid pack; failures as PackError (file, case name, mismatch)."""
    base = pack.ruleset()
    errors = []
    for case in cases_of(pack):
        for problem in run_case(case, base):
            errors.append(PackError(str(case.file), str(case.data.get("nome")), problem))
    return errors
