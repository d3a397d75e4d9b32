"""A company's rules as stored rows and as the engine's rules, in one list, and the writes a
published pack makes to them.

A company rule lives in the table of its type: TRIBUTACAO in `tax_rules`, IVA in `iva_rules`,
every other type in `base_rules`. A row written through the API keeps the register's fields
(`origem` api); a row published from the company's pack keeps the pack's rule as written
(`origem` pacote: its id, version, criteria in the engine's vocabulary, condition, source and
confidence), so exporting it and publishing it again changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from engine import Rule, RuleType
from engine.errors import InvalidRuleError
from engine.loading import rule_to_dict
from service.companies.models import Company
from service.configuration import engine_rules
from service.configuration.models import IvaRule, TaxRule
from service.fiscal import rules as fiscal_rules
from service.fiscal.models import BaseRule
from service.ids import new_id

Row = TaxRule | IvaRule | BaseRule


@dataclass(frozen=True)
class Table:
    """Where rules of some types are stored, and how the audit log names their changes."""

    model: Any
    prefix: str
    entidade: str
    alterar: str
    """The audit verb of a change in this register (each register kept its own)."""
    convert: Callable[[Any], Rule]


def _tax(row: TaxRule) -> Rule:
    return engine_rules.to_engine_rule(row, RuleType.TRIBUTACAO)


def _iva(row: IvaRule) -> Rule:
    return engine_rules.to_engine_rule(row, RuleType.IVA)


TAX = Table(TaxRule, "trib", "tributacao", "ATUALIZAR", _tax)
IVA = Table(IvaRule, "iva", "iva", "ATUALIZAR", _iva)
BASE = Table(BaseRule, "rb", "regra_base", "ALTERAR", fiscal_rules.to_engine_rule)
TABLES = (TAX, IVA, BASE)


def table_for(tipo: RuleType) -> Table:
    if tipo is RuleType.TRIBUTACAO:
        return TAX
    return IVA if tipo is RuleType.IVA else BASE


@dataclass(frozen=True)
class StoredRule:
    """One active company rule: its row, the table it is in, and the engine's rule it makes."""

    table: Table
    row: Any
    rule: Rule


class UnreadableRulesError(Exception):
    """Stored rules that do not even become engine rules: fix them before exporting or
    publishing over them (the same refusal issuance gives, 422 naming each rule)."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def stored_rules(session: Session, company_id: str) -> list[StoredRule]:
    """Every active rule of the company, in a stable order (table, then creation)."""
    out: list[StoredRule] = []
    problems: list[str] = []
    for table in TABLES:
        model = table.model
        query = (
            select(model)
            .where(model.company_id == company_id, model.ativo.is_(True))
            .order_by(model.created_at, model.id)
        )
        for row in session.execute(query).scalars():
            try:
                out.append(StoredRule(table, row, table.convert(row)))
            except (InvalidRuleError, ValueError, TypeError) as exc:
                problems.append(f"{table.entidade} {row.id}: {exc}")
    if problems:
        raise UnreadableRulesError(problems)
    return out


@dataclass(frozen=True)
class PackRef:
    nome: str
    revisao: str


def new_row(company: Company, rule: Rule, pack: PackRef) -> Row:
    """The row a pack's rule becomes in the company's table for its type."""
    table = table_for(rule.tipo)
    row: Row = table.model(
        id=new_id(table.prefix), account_id=company.account_id, company_id=company.id,
        ativo=True, revisao=1,
    )  # fmt: skip
    write(row, rule, pack)
    return row


def write(row: Row, rule: Rule, pack: PackRef) -> None:
    """Set a row to a pack's rule, as the pack wrote it (`origem` pacote)."""
    row.origem = engine_rules.PACK_ORIGIN
    row.regra_id, row.pacote, row.revisao_pacote = rule.id, pack.nome, pack.revisao
    row.criterios, row.resultado = dict(rule.criterios), dict(rule.resultado)
    row.condicao = dict(rule.condicao) if rule.condicao is not None else None
    row.vigencia_inicio, row.vigencia_fim = rule.vigencia_inicio, rule.vigencia_fim
    row.versao, row.fonte, row.descricao = rule.versao, rule.fonte, rule.descricao
    row.prioridade, row.confianca = rule.prioridade, Decimal(rule.confianca)
    row.tags = list(rule.tags)
    if isinstance(row, BaseRule):
        row.tipo = rule.tipo.value


def audit_view(rule: Rule) -> dict[str, Any]:
    """What the audit log keeps of a rule: its pack form."""
    return rule_to_dict(rule)
