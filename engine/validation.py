"""Rule invariants checked when a rule enters a RuleSet (packs and company rules alike).

Each refusal names the part of the rule at fault (`InvalidRuleError.field`), so the service,
which runs the same checks when a company writes a rule, can answer with that field.
"""

from __future__ import annotations

from decimal import Decimal

from engine.errors import InvalidRuleError
from engine.results import check_result
from engine.rules import Rule, RuleType

BENEFIT_TYPES = frozenset({RuleType.RURAL_BENEFICIO})
RURAL_NORMAL = "NORMAL"
_ZERO, _ONE = Decimal(0), Decimal(1)


def check_rule(rule: Rule) -> None:
    """Every invariant of the rule model; raises InvalidRuleError on the first breach."""
    if not rule.fonte.strip():
        raise InvalidRuleError(rule.id, "fonte é obrigatória (a base legal da regra)", "fonte")
    if not _ZERO <= rule.confianca <= _ONE:
        raise InvalidRuleError(rule.id, "confianca deve estar entre 0 e 1", "confianca")
    if rule.vigencia_fim is not None and rule.vigencia_fim < rule.vigencia_inicio:
        raise InvalidRuleError(rule.id, "vigencia_fim anterior a vigencia_inicio", "vigencia_fim")
    _check_benefit(rule)
    check_result(rule)
    _check_ibs_cbs(rule)


def _check_ibs_cbs(rule: Rule) -> None:
    """cClassTrib has 6 digits and starts with its 3-digit CST (tax_domain §1.3)."""
    if rule.tipo not in (RuleType.IBS_CBS, RuleType.IVA):
        return
    cst, cclass = rule.resultado.get("cst"), rule.resultado.get("cclasstrib")
    if cst is None and cclass is None:
        return
    if not (isinstance(cst, str) and len(cst) == 3 and cst.isdigit()):
        raise InvalidRuleError(rule.id, f"cst IBS/CBS deve ter 3 dígitos: {cst!r}", "resultado.cst")
    if not (isinstance(cclass, str) and len(cclass) == 6 and cclass.isdigit()):
        raise InvalidRuleError(
            rule.id, f"cclasstrib deve ter 6 dígitos: {cclass!r}", "resultado.cclasstrib"
        )
    if cclass[:3] != cst:
        raise InvalidRuleError(
            rule.id, f"cclasstrib {cclass} não pertence ao CST {cst}", "resultado.cclasstrib"
        )


def _check_benefit(rule: Rule) -> None:
    """Benefit rules need `resultado.fundamento` (spec: rates and benefits never presumed)."""
    needs = rule.tipo in BENEFIT_TYPES or (
        rule.tipo is RuleType.RURAL_ICMS
        and rule.resultado.get("tratamento", RURAL_NORMAL) != RURAL_NORMAL
    )
    if needs and not rule.resultado.get("fundamento"):
        raise InvalidRuleError(
            rule.id, "regra de benefício exige resultado.fundamento", "resultado.fundamento"
        )
