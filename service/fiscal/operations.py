"""Company base rules: create, change, deactivate — each audited and bumping the revision."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy.orm import Session

from engine.errors import InvalidRuleError
from engine.ruleset import compile_rule
from service.audit import operations as audit
from service.companies.models import Company
from service.configuration.rules import refuse_pack_rule
from service.errors import invalid_field
from service.fiscal.models import BaseRule
from service.fiscal.rules import bump_revision, to_engine_rule
from service.ids import new_id

WRITABLE = (
    "tipo", "criterios", "resultado", "condicao", "vigencia_inicio", "vigencia_fim", "versao",
    "fonte", "descricao", "referencia", "prioridade", "confianca",
)  # fmt: skip


def _validate(row: BaseRule) -> None:
    """The rule compiled by the engine exactly as the company's rule set will compile it
    (criteria names and forms, condition dialect and vocabulary, result fields and kinds,
    rates, cClassTrib vs CST, benefit fundamento): a rule accepted here cannot make the
    company's calculations fail later. The refusal names the rule's field at fault."""
    try:
        compile_rule(to_engine_rule(row))
    except InvalidRuleError as exc:
        raise invalid_field(exc.field or "regra", exc.message) from exc
    except (ValueError, TypeError) as exc:
        raise invalid_field("regra", str(exc)) from exc


def snapshot_of(row: BaseRule) -> dict[str, Any]:
    """What the audit log keeps of a rule (JSON-ready)."""
    values = {name: getattr(row, name) for name in WRITABLE}
    values["vigencia_inicio"] = str(values["vigencia_inicio"])
    values["vigencia_fim"] = str(values["vigencia_fim"]) if values["vigencia_fim"] else None
    values["confianca"] = str(values["confianca"])
    return values


def _apply(row: BaseRule, data: dict[str, Any]) -> None:
    for name in WRITABLE:
        if name in data and not (name == "confianca" and data[name] is None):
            setattr(row, name, data[name])


def _audit(
    session: Session,
    row: BaseRule,
    acao: str,
    *,
    antes: dict[str, Any] | None,
    depois: dict[str, Any],
    actor: str,
    ip: str | None,
) -> None:
    audit.record(session, account_id=row.account_id, company_id=row.company_id, acao=acao,
                 entidade="regra_base", registro_id=row.id, antes=antes, depois=depois, ip=ip,
                 actor_key_id=actor)  # fmt: skip


def create_rule(
    session: Session, company: Company, data: dict[str, Any], *, actor: str, ip: str | None
) -> BaseRule:
    row = BaseRule(
        id=new_id("rb"),
        account_id=company.account_id,
        company_id=company.id,
        confianca=Decimal("1"),
        tags=[],
        ativo=True,
        revisao=1,
    )
    _apply(row, data)
    _validate(row)
    session.add(row)
    bump_revision(session, company.id)
    _audit(session, row, "CRIAR", antes=None, depois=snapshot_of(row), actor=actor, ip=ip)
    return row


def update_rule(
    session: Session, row: BaseRule, data: dict[str, Any], *, actor: str, ip: str | None
) -> BaseRule:
    refuse_pack_rule(row)
    before = snapshot_of(row)
    _apply(row, data)
    _validate(row)
    row.revisao += 1
    bump_revision(session, row.company_id)
    _audit(session, row, "ALTERAR", antes=before, depois=snapshot_of(row), actor=actor, ip=ip)
    return row


def deactivate_rule(session: Session, row: BaseRule, *, actor: str, ip: str | None) -> BaseRule:
    refuse_pack_rule(row)
    row.ativo = False
    bump_revision(session, row.company_id)
    _audit(
        session,
        row,
        "DESATIVAR",
        antes={"ativo": True},
        depois={"ativo": False},
        actor=actor,
        ip=ip,
    )
    return row
