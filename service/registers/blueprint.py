"""`/produtos`, `/clientes`, `/servicos`, `/veiculos` and `/condutores`: routes only; the work
is in `operations` (and `fleet`).

Products and customers: reading needs [consultar], writing [configurar], as the other
registers of the spec. Services belong to the NFS-e module: [nfse:read] / [nfse:write], and
the company must have the module `nfse` enabled (403 `MODULO_NAO_HABILITADO`), checked before
the body is read (authentication, scope, company, then the body). Vehicles and drivers belong
to the MDF-e module in the same way: [mdfe:read] / [mdfe:write] and the module `mdfe`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import marshmallow as ma
from flask.views import MethodView

from service import runtime
from service.accounts.scopes import Scope
from service.api import Blueprint
from service.auth import requires
from service.companies.resolver import resolve_company
from service.registers import operations
from service.registers.fleet import DRIVERS, VEHICLES
from service.registers.fleet_schemas import (
    DriverAnswerSchema,
    DriverListArgsSchema,
    DriverListSchema,
    DriverSchema,
    DriverUpdateSchema,
    VehicleAnswerSchema,
    VehicleListArgsSchema,
    VehicleListSchema,
    VehicleSchema,
    VehicleUpdateSchema,
)
from service.registers.operations import CUSTOMERS, PRODUCTS, SERVICES, Register
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
    ServiceAnswerSchema,
    ServiceListArgsSchema,
    ServiceListSchema,
    ServiceSchema,
    ServiceUpdateSchema,
)

products = Blueprint("products", __name__, url_prefix="/produtos", description="Produtos")
customers = Blueprint("customers", __name__, url_prefix="/clientes", description="Clientes")
services = Blueprint("services", __name__, url_prefix="/servicos", description="Serviços (NFS-e)")
vehicles = Blueprint("vehicles", __name__, url_prefix="/veiculos", description="Veículos (MDF-e)")
drivers = Blueprint("drivers", __name__, url_prefix="/condutores", description="Condutores (MDF-e)")


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
SERVICE_EXAMPLES = (
    {"codigo": "S002", "descricao": "Desenvolvimento de sistema sob encomenda",
     "lc116": "01.01", "c_trib_nac": "010101", "nbs": "115022000", "cnae": "6201501",
     "preco": "1500.00", "municipio_incidencia": "3550308"},
    {"preco": "1650.00", "aliquota_iss": "2.00", "iss_retido": False},
)  # fmt: skip
VEHICLE_EXAMPLES = (
    {"placa": "BRA2E19", "tara": 8500, "uf_licenciamento": "SP", "renavam": "00123456789",
     "cap_kg": 14000, "cap_m3": 60, "tp_rod": "01", "tp_car": "02", "tipo": "TRACAO"},
    {"cap_kg": 15000},
)  # fmt: skip
DRIVER_EXAMPLES = (
    {"nome": "José da Silva", "cpf": "529.982.247-25"},
    {"nome": "José Carlos da Silva"},
)  # fmt: skip
"""Create (POST) and update (PUT) examples; the codes do not clash with the quickstart's."""


def _commit() -> None:
    runtime.db().commit()


@dataclass(frozen=True)
class RegisterApi:
    """One register's routes: its schemas, examples and the scopes that read and write it."""

    kind: Register
    body: type[ma.Schema]
    update: type[ma.Schema]
    list_args: type[ma.Schema]
    listing: type[ma.Schema]
    answer: type[ma.Schema]
    name: str
    examples: tuple[dict[str, Any], dict[str, Any]]
    read: Scope = Scope.CONSULTAR
    write: Scope = Scope.CONFIGURAR


def _module_errors(kind: Register) -> tuple[str, ...]:
    return ("MODULO_NAO_HABILITADO",) if kind.module is not None else ()


