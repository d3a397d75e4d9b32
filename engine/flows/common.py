"""Steps shared by the families: line values, IBS/CBS, the preview's rule match."""

from __future__ import annotations

from decimal import Decimal

from engine.calculators.ibs_cbs import compute_ibs_cbs, spec_from_result
from engine.context import Item
from engine.errors import MissingValueError
from engine.facts import Facts
from engine.resolve import Resolution
from engine.result import IbsCbsGroup, RuleMatch
from engine.rounding import money
from engine.rules import RuleType
from engine.run import Run


def line_values(item: Item) -> tuple[Decimal, Decimal]:
    """(gross, discount) of a line, each rounded to cents."""
    return money(item.quantidade * item.valor_unitario), money(item.desconto)


def rule_match(run: Run, res: Resolution) -> RuleMatch | None:
    """The preview's `regra_tributaria` / `regra_iva` of an item (one per resolution)."""
    return res.match


def ibs_cbs_resolution(run: Run, facts: Facts, item: int) -> Resolution:
    """The company's IVA rule first; the IBS_CBS base rules (company or global) otherwise."""
    res = run.resolve(RuleType.IVA, facts, item)
    return res if res.winner else run.resolve(RuleType.IBS_CBS, facts, item)


def ibs_cbs_step(run: Run, res: Resolution, base: Decimal, item: int) -> IbsCbsGroup | None:
    """IBS/CBS of an item when a rule is in force; `aplicar: false` rules skip the group."""
    if res.winner is None:
        run.warn("IBS_CBS_SEM_REGRA", "nenhuma regra IBS/CBS vigente; grupo não gerado", item)
        run.note("IBS_CBS", "nenhuma regra vigente", item)
        return None
    result = res.winner.rule.resultado
    if result.get("aplicar") is False:
        run.use(res, "IBS_CBS", item, motivo=str(result.get("motivo", "não se aplica")))
        return None
    try:
        group = compute_ibs_cbs(base, run.parsed(res.winner, "ibs_cbs", spec_from_result))
    except MissingValueError as exc:
        run.use(res, "IBS_CBS", item, motivo=exc.message)
        run.need(exc.codigo, f"item {item}: {exc.message}", item, res.tipo.value)
        return None
    run.use(res, "IBS_CBS", item, base=group.vBC, valor=group.vIBS)
    return group
