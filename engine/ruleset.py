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
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any, TypeVar

from engine.conditions import Condition, compile_condition
from engine.errors import InvalidRuleError
from engine.facts import Facts, FactValue
from engine.rules import (
    Criterion,
    CriterionTable,
    CriterionValue,
    Mode,
    Rule,
    RuleType,
    compile_criteria,
)
from engine.validation import check_rule

INDEX_FIELDS = (
    "produto_id", "ncm", "c_trib_nac", "nbs", "cest", "lc116", "cod_municipio_incidencia",
    "cod_municipio_destino", "natureza_id", "categoria", "uf_destino", "uf_origem",
    "uf_fim", "uf_inicio", "tipo_estabelecimento_tomador", "documento",
)  # fmt: skip
_INDEX_ORDER = {name: i for i, name in enumerate(INDEX_FIELDS)}

T = TypeVar("T")
REVIEW_FLAG = "requer_revisao"
"""`resultado.requer_revisao: true` forces `requires_review` when the rule is used."""

RankKey = tuple[int, int, int, int]
"""(product specificity, specificity, origin rank, prioridade): bigger wins."""

PRODUCT_WEIGHTS = {"produto_id": 1000, "cest": 100, "ncm": 10}
"""A criterion naming the product itself, its CEST or its NCM makes a rule about that product:
it ranks above any rule naming only operation-level facts (CRT, operation, UFs), however many
of them (a tax specialist's rule for NCM 2203 must not lose to an `[Auto]` crt + operação
default). Among product rules the product beats the CEST, the CEST the NCM, and a longer NCM
prefix a shorter one (10 + its length)."""


def product_specificity(criteria: tuple[Criterion, ...]) -> int:
    """The weight of the product-level criteria of a rule (0: an operation-level rule)."""
    score = 0
    for c in criteria:
        weight = PRODUCT_WEIGHTS.get(c.fact)
        if weight is None:
            continue
        score += weight
        if c.fact == "ncm":
            score += (
                max((len(str(v)) for v in c.value), default=0)
                if isinstance(c.value, frozenset)
                else len(str(c.value))
            )
    return score


@dataclass(frozen=True, slots=True)
class CompiledRule:
    """A rule ready for matching: criteria, condition, specificity and rank computed once.

    `indexed` is the criterion the rule is filed under (None: checked on every lookup). A
    lookup only reaches an indexed rule through the bucket of a fact value that satisfies
    that criterion, so `equalities` (as (fact, value) pairs) and `others` (prefix and
    membership) hold the remaining criteria: the hot loop compares plain values.

    `derived` caches values parsed from the rule's `resultado` (rates as Decimal, ...) on
    first use: they depend on the rule only, and a RuleSet lives as long as its rules do not
    change (the service caches one per company and rule revision).

    Memory layout matters with 100,000 rules: a lookup touches a few rules no other item of
    the call touches, so every object it reads is a likely cache miss. Hence slots (the
    fields live in the object itself), equal ranks, dates and criteria shared by all rules of
    a set (`SharedParts`), and `review` computed here so that using a rule does not read its
    `resultado`.
    """

    rule: Rule
    criteria: tuple[Criterion, ...]
    condition: Condition | None
    specificity: int
    rank: RankKey = (0, 0, 0, 0)
    identity: tuple[str, str] = ("", "")
    indexed: Criterion | None = None
    starts: date = date.min
    ends: date | None = None
    equalities: tuple[tuple[str, CriterionValue], ...] = ()
    others: tuple[Criterion, ...] = ()
    has_rest: bool = False
    """Some criterion besides `indexed` must still be checked."""
    review: str | None = None
    """Why the rule forces review (`resultado.requer_revisao`), as `requires_review` says it."""
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


def compile_rule(rule: Rule, parts: SharedParts | None = None) -> CompiledRule:
    """Specificity = criteria given + variables the condition reads (spec resolution).

    `parts` (one per RuleSet being built) makes rules share equal criteria, ranks and dates
    instead of holding copies: fewer objects, and the ones every lookup reads stay in the CPU
    caches. Only values equal in type and content are shared.
    """
    return _compile(rule, parts or SharedParts(), (rule.id, rule.versao))


def _compile(rule: Rule, parts: SharedParts, identity: tuple[str, str]) -> CompiledRule:
    try:
        return _compiled(rule, parts, identity)
    except InvalidRuleError as exc:
        exc.tipo = exc.tipo or rule.tipo.value  # the caller may not know which rule of a set
        raise


