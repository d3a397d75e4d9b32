"""`/configuracao-fiscal`: routes only; the work is in the sibling modules."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask import request
from flask.views import MethodView
from sqlalchemy import select

from service import runtime
from service.accounts.scopes import Scope
from service.api import BODY_ERRORS, Blueprint
from service.audit.models import AuditEntry
from service.auth import current_credential, requires
from service.companies import operations as companies
from service.companies.resolver import resolve_company
from service.configuration import automatic, certificate, issuer, overview, rules
from service.configuration import examples as ex
from service.configuration.answer_schemas import (
    AuditLogSchema,
    AutomaticAnswerSchema,
    CertificateAnswerSchema,
    CertificateFormSchema,
    CertificateUploadSchema,
    IssuerAnswerSchema,
    IssuerCreatedSchema,
    NatureAnswerSchema,
    NatureListSchema,
    OverviewSchema,
    RuleAnswerSchema,
    RuleListSchema,
)
from service.configuration.errors import CertificateRejected
from service.configuration.fields import CompanySelector
from service.configuration.issuer_schemas import IssuerSchema
from service.configuration.models import Nature
from service.configuration.rule_schemas import IvaRuleSchema, NatureSchema, TaxRuleSchema
from service.edge import refuse_non_json
from service.errors import ApiError
from service.pagination import PAGE_NUMBER, Ordering, cursor_field, one_position, paginate
from service.validators import OneOf, Range

blp = Blueprint(
    "configuration", __name__, url_prefix="/configuracao-fiscal", description="Configuração fiscal"
)


class ListArgs(CompanySelector):
    ativo = ma.fields.Integer(validate=OneOf([0, 1]))


class LogArgs(CompanySelector):
    """The spec's `page`/`limit` (and answer `items`), plus the cursor `apos` every list has."""

    entidade = ma.fields.String()
    page = ma.fields.Integer(load_default=1, validate=PAGE_NUMBER)
    limit = ma.fields.Integer(load_default=20, validate=Range(min=1, max=100))
    apos = cursor_field()

    @ma.validates_schema(pass_original=True)
    def _one_position(self, _data: dict[str, Any], original: Any, **_: Any) -> None:
        one_position(original, "page")


AUDIT_ORDER = Ordering("logs", AuditEntry.criado_em, AuditEntry.id)
"""Newest first; the scan reads `ix_audit_log_list` / `ix_audit_log_list_entidade`."""


class AutomaticSchema(CompanySelector):
    apuracao = ma.fields.String(validate=OneOf(["presumido", "real"]))


def _commit() -> None:
    runtime.db().commit()


def _overview_or_empty() -> dict[str, Any]:
    credential = current_credential()
    has_selector = request.args.get("empresa") or request.args.get("empresa_id")
    if not has_selector and not companies.account_companies(runtime.db(), credential.account_id):
        return overview.empty()
    return overview.build(resolve_company())


@blp.route("")
class Overview(MethodView):
    @requires(Scope.CONSULTAR)
    @blp.response(200)
    @blp.documents(200, OverviewSchema)
    @blp.errors()
    def get(self) -> dict[str, Any]:
        """Configuration overview; without any company, 0% with an issuer pendency."""
        return _overview_or_empty()


@blp.route("/validar")
class Validate(MethodView):
    @requires(Scope.CONSULTAR)
    @blp.response(200)
    @blp.documents(200, OverviewSchema)
    @blp.errors("CONFIG_FISCAL_INCOMPLETA")
    def get(self) -> dict[str, Any]:
        """200 when ready to issue, else 422 `CONFIG_FISCAL_INCOMPLETA` with the pendencies."""
        data = _overview_or_empty()
        if not data["pronta_para_emitir"]:
            raise ApiError(
                "CONFIG_FISCAL_INCOMPLETA",
                details=data["pendencias"],
                body={k: data[k] for k in ("configuracao_fiscal_percentual", "pronta_para_emitir")},
            )
        return data


