"""`GET /fiscal/autoridades` [consultar]: routes only; the work is in `operations`."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from service import runtime
from service.accounts.scopes import Scope
from service.api import Blueprint
from service.auth import current_credential, requires
from service.authorities import operations
from service.authorities.schemas import AuthorityListSchema, AuthorityQuerySchema
from service.companies.resolver import resolve_company

blp = Blueprint(
    "authorities",
    __name__,
    url_prefix="/fiscal/autoridades",
    description="Estado das autoridades fiscais",
)


@blp.route("")
class Authorities(MethodView):
    @requires(Scope.CONSULTAR)
    @blp.arguments(AuthorityQuerySchema, location="query")
    @blp.response(200, AuthorityListSchema)
    @blp.errors("EMPRESA_NAO_AUTORIZADA", company=False)
    def get(self, args: dict[str, Any]) -> dict[str, Any]:
        """Cada autoridade que as suas empresas usam (modelo, autorizador, ambiente) com o
        `status` (ONLINE, DEGRADADA, FORA), desde quando, a última resposta, a última
        verificação do serviço de status, as falhas consecutivas e a contingência em vigor."""
        selected = args.get("empresa") or args.get("empresa_id")
        company = resolve_company() if selected else None
        itens = operations.listing(runtime.db(), current_credential(), company, args)
        return {"total": len(itens), "itens": itens}
