"""`/rural/produtor`: routes only; the work is in `operations`.

[rural:read] reads, [rural:write] creates a natural-person producer or switches the context of
an existing company. The certificate (e-CPF) goes to `POST /configuracao-fiscal/certificado`
as for any company.
"""

from __future__ import annotations

from typing import Any

from flask import request
from flask.views import MethodView

from service import runtime
from service.accounts.scopes import Scope
from service.api import Blueprint
from service.auth import current_credential, requires
from service.companies.models import Company
from service.companies.resolver import resolve_company
from service.configuration import automatic, overview
from service.errors import ApiError
from service.rural import operations
from service.rural.schemas import (
    ProducerAnswerSchema,
    ProducerArgs,
    ProducerCreatedSchema,
    ProducerSchema,
    ProducerUpdateSchema,
)

blp = Blueprint("rural", __name__, url_prefix="/rural", description="Produtor rural")

PRODUCER_EXAMPLE = {
    "cpf": "529.982.247-25", "ie": "110.042.490.114", "nome": "Joao da Silva", "uf": "SP",
    "crt": 3, "cep": "13500-000", "logradouro": "Estrada Municipal RCL 010", "numero": "km 5",
    "bairro": "Zona Rural", "municipio": "Rio Claro", "cod_municipio": "3543907",
    "email": "joao@example.com", "serie_nfe": 920,
    "propriedades": [{"nome": "Sitio Boa Vista", "cod_municipio": "3543907",
                      "nirf": "1234567-8"}],
}  # fmt: skip
UPDATE_EXAMPLE = {
    "contexto_fiscal": "PRODUTOR_RURAL",
    "propriedades": [
        {"nome": "Fazenda Santa Rita", "cod_municipio": "3543907",
         "car": "SP-3543907-0123456789ABCDEF0123456789ABCDEF"},
    ],
}  # fmt: skip


def _commit() -> None:
    runtime.db().commit()


def _selected_producer() -> Company:
    """The named company (403 when it is not the account's), else the account's only rural
    producer; a company outside the rural context is 404."""
    if request.args.get("empresa_id") or request.args.get("empresa"):
        return operations.require_rural(resolve_company())
    producers = operations.rural_companies(current_credential().account_id)
    if not producers:
        raise ApiError("NAO_ENCONTRADO", "Nenhum produtor rural cadastrado na conta.")
    if len(producers) > 1:
        raise ApiError(
            "VALIDATION_ERROR",
            "A conta tem vários produtores rurais: informe `empresa_id` ou `empresa`.",
            errors=[{"field": "empresa", "message": "Campo obrigatório."}],
        )
    return producers[0]


def _automatic(company: Company) -> dict[str, Any]:
    return overview.automatic_answer(automatic.run(company), company)


@blp.route("/produtor")
class Producer(MethodView):
    @requires(Scope.RURAL_READ)
    @blp.arguments(ProducerArgs, location="query")
    @blp.response(200)
    @blp.documents(200, ProducerAnswerSchema)
    @blp.errors("NAO_ENCONTRADO")
    def get(self, _args: dict[str, Any]) -> dict[str, Any]:
        """The rural producer resource; without a selector, the account's only producer."""
        return {"produtor": operations.render(_selected_producer()), "avisos": []}

    @requires(Scope.RURAL_WRITE)
    @blp.arguments(ProducerSchema, example=PRODUCER_EXAMPLE)
    @blp.response(201)
    @blp.documents(201, ProducerCreatedSchema)
    @blp.errors("EMITENTE_NAO_CONFIGURADO", "LIMITE_EMPRESAS", "REGISTRO_DUPLICADO",
                company=False)  # fmt: skip
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Create a natural-person producer (CPF + IE) bound to the key's user, in homologation,
        with context PRODUTOR_RURAL and, unless `config_automatica` is false, its natures and
        rules."""
        company = operations.create(current_credential(), body)
        answer: dict[str, Any] = {"empresa": company.codigo, "avisos": []}
        if body.get("config_automatica", True):
            automatic_answer = _automatic(company)
            answer.update(configuracao_automatica=automatic_answer,
                          avisos=automatic_answer["avisos"])  # fmt: skip
        answer["produtor"] = operations.render(company)
        _commit()
        return answer

    @requires(Scope.RURAL_WRITE)
    @blp.arguments(ProducerUpdateSchema, example=UPDATE_EXAMPLE)
    @blp.response(200)
    @blp.documents(200, ProducerCreatedSchema)
    @blp.errors("NAO_ENCONTRADO")
    def put(self, body: dict[str, Any]) -> dict[str, Any]:
        """Activate (`PRODUTOR_RURAL`) or deactivate (null) the context of a company (a CNPJ
        company is a legal-person producer; a CPF producer cannot leave it) and replace its
        properties; audited as an issuer change."""
        company = operations.update(resolve_company(), dict(body))
        answer: dict[str, Any] = {"empresa": company.codigo, "avisos": []}
        activated = body.get("contexto_fiscal") is not None
        if activated and body.get("config_automatica", True) and company.crt is not None:
            automatic_answer = _automatic(company)
            answer.update(configuracao_automatica=automatic_answer,
                          avisos=automatic_answer["avisos"])  # fmt: skip
        answer["produtor"] = operations.render(company)
        _commit()
        return answer
