"""`/fiscal/calcular` and `/configuracao-fiscal/regras-base`."""

from __future__ import annotations

from datetime import date
from typing import Any

from flask import request
from flask.views import MethodView
from sqlalchemy import select

from engine import DocumentType, compute, snapshot
from engine.errors import ContextError, RuleConflictError, UnsupportedDocumentError
from service import runtime
from service.accounts.scopes import Scope
from service.api import Blueprint
from service.auth import current_credential, requires
from service.companies.models import Company
from service.companies.resolver import resolve_company
from service.errors import ApiError
from service.fiscal import operations
from service.fiscal.context import build_context
from service.fiscal.models import BaseRule
from service.fiscal.rules import CACHE, global_rules
from service.fiscal.schemas import (
    BaseRuleCreatedSchema,
    BaseRuleDeletedSchema,
    BaseRuleItemSchema,
    BaseRuleListSchema,
    BaseRuleQuerySchema,
    BaseRuleUpdateSchema,
    BaseRuleWriteSchema,
    CalculationRequestSchema,
    CalculationSchema,
    ExplainQuerySchema,
)

calc = Blueprint("fiscal", __name__, url_prefix="/fiscal", description="Motor fiscal")
rules_blp = Blueprint(
    "base_rules",
    __name__,
    url_prefix="/configuracao-fiscal/regras-base",
    description="Regras-base versionadas",
)


def engine_error(exc: Exception) -> ApiError:
    """Engine refusals at the edge: conflicts, impossible contexts, unsupported documents."""
    if isinstance(exc, RuleConflictError):
        return ApiError(
            "CONFLITO_REGRAS",
            details=[{"tipo": exc.tipo, "regras": list(exc.rule_ids), "item": exc.item}],
        )
    if isinstance(exc, ContextError):
        return ApiError("VALIDATION_ERROR", errors=[{"field": exc.field, "message": exc.message}])
    return ApiError("NFF_NAO_DISPONIVEL")


