"""Resolution: which rule of a type applies to some facts on a date.

Order (engine/README.md): only rules in force on the operation date whose criteria and
condition hold; then the most specific; then the caller's own rules over `[Auto]` rules over
global ones; then the higher `prioridade`. A tie that remains is a RuleConflictError naming
every tied rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from functools import cached_property

from engine.errors import RuleConflictError
from engine.facts import Facts
from engine.result import Competitor
from engine.rules import Rule, RuleType, criteria_match
from engine.ruleset import CompiledRule, RuleSet

RankKey = tuple[int, int, int]


@dataclass(frozen=True)
class Resolution:
    """The winner (or None) and, when explaining, the losers with the reason they lost."""

    tipo: RuleType
    winner: CompiledRule | None
    losers: tuple[Competitor, ...] = ()

    @property
    def rule(self) -> Rule | None:
        return self.winner.rule if self.winner else None

    @cached_property
    def matched_criteria(self) -> tuple[str, ...]:
        """Criteria keys and condition variables of the winner (`criterios_correspondentes`)."""
        if self.winner is None:
            return ()
        keys = [c.key for c in self.winner.criteria]
        if self.winner.condition is not None:
            keys.extend(f"condicao:{v}" for v in sorted(self.winner.condition.reads))
        return tuple(keys)


def rank(cr: CompiledRule) -> RankKey:
    """Bigger wins: specificity, then origin, then priority."""
    return (cr.specificity, cr.rule.origin_rank, cr.rule.prioridade)


def matching(
    ruleset: RuleSet, tipo: RuleType, facts: Facts, on: date, explain: bool = False
) -> tuple[list[CompiledRule], list[CompiledRule]]:
    """(in force and matching, matching but out of force); the second only when explaining."""
    live: list[CompiledRule] = []
    expired: list[CompiledRule] = []
    for cr in ruleset.candidates(tipo, facts):
        if not criteria_match(cr.criteria, facts):
            continue
        if not cr.rule.in_force(on):
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
    ordered = sorted(live, key=rank, reverse=True)
    best = rank(ordered[0])
    tied = [cr for cr in ordered if rank(cr) == best]
    if len(tied) > 1:
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
    live, expired = matching(ruleset, tipo, facts, on, explain)
    return pick(tipo, live, expired, explain=explain, item=item)


def _why_lost(winner: CompiledRule, loser: CompiledRule) -> Competitor:
    w, lo = rank(winner), rank(loser)
    if lo[0] < w[0]:
        reason = f"menos específica ({lo[0]} critérios contra {w[0]})"
    elif lo[1] < w[1]:
        reason = "regra própria da empresa prevalece" if w[1] == 2 else "regra da empresa prevalece"
    else:
        reason = f"prioridade menor ({lo[2]} contra {w[2]})"
    return Competitor(loser.rule.id, loser.rule.versao, reason)


def _expired_losers(expired: Iterable[CompiledRule]) -> tuple[Competitor, ...]:
    return tuple(Competitor(cr.rule.id, cr.rule.versao, "fora de vigência") for cr in expired)
