"""What a candidate set of rules changes against the rules in force: added, changed (field by
field) and retired rules, each rule known by its identity (id, versão).

Pure: `fiscal rulepacks sync` diffs a pack against a company's or a platform's stored rules
with it, and the CI summary diffs two revisions of a pack. Values are compared as the engine
reads them: criteria as text (3 and "3" are the same CRT), blank criteria dropped, confidence
as a number, results and conditions exactly (a rate "18" and "18.00" are another text).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from engine.loading import rule_to_dict
from engine.rules import Rule, RuleType, is_blank, norm

COMPARED = ("tipo", "descricao", "criterios", "condicao", "resultado", "vigencia_inicio",
            "vigencia_fim", "fonte", "prioridade", "confianca", "tags")  # fmt: skip
"""The parts of a rule a change is reported in, in this order (its identity is id + versão)."""
BY_KEY = frozenset({"criterios", "resultado"})
"""Parts reported key by key (`resultado.aliq_icms`), not as one value."""


@dataclass(frozen=True)
class FieldChange:
    campo: str
    antes: Any
    depois: Any


@dataclass(frozen=True)
class RuleChange:
    """A rule of the same identity whose content differs."""

    regra_id: str
    versao: str
    tipo: str
    mudancas: tuple[FieldChange, ...]


@dataclass(frozen=True)
class RuleDiff:
    adicionadas: tuple[Rule, ...]
    alteradas: tuple[RuleChange, ...]
    retiradas: tuple[Rule, ...]
    inalteradas: int

    @property
    def empty(self) -> bool:
        return not (self.adicionadas or self.alteradas or self.retiradas)

    def to_dict(self) -> dict[str, Any]:
        return {
            "adicionadas": [_brief(r) for r in self.adicionadas],
            "alteradas": [
                {"regra_id": c.regra_id, "versao": c.versao, "tipo": c.tipo,
                 "mudancas": [{"campo": m.campo, "antes": m.antes, "depois": m.depois}
                              for m in c.mudancas]}
                for c in self.alteradas
            ],
            "retiradas": [_brief(r) for r in self.retiradas],
            "inalteradas": self.inalteradas,
        }  # fmt: skip


def _brief(rule: Rule) -> dict[str, Any]:
    return {"regra_id": rule.id, "versao": rule.versao, "tipo": rule.tipo.value,
            "origem": rule.entrada}  # fmt: skip


def diff_rules(
    current: Iterable[Rule], candidate: Iterable[Rule], scope: Iterable[RuleType] | None = None
) -> RuleDiff:
    """`candidate` against `current`. Only current rules of a type in `scope` can be retired
    (a pack of TRIBUTACAO rules says nothing about the company's ISS rules); None: all types."""
    types = None if scope is None else frozenset(scope)
    now = {(r.id, r.versao): r for r in current}
    new = {(r.id, r.versao): r for r in candidate}
    added = tuple(r for key, r in new.items() if key not in now)
    changed: list[RuleChange] = []
    same = 0
    for key, rule in new.items():
        before = now.get(key)
        if before is None:
            continue
        changes = field_changes(before, rule)
        if changes:
            changed.append(RuleChange(rule.id, rule.versao, rule.tipo.value, changes))
        else:
            same += 1
    retired = tuple(
        r for key, r in now.items() if key not in new and (types is None or r.tipo in types)
    )
    return RuleDiff(added, tuple(changed), retired, same)


def field_changes(before: Rule, after: Rule) -> tuple[FieldChange, ...]:
    """Each part that differs, as the pack form writes it (`rule_to_dict`)."""
    old, new = _comparable(before), _comparable(after)
    out: list[FieldChange] = []
    for name in COMPARED:
        a, b = old.get(name), new.get(name)
        if name in BY_KEY:
            out.extend(_by_key(name, a or {}, b or {}))
        elif _canonical(name, a) != _canonical(name, b):
            out.append(FieldChange(name, a, b))
    return tuple(out)


def _comparable(rule: Rule) -> dict[str, Any]:
    data = rule_to_dict(rule)
    data["criterios"] = {k: v for k, v in data["criterios"].items() if not is_blank(v)}
    data.setdefault("prioridade", rule.prioridade)
    data.setdefault("tags", [])
    return data


def _by_key(part: str, a: Mapping[str, Any], b: Mapping[str, Any]) -> list[FieldChange]:
    out = []
    for key in sorted(set(a) | set(b)):
        x, y = a.get(key), b.get(key)
        if _canonical(part, x) != _canonical(part, y):
            out.append(FieldChange(f"{part}.{key}", x, y))
    return out


def _canonical(part: str, value: Any) -> Any:
    """How two values of a part are told apart: criteria as the engine compares them."""
    if part == "criterios" and value is not None:
        if isinstance(value, list | tuple):
            return sorted(str(norm(v)) for v in value)
        return norm(value)
    if part == "confianca" and value is not None:
        return Decimal(str(value))
    return value
