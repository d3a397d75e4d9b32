"""Factories for engine tests: contexts and rules with sensible defaults."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from engine import Company, Counterpart, DocumentType, Item, Rule, RuleType, TaxContext
from engine.rules import RuleOrigin


def make_rule(rule_id: str, tipo: RuleType = RuleType.TRIBUTACAO, **kw: Any) -> Rule:
    kw.setdefault("resultado", {})
    kw.setdefault("vigencia_inicio", date(2026, 1, 1))
    kw.setdefault("versao", "1")
    kw.setdefault("fonte", "teste")
    return Rule(id=rule_id, tipo=tipo, **kw)


def make_ctx(documento: DocumentType = DocumentType.NFE, **kw: Any) -> TaxContext:
    kw.setdefault("data_operacao", date(2026, 5, 10))
    kw.setdefault("empresa", Company(crt=3, uf="SP", cod_municipio="3550308"))
    kw.setdefault("contraparte", Counterpart(uf="SP"))
    kw.setdefault("itens", (Item(1, Decimal("1"), Decimal("100.00"), origem="0"),))
    return TaxContext(documento=documento, **kw)


def company_rule(rule_id: str, tipo: RuleType = RuleType.TRIBUTACAO, **kw: Any) -> Rule:
    return make_rule(rule_id, tipo, origem=RuleOrigin.EMPRESA, **kw)
