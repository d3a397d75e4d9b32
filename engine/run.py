"""Run: the state of one `compute` call — rules used, warnings, missing items, decisions.

Calculators stay pure; the flows ask the Run to resolve rules (memoized per call on the facts
each rule type reads) and to record what was decided and why.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, TypeVar, cast

from engine.context import TaxContext
from engine.defaults import FALLBACK_PENALTY
from engine.facts import Facts
from engine.resolve import Resolution, resolve
from engine.result import Decision, Missing, Notice, RuleUsage
from engine.rules import Rule, RuleType
from engine.ruleset import RuleSet

REVIEW_FLAG = "requer_revisao"
T = TypeVar("T")


class Run:
    """Accumulates the outcome of one computation."""

    def __init__(self, ctx: TaxContext, ruleset: RuleSet, explain: bool) -> None:
        self.ctx = ctx
        self.ruleset = ruleset
        self.explain = explain
        self.used: dict[tuple[str, str], Rule] = {}
        self.warnings: list[Notice] = []
        self.missing: list[Missing] = []
        self.decisions: list[Decision] = []
        self.review_reasons: list[str] = []
        self.fallbacks = 0
        self._memo: dict[tuple[Any, ...], Resolution] = {}
        self._parsed: dict[tuple[Any, ...], Any] = {}
        self._reads: dict[RuleType, tuple[str, ...]] = {}

    def resolve(self, tipo: RuleType, facts: Facts, item: int | None = None) -> Resolution:
        """Resolve once per distinct combination of the facts this rule type reads."""
        reads = self._reads.get(tipo)
        if reads is None:
            reads = self._reads[tipo] = tuple(sorted(self.ruleset.reads(tipo)))
        key = (tipo, *(facts.get(f) for f in reads))
        found = self._memo.get(key)
        if found is None:
            found = resolve(
                self.ruleset, tipo, facts, self.ctx.data_operacao, explain=self.explain, item=item
            )
            self._memo[key] = found
        return found

    def parsed(self, rule: Rule, kind: str, parse: Callable[[Mapping[str, Any]], T]) -> T:
        """A rule result parsed once per call (rates read as Decimal once, not per item)."""
        return self.cached((id(rule), kind), lambda: parse(rule.resultado))

    def cached(self, key: tuple[Any, ...], make: Callable[[], T]) -> T:
        """Per-call memo for values derived only from rules (never from item amounts)."""
        found = self._parsed.get(key)
        if found is None:
            found = self._parsed[key] = make()
        return cast(T, found)

    def use(self, res: Resolution, etapa: str, item: int | None, **values: Any) -> Rule:
        """Record the winner of a resolution as used (and explained)."""
        assert res.winner is not None
        rule = res.winner.rule
        self.used.setdefault((rule.id, rule.versao), rule)
        if rule.resultado.get(REVIEW_FLAG):
            self.review(f"regra {rule.id}: {rule.resultado.get('motivo', 'exige revisão')}")
        if self.explain:
            self.decisions.append(_rule_decision(res, rule, etapa, item, values))
        return rule

    def note(self, etapa: str, motivo: str, item: int | None = None, **values: Any) -> None:
        """Explain a decision that no rule made (declared value, override, absence)."""
        if self.explain:
            self.decisions.append(Decision(etapa=etapa, motivo=motivo, item=item, **values))

    def need(self, codigo: str, mensagem: str, item: int | None, tipo_regra: str | None) -> None:
        """Something to configure; the engine answers no number for it."""
        self.missing.append(Missing(codigo, mensagem, item, tipo_regra))
        self.note(codigo, f"ausente: {mensagem}", item)

    def warn(self, codigo: str, mensagem: str, item: int | None = None) -> None:
        self.warnings.append(Notice(codigo, mensagem, item))

    def review(self, reason: str) -> None:
        """Force `requires_review`."""
        self.review_reasons.append(reason)

    def fallback(self, etapa: str, motivo: str, item: int | None = None) -> None:
        """A default the engine had to take; lowers the confidence score."""
        self.fallbacks += 1
        self.note(etapa, f"alternativa: {motivo}", item)

    def confidence(self) -> Decimal:
        """Lowest `confianca` of the rules used, times a penalty per fallback."""
        base = min((r.confianca for r in self.used.values()), default=Decimal(1))
        score = base * FALLBACK_PENALTY**self.fallbacks
        return score.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)

    def usages(self) -> tuple[RuleUsage, ...]:
        return tuple(_usage(r) for r in self.used.values())


def _usage(rule: Rule) -> RuleUsage:
    return RuleUsage(
        rule.id, rule.tipo.value, rule.versao, rule.fonte, rule.vigencia_inicio,
        rule.origem.value, rule.pacote, rule.revisao_pacote,
    )  # fmt: skip


def _rule_decision(
    res: Resolution, rule: Rule, etapa: str, item: int | None, values: dict[str, Any]
) -> Decision:
    motivo = values.pop("motivo", "regra vigente mais específica")
    return Decision(
        etapa=etapa, motivo=motivo, item=item, regra_id=rule.id, tipo_regra=rule.tipo.value,
        versao=rule.versao, fonte=rule.fonte, criterios_correspondentes=res.matched_criteria,
        concorrentes=res.losers, **values,
    )  # fmt: skip
