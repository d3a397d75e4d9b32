"""Rule invariants checked when a rule enters a RuleSet (packs and company rules alike)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from engine.errors import InvalidRuleError
from engine.rules import Rule, RuleType

RATE_FIELDS = frozenset(
    {
        "aliq_icms", "red_bc", "aliq_cred_sn", "aliq_pis", "aliq_cofins", "p_fcp", "p_dif",
        "ibs_p_uf", "ibs_p_mun", "cbs_p", "red_aliq_ibs_uf", "red_aliq_ibs_mun", "red_aliq_cbs",
        "dif_p_ibs_uf", "dif_p_ibs_mun", "dif_p_cbs", "cred_presumido_p",
        "aliquota", "aliquota_minima", "aliquota_maxima", "percentual", "p_partilha_destino",
    }
)  # fmt: skip
"""Result fields holding a percentage: decimal strings from 0 to 100, never floats."""

BENEFIT_TYPES = frozenset({RuleType.RURAL_BENEFICIO})
RURAL_NORMAL = "NORMAL"
_ZERO, _ONE, _HUNDRED = Decimal(0), Decimal(1), Decimal(100)
_VALID_RATES: set[str] = set()
"""Rate texts already found valid (bounded): a big set repeats a few rates, and checking
them again would make and drop a Decimal per rate of every rule."""
_VALID_RATES_MAX = 4096


def decimal_field(rule_id: str, name: str, raw: Any) -> Decimal:
    """A rate as Decimal; floats are refused because they cannot carry a legal rate exactly."""
    if isinstance(raw, float | bool):
        raise InvalidRuleError(rule_id, f"{name} deve ser texto decimal, não {type(raw).__name__}")
    try:
        value = Decimal(str(raw))
    except InvalidOperation as exc:
        raise InvalidRuleError(rule_id, f"{name} não é decimal: {raw!r}") from exc
    if not value.is_finite() or not _ZERO <= value <= _HUNDRED:
        raise InvalidRuleError(rule_id, f"{name} fora de 0 a 100: {raw}")
    return value


def check_rule(rule: Rule) -> None:
    """Every invariant of the rule model; raises InvalidRuleError on the first breach."""
    if not rule.fonte.strip():
        raise InvalidRuleError(rule.id, "fonte é obrigatória")
    if not _ZERO <= rule.confianca <= _ONE:
        raise InvalidRuleError(rule.id, "confianca deve estar entre 0 e 1")
    if rule.vigencia_fim is not None and rule.vigencia_fim < rule.vigencia_inicio:
        raise InvalidRuleError(rule.id, "vigencia_fim anterior a vigencia_inicio")
    _check_rates(rule)
    _check_ibs_cbs(rule)
    _check_benefit(rule)


def _check_rates(rule: Rule) -> None:
    for name, raw in rule.resultado.items():
        if name in RATE_FIELDS and raw is not None and raw != "":
            if type(raw) is str and raw in _VALID_RATES:
                continue
            decimal_field(rule.id, name, raw)
            if type(raw) is str and len(_VALID_RATES) < _VALID_RATES_MAX:
                _VALID_RATES.add(raw)
    aliquotas = rule.resultado.get("aliquotas")
    if isinstance(aliquotas, dict):
        for name, raw in aliquotas.items():
            decimal_field(rule.id, f"aliquotas.{name}", raw)


def _check_ibs_cbs(rule: Rule) -> None:
    """cClassTrib has 6 digits and starts with its 3-digit CST (tax_domain §1.3)."""
    if rule.tipo not in (RuleType.IBS_CBS, RuleType.IVA):
        return
    cst, cclass = rule.resultado.get("cst"), rule.resultado.get("cclasstrib")
    if cst is None and cclass is None:
        return
    if not (isinstance(cst, str) and len(cst) == 3 and cst.isdigit()):
        raise InvalidRuleError(rule.id, f"cst IBS/CBS deve ter 3 dígitos: {cst!r}")
    if not (isinstance(cclass, str) and len(cclass) == 6 and cclass.isdigit()):
        raise InvalidRuleError(rule.id, f"cclasstrib deve ter 6 dígitos: {cclass!r}")
    if cclass[:3] != cst:
        raise InvalidRuleError(rule.id, f"cclasstrib {cclass} não pertence ao CST {cst}")


def _check_benefit(rule: Rule) -> None:
    """Benefit rules need `resultado.fundamento` (spec: rates and benefits never presumed)."""
    needs = rule.tipo in BENEFIT_TYPES or (
        rule.tipo is RuleType.RURAL_ICMS
        and rule.resultado.get("tratamento", RURAL_NORMAL) != RURAL_NORMAL
    )
    if needs and not rule.resultado.get("fundamento"):
        raise InvalidRuleError(rule.id, "regra de benefício exige resultado.fundamento")
