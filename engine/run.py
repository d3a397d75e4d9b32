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
from engine.errors import InvalidRuleError
from engine.facts import Facts, FactValue
from engine.resolve import Resolution, matching, pick, winner
from engine.result import Decision, Missing, Notice, RuleUsage
from engine.rules import Rule, RuleType
from engine.ruleset import CompiledRule, RuleSet

Shape = Callable[[Facts], tuple[FactValue, ...]]
T = TypeVar("T")


class Run:
    """Accumulates the outcome of one computation."""

    def __init__(self, ctx: TaxContext, ruleset: RuleSet, explain: bool) -> None:
        self.ctx = ctx
        self.ruleset = ruleset
        self.explain = explain
        self.day = ctx.data_operacao
        self.used: dict[int, CompiledRule] = {}
        """Rules used, by `id()` of the compiled rule (one per identity in a RuleSet, alive as
        long as the set): hashing the (id, versao) tuple would read two strings of a rule no
        other item touched."""
        self.warnings: list[Notice] = []
        self.missing: list[Missing] = []
        self.decisions: list[Decision] = []
        self.review_reasons: list[str] = []
        self.fallbacks = 0
        self._memo: dict[RuleType, tuple[Shape, dict[tuple[FactValue, ...], Resolution]]] = {}
        self.rural = ctx.rural
        self.simples = ctx.empresa.simples
        self._parsed: dict[tuple[int, ...], tuple[tuple[Any, ...], Any]] = {}

    def resolve(self, tipo: RuleType, facts: Facts, item: int | None = None) -> Resolution:
        """Resolve once per distinct combination of the facts this rule type reads.

        Items of one document often share that "shape" (same product, NCM, CFOP-relevant
        facts): they share one Resolution. The date is fixed for the call, so validity is
        part of the shape too.
        """
        slot = self._memo.get(tipo)
        if slot is None:
            slot = self._memo[tipo] = (self.ruleset.shape(tipo), {})
        shape, memo = slot
        key = shape(facts)
        found = memo.get(key)
        if found is None:
            try:
                found = memo[key] = self._resolve(tipo, facts, item)
            except InvalidRuleError as exc:  # a condition that failed to evaluate
                exc.tipo = exc.tipo or tipo.value
                raise
        return found

    def _resolve(self, tipo: RuleType, facts: Facts, item: int | None) -> Resolution:
        if self.explain:
            live, expired = matching(self.ruleset, tipo, facts, self.day, explain=True)
            return pick(tipo, live, expired, explain=True, item=item)
        return winner(self.ruleset, tipo, facts, self.day, item)

    def parsed(self, rule: CompiledRule, kind: str, parse: Callable[[Mapping[str, Any]], T]) -> T:
        """A rule result parsed once (rates read as Decimal once, not per item).

        Kept on the compiled rule, so it survives the call: it depends on the rule only.
        """
        found: T | None = rule.derived.get(kind)
        if found is None:
            found = rule.derived[kind] = self.ruleset.parse(kind, parse, rule.rule.resultado)
        return found

    def cached(self, key: tuple[Any, ...], make: Callable[[], T]) -> T:
        """Per-call memo for values derived only from rules (never from item amounts).

        `key` is a tag and the objects the value derives from, compared by identity: the
        memo holds them, so no id is reused during the call. (Equality would be wrong too:
        Decimal("10") == Decimal("10.00") would hand one rule's rate text to another.)
        """
        ids = tuple(map(id, key))
        found = self._parsed.get(ids)
        if found is None:
            found = self._parsed[ids] = (key, make())
        return cast(T, found[1])

    def use(self, res: Resolution, etapa: str, item: int | None, **values: Any) -> Rule:
        """Record the winner of a resolution as used (and explained)."""
        winner = res.winner
        assert winner is not None
        self.used.setdefault(id(winner), winner)
        if winner.review is not None:
            self.review_reasons.append(winner.review)
        if self.explain:
            self.decisions.append(_rule_decision(res, winner.rule, etapa, item, values))
        return winner.rule

    def cite(
        self, res: Resolution, etapa: str, item: int | None, motivo: str, **values: Any
    ) -> None:
        """Explain a computed step (base, rate, value) naming the rule that set its rate or
        base: id, version, source and type (the rule was recorded as used by `use`)."""
        if not self.explain:
            return
        cr = res.winner
        if cr is None:
            self.note(etapa, motivo, item, **values)
            return
        rule = cr.rule
        self.decisions.append(Decision(
            etapa=etapa, motivo=motivo, item=item, regra_id=rule.id, tipo_regra=rule.tipo.value,
            versao=rule.versao, fonte=rule.fonte, camada=rule.camada, **values,
        ))  # fmt: skip

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
        base = min((cr.rule.confianca for cr in self.used.values()), default=Decimal(1))
        score = base * FALLBACK_PENALTY**self.fallbacks
        return score.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)

    def usages(self) -> tuple[RuleUsage, ...]:
        """`rules_used[]`; each RuleUsage depends on its rule only and is kept with it."""
        out = []
        for cr in self.used.values():
            usage = cr.derived.get("usage")
            if usage is None:
                usage = cr.derived["usage"] = _usage(cr.rule)
            out.append(usage)
        return tuple(out)

    def rules(self) -> tuple[Rule, ...]:
        """The rules used, in order of first use."""
        return tuple(cr.rule for cr in self.used.values())


def _usage(rule: Rule) -> RuleUsage:
    return RuleUsage(
        rule.id, rule.tipo.value, rule.versao, rule.fonte, rule.vigencia_inicio,
        rule.entrada, rule.camada, rule.pacote, rule.revisao_pacote,
    )  # fmt: skip


def _rule_decision(
    res: Resolution, rule: Rule, etapa: str, item: int | None, values: dict[str, Any]
) -> Decision:
    motivo = values.pop("motivo", "regra vigente mais específica")
    return Decision(
        etapa=etapa, motivo=motivo, item=item, regra_id=rule.id, tipo_regra=rule.tipo.value,
        versao=rule.versao, fonte=rule.fonte, camada=rule.camada,
        criterios_correspondentes=res.matched_criteria, concorrentes=res.losers, **values,
    )  # fmt: skip