@calc.route("/calcular")
class Calculate(MethodView):
    @calc.arguments(ExplainQuerySchema, location="query")
    @calc.arguments(CalculationRequestSchema)
    @calc.response(200, CalculationSchema)
    @requires(Scope.PREVIEW)
    def post(self, query: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
        """Runs only the engine: no authority, no charge, no numbering."""
        if body["documento"] == "NFF":
            raise ApiError("NFF_NAO_DISPONIVEL")
        company = resolve_company()
        session = runtime.db()
        ctx = build_context(
            DocumentType(body["documento"]),
            body["operacao"],
            company,
            contexto=body["contexto"],
            today=date.today(),
            can_override=current_credential().can(Scope.OVERRIDE),
        )
        try:
            result = compute(ctx, CACHE.ruleset(session, company.id), explain=query["explain"])
        except (RuleConflictError, ContextError, UnsupportedDocumentError) as exc:
            raise engine_error(exc) from exc
        data = result.to_dict()
        data["document"] = {
            "documento": ctx.documento.value,
            "empresa": company.codigo,
            "data_operacao": ctx.data_operacao.isoformat(),
            "contexto": ctx.empresa.contexto,
        }
        data["snapshot_sha256"] = snapshot(ctx, result)[1]
        data["confidence_score"] = float(result.confidence_score)
        return data


def _render_company_rule(row: BaseRule) -> dict[str, Any]:
    return {
        **{c: getattr(row, c) for c in operations.WRITABLE},
        "id": row.id,
        "config_id": row.company_id,
        "origem": "empresa",
        "somente_leitura": False,
        "confianca": str(row.confianca),
        "ativo": row.ativo,
    }


def _render_global_rule(rule: Any) -> dict[str, Any]:
    fields = (
        "tipo",
        "criterios",
        "condicao",
        "resultado",
        "vigencia_inicio",
        "vigencia_fim",
        "versao",
        "fonte",
        "descricao",
        "prioridade",
        "pacote",
        "revisao_pacote",
    )
    data = {name: getattr(rule, name) for name in fields}
    data["tipo"] = str(rule.tipo)
    data.update(
        id=rule.id,
        config_id=None,
        origem="global",
        somente_leitura=True,
        confianca=str(rule.confianca),
        ativo=True,
        criterios=dict(rule.criterios),
        resultado=dict(rule.resultado),
    )
    return data


def _company_rule(rule_id: str, company: Company) -> BaseRule:
    row = runtime.db().get(BaseRule, rule_id)
    if row is None or row.company_id != company.id:
        raise ApiError("NAO_ENCONTRADO")
    return row


@rules_blp.route("")
class BaseRules(MethodView):
    @rules_blp.arguments(BaseRuleQuerySchema, location="query")
    @rules_blp.response(200, BaseRuleListSchema)
    @requires(Scope.CONSULTAR)
    def get(self, args: dict[str, Any]) -> dict[str, Any]:
        """The company's rules and the read-only global rules."""
        company = resolve_company()
        query = select(BaseRule).where(BaseRule.company_id == company.id)
        if "tipo" in args:
            query = query.where(BaseRule.tipo == args["tipo"])
        own = (
            []
            if args.get("origem") == "global"
            else [
                _render_company_rule(r)
                for r in runtime.db().execute(query.order_by(BaseRule.created_at)).scalars()
            ]
        )
        shared = (
            []
            if args.get("origem") == "empresa"
            else [
                _render_global_rule(r)
                for r in global_rules().rules
                if "tipo" not in args or str(r.tipo) == args["tipo"]
            ]
        )
        items = own + shared
        return {"total": len(items), "itens": items}

    @rules_blp.arguments(BaseRuleWriteSchema)
    @rules_blp.response(201, BaseRuleCreatedSchema)
    @requires(Scope.CONFIGURAR)
    def post(self, data: dict[str, Any]) -> dict[str, Any]:
        """Creates a company rule (audited). Benefit rules need `resultado.fundamento`."""
        company = resolve_company()
        session = runtime.db()
        row = operations.create_rule(
            session, company, data, actor=current_credential().key_id, ip=request.remote_addr
        )
        session.commit()
        return {"id": row.id, "tipo": row.tipo}


@rules_blp.route("/<rule_id>")
class BaseRuleItem(MethodView):
    @rules_blp.response(200, BaseRuleItemSchema)
    @requires(Scope.CONSULTAR)
    def get(self, rule_id: str) -> dict[str, Any]:
        """A company rule of this company, or a global rule."""
        company = resolve_company()
        for rule in global_rules().rules:
            if rule.id == rule_id:
                return {"regra": _render_global_rule(rule)}
        return {"regra": _render_company_rule(_company_rule(rule_id, company))}

    @rules_blp.arguments(BaseRuleUpdateSchema)
    @rules_blp.response(200, BaseRuleItemSchema)
    @requires(Scope.CONFIGURAR)
    def put(self, data: dict[str, Any], rule_id: str) -> dict[str, Any]:
        """Changes the company's own rule; global rules are not the company's (404)."""
        row = _company_rule(rule_id, resolve_company())
        session = runtime.db()
        operations.update_rule(
            session, row, data, actor=current_credential().key_id, ip=request.remote_addr
        )
        session.commit()
        return {"regra": _render_company_rule(row)}

    @rules_blp.response(200, BaseRuleDeletedSchema)
    @requires(Scope.CONFIGURAR)
    def delete(self, rule_id: str) -> dict[str, Any]:
        """Deactivates (never erases): issued documents keep their snapshots."""
        row = _company_rule(rule_id, resolve_company())
        session = runtime.db()
        operations.deactivate_rule(
            session, row, actor=current_credential().key_id, ip=request.remote_addr
        )
        session.commit()
        return {"id": row.id, "ativo": False}
