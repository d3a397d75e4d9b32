"""`/fiscal/calcular`, `/fiscal/preview`, `/fiscal/validate`, `/configuracao-fiscal/regras-base`."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import marshmallow as ma
from flask import request
from flask.views import MethodView
from sqlalchemy import select

from documents.nfe.model import Modelo
from engine import DocumentType, TaxResult, compute, snapshot
from service import clock, runtime
from service.accounts.scopes import Scope
from service.api import Blueprint
from service.auth import current_credential, requires
from service.companies.models import Company, Module
from service.companies.resolver import effective_environment, resolve_company
from service.configuration.rules import pack_fields
from service.cte import preview as cte_preview
from service.cte.schemas import CteOsPreviewRequestSchema, CtePreviewRequestSchema
from service.errors import ApiError, field_errors
from service.fiscal import examples as ex
from service.fiscal import operations
from service.fiscal.context import build_context
from service.fiscal.errors import ENGINE_REFUSALS, engine_error
from service.fiscal.goods import registered_nature, registered_products, registered_recipient
from service.fiscal.issued import issuance_context, issuance_request
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
    IssuanceOperationSchema,
    PreviewRequestSchema,
    PreviewSchema,
    ValidationRequestSchema,
    ValidationSchema,
)
from service.issuance import registry
from service.mdfe import preview as mdfe_preview
from service.mdfe.schemas import MdfePreviewRequestSchema
from service.nfe import preview, rural
from service.nfse import preview as nfse_preview
from service.nfse.schemas import NfsePreviewRequestSchema
from service.rulepacks.layers import pack_rules, platform_packs

ENGINE_ERRORS = ("NFF_NAO_DISPONIVEL", "CONFLITO_REGRAS", "REVISAO_FISCAL_NECESSARIA")
calc = Blueprint("fiscal", __name__, url_prefix="/fiscal", description="Motor fiscal")
rules_blp = Blueprint(
    "base_rules",
    __name__,
    url_prefix="/configuracao-fiscal/regras-base",
    description="Regras-base versionadas",
)


def _calculate(body: dict[str, Any], *, explain: bool) -> tuple[TaxResult, dict[str, Any]]:
    """The engine alone on the minimal JSON of any document family (`/fiscal/calcular`)."""
    if body["documento"] == "NFF":
        raise ApiError("NFF_NAO_DISPONIVEL")
    company = resolve_company()
    session = runtime.db()
    documento, operacao = DocumentType(body["documento"]), body["operacao"]
    today = clock.operation_date(company.uf)
    issued, issuance = issuance_request(documento, operacao), None
    if issued is not None:  # the issuance's JSON: its context, built by the issuance's code
        family = registry.by_documento(documento.value)
        if family.check_request is not None:
            family.check_request(current_credential(), issued)
        issuance = issuance_context(session, company, documento, issued, today=today,
                                    ambiente=effective_environment(company).value,
                                    contexto=body["contexto"])  # fmt: skip
        ctx = issuance.context
    else:  # a what-if: items described inline, a service by its value, a route by UF
        ctx = build_context(
            documento,
            operacao,
            company,
            contexto=body["contexto"],
            today=today,
            can_override=current_credential().can(Scope.OVERRIDE),
            products=registered_products(session, company, documento, operacao),
            recipient=registered_recipient(session, company, documento, operacao),
            nature_id=registered_nature(session, company, documento, operacao),
        )
    try:
        result = compute(ctx, CACHE.ruleset(session, company.id), explain=explain)
    except ENGINE_REFUSALS as exc:
        raise engine_error(exc) from exc
    data = result.to_dict()
    digest = snapshot(ctx, result, data)[1]  # the answer's own dict, before it is extended
    if issuance is not None:
        issuance.written(result, data)
    data["document"] = {
        "documento": ctx.documento.value,
        "empresa": company.codigo,
        "data_operacao": ctx.data_operacao.isoformat(),
        "contexto": ctx.empresa.contexto,
    }
    data["snapshot_sha256"] = digest
    data["confidence_score"] = float(result.confidence_score)
    return result, data


@calc.route("/calcular")
class Calculate(MethodView):
    @requires(Scope.PREVIEW)
    @calc.arguments(ExplainQuerySchema, location="query")
    @calc.arguments(CalculationRequestSchema, example=ex.CALCULATION)
    @calc.response(200, CalculationSchema)
    @calc.errors(*ENGINE_ERRORS)
    def post(self, query: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
        """Runs only the engine: no authority, no charge, no numbering."""
        with fields_within("operacao", outside=("documento", "contexto")):
            return _calculate(body, explain=query["explain"])[1]


_GOODS = {"NFE": Modelo.NFE.value, "NFCE": Modelo.NFCE.value}
_MODULE = {Modelo.NFE.value: Module.NFE, Modelo.NFCE.value: Module.NFCE}


def _goods_outcome(
    body: dict[str, Any], modelo: str, *, explain: bool, contexto: str | None = None
) -> preview.Outcome:
    """NF-e/NFC-e through the issuance path up to the validated XML, writing nothing.

    `contexto` may only name the company's own context (a rural producer's PRODUTOR_RURAL):
    the issuance takes the context from the company, so a preview in another would lie.
    """
    company = resolve_company(_MODULE[modelo])
    rural.check_requested_context(company, contexto)
    return preview.evaluate(
        runtime.db(),
        company,
        body,
        modelo=modelo,
        ambiente=effective_environment(company).value,
        now=clock.utc_now(),
        explain=explain,
    )


@calc.route("/preview")
class Preview(MethodView):
    @requires(Scope.PREVIEW)
    @calc.arguments(ExplainQuerySchema, location="query")
    @calc.arguments(PreviewRequestSchema, example=ex.PREVIEW)
    @calc.response(200, PreviewSchema)
    @calc.errors("MODULO_NAO_HABILITADO", *ENGINE_ERRORS)
    def post(self, query: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
        """NF-e/NFC-e decided, built, signed and checked against the XSD without issuing.

        No number is taken, nothing is charged or transmitted. Missing configuration
        (certificate included) is 422 `FISCAL_CONFIGURATION_REQUIRED`; a result that needs
        review or an XML outside the layout answers `ready_to_issue` false.
        """
        modelo, contexto = str(body.pop("modelo")), body.pop("contexto")
        outcome = _goods_outcome(body, modelo, explain=query["explain"], contexto=contexto)
        return preview.render_preview(outcome)


def _issuance_operation(body: dict[str, Any]) -> dict[str, Any]:
    """`operacao` of an NFE/NFCE validation; its `contexto` is checked against the company."""
    try:
        loaded: dict[str, Any] = IssuanceOperationSchema().load(body["operacao"])
    except ma.ValidationError as exc:
        messages = exc.messages if isinstance(exc.messages, dict) else {"_schema": exc.messages}
        raise ApiError("VALIDATION_ERROR", errors=field_errors(messages, "operacao")) from exc
    return loaded


ISSUANCE_SCHEMAS = {
    "NFSE": NfsePreviewRequestSchema,
    "CTE": CtePreviewRequestSchema,
    "CTEOS": CteOsPreviewRequestSchema,
    "MDFE": MdfePreviewRequestSchema,
}
"""Documents whose `/fiscal/validate` runs their preview's path (`operacao` is the issuance
JSON of `POST /nfse`, `/cte`, `/cteos`, `/mdfe`)."""


def _validate_family(body: dict[str, Any], *, explain: bool) -> dict[str, Any]:
    """The family's preview path: decided, built, signed and XSD-checked, nothing written."""
    documento = body["documento"]
    if body["contexto"] is not None:
        raise ApiError("VALIDATION_ERROR", errors=[{"field": "contexto",
                       "message": f"Contexto não se aplica a {documento}."}])  # fmt: skip
    try:
        operation: dict[str, Any] = ISSUANCE_SCHEMAS[documento]().load(body["operacao"])
    except ma.ValidationError as exc:
        messages = exc.messages if isinstance(exc.messages, dict) else {"_schema": exc.messages}
        raise ApiError("VALIDATION_ERROR", errors=field_errors(messages, "operacao")) from exc
    family = registry.by_documento(documento)
    company = resolve_company(family.module)
    if family.check_request is not None:
        family.check_request(current_credential(), operation)
    ambiente, now = effective_environment(company).value, clock.utc_now()
    if documento == "NFSE":
        outcome = nfse_preview.evaluate(runtime.db(), company, operation, ambiente=ambiente,
                                        now=now, explain=explain)  # fmt: skip
        return nfse_preview.render_validation(outcome)
    if documento == "MDFE":
        data = mdfe_preview.evaluate(family, operation)
        data["valid"] = data["xml_validado"]
        return data
    data = cte_preview.evaluate(runtime.db(), company, family.module, operation,
                                ambiente=ambiente, now=now, explain=explain)  # fmt: skip
    data["valid"] = data["xml_validado"]
    return data