@blp.route("/automatica")
class Automatic(MethodView):
    @requires(Scope.CONFIGURAR)
    @blp.arguments(AutomaticSchema, example=ex.AUTOMATIC)
    @blp.response(200)
    @blp.documents(200, AutomaticAnswerSchema)
    @blp.errors()
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Generate natures, `[Auto]` tax rules and the IBS/CBS rule; idempotent."""
        company = resolve_company()
        outcome = automatic.run(company, body.get("apuracao"))
        answer = overview.automatic_answer(outcome, company)
        _commit()
        return answer


@blp.route("/emitente")
class Issuer(MethodView):
    @requires(Scope.CONSULTAR)
    @blp.response(200)
    @blp.documents(200, IssuerAnswerSchema)
    @blp.errors()
    def get(self) -> dict[str, Any]:
        return {"emitente": issuer.render(resolve_company())}

    @requires(Scope.CONFIGURAR)
    @blp.arguments(IssuerSchema, example=ex.ISSUER)
    @blp.response(201)
    @blp.documents(201, IssuerCreatedSchema)
    @blp.errors("EMITENTE_NAO_CONFIGURADO", "LIMITE_EMPRESAS", "REGISTRO_DUPLICADO",
                "CNPJ_INVALIDO", company=False)  # fmt: skip
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Create the company bound to the key's user; it starts in homologation."""
        company = issuer.create(current_credential(), body)
        answer: dict[str, Any] = {"empresa": company.codigo, "avisos": []}
        if body.get("config_automatica", True):
            automatic_answer = overview.automatic_answer(automatic.run(company), company)
            answer.update(configuracao_automatica=automatic_answer,
                          avisos=automatic_answer["avisos"])  # fmt: skip
        answer["emitente"] = issuer.render(company)
        _commit()
        return answer

    @requires(Scope.CONFIGURAR)
    @blp.arguments(IssuerSchema(partial=True), example=ex.ISSUER_UPDATE)
    @blp.response(200)
    @blp.documents(200, IssuerAnswerSchema)
    @blp.errors("CNPJ_INVALIDO")
    def put(self, body: dict[str, Any]) -> dict[str, Any]:
        """Partial update; previous and new values are audited."""
        company = issuer.update(resolve_company(), dict(body))
        answer: dict[str, Any] = {"avisos": []}
        if body.get("config_automatica", True) and company.crt is not None:
            automatic_answer = overview.automatic_answer(automatic.run(company), company)
            answer.update(configuracao_automatica=automatic_answer,
                          avisos=automatic_answer["avisos"])  # fmt: skip
        state = overview.build(company)
        _commit()
        return {"emitente": issuer.render(company), "status": state["etapas"]["emitente"],
                **answer}  # fmt: skip


def _upload() -> certificate.Upload:
    """JSON `{arquivo_base64, senha}` or multipart `arquivo` + `senha`."""
    if request.files or request.form:
        file, password = request.files.get("arquivo"), request.form.get("senha")
        data = file.read() if file is not None else None
    else:
        refuse_non_json(request)
        body = request.get_json(silent=True)
        body = {} if body is None else body
        if not isinstance(body, dict):
            raise ApiError(
                "VALIDATION_ERROR",
                "O corpo deve ser um objeto JSON {arquivo_base64, senha}.",
                errors=[{"field": "corpo", "message": "Deve ser um objeto JSON."}],
            )
        encoded, password = body.get("arquivo_base64"), body.get("senha")
        data = certificate.decode_base64(encoded) if isinstance(encoded, str) and encoded else None
    errors = [{"field": name, "message": "Campo obrigatório."}
              for name, v in (("arquivo", data), ("senha", password)) if not v]  # fmt: skip
    if errors:
        raise ApiError("VALIDATION_ERROR", errors=errors)
    return certificate.Upload(data=data or b"", password=str(password))


