"""`/produtos` and `/clientes`: routes only; the work is in `operations`.

Reading needs [consultar], writing [configurar], as the other registers of the spec.
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask.views import MethodView

from service import runtime
from service.accounts.scopes import Scope
from service.api import Blueprint
from service.auth import requires
from service.companies.resolver import resolve_company
from service.registers import operations
from service.registers.operations import CUSTOMERS, PRODUCTS, Register
from service.registers.schemas import (
    CustomerAnswerSchema,
    CustomerListArgsSchema,
    CustomerListSchema,
    CustomerSchema,
    CustomerUpdateSchema,
    ProductAnswerSchema,
    ProductListArgsSchema,
    ProductListSchema,
    ProductSchema,
    ProductUpdateSchema,
)

products = Blueprint("products", __name__, url_prefix="/produtos", description="Produtos")
customers = Blueprint("customers", __name__, url_prefix="/clientes", description="Clientes")


PRODUCT_EXAMPLES = (
    {"codigo": "P003", "descricao": "Refrigerante 2 L", "ncm": "22021000", "origem": 0,
     "unidade": "UN", "preco": "9.90"},
    {"preco": "10.50"},
)  # fmt: skip
CUSTOMER_EXAMPLES = (
    {"codigo": "C002", "cpf_cnpj": "111.444.777-35", "nome": "João Souza", "indicador_ie": 9,
     "email": "joao@example.com", "logradouro": "Rua Augusta", "numero": "500",
     "bairro": "Consolação", "municipio": "São Paulo", "cod_municipio": "3550308", "uf": "SP",
     "cep": "01304-000"},
    {"telefone": "11999998888"},
)  # fmt: skip
"""Create (POST) and update (PUT) examples; the codes do not clash with the quickstart's."""


def _commit() -> None:
    runtime.db().commit()


def _routes(
    blp: Blueprint,
    kind: Register,
    body_schema: type[ma.Schema],
    update_schema: type[ma.Schema],
    list_args: type[ma.Schema],
    list_schema: type[ma.Schema],
    answer_schema: type[ma.Schema],
    name: str,
    examples: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    """List/create and get/update/deactivate views of one register."""

    class Collection(MethodView):
        @requires(Scope.CONSULTAR)
        @blp.arguments(list_args, location="query")
        @blp.response(200, list_schema)
        @blp.errors()
        def get(self, args: dict[str, Any]) -> dict[str, Any]:
            """Paged list; filters `ativo` (1|0), `codigo`, `q`."""
            return operations.page(resolve_company(), kind, args).envelope()

        @requires(Scope.CONFIGURAR)
        @blp.arguments(body_schema, example=examples[0])
        @blp.response(201, answer_schema)
        @blp.errors("REGISTRO_DUPLICADO")
        def post(self, body: dict[str, Any]) -> dict[str, Any]:
            """Create; 409 `REGISTRO_DUPLICADO` when the code exists in the company."""
            record, warnings = operations.create(resolve_company(), kind, body)
            answer = {"item": kind.render(record), "avisos": warnings}
            _commit()
            return answer

    class Item(MethodView):
        @requires(Scope.CONSULTAR)
        @blp.response(200, answer_schema)
        @blp.errors("NAO_ENCONTRADO")
        def get(self, record_id: str) -> dict[str, Any]:
            return {"item": kind.render(operations.get(resolve_company(), kind, record_id))}

        @requires(Scope.CONFIGURAR)
        @blp.arguments(update_schema, example=examples[1])
        @blp.response(200, answer_schema)
        @blp.errors("NAO_ENCONTRADO", "REGISTRO_DUPLICADO")
        def put(self, body: dict[str, Any], record_id: str) -> dict[str, Any]:
            """Partial update; the merged record is validated as a whole."""
            company = resolve_company()
            record = operations.get(company, kind, record_id)
            record, warnings = operations.update(company, kind, record, body)
            answer = {"item": kind.render(record), "avisos": warnings}
            _commit()
            return answer

        @requires(Scope.CONFIGURAR)
        @blp.response(200, answer_schema)
        @blp.errors("NAO_ENCONTRADO")
        def delete(self, record_id: str) -> dict[str, Any]:
            """Logical deletion: `ativo` false; the record is kept and answered."""
            company = resolve_company()
            record = operations.deactivate(company, kind, operations.get(company, kind, record_id))
            answer = {"item": kind.render(record)}
            _commit()
            return answer

    Collection.__name__ = f"{name}s"
    Item.__name__ = f"{name}Item"
    blp.route("")(Collection)
    blp.route("/<record_id>")(Item)


_routes(products, PRODUCTS, ProductSchema, ProductUpdateSchema, ProductListArgsSchema,
        ProductListSchema, ProductAnswerSchema, "Product", PRODUCT_EXAMPLES)  # fmt: skip
_routes(customers, CUSTOMERS, CustomerSchema, CustomerUpdateSchema, CustomerListArgsSchema,
        CustomerListSchema, CustomerAnswerSchema, "Customer", CUSTOMER_EXAMPLES)  # fmt: skip
