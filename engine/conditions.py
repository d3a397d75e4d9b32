"""Restricted JsonLogic for `condicao`, evaluated by datalogic-py.

The dialect (engine/README.md): only the core comparison, logic and array operators listed in
ALLOWED_OPERATORS; no arithmetic, because money is never computed in JsonLogic; variables only
from the declared VOCABULARY; literals are text, booleans, null or lists of them (facts are
text, booleans or lists of text: a number compared with a text fact fails to evaluate); the
result must be a JSON boolean (as CertLogic requires), which is checked on the expression's
shape when it is compiled, so that a condition accepted when written cannot fail when run.
Conditions are compiled once per rule, when the rule set is built, and by the service when a
company writes a rule: the same checks, so the two never disagree.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import datalogic_py

from engine.errors import InvalidRuleError
from engine.facts import SET_FACTS, VOCABULARY, Facts, FactValue, jsonable_facts

ALLOWED_OPERATORS = frozenset(
    {
        "var", "missing", "missing_some",
        "==", "===", "!=", "!==", ">", ">=", "<", "<=",
        "!", "!!", "and", "or", "if",
        "in", "some", "all", "none",
    }
)  # fmt: skip

COMPARISONS = frozenset({"==", "===", "!=", "!==", ">", ">=", "<", "<="})
"""They compare text or booleans; a list operand (a literal or a set fact) fails to evaluate."""
BOOLEAN_OPERATORS = COMPARISONS | {"!", "!!", "in", "some", "all", "none"}
"""Operators whose result is always a JSON boolean; `and`, `or` and `if` give one of their
operands, so they are boolean only when those operands are."""
FIELD = "condicao"
ALLOWED_TEXT = (
    f"use só os operadores {' '.join(sorted(ALLOWED_OPERATORS))}, variáveis do vocabulário, "
    "texto, booleanos ou listas, e um resultado booleano (ex.: "
    '{"==": [{"var": "uf_destino"}, "BA"]})'
)

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
        try:
            result = self._compiled.evaluate(data)
        except datalogic_py.DataLogicError as exc:
            message = f"condicao não pôde ser avaliada: {exc}"
            raise InvalidRuleError(rule_id, message, FIELD) from exc
        if not isinstance(result, bool):
            raise _refused(rule_id, f"condicao deve resultar em booleano, não {result!r}")
        return result


def compile_condition(rule_id: str, logic: Mapping[str, Any]) -> Condition:
    """Check the dialect, the literals, the vocabulary and the boolean result; compile once."""
    if not isinstance(logic, Mapping):
        raise _refused(rule_id, "condicao deve ser um objeto JsonLogic")
    _check_operators(rule_id, logic)
    if not _boolean(logic):
        raise _refused(rule_id, "condicao deve resultar em booleano (comparação, !, !!, in, "
                       "some, all, none, ou and/or/if de resultados booleanos)")  # fmt: skip
    try:
        compiled = _ENGINE.compile_checked(dict(logic))
    except datalogic_py.DataLogicError as exc:
        raise _refused(rule_id, f"condicao inválida: {exc}") from exc
    facts = compiled.facts()
    reads = _reads(rule_id, facts)
    only = tuple(sorted(reads)) if facts.get("reads_complete") is True else None
    return Condition(logic, reads, compiled, only)


def _json(value: FactValue) -> Any:
    """A fact as JSON data (sets become sorted lists), as `jsonable_facts` does."""
    return sorted(value) if isinstance(value, frozenset) else value


def _refused(rule_id: str, message: str) -> InvalidRuleError:
    return InvalidRuleError(rule_id, f"{message}; {ALLOWED_TEXT}", FIELD)


def _check_operators(rule_id: str, node: Any) -> None:
    """Walk the expression: every operator in the restricted dialect, every literal text,
    boolean or null."""
    if isinstance(node, list):
        for child in node:
            _check_operators(rule_id, child)
    elif isinstance(node, Mapping):
        if len(node) != 1:
            raise _refused(rule_id, "condicao: cada operação tem exatamente uma chave")
        ((op, args),) = node.items()
        if op not in ALLOWED_OPERATORS:
            raise _refused(rule_id, f"condicao: operador não permitido: {op}")
        if op == "missing_some" and isinstance(args, list) and _count(args[:1]):
            args = args[1:]  # its first operand is how many of the names must be present
        if op in COMPARISONS and any(_listish(a) for a in _operands(args)):
            raise _refused(rule_id, f"condicao: {op} compara texto ou booleanos; para listas e "
                           f"conjuntos ({', '.join(sorted(SET_FACTS))}) use in, some, all ou "
                           "none")  # fmt: skip
        _check_operators(rule_id, args)
    elif not (node is None or isinstance(node, str | bool)):
        raise _refused(rule_id, f"condicao: valor {node!r} não permitido (compare com texto, "
                       'ex.: "3", pois os fatos são texto)')  # fmt: skip


def _operands(args: Any) -> list[Any]:
    return args if isinstance(args, list) else [args]


def _listish(node: Any) -> bool:
    """A list literal, or a variable holding a set fact."""
    if isinstance(node, list):
        return True
    if not (isinstance(node, Mapping) and len(node) == 1 and "var" in node):
        return False
    name = node["var"]
    name = name[0] if isinstance(name, list) and name else name
    return name in SET_FACTS


def _count(head: list[Any]) -> bool:
    return bool(head) and type(head[0]) is int


def _boolean(node: Any) -> bool:
    """The expression always gives a JSON boolean (judged on its shape, before running)."""
    if isinstance(node, bool):
        return True
    if not isinstance(node, Mapping) or len(node) != 1:
        return False
    ((op, args),) = node.items()
    if op in BOOLEAN_OPERATORS:
        return True
    operands = _operands(args)
    if op in ("and", "or"):
        return bool(operands) and all(_boolean(a) for a in operands)
    if op == "if":  # [cond, then, cond, then, ..., else]: without `else` it may give null
        results = operands[1::2] + operands[-1:]
        return len(operands) % 2 == 1 and all(_boolean(r) for r in results)
    return False


def _reads(rule_id: str, facts: Mapping[str, Any]) -> frozenset[str]:
    """The top-level variables read; dynamic variable names are refused."""
    if facts["computed_reads"]:
        raise _refused(rule_id, "condicao: nomes de variável calculados não são permitidos")
    names = frozenset(".".join(path) for path in facts["reads"])
    unknown = sorted(n for n in names if n not in VOCABULARY)
    if unknown:
        raise _refused(rule_id, f"condicao lê variáveis fora do vocabulário: {unknown} "
                       f"(vocabulário: {', '.join(VOCABULARY)})")  # fmt: skip
    return names