@blp.route("/certificado")
class CertificateView(MethodView):
    @requires(Scope.CONSULTAR)
    @blp.response(200)
    @blp.documents(200, CertificateAnswerSchema)
    @blp.errors()
    def get(self) -> dict[str, Any]:
        return {"certificado": certificate.status(resolve_company())}

    @requires(Scope.CONFIGURAR)
    @blp.response(201)
    @blp.documents(201, CertificateAnswerSchema)
    @blp.doc(requestBody=ex.certificate_body(CertificateUploadSchema, CertificateFormSchema))
    @blp.errors("VALIDATION_ERROR", "CERTIFICADO_INVALIDO", "CERTIFICADO_VENCIDO",
                "CERTIFICADO_DIVERGENTE", *BODY_ERRORS)  # fmt: skip
    def post(self) -> dict[str, Any]:
        """Validate and store an A1; the password is sealed and never returned or logged."""
        company = resolve_company()
        try:
            upload = _upload()
            certificate.install(company, upload)
        except CertificateRejected as exc:
            raise ApiError(exc.code, exc.message) from None
        state = certificate.status(company)
        _commit()
        problems: list[str] = state["problemas"]  # type: ignore[assignment]
        aviso = problems[0] if problems else None
        return {"certificado": state, "aviso": aviso}


@blp.route("/logs")
class Logs(MethodView):
    @requires(Scope.CONSULTAR)
    @blp.arguments(LogArgs, location="query")
    @blp.response(200)
    @blp.documents(200, AuditLogSchema)
    @blp.errors()
    def get(self, args: dict[str, Any]) -> dict[str, Any]:
        company = resolve_company()
        query = select(AuditEntry).where(AuditEntry.company_id == company.id)
        if args.get("entidade"):
            query = query.where(AuditEntry.entidade == args["entidade"])
        position = {"pagina": args["page"], "por_pagina": args["limit"], "apos": args.get("apos")}
        page = paginate(runtime.db(), query, position, AUDIT_ORDER)
        return {
            "total": page.total, "total_estimado": page.total_estimado, "page": page.pagina,
            "limit": page.por_pagina, "proximo": page.proximo,
            "items": [_entry(e) for e in page.itens],
        }  # fmt: skip


def _entry(entry: AuditEntry) -> dict[str, Any]:
    return {
        "id": entry.id, "acao": entry.acao, "entidade": entry.entidade,
        "registro_id": entry.registro_id, "valor_anterior": entry.valor_anterior,
        "valor_novo": entry.valor_novo, "ip": entry.ip, "criado_em": entry.criado_em.isoformat(),
    }  # fmt: skip


@blp.route("/naturezas")
class Natures(MethodView):
    @requires(Scope.CONSULTAR)
    @blp.arguments(ListArgs, location="query")
    @blp.response(200)
    @blp.documents(200, NatureListSchema)
    @blp.errors()
    def get(self, args: dict[str, Any]) -> dict[str, Any]:
        ativo = bool(args["ativo"]) if "ativo" in args else None
        items = [rules.render_nature(n) for n in rules.list_natures(resolve_company(), ativo)]
        return {"total": len(items), "items": items}

    @requires(Scope.CONFIGURAR)
    @blp.arguments(NatureSchema, example=ex.NATURE)
    @blp.response(201)
    @blp.documents(201, NatureAnswerSchema)
    @blp.errors("REGISTRO_DUPLICADO")
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        nature = rules.create_nature(resolve_company(), body)
        _commit()
        return {"item": rules.render_nature(nature), "avisos": []}


