"""RuleSet: rules compiled once and indexed by tipo and by one equality/prefix criterion.

Each rule is filed under the most selective criterion it has (INDEX_FIELDS order); a lookup
probes only the buckets the facts point to, plus the few rules with no indexable criterion, so
the cost does not grow with the number of rules. A RuleSet may sit on a `base` set (the global
pack) so a company's rules are added per request without re-indexing the pack.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from engine.conditions import Condition, compile_condition
from engine.errors import InvalidRuleError
from engine.facts import Facts
from engine.rules import Criterion, Mode, Rule, RuleType, compile_criteria
from engine.validation import check_rule

INDEX_FIELDS = (
    "produto_id", "ncm", "c_trib_nac", "nbs", "cest", "lc116", "cod_municipio_incidencia",
    "cod_municipio_destino", "natureza_id", "categoria", "uf_destino", "uf_origem",
    "uf_fim", "uf_inicio", "tipo_estabelecimento_tomador", "documento",
)  # fmt: skip

BucketKey = tuple[str, bool, str]
"""(fact, is_prefix, value)."""


@dataclass(frozen=True)
class CompiledRule:
    """A rule ready for matching: criteria, condition and specificity computed once."""

    rule: Rule
    criteria: tuple[Criterion, ...]
    condition: Condition | None
    specificity: int

    @property
    def reads(self) -> frozenset[str]:
        """Facts this rule looks at (for memoizing resolutions)."""
        own = frozenset(c.fact for c in self.criteria)
        return own | self.condition.reads if self.condition else own


def compile_rule(rule: Rule) -> CompiledRule:
    """Specificity = criteria given + variables the condition reads (spec resolution)."""
    check_rule(rule)
    criteria = compile_criteria(rule)
    condition = compile_condition(rule.id, rule.condicao) if rule.condicao else None
    spec = len(criteria) + (len(condition.reads) if condition else 0)
    return CompiledRule(rule, criteria, condition, spec)


class _TypeIndex:
    """Buckets of one rule type."""

    def __init__(self) -> None:
        self.buckets: dict[BucketKey, list[CompiledRule]] = defaultdict(list)
        self.probes: set[tuple[str, bool]] = set()
        self.unindexed: list[CompiledRule] = []
        self.reads: set[str] = set()

    def add(self, cr: CompiledRule) -> None:
        self.reads |= cr.reads
        crit = _index_criterion(cr.criteria)
        if crit is None:
            self.unindexed.append(cr)
            return
        prefix = crit.mode is Mode.PREFIX
        self.probes.add((crit.fact, prefix))
        values = crit.value if isinstance(crit.value, frozenset) else (crit.value,)
        for v in values:
            self.buckets[(crit.fact, prefix, str(v))].append(cr)

    def candidates(self, facts: Facts) -> Iterator[CompiledRule]:
        yield from self.unindexed
        for fact, prefix in self.probes:
            value = facts.get(fact)
            if not isinstance(value, str):
                continue
            if prefix:
                for i in range(1, len(value) + 1):
                    yield from self.buckets.get((fact, True, value[:i]), ())
            else:
                yield from self.buckets.get((fact, False, value), ())


def _index_criterion(criteria: tuple[Criterion, ...]) -> Criterion | None:
    """The most selective indexable criterion of a rule, if any."""
    by_fact = {c.fact: c for c in criteria if not isinstance(c.value, bool)}
    for name in INDEX_FIELDS:
        if name in by_fact:
            return by_fact[name]
    return None


class RuleSet:
    """Immutable collection of rules, compiled and indexed at construction."""

    def __init__(self, rules: Iterable[Rule], base: RuleSet | None = None) -> None:
        self.base = base
        self._own = tuple(rules)
        self._index: dict[RuleType, _TypeIndex] = defaultdict(_TypeIndex)
        seen: set[tuple[str, str]] = set(base.identities()) if base else set()
        for rule in self._own:
            self._add(rule, seen)

    def _add(self, rule: Rule, seen: set[tuple[str, str]]) -> None:
        identity = (rule.id, rule.versao)
        if identity in seen:
            raise InvalidRuleError(rule.id, f"versão {rule.versao} repetida no conjunto")
        seen.add(identity)
        self._index[rule.tipo].add(compile_rule(rule))

    def identities(self) -> Iterator[tuple[str, str]]:
        """(id, versao) of every rule, base included."""
        yield from ((r.id, r.versao) for r in self.rules)

    @property
    def rules(self) -> tuple[Rule, ...]:
        """Every rule, base first."""
        return (self.base.rules if self.base else ()) + self._own

    def __len__(self) -> int:
        return len(self._own) + (len(self.base) if self.base else 0)

    def candidates(self, tipo: RuleType, facts: Facts) -> Iterator[CompiledRule]:
        """Rules of a type whose indexed criterion may match (still to be fully checked)."""
        if self.base is not None:
            yield from self.base.candidates(tipo, facts)
        index = self._index.get(tipo)
        if index is not None:
            yield from index.candidates(facts)

    def reads(self, tipo: RuleType) -> frozenset[str]:
        """Every fact any rule of the type reads: the memo key of a resolution."""
        own = self._index[tipo].reads if tipo in self._index else set()
        return frozenset(own) | (self.base.reads(tipo) if self.base else frozenset())