def _compiled(rule: Rule, parts: SharedParts, identity: tuple[str, str]) -> CompiledRule:
    check_rule(rule)
    criteria = compile_criteria(rule, parts.criteria)
    condition = compile_condition(rule.id, rule.condicao) if rule.condicao else None
    spec = len(criteria) + (len(condition.reads) if condition else 0)
    indexed = _index_criterion(criteria)
    return CompiledRule(
        rule, criteria, condition, spec,
        rank=parts.rank(product_specificity(criteria), spec, rule.origin_rank, rule.prioridade),
        identity=identity,
        indexed=indexed,
        starts=parts.date(rule.vigencia_inicio),
        ends=None if rule.vigencia_fim is None else parts.date(rule.vigencia_fim),
        equalities=parts.equalities(criteria, indexed),
        others=parts.others(criteria, indexed),
        has_rest=len(criteria) > (0 if indexed is None else 1),
        review=_review(rule),
    )  # fmt: skip


def _review(rule: Rule) -> str | None:
    if not rule.resultado.get(REVIEW_FLAG):
        return None
    return f"regra {rule.id}: {rule.resultado.get('motivo', 'exige revisão')}"


class SharedParts:
    """The parts equal rules share within one RuleSet, found without making temporaries.

    A value is looked up by what it is made of (nested tables keyed by text, ints, or the
    identity of parts already shared), so a part that exists is never built only to be
    dropped: dropped objects leave holes among the set's objects that later allocations
    (a computation's results, the JSON of its answer) are scattered into.
    """

    def __init__(self) -> None:
        self.criteria: CriterionTable = {}
        self._rank_tree: dict[int, Any] = {}  # product → specificity → origin → priority
        self._dates: dict[type, dict[date, date]] = {}
        self._pairs: dict[str, Any] = {}  # fact → value type → value → (fact, value)
        self._tuples: dict[Any, Any] = {}

    def rank(self, product: int, spec: int, origin: int, priority: int) -> RankKey:
        if type(priority) is not int:  # not shared: True would meet 1
            return (product, spec, origin, priority)
        by_spec = self._child(self._rank_tree, product)
        by_priority = self._child(self._child(by_spec, spec), origin)
        found: RankKey | None = by_priority.get(priority)
        if found is None:
            found = by_priority[priority] = (product, spec, origin, priority)
        return found

    def date(self, day: date) -> date:
        table = self._dates.get(type(day))
        if table is None:
            table = self._dates[type(day)] = {}
        return table.setdefault(day, day)

    def equalities(
        self, criteria: tuple[Criterion, ...], indexed: Criterion | None
    ) -> tuple[tuple[str, CriterionValue], ...]:
        """(fact, value) of the equality criteria besides `indexed`, as one shared tuple."""
        node = self._tuples
        for c in criteria:
            if c is not indexed and c.mode is Mode.EQ:
                node = self._child(node, id(self._pair(c)))
        found: tuple[tuple[str, CriterionValue], ...] | None = node.get(_END)
        if found is None:
            found = node[_END] = tuple(
                self._pair(c) for c in criteria if c is not indexed and c.mode is Mode.EQ
            )
        return found

    def others(
        self, criteria: tuple[Criterion, ...], indexed: Criterion | None
    ) -> tuple[Criterion, ...]:
        """Prefix and membership criteria besides `indexed`, as one shared tuple (criteria are
        shared already, so their identities name the combination)."""
        node = self._child(self._tuples, _OTHERS)
        for c in criteria:
            if c is not indexed and c.mode is not Mode.EQ:
                node = self._child(node, id(c))
        found: tuple[Criterion, ...] | None = node.get(_END)
        if found is None:
            found = node[_END] = tuple(
                c for c in criteria if c is not indexed and c.mode is not Mode.EQ
            )
        return found

    def _pair(self, c: Criterion) -> tuple[str, CriterionValue]:
        by_type = self._child(self._pairs, c.fact)
        by_value = self._child(by_type, type(c.value))
        found: tuple[str, CriterionValue] | None = by_value.get(c.value)
        if found is None:
            found = by_value[c.value] = (c.fact, c.value)
        return found

    @staticmethod
    def _child(node: dict[Any, Any], key: object) -> dict[Any, Any]:
        found: dict[Any, Any] | None = node.get(key)
        if found is None:
            found = node[key] = {}
        return found


_END = object()
_OTHERS = object()


Buckets = dict[str, list[CompiledRule] | tuple[CompiledRule, ...]]