@blp.route("/naturezas/<record_id>")
class NatureItem(MethodView):
    @requires(Scope.CONSULTAR)
    @blp.response(200)
    @blp.documents(200, NatureAnswerSchema)
    @blp.errors("NAO_ENCONTRADO")
    def get(self, record_id: str) -> dict[str, Any]:
        return {"item": rules.render_nature(rules.get_owned(Nature, record_id, resolve_company()))}

    @requires(Scope.CONFIGURAR)
    @blp.arguments(NatureSchema(partial=True), example=ex.NATURE_UPDATE)
    @blp.response(200)
    @blp.documents(200, NatureAnswerSchema)
    @blp.errors("NAO_ENCONTRADO", "REGISTRO_DUPLICADO")
    def put(self, body: dict[str, Any], record_id: str) -> dict[str, Any]:
        company = resolve_company()
        nature = rules.update_nature(company, rules.get_owned(Nature, record_id, company), body)
        _commit()
        return {"item": rules.render_nature(nature)}

    @requires(Scope.CONFIGURAR)
    @blp.response(200)
    @blp.documents(200, NatureAnswerSchema)
    @blp.errors("NAO_ENCONTRADO")
    def delete(self, record_id: str) -> dict[str, Any]:
        company = resolve_company()
        nature = rules.deactivate_nature(company, rules.get_owned(Nature, record_id, company))
        _commit()
        return {"item": rules.render_nature(nature)}


def _rule_routes(
    path: str, kind: rules.RuleKind, schema: type[ma.Schema], example: dict[str, Any]
) -> None:
    """List/create and get/update/deactivate views of one rule kind."""

    class Collection(MethodView):
        @requires(Scope.CONSULTAR)
        @blp.arguments(ListArgs, location="query")
        @blp.response(200)
        @blp.documents(200, RuleListSchema)
        @blp.errors()
        def get(self, args: dict[str, Any]) -> dict[str, Any]:
            query = select(kind.model).where(kind.model.company_id == resolve_company().id)
            if "ativo" in args:
                query = query.where(kind.model.ativo.is_(bool(args["ativo"])))
            query = query.order_by(kind.model.prioridade.desc(), kind.model.created_at)
            found: list[Any] = list(runtime.db().execute(query).scalars())
            items = [rules.render_rule(r, kind) for r in found]
            return {"total": len(items), "itens": items}

        @requires(Scope.CONFIGURAR)
        @blp.arguments(schema, example=example)
        @blp.response(201)
        @blp.documents(201, RuleAnswerSchema)
        @blp.errors()
        def post(self, body: dict[str, Any]) -> dict[str, Any]:
            rule, warnings = rules.create_rule(resolve_company(), kind, body)
            _commit()
            return {"item": rules.render_rule(rule, kind), "avisos": warnings}

    class Item(MethodView):
        @requires(Scope.CONSULTAR)
        @blp.response(200)
        @blp.documents(200, RuleAnswerSchema)
        @blp.errors("NAO_ENCONTRADO")
        def get(self, record_id: str) -> dict[str, Any]:
            rule = rules.get_owned(kind.model, record_id, resolve_company())
            return {"item": rules.render_rule(rule, kind)}

        @requires(Scope.CONFIGURAR)
        @blp.arguments(schema(partial=True), example={"descricao": example["descricao"]})
        @blp.response(200)
        @blp.documents(200, RuleAnswerSchema)
        @blp.errors("NAO_ENCONTRADO")
        def put(self, body: dict[str, Any], record_id: str) -> dict[str, Any]:
            company = resolve_company()
            rule = rules.get_owned(kind.model, record_id, company)
            rules.update_rule(company, kind, rule, dict(body))
            _commit()
            return {"item": rules.render_rule(rule, kind)}

        @requires(Scope.CONFIGURAR)
        @blp.response(200)
        @blp.documents(200, RuleAnswerSchema)
        @blp.errors("NAO_ENCONTRADO")
        def delete(self, record_id: str) -> dict[str, Any]:
            company = resolve_company()
            rule = rules.get_owned(kind.model, record_id, company)
            rules.deactivate_rule(company, kind, rule)
            _commit()
            return {"item": rules.render_rule(rule, kind)}

    Collection.__name__ = f"{kind.entidade.title()}Rules"
    Item.__name__ = f"{kind.entidade.title()}RuleItem"
    blp.route(path)(Collection)
    blp.route(path + "/<record_id>")(Item)


_rule_routes("/tributacao", rules.TAX, TaxRuleSchema, ex.TAX_RULE)
_rule_routes("/iva", rules.IVA, IvaRuleSchema, ex.IVA_RULE)