def _routes(blp: Blueprint, api: RegisterApi) -> None:
    """List/create and get/update/deactivate views of one register."""
    kind = api.kind
    module = _module_errors(kind)

    class _ModuleFirst(MethodView):
        def dispatch_request(self, **kwargs: Any) -> Any:
            """The company's module before the body (the guard has checked key, scope and
            selector; `@blp.arguments` reads the body inside the handler)."""
            if kind.module is not None:
                resolve_company(kind.module)
            return super().dispatch_request(**kwargs)

    class Collection(_ModuleFirst):
        @requires(api.read)
        @blp.arguments(api.list_args, location="query")
        @blp.response(200, api.listing)
        @blp.errors(*module)
        def get(self, args: dict[str, Any]) -> dict[str, Any]:
            """Paged list; filters `ativo` (1|0), `q` and the register's exact ones."""
            return operations.page(resolve_company(kind.module), kind, args).envelope()

        @requires(api.write)
        @blp.arguments(api.body, example=api.examples[0])
        @blp.response(201, api.answer)
        @blp.errors(*module, "REGISTRO_DUPLICADO")
        def post(self, body: dict[str, Any]) -> dict[str, Any]:
            """Create; 409 `REGISTRO_DUPLICADO` when the key (code, plate, CPF) exists in the
            company."""
            record, warnings = operations.create(resolve_company(kind.module), kind, body)
            answer = {"item": kind.render(record), "avisos": warnings}
            _commit()
            return answer

    class Item(_ModuleFirst):
        @requires(api.read)
        @blp.response(200, api.answer)
        @blp.errors(*module, "NAO_ENCONTRADO")
        def get(self, record_id: str) -> dict[str, Any]:
            company = resolve_company(kind.module)
            return {"item": kind.render(operations.get(company, kind, record_id))}

        @requires(api.write)
        @blp.arguments(api.update, example=api.examples[1])
        @blp.response(200, api.answer)
        @blp.errors(*module, "NAO_ENCONTRADO", "REGISTRO_DUPLICADO")
        def put(self, body: dict[str, Any], record_id: str) -> dict[str, Any]:
            """Partial update; the merged record is validated as a whole."""
            company = resolve_company(kind.module)
            record = operations.get(company, kind, record_id)
            record, warnings = operations.update(company, kind, record, body)
            answer = {"item": kind.render(record), "avisos": warnings}
            _commit()
            return answer

        @requires(api.write)
        @blp.response(200, api.answer)
        @blp.errors(*module, "NAO_ENCONTRADO")
        def delete(self, record_id: str) -> dict[str, Any]:
            """Logical deletion: `ativo` false; the record is kept and answered."""
            company = resolve_company(kind.module)
            record = operations.deactivate(company, kind, operations.get(company, kind, record_id))
            answer = {"item": kind.render(record)}
            _commit()
            return answer

    Collection.__name__ = f"{api.name}s"
    Item.__name__ = f"{api.name}Item"
    blp.route("")(Collection)
    blp.route("/<record_id>")(Item)


_routes(products, RegisterApi(
    PRODUCTS, ProductSchema, ProductUpdateSchema, ProductListArgsSchema, ProductListSchema,
    ProductAnswerSchema, "Product", PRODUCT_EXAMPLES))  # fmt: skip
_routes(customers, RegisterApi(
    CUSTOMERS, CustomerSchema, CustomerUpdateSchema, CustomerListArgsSchema, CustomerListSchema,
    CustomerAnswerSchema, "Customer", CUSTOMER_EXAMPLES))  # fmt: skip
_routes(services, RegisterApi(
    SERVICES, ServiceSchema, ServiceUpdateSchema, ServiceListArgsSchema, ServiceListSchema,
    ServiceAnswerSchema, "Service", SERVICE_EXAMPLES, Scope.NFSE_READ,
    Scope.NFSE_WRITE))  # fmt: skip
_routes(vehicles, RegisterApi(
    VEHICLES, VehicleSchema, VehicleUpdateSchema, VehicleListArgsSchema, VehicleListSchema,
    VehicleAnswerSchema, "Vehicle", VEHICLE_EXAMPLES, Scope.MDFE_READ,
    Scope.MDFE_WRITE))  # fmt: skip
_routes(drivers, RegisterApi(
    DRIVERS, DriverSchema, DriverUpdateSchema, DriverListArgsSchema, DriverListSchema,
    DriverAnswerSchema, "Driver", DRIVER_EXAMPLES, Scope.MDFE_READ,
    Scope.MDFE_WRITE))  # fmt: skip
