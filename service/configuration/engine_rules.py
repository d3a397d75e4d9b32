"""Stored tax rules (`tributacao`) and IVA rules (`iva`) as the engine's rules.

Every active row becomes one `engine.Rule` of tipo TRIBUTACAO or IVA with origin company;
the NCM criterion is a prefix (a rule for "2202" covers every NCM below it). The row's id
is the rule id, so an issued document's snapshot names the exact row it used.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from engine import Rule, RuleOrigin, RuleType
from service.configuration.models import IvaRule, TaxRule
from service.fiscal.rules import register_source

PREFIX_CRITERIA = frozenset({"ncm", "nbs"})
COMPANY_RULE_SOURCE = "Regra cadastrada pela empresa"


def _criteria(stored: dict[str, Any]) -> dict[str, Any]:
    criteria: dict[str, Any] = {}
    for key, value in stored.items():
        if value is None or value == "":
            continue
        criteria[f"{key}_prefixo" if key in PREFIX_CRITERIA else key] = value
    return criteria


def to_engine_rule(row: TaxRule | IvaRule, tipo: RuleType) -> Rule:
    return Rule(
        id=row.id,
        tipo=tipo,
        criterios=_criteria(dict(row.criterios or {})),
        resultado={k: v for k, v in (row.resultado or {}).items() if v is not None},
        vigencia_inicio=row.vigencia_inicio,
        vigencia_fim=row.vigencia_fim,
        versao=str(row.revisao),
        fonte=row.descricao or COMPANY_RULE_SOURCE,
        prioridade=row.prioridade,
        confianca=Decimal("1"),
        origem=RuleOrigin.EMPRESA,
        tags=tuple(row.tags or ()),
        descricao=row.descricao,
    )


def company_rules(session: Session, company_id: str) -> list[Rule]:
    """Active tax and IVA rules of the company, for the rule cache."""
    rules: list[Rule] = []
    tax = select(TaxRule).where(TaxRule.company_id == company_id, TaxRule.ativo.is_(True))
    iva = select(IvaRule).where(IvaRule.company_id == company_id, IvaRule.ativo.is_(True))
    rules.extend(to_engine_rule(r, RuleType.TRIBUTACAO) for r in session.execute(tax).scalars())
    rules.extend(to_engine_rule(r, RuleType.IVA) for r in session.execute(iva).scalars())
    return rules


register_source(company_rules)
