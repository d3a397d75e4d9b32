"""Restricted JsonLogic for `condicao`, evaluated by datalogic-py.

The dialect (engine/README.md): only the core comparison, logic and array operators listed in
ALLOWED_OPERATORS; no arithmetic, because money is never computed in JsonLogic; variables only
from the declared VOCABULARY; the result must be a JSON boolean (as CertLogic requires).
Conditions are compiled once per rule, when the rule set is built.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import datalogic_py

from engine.errors import InvalidRuleError
from engine.facts import VOCABULARY, Facts, FactValue, jsonable_facts

ALLOWED_OPERATORS = frozenset(
    {
        "var", "missing", "missing_some",
        "==", "===", "!=", "!==", ">", ">=", "<", "<=",
        "!", "!!", "and", "or", "if",
        "in", "some", "all", "none",
    }
)  # fmt: skip

_ENGINE = datalogic_py.Engine(families=["Core"])


@dataclass(frozen=True)
class Condition:
    """A compiled condition and the facts it reads (which count for specificity)."""

    logic: Mapping[str, Any]
    reads: frozenset[str]
    _compiled: Any = field(repr=False, compare=False)
    _only: tuple[str, ...] | None = field(default=None, repr=False, compare=False)
    """When the variables read are known statically, only they are handed to the evaluator
    (absent facts stay absent: `missing` and `var` defaults tell absent from null)."""

    def holds(self, rule_id: str, facts: Facts) -> bool:
        """Evaluate; anything but a boolean result is a defect of the rule."""
        if self._only is None:
            data = jsonable_facts(facts)
        else:
            data = {k: _json(facts[k]) for k in self._only if k in facts}
        result = self._compiled.evaluate(data)
        if not isinstance(result, bool):
            raise InvalidRuleError(rule_id, f"condicao deve resultar em booleano, não {result!r}")
        return result


def compile_condition(rule_id: str, logic: Mapping[str, Any]) -> Condition:
    """Check the dialect and the vocabulary, then compile once."""
    _check_operators(rule_id, logic)
    try:
        compiled = _ENGINE.compile_checked(dict(logic))
    except datalogic_py.DataLogicError as exc:
        raise InvalidRuleError(rule_id, f"condicao inválida: {exc}") from exc
    facts = compiled.facts()
    reads = _reads(rule_id, facts)
    only = tuple(sorted(reads)) if facts.get("reads_complete") is True else None
    return Condition(logic, reads, compiled, only)


def _json(value: FactValue) -> Any:
    """A fact as JSON data (sets become sorted lists), as `jsonable_facts` does."""
    return sorted(value) if isinstance(value, frozenset) else value


def _check_operators(rule_id: str, node: Any) -> None:
    """Walk the expression: every operator must be in the restricted dialect."""
    if isinstance(node, list):
        for child in node:
            _check_operators(rule_id, child)
    elif isinstance(node, Mapping):
        if len(node) != 1:
            raise InvalidRuleError(rule_id, "condicao: cada operação tem exatamente uma chave")
        ((op, args),) = node.items()
        if op not in ALLOWED_OPERATORS:
            raise InvalidRuleError(rule_id, f"condicao: operador não permitido: {op}")
        _check_operators(rule_id, args)


def _reads(rule_id: str, facts: Mapping[str, Any]) -> frozenset[str]:
    """The top-level variables read; dynamic variable names are refused."""
    if facts["computed_reads"]:
        raise InvalidRuleError(rule_id, "condicao: nomes de variável calculados não são permitidos")
    names = frozenset(".".join(path) for path in facts["reads"])
    unknown = sorted(n for n in names if n not in VOCABULARY)
    if unknown:
        raise InvalidRuleError(rule_id, f"condicao lê variáveis fora do vocabulário: {unknown}")
    return names