class _TypeIndex:
    """Buckets of one rule type in one layer: (fact, is_prefix) → value → rules."""

    def __init__(self) -> None:
        self.buckets: dict[tuple[str, bool], Buckets] = {}
        self._by_fact: dict[bool, dict[str, Buckets]] = {False: {}, True: {}}
        self.lengths: dict[str, set[int]] = defaultdict(set)
        self.unindexed: list[CompiledRule] = []
        self.reads: set[str] = set()
        self._plan: _Plan | None = None

    def add(self, cr: CompiledRule) -> None:
        for c in cr.criteria:
            self.reads.add(c.fact)
        if cr.condition is not None:
            self.reads |= cr.condition.reads
        self._plan = None
        crit = cr.indexed
        if crit is None:
            self.unindexed.append(cr)
            return
        prefix = crit.mode is Mode.PREFIX
        buckets = self._by_fact[prefix].get(crit.fact)  # no (fact, prefix) tuple per rule
        if buckets is None:
            buckets = self.buckets[(crit.fact, prefix)] = self._by_fact[prefix][crit.fact] = {}
        if isinstance(crit.value, frozenset):
            for v in sorted(crit.value, key=str):
                self._file(buckets, str(v), cr, crit.fact if prefix else None)
        else:
            self._file(buckets, str(crit.value), cr, crit.fact if prefix else None)

    def _file(self, buckets: Buckets, key: str, cr: CompiledRule, prefix_of: str | None) -> None:
        """Most keys have one rule: it goes straight into a 1-tuple (no list made and freed)."""
        found = buckets.get(key)
        if found is None:
            buckets[key] = (cr,)
        elif isinstance(found, tuple):
            buckets[key] = [*found, cr]
        else:
            found.append(cr)
        if prefix_of is not None:
            self.lengths[prefix_of].add(len(key))

    def plan(self) -> _Plan:
        """The probes in a fixed order (built once, after the last rule was added).

        Buckets become tuples here: a tuple holds its rules inline, a list through a separate
        array, one more object (a likely cache miss in a big set) per bucket a lookup reads.
        """
        if self._plan is None:
            for buckets in self.buckets.values():
                for key, found in buckets.items():
                    if not isinstance(found, tuple):
                        buckets[key] = tuple(found)
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
    bucket hit (a text fact equal to, or starting with, the key) means the criterion holds.
    (Of two text criteria on one fact, the last, as before; rules rarely have more than 4.)"""
    best: Criterion | None = None
    best_order = len(INDEX_FIELDS)
    for c in criteria:
        order = _INDEX_ORDER.get(c.fact)
        if order is not None and order <= best_order and _text_only(c.value):
            best, best_order = c, order
    return best


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
        self._parsed: dict[tuple[str, Any, str], Any] = {}
        seen: set[tuple[str, str]] = set(base.identities()) if base else set()
        parts = SharedParts()
        for rule in self._own:
            self._add(rule, seen, parts)
        for index in self._index.values():
            index.plan()  # buckets frozen now: the first lookup should not pay for it

    def _add(self, rule: Rule, seen: set[tuple[str, str]], parts: SharedParts) -> None:
        identity = (rule.id, rule.versao)  # kept by the compiled rule, not only by `seen`
        if identity in seen:
            raise InvalidRuleError(
                rule.id, f"versão {rule.versao} repetida no conjunto", "versao", rule.tipo.value
            )
        seen.add(identity)
        self._index[rule.tipo].add(_compile(rule, parts, identity))

    def has(self, tipo: RuleType) -> bool:
        """Whether any rule of the type exists in the set or its base (cheap: lets a flow skip
        building facts for a lookup that cannot find anything)."""
        return tipo in self._index or (self.base is not None and self.base.has(tipo))

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

    def parse(
        self, kind: str, parse: Callable[[Mapping[str, Any]], T], result: Mapping[str, Any]
    ) -> T:
        """`parse(result)`, shared by the rules of the set whose results are the same.

        Thousands of product rules usually carry a handful of distinct tax treatments; sharing
        the parsed value keeps the objects each item reads few and hot. Contents are compared
        by `repr` (type-exact: "12.00", 12 and Decimal("12.00") differ; the same keys in
        another order are another result, never a wrong one), so a shared value is exactly
        what parsing this result gives.
        """
        key = (kind, parse, repr(result))
        found: T | None = self._parsed.get(key)
        if found is None:
            found = self._parsed[key] = parse(result)
        return found

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
