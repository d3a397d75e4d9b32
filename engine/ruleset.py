"""RuleSet: rules compiled once and indexed by tipo and by one equality/prefix criterion.

Each rule is filed under the most selective criterion it has (INDEX_FIELDS order); a lookup
probes only the buckets the facts point to (for a prefix criterion, only the prefix lengths
some rule uses), plus the few rules with no indexable criterion, so the cost does not grow
with the number of rules. A RuleSet may sit on a `base` set (the global pack) so a company's
rules are added per request without re-indexing the pack. Candidates come in a fixed order
(base layer first; unindexed, then INDEX_FIELDS order; insertion order within a bucket), so
the explain trace and conflict messages are the same in every process.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from engine.conditions import Condition, compile_condition
from engine.errors import InvalidRuleError
from engine.facts import Facts, FactValue
from engine.rules import Criterion, CriterionValue, Mode, Rule, RuleType, compile_criteria
from engine.validation import check_rule

INDEX_FIELDS = (
    "produto_id", "ncm", "c_trib_nac", "nbs", "cest", "lc116", "cod_municipio_incidencia",
    "cod_municipio_destino", "natureza_id", "categoria", "uf_destino", "uf_origem",
    "uf_fim", "uf_inicio", "tipo_estabelecimento_tomador", "documento",
)  # fmt: skip
_INDEX_ORDER = {name: i for i, name in enumerate(INDEX_FIELDS)}

RankKey = tuple[int, int, int]
"""(specificity, origin rank, prioridade): bigger wins."""


@dataclass(frozen=True)
class CompiledRule:
    """A rule ready for matching: criteria, condition, specificity and rank computed once.

    `indexed` is the criterion the rule is filed under (None: checked on every lookup). A
    lookup only reaches an indexed rule through the bucket of a fact value that satisfies
    that criterion, so `equalities` (as (fact, value) pairs) and `others` (prefix and
    membership) hold the remaining criteria: the hot loop compares plain values.

    `derived` caches values parsed from the rule's `resultado` (rates as Decimal, ...) on
    first use: they depend on the rule only, and a RuleSet lives as long as its rules do not
    change (the service caches one per company and rule revision).
    """

    rule: Rule
    criteria: tuple[Criterion, ...]
    condition: Condition | None
    specificity: int
    rank: RankKey = (0, 0, 0)
    identity: tuple[str, str] = ("", "")
    indexed: Criterion | None = None
    starts: date = date.min
    ends: date | None = None
    equalities: tuple[tuple[str, CriterionValue], ...] = ()
    others: tuple[Criterion, ...] = ()
    has_rest: bool = False
    """Some criterion besides `indexed` must still be checked."""
    derived: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def reads(self) -> frozenset[str]:
        """Facts this rule looks at (for memoizing resolutions)."""
        own = frozenset(c.fact for c in self.criteria)
        return own | self.condition.reads if self.condition else own

    def in_force(self, on: date) -> bool:
        """Validity is inclusive at both ends; an open end means still in force."""
        return self.starts <= on and (self.ends is None or on <= self.ends)

    def criteria_hold(self, facts: Facts) -> bool:
        """The criteria besides `indexed` hold (for a rule found through its bucket, the same
        answer as `rules.criteria_match` on all criteria, faster: this is the hottest path)."""
        get = facts.get
        for fact, value in self.equalities:
            actual = get(fact)
            if actual != value and not (type(actual) is frozenset and value in actual):
                return False
        for c in self.others:  # noqa: SIM110
            if not c.matches(get(c.fact)):
                return False
        return True


def compile_rule(rule: Rule) -> CompiledRule:
    """Specificity = criteria given + variables the condition reads (spec resolution)."""
    check_rule(rule)
    criteria = compile_criteria(rule)
    condition = compile_condition(rule.id, rule.condicao) if rule.condicao else None
    spec = len(criteria) + (len(condition.reads) if condition else 0)
    indexed = _index_criterion(criteria)
    rest = tuple(c for c in criteria if c is not indexed)
    return CompiledRule(
        rule, criteria, condition, spec,
        rank=(spec, rule.origin_rank, rule.prioridade),
        identity=(rule.id, rule.versao),
        indexed=indexed,
        starts=rule.vigencia_inicio,
        ends=rule.vigencia_fim,
        equalities=tuple((c.fact, c.value) for c in rest if c.mode is Mode.EQ),
        others=tuple(c for c in rest if c.mode is not Mode.EQ),
        has_rest=bool(rest),
    )  # fmt: skip


Buckets = dict[str, list[CompiledRule]]


class _TypeIndex:
    """Buckets of one rule type in one layer: (fact, is_prefix) → value → rules."""

    def __init__(self) -> None:
        self.buckets: dict[tuple[str, bool], Buckets] = {}
        self.lengths: dict[str, set[int]] = defaultdict(set)
        self.unindexed: list[CompiledRule] = []
        self.reads: set[str] = set()
        self._plan: _Plan | None = None

    def add(self, cr: CompiledRule) -> None:
        self.reads |= cr.reads
        self._plan = None
        crit = cr.indexed
        if crit is None:
            self.unindexed.append(cr)
            return
        prefix = crit.mode is Mode.PREFIX
        buckets = self.buckets.setdefault((crit.fact, prefix), {})
        values = crit.value if isinstance(crit.value, frozenset) else (crit.value,)
        for v in sorted(values, key=str):
            key = str(v)
            buckets.setdefault(key, []).append(cr)
            if prefix:
                self.lengths[crit.fact].add(len(key))

    def plan(self) -> _Plan:
        """The probes in a fixed order (built once, after the last rule was added)."""
        if self._plan is None:
            probes = sorted(self.buckets, key=lambda p: (_INDEX_ORDER[p[0]], p[1]))
            self._plan = _Plan(
                tuple(self.unindexed),
                tuple((f, b) for (f, prefix), b in ((p, self.buckets[p]) for p in probes)
                      if not prefix),
                tuple((f, tuple(sorted(self.lengths[f])), b)
                      for (f, prefix), b in ((p, self.buckets[p]) for p in probes) if prefix),
            )  # fmt: skip
        return self._plan


@dataclass(frozen=True)
class _Plan:
    """What one layer probes for one rule type."""

    unindexed: tuple[CompiledRule, ...]
    equal: tuple[tuple[str, Buckets], ...]
    prefix: tuple[tuple[str, tuple[int, ...], Buckets], ...]


def _index_criterion(criteria: tuple[Criterion, ...]) -> Criterion | None:
    """The most selective indexable criterion of a rule, if any: text values only, so that a
    bucket hit (a text fact equal to, or starting with, the key) means the criterion holds."""
    by_fact = {c.fact: c for c in criteria if _text_only(c.value)}
    for name in INDEX_FIELDS:
        if name in by_fact:
            return by_fact[name]
    return None


def _text_only(value: CriterionValue) -> bool:
    if isinstance(value, frozenset):
        return all(isinstance(v, str) for v in value)
    return isinstance(value, str)


class RuleSet:
    """Immutable collection of rules, compiled and indexed at construction."""

    def __init__(self, rules: Iterable[Rule], base: RuleSet | None = None) -> None:
        self.base = base
        self._own = tuple(rules)
        self._index: dict[RuleType, _TypeIndex] = defaultdict(_TypeIndex)
        self._layers: dict[RuleType, tuple[_Plan, ...]] = {}
        self._reads: dict[RuleType, tuple[str, ...]] = {}
        self._shapes: dict[RuleType, Callable[[Facts], tuple[FactValue, ...]]] = {}
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

    def candidates(self, tipo: RuleType, facts: Facts) -> list[CompiledRule]:
        """Rules of a type whose indexed criterion may match (still to be fully checked)."""
        layers = self._layers.get(tipo)
        if layers is None:
            layers = self._layers[tipo] = self._plans(tipo)
        out: list[CompiledRule] = []
        get = facts.get
        for layer in layers:
            out.extend(layer.unindexed)
            for fact, buckets in layer.equal:
                value: FactValue = get(fact)
                if isinstance(value, str):
                    found = buckets.get(value)
                    if found:
                        out.extend(found)
            for fact, lengths, buckets in layer.prefix:
                value = get(fact)
                if isinstance(value, str):
                    for n in lengths:  # ascending: the prefix lengths some rule uses
                        if n > len(value):
                            break
                        found = buckets.get(value[:n])
                        if found:
                            out.extend(found)
        return out

    def _plans(self, tipo: RuleType) -> tuple[_Plan, ...]:
        own = (self._index[tipo].plan(),) if tipo in self._index else ()
        return (self.base._plans(tipo) if self.base else ()) + own

    def shape(self, tipo: RuleType) -> Callable[[Facts], tuple[FactValue, ...]]:
        """A function giving the values of `reads(tipo)` from some facts (the memo key of a
        resolution), generated once per type: `tuple(map(facts.get, reads))` costs twice as
        much and runs several times per item."""
        found = self._shapes.get(tipo)
        if found is None:
            values = "".join(f"get({name!r}), " for name in self.reads(tipo))
            namespace: dict[str, Any] = {}
            exec(f"def shape(facts):\n    get = facts.get\n    return ({values})\n", namespace)
            found = self._shapes[tipo] = namespace["shape"]
        return found

    def reads(self, tipo: RuleType) -> tuple[str, ...]:
        """Every fact any rule of the type reads, sorted: the memo key of a resolution."""
        found = self._reads.get(tipo)
        if found is None:
            own = self._index[tipo].reads if tipo in self._index else set()
            below = self.base.reads(tipo) if self.base else ()
            found = self._reads[tipo] = tuple(sorted(own.union(below)))
        return found
