"""Resolution: which rule of a type applies to some facts on a date.

Order (engine/README.md): only rules in force on the operation date whose criteria and
condition hold; then the most specific; then the layer (the company's own rules, the
platform's, the company's `[Auto]` rules, the global packs); then the higher `prioridade`.
A tie that remains is a RuleConflictError naming every tied rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from operator import attrgetter
from typing import cast

from engine.errors import RuleConflictError
from engine.facts import Facts
from engine.result import Competitor, RuleMatch
from engine.rules import Rule, RuleType
from engine.ruleset import CompiledRule, RankKey, RuleSet
from engine.values import fast_init


@fast_init
@dataclass(frozen=True, slots=True)
class Resolution:
    """The winner (or None) and, when explaining, the losers with the reason they lost."""

    tipo: RuleType
    winner: CompiledRule | None
    losers: tuple[Competitor, ...] = ()

    @property
    def rule(self) -> Rule | None:
        return self.winner.rule if self.winner else None

    @property
    def matched_criteria(self) -> tuple[str, ...]:
        """Criteria keys and condition variables of the winner (`criterios_correspondentes`)."""
        if self.winner is None:
            return ()
        keys = [c.key for c in self.winner.criteria]
        if self.winner.condition is not None:
            keys.extend(f"condicao:{v}" for v in sorted(self.winner.condition.reads))
        return tuple(keys)

    @property
    def match(self) -> RuleMatch | None:
        """The preview's `regra_tributaria` / `regra_iva`. It depends on the winner only, so
        it is made once per rule and kept with the compiled rule."""
        cr = self.winner
        if cr is None:
            return None
        found = cr.derived.get("match")
        if found is None:
            rule = cr.rule
            found = cr.derived["match"] = RuleMatch(
                rule.id, rule.tipo.value, rule.prioridade, rule.versao, self.matched_criteria
            )
        return cast(RuleMatch, found)


_NO_RULE = {tipo: Resolution(tipo, None) for tipo in RuleType}
"""No rule of the type applies (and nothing to explain): one shared answer per type."""


def rank(cr: CompiledRule) -> RankKey:
    """Bigger wins: product specificity, specificity, then origin, then priority (computed
    when compiled)."""
    return cr.rank


_RANK = attrgetter("rank")


def matching(
    ruleset: RuleSet, tipo: RuleType, facts: Facts, on: date, explain: bool = False
) -> tuple[list[CompiledRule], list[CompiledRule]]:
    """(in force and matching, matching but out of force); the second only when explaining."""
    live: list[CompiledRule] = []
    expired: list[CompiledRule] = []
    for cr in ruleset.candidates(tipo, facts):
        if not cr.criteria_hold(facts):
            continue
        if not (cr.starts <= on and (cr.ends is None or on <= cr.ends)):
            if explain:
                expired.append(cr)
            continue
        if cr.condition is None or cr.condition.holds(cr.rule.id, facts):
            live.append(cr)
    return live, expired


def pick(
    tipo: RuleType,
    live: list[CompiledRule],
    expired: Iterable[CompiledRule] = (),
    *,
    explain: bool = False,
    item: int | None = None,
) -> Resolution:
    """Choose among matching rules; raise on an unresolved tie."""
    if not live:
        return Resolution(tipo, None, _expired_losers(expired) if explain else ())
    if len(live) == 1:
        return Resolution(tipo, live[0], _expired_losers(expired) if explain else ())
    ordered = sorted(live, key=_RANK, reverse=True)
    best = ordered[0].rank
    if ordered[1].rank == best:
        tied = [cr for cr in ordered if cr.rank == best]
        raise RuleConflictError(tipo.value, tuple(cr.rule.id for cr in tied), item)
    if not explain:
        return Resolution(tipo, ordered[0])
    losers = tuple(_why_lost(ordered[0], cr) for cr in ordered[1:])
    return Resolution(tipo, ordered[0], losers + _expired_losers(expired))


def resolve(
    ruleset: RuleSet,
    tipo: RuleType,
    facts: Facts,
    on: date,
    *,
    explain: bool = False,
    item: int | None = None,
) -> Resolution:
    """The rule of `tipo` that applies to `facts` on `on`, or none."""
    if not explain:
        return winner(ruleset, tipo, facts, on, item)
    live, expired = matching(ruleset, tipo, facts, on, explain)
    return pick(tipo, live, expired, explain=explain, item=item)


def winner(
    ruleset: RuleSet, tipo: RuleType, facts: Facts, on: date, item: int | None = None
) -> Resolution:
    """`matching` + `pick` without explain, in one pass and without intermediate lists.

    A tie for the best rank re-runs the general path, so the conflict names the tied rules
    exactly as `pick` does.
    """
    best: CompiledRule | None = None
    best_rank: RankKey = (0, 0, 0, 0)
    tied = False
    for cr in ruleset.candidates(tipo, facts):
        if cr.has_rest and not cr.criteria_hold(facts):
            continue
        if not (cr.starts <= on and (cr.ends is None or on <= cr.ends)):
            continue
        if cr.condition is not None and not cr.condition.holds(cr.rule.id, facts):
            continue
        if best is None or cr.rank > best_rank:
            best, best_rank, tied = cr, cr.rank, False
        elif cr.rank == best_rank:
            tied = True
    if tied:
        live, _ = matching(ruleset, tipo, facts, on)
        return pick(tipo, live, item=item)
    if best is None:
        return _NO_RULE[tipo]
    return decided(best)


def decided(cr: CompiledRule) -> Resolution:
    """The Resolution of a rule that won with no explanation asked: it depends on the rule
    alone, so it is made once and kept with the compiled rule (no object per item)."""
    found = cr.derived.get("resolution")
    if found is None:
        found = cr.derived["resolution"] = Resolution(cr.rule.tipo, cr)
    return cast(Resolution, found)


def _why_lost(winner: CompiledRule, loser: CompiledRule) -> Competitor:
    w, lo = rank(winner), rank(loser)
    if lo[0] < w[0]:
        reason = (
            f"menos específica quanto ao produto (a vencedora nomeia "
            f"{_product_terms(winner)}; esta, {_product_terms(loser) or 'só a operação'})"
        )
    elif lo[1] < w[1]:
        reason = f"menos específica ({lo[1]} critérios contra {w[1]})"
    elif lo[2] < w[2]:
        reason = f"{LAYER_TERMS[w[2]]} prevalece sobre {LAYER_TERMS[lo[2]]}"
    else:
        reason = f"prioridade menor ({lo[3]} contra {w[3]})"
    return Competitor(loser.rule.id, loser.rule.versao, reason, loser.rule.camada)


LAYER_TERMS = {
    3: "regra própria da empresa",
    2: "regra da plataforma",
    1: "regra [Auto] da empresa",
    0: "regra global",
}
"""How explain names each origin rank (`engine.rules.ORIGIN_RANKS`) when one beats another."""


def _product_terms(cr: CompiledRule) -> str:
    """The product-level criteria of a rule, as written (`produto_id`, `cest`, `ncm_prefixo`)."""
    return ", ".join(
        f"{c.key} {c.value}" for c in cr.criteria if c.fact in ("produto_id", "cest", "ncm")
    )


def _expired_losers(expired: Iterable[CompiledRule]) -> tuple[Competitor, ...]:
    return tuple(
        Competitor(cr.rule.id, cr.rule.versao, "fora de vigência", cr.rule.camada) for cr in expired
    )
