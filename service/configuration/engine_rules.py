"""Stored tax rules (`tributacao`) and IVA rules (`iva`) as the engine's rules.

Every active row becomes one `engine.Rule` of tipo TRIBUTACAO or IVA with origin company;
the NCM criterion is a prefix (a rule for "2202" covers every NCM below it). The row's id
is the rule id, so an issued document's snapshot names the exact row it used. A row is
compiled by the engine, as its rule set will compile it, whenever it is written
(`check_compiles`), and the engine's refusals are reported under the register's field names.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from engine import Rule, RuleOrigin, RuleType
from engine.errors import InvalidRuleError
from engine.ruleset import compile_rule
from service.configuration.models import IvaRule, TaxRule
from service.errors import invalid_field
from service.fiscal.rules import Loaded, RuleRegister, loaded, register_source

PREFIX_CRITERIA = frozenset({"ncm", "nbs"})
COMPANY_RULE_SOURCE = "Regra cadastrada pela empresa"
PACK_ORIGIN = "pacote"
"""`origem` of a row published from the company's pack (`fiscal rulepacks sync`)."""
_PARTS = ("criterios.", "resultado.")


def _criteria(stored: dict[str, Any]) -> dict[str, Any]:
    criteria: dict[str, Any] = {}
    for key, value in stored.items():
        if value is None or value == "":
            continue
        criteria[f"{key}_prefixo" if key in PREFIX_CRITERIA else key] = value
    return criteria


def to_engine_rule(row: TaxRule | IvaRule, tipo: RuleType) -> Rule:
    if row.origem == PACK_ORIGIN:
        return _pack_rule(row, tipo)
    return Rule(
        id=row.id,
        tipo=tipo,
        criterios=_criteria(dict(row.criterios or {})),
        resultado={k: v for k, v in (row.resultado or {}).items() if v is not None},
        vigencia_inicio=row.vigencia_inicio,
        vigencia_fim=row.vigencia_fim,
        versao=str(row.revisao),
        fonte=(row.descricao or "").strip() or COMPANY_RULE_SOURCE,
        prioridade=row.prioridade,
        confianca=Decimal("1"),
        origem=RuleOrigin.EMPRESA,
        tags=tuple(row.tags or ()),
        descricao=row.descricao,
    )


def _pack_rule(row: TaxRule | IvaRule, tipo: RuleType) -> Rule:
    """A row published from the company's pack: the pack's rule as it was written (criteria in
    the engine's vocabulary, its own id, version, condition, source and confidence)."""
    return Rule(
        id=row.regra_id or row.id, tipo=tipo, criterios=dict(row.criterios or {}),
        condicao=row.condicao, resultado=dict(row.resultado or {}),
        vigencia_inicio=row.vigencia_inicio, vigencia_fim=row.vigencia_fim,
        versao=row.versao or str(row.revisao), fonte=row.fonte or "",
        prioridade=row.prioridade, confianca=Decimal(row.confianca or 1),
        origem=RuleOrigin.EMPRESA, tags=tuple(row.tags or ()), descricao=row.descricao,
        pacote=row.pacote, revisao_pacote=row.revisao_pacote,
    )  # fmt: skip


def company_rules(session: Session, company_id: str) -> list[Loaded]:
    """Active tax and IVA rules of the company, for the rule cache."""
    tax = select(TaxRule).where(TaxRule.company_id == company_id, TaxRule.ativo.is_(True))
    iva = select(IvaRule).where(IvaRule.company_id == company_id, IvaRule.ativo.is_(True))
    return loaded(session.execute(tax).scalars(), _tax_rule, "TRIBUTACAO") + loaded(
        session.execute(iva).scalars(), _iva_rule, "IVA"
    )


def _tax_rule(row: TaxRule) -> Rule:
    return to_engine_rule(row, RuleType.TRIBUTACAO)


def _iva_rule(row: IvaRule) -> Rule:
    return to_engine_rule(row, RuleType.IVA)


def api_field(field: str) -> str:
    """The register's name of a field the engine names in a rule (`criterios.ncm_prefixo` →
    `ncm`, `resultado.aliq_icms` → `aliq_icms`, `fonte` → `descricao`)."""
    if field == "fonte":
        return "descricao"
    name = field.split(".", 1)[1] if field.startswith(_PARTS) else field
    base = name.removesuffix("_prefixo")
    return base if base in PREFIX_CRITERIA else name


def check_compiles(row: TaxRule | IvaRule, tipo: RuleType) -> None:
    """Refuse (422 naming the field) a row the engine could not compile into the rule set."""
    try:
        compile_rule(to_engine_rule(row, tipo))
    except InvalidRuleError as exc:
        raise invalid_field(api_field(exc.field or "regra"), exc.message) from exc


REGISTER = RuleRegister(
    {
        RuleType.TRIBUTACAO: "/configuracao-fiscal/tributacao",
        RuleType.IVA: "/configuracao-fiscal/iva",
    },
    api_field,
)
register_source(company_rules, REGISTER)