@calc.route("/validate")
class Validate(MethodView):
    @requires(Scope.PREVIEW)
    @calc.arguments(ExplainQuerySchema, location="query")
    @calc.arguments(ValidationRequestSchema, example=ex.VALIDATION)
    @calc.response(200, ValidationSchema)
    @calc.errors("MODULO_NAO_HABILITADO", *ENGINE_ERRORS)
    def post(self, query: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
        """The calculation plus layout validation; `operacao` is the issuance JSON.

        Every document runs its issuance path up to the XSD-validated XML (NFF is 501).
        """
        with fields_within("operacao", outside=("documento", "contexto")):
            return _validate(body, explain=query["explain"])


def _validate(body: dict[str, Any], *, explain: bool) -> dict[str, Any]:
    if body["documento"] in ISSUANCE_SCHEMAS:
        return _validate_family(body, explain=explain)
    modelo = _GOODS.get(body["documento"])
    if modelo is not None:
        operation = _issuance_operation(body)
        outcome = _goods_outcome(operation, modelo, explain=explain, contexto=body["contexto"])
        return preview.render_validation(outcome)
    raise ApiError("NFF_NAO_DISPONIVEL")


@contextmanager
def fields_within(prefix: str, outside: tuple[str, ...] = ()) -> Iterator[None]:
    """The issuance path names the fields of the issuance request (`itens.0.desconto`); inside
    `/fiscal/validate` that request is `operacao`, so its errors are named from there (the
    body's own fields, `outside`, keep their names)."""
    try:
        yield
    except ApiError as exc:
        for error in exc.extra.get("errors") or []:
            field = str(error.get("field") or "")
            head = field.split(".", 1)[0]
            if field and head != prefix and head not in outside:
                error["field"] = f"{prefix}.{field}"
        raise


def _render_company_rule(row: BaseRule) -> dict[str, Any]:
    return {
        **{c: getattr(row, c) for c in operations.WRITABLE},
        "id": row.id,
        "config_id": row.company_id,
        **pack_fields(row),
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
        origem="pacote",
        camada=rule.camada,
        regra_id=rule.id,
        somente_leitura=True,
        confianca=str(rule.confianca),
        ativo=True,
        criterios=dict(rule.criterios),
        resultado=dict(rule.resultado),
    )
    return data


def _listing_filters(args: dict[str, Any]) -> tuple[str | None, str | None]:
    """(camada, origem) of a listing; the old `origem` empresa | global names a layer."""
    origin = args.get("origem")
    if origin in ("empresa", "global"):
        return origin, None
    return args.get("camada"), origin


def _company_rule(rule_id: str, company: Company) -> BaseRule:
    row = runtime.db().get(BaseRule, rule_id)
    if row is None or row.company_id != company.id:
        raise ApiError("NAO_ENCONTRADO")
    return row


@rules_blp.route("")
class BaseRules(MethodView):
    @requires(Scope.CONSULTAR)
    @rules_blp.arguments(BaseRuleQuerySchema, location="query")
    @rules_blp.response(200, BaseRuleListSchema)
    @rules_blp.errors()
    def get(self, args: dict[str, Any]) -> dict[str, Any]:
        """The company's rules and the read-only rules of the layers below (its platform packs,
        the global packs). `camada` picks a layer; `origem` pacote | api the company rules
        published from its pack or written here (`origem` empresa | global, as before, is the
        same as `camada`)."""
        company = resolve_company()
        layer, origin = _listing_filters(args)
        tipo = args.get("tipo")
        items: list[dict[str, Any]] = []
        if layer in (None, "empresa"):
            query = select(BaseRule).where(BaseRule.company_id == company.id)
            if tipo:
                query = query.where(BaseRule.tipo == tipo)
            if origin:
                query = query.where(BaseRule.origem == origin)
            rows = runtime.db().execute(query.order_by(BaseRule.created_at)).scalars()
            items += [_render_company_rule(r) for r in rows]
        if origin in (None, "pacote") and layer in (None, "plataforma"):
            packs = platform_packs(runtime.db(), company)
            items += [_render_global_rule(r) for p in packs for r in pack_rules(p)
                      if not tipo or r.tipo.value == tipo]  # fmt: skip
        if origin in (None, "pacote") and layer in (None, "global"):
            items += [_render_global_rule(r) for r in global_rules().rules
                      if not tipo or r.tipo.value == tipo]  # fmt: skip
        return {"total": len(items), "itens": items}

    @requires(Scope.CONFIGURAR)
    @rules_blp.arguments(BaseRuleWriteSchema, example=ex.BASE_RULE)
    @rules_blp.response(201, BaseRuleCreatedSchema)
    @rules_blp.errors()
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
    @requires(Scope.CONSULTAR)
    @rules_blp.response(200, BaseRuleItemSchema)
    @rules_blp.errors("NAO_ENCONTRADO")
    def get(self, rule_id: str) -> dict[str, Any]:
        """A company rule of this company, or a global rule."""
        company = resolve_company()
        for rule in global_rules().rules:
            if rule.id == rule_id:
                return {"regra": _render_global_rule(rule)}
        return {"regra": _render_company_rule(_company_rule(rule_id, company))}

    @requires(Scope.CONFIGURAR)
    @rules_blp.arguments(BaseRuleUpdateSchema, example=ex.BASE_RULE_UPDATE)
    @rules_blp.response(200, BaseRuleItemSchema)
    @rules_blp.errors("NAO_ENCONTRADO")
    def put(self, data: dict[str, Any], rule_id: str) -> dict[str, Any]:
        """Changes the company's own rule; global rules are not the company's (404)."""
        row = _company_rule(rule_id, resolve_company())
        session = runtime.db()
        operations.update_rule(
            session, row, data, actor=current_credential().key_id, ip=request.remote_addr
        )
        session.commit()
        return {"regra": _render_company_rule(row)}

    @requires(Scope.CONFIGURAR)
    @rules_blp.response(200, BaseRuleDeletedSchema)
    @rules_blp.errors("NAO_ENCONTRADO")
    def delete(self, rule_id: str) -> dict[str, Any]:
        """Deactivates (never erases): issued documents keep their snapshots."""
        row = _company_rule(rule_id, resolve_company())
        session = runtime.db()
        operations.deactivate_rule(
            session, row, actor=current_credential().key_id, ip=request.remote_addr
        )
        session.commit()
        return {"id": row.id, "ativo": False}
