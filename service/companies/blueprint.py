"""`/empresas`: the account's companies (created through `/configuracao-fiscal/emitente`)."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from sqlalchemy import select

from service import runtime
from service.accounts.scopes import Scope
from service.api import Blueprint
from service.auth import current_credential, requires
from service.companies.models import Company
from service.companies.schemas import CompanyItemSchema, CompanyListArgsSchema, CompanyListSchema
from service.errors import ApiError
from service.pagination import Ordering, paginate

blp = Blueprint("companies", __name__, url_prefix="/empresas", description="Empresas da conta")

COMPANY_ORDER = Ordering("empresas", Company.created_at, Company.id, descending=False)
"""Oldest first, as created (the id breaks ties)."""


@blp.route("")
class Companies(MethodView):
    @requires(Scope.CONSULTAR)
    @blp.arguments(CompanyListArgsSchema, location="query")
    @blp.response(200, CompanyListSchema)
    def get(self, args: dict[str, Any]) -> dict[str, Any]:
        """Lists the companies of the key's account."""
        query = select(Company).where(Company.account_id == current_credential().account_id)
        if "ativo" in args:
            query = query.where(Company.ativo.is_(bool(args["ativo"])))
        return paginate(runtime.db(), query, args, COMPANY_ORDER).envelope()


@blp.route("/<company_id>")
class CompanyItem(MethodView):
    @requires(Scope.CONSULTAR)
    @blp.response(200, CompanyItemSchema)
    @blp.errors("EMPRESA_NAO_AUTORIZADA", company=False)
    def get(self, company_id: str) -> dict[str, Any]:
        """One company of the account; another account's company is not authorised."""
        company = runtime.db().get(Company, company_id)
        if company is None or company.account_id != current_credential().account_id:
            raise ApiError("EMPRESA_NAO_AUTORIZADA")
        return {"empresa": company}
