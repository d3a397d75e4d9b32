"""Products, customers, services, vehicles and drivers of a company: create, list, update,
deactivate — all audited.

The registers share one life cycle (`Register`): a key unique per company (the code; the plate
of a vehicle, the CPF of a driver: 409 `REGISTRO_DUPLICADO`), partial updates checked on the
merged record, rows never erased (an issued document keeps pointing at them). What differs is in
`PRODUCTS`, `CUSTOMERS` and `SERVICES` here and `VEHICLES` and `DRIVERS` in `fleet`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from service import runtime
from service.brazil.errors import InvalidIdentifier
from service.brazil.geo import check_municipality
from service.brazil.ie import EXEMPT, normalize_ie
from service.companies.models import Company, Module
from service.companies.resolver import owned_or_404
from service.configuration.audit import log_change
from service.configuration.fields import field_error, without_selector
from service.errors import ApiError
from service.ids import new_id
from service.pagination import Ordering, Page, paginate
from service.registers.models import Customer, Driver, Product, Service, Vehicle
from service.registers.schemas import ADDRESS_FIELDS

Record = Product | Customer | Service | Vehicle | Driver

# -- rendering -----------------------------------------------------------------------------


def money_text(value: Decimal) -> str:
    """A price as text: its own decimals, at least two (19.9 → "19.90")."""
    number = Decimal(value).normalize()
    if int(number.as_tuple().exponent) > -2:
        number = Decimal(value).quantize(Decimal("0.01"))
    return format(number, "f")


PRODUCT_FIELDS = ("codigo", "descricao", "ncm", "cest", "origem", "unidade", "preco", "gtin",
                  "categoria", "st_retido", "ativo")  # fmt: skip
CUSTOMER_FIELDS = ("codigo", "cpf_cnpj", "nome", "ie", "indicador_ie", "email", "telefone",
                   *ADDRESS_FIELDS, "ativo")  # fmt: skip
SERVICE_FIELDS = ("codigo", "descricao", "lc116", "c_trib_nac", "c_trib_mun", "nbs", "cnae",
                  "preco", "aliquota_iss", "iss_retido", "municipio_incidencia", "c_ind_op",
                  "ativo")  # fmt: skip


def timestamps(record: Record) -> dict[str, Any]:
    return {
        "criado_em": record.created_at.isoformat() if record.created_at else None,
        "atualizado_em": record.updated_at.isoformat() if record.updated_at else None,
    }


def render_product(product: Product) -> dict[str, Any]:
    data = {"id": product.id, **{name: getattr(product, name) for name in PRODUCT_FIELDS}}
    data["preco"] = money_text(product.preco)
    return {**data, **timestamps(product)}


def render_customer(customer: Customer) -> dict[str, Any]:
    data = {"id": customer.id, **{name: getattr(customer, name) for name in CUSTOMER_FIELDS}}
    data["tipo_pessoa"] = "PF" if len(customer.cpf_cnpj) == 11 else "PJ"
    return {**data, **timestamps(customer)}


def render_service(service: Service) -> dict[str, Any]:
    """Price and ISS rate as decimal text with at least two places (null when not set)."""
    data = {"id": service.id, **{name: getattr(service, name) for name in SERVICE_FIELDS}}
    for name in ("preco", "aliquota_iss"):
        data[name] = None if data[name] is None else money_text(data[name])
    return {**data, **timestamps(service)}


# -- cross-field checks --------------------------------------------------------------------


def _check_product(values: dict[str, Any]) -> list[str]:
    if not values.get("ncm"):
        return ["Produto sem NCM: não pode ser usado em NF-e/NFC-e até receber o NCM."]
    return []


_REQUIRED_ADDRESS = tuple(name for name in ADDRESS_FIELDS if name != "complemento")


def _check_address(values: dict[str, Any]) -> list[str]:
    """No address at all (enough for NFC-e), or a complete one whose municipality is in the UF."""
    if not any(values.get(name) for name in ADDRESS_FIELDS):
        return ["Cliente sem endereço: serve para NFC-e; a NF-e exige endereço completo."]
    missing = [name for name in _REQUIRED_ADDRESS if not values.get(name)]
    if missing:
        message = "Obrigatório quando o endereço é informado."
        raise ApiError(
            "VALIDATION_ERROR", errors=[{"field": n, "message": message} for n in missing]
        )
    try:
        check_municipality(values["cod_municipio"], values["uf"])
    except InvalidIdentifier as exc:
        raise field_error("cod_municipio", str(exc)) from None
    return []


def _check_ie(values: dict[str, Any]) -> None:
    """`indicador_ie` 1 needs a valid IE for the UF; 2 (exempt) has none; 9 may have one.

    Without `indicador_ie` it follows the IE: a number means 1, `ISENTO` means 2, none 9.
    """
    ie = values.get("ie")
    exempt = ie is not None and ie.strip().upper() == EXEMPT
    indicator = values.get("indicador_ie")
    if indicator is None:
        indicator = 2 if exempt else (1 if ie else 9)
    values["indicador_ie"] = indicator
    if indicator == 2:
        if ie and not exempt:
            raise field_error("ie", "Contribuinte isento (indicador_ie 2) não informa IE.")
        values["ie"] = None
        return
    if exempt:
        raise field_error("ie", "Para contribuinte isento use indicador_ie 2.")
    if indicator == 1 and not ie:
        raise field_error("ie", "Obrigatória para contribuinte (indicador_ie 1).")
    if ie and not values.get("uf"):
        raise field_error("uf", "Obrigatória para validar a IE.")
    if ie:
        try:
            values["ie"] = normalize_ie(ie, values["uf"])
        except InvalidIdentifier as exc:
            raise field_error("ie", str(exc)) from None


def _check_customer(values: dict[str, Any]) -> list[str]:
    _check_ie(values)
    return _check_address(values)


def _check_service(values: dict[str, Any]) -> list[str]:
    """Warnings only: the NFS-e may still receive the codes at issuance."""
    c_trib_nac, lc116 = values.get("c_trib_nac"), values.get("lc116")
    if not c_trib_nac:
        return [
            "Serviço sem c_trib_nac: a NFS-e exige o código de tributação nacional "
            "(informe-o aqui ou na emissão)."
        ]
    subitem = f"{c_trib_nac[:2]}.{c_trib_nac[2:4]}"
    if lc116 and lc116 != subitem:
        return [
            f"c_trib_nac {c_trib_nac} corresponde ao subitem {subitem} da LC 116, não ao "
            f"lc116 informado ({lc116}): confira os dois códigos."
        ]
    return []


# -- the shared life cycle -----------------------------------------------------------------


@dataclass(frozen=True)
class Register:
    """What differs between the registers."""

    model: type[Product] | type[Customer] | type[Service] | type[Vehicle] | type[Driver]
    entidade: str
    prefix: str
    fields: Sequence[str]
    defaults: dict[str, Any]
    search: str
    render: Callable[[Any], dict[str, Any]]
    check: Callable[[dict[str, Any]], list[str]]
    duplicate: str
    module: Module | None = None
    """The module the company must have enabled (403 `MODULO_NAO_HABILITADO`), if any."""
    key: str = "codigo"
    """The field unique per company (409 `REGISTRO_DUPLICADO`)."""
    filters: Sequence[str] = ("codigo",)
    """List filters matched exactly (`codigo`, `cpf_cnpj`, `placa`...)."""
    sort_by: str | None = None
    """The list order (then `id`); the key when not given."""


PRODUCTS = Register(
    Product, "produto", "prd", PRODUCT_FIELDS,
    {"origem": 0, "unidade": "UN", "preco": Decimal("0"), "ativo": True},
    "descricao", render_product, _check_product, "Já existe um produto com este código.",
)  # fmt: skip
CUSTOMERS = Register(
    Customer, "cliente", "cli", CUSTOMER_FIELDS, {"ativo": True},
    "nome", render_customer, _check_customer, "Já existe um cliente com este código.",
    filters=("codigo", "cpf_cnpj"),
)  # fmt: skip
SERVICES = Register(
    Service, "servico", "srv", SERVICE_FIELDS, {"ativo": True},
    "descricao", render_service, _check_service, "Já existe um serviço com este código.",
    Module.NFSE,
)  # fmt: skip


def _audit_view(kind: Register, record: Record) -> dict[str, Any]:
    data = kind.render(record)
    data.pop("criado_em", None)
    data.pop("atualizado_em", None)
    return data


def _find(company: Company, kind: Register, key: Any) -> Record | None:
    model: Any = kind.model
    query = select(model).where(model.company_id == company.id, getattr(model, kind.key) == key)
    found: Record | None = runtime.db().execute(query).scalar_one_or_none()
    return found


def _flush(kind: Register) -> None:
    """A concurrent insert of the same key loses on the unique constraint: still a 409."""
    try:
        runtime.db().flush()
    except IntegrityError:
        runtime.db().rollback()
        raise ApiError("REGISTRO_DUPLICADO", kind.duplicate) from None


def get(company: Company, kind: Register, record_id: str) -> Any:
    """A record of this company, or 404 `NAO_ENCONTRADO` (also for other companies' ids)."""
    return owned_or_404(runtime.db().get(kind.model, record_id), company)


def create(company: Company, kind: Register, body: dict[str, Any]) -> tuple[Any, list[str]]:
    values = {**kind.defaults, **without_selector(body)}
    warnings = kind.check(values)
    if _find(company, kind, values[kind.key]) is not None:
        raise ApiError("REGISTRO_DUPLICADO", kind.duplicate)
    record: Any = kind.model(
        id=new_id(kind.prefix), account_id=company.account_id, company_id=company.id
    )
    for name in kind.fields:
        if name in values:
            setattr(record, name, values[name])
    runtime.db().add(record)
    _flush(kind)
    log_change(company, "CRIAR", kind.entidade, record.id, None, _audit_view(kind, record))
    return record, warnings


def update(
    company: Company, kind: Register, record: Any, body: dict[str, Any]
) -> tuple[Any, list[str]]:
    """Partial update: the merged record is checked as a whole (e.g. a new UF re-checks the IE)."""
    changes = without_selector(body)
    merged = {name: getattr(record, name) for name in kind.fields} | changes
    warnings = kind.check(merged)
    key = merged[kind.key]
    if key != getattr(record, kind.key) and _find(company, kind, key) is not None:
        raise ApiError("REGISTRO_DUPLICADO", kind.duplicate)
    before = _audit_view(kind, record)
    for name in kind.fields:
        if getattr(record, name) != merged[name]:
            setattr(record, name, merged[name])
    _flush(kind)
    after = _audit_view(kind, record)
    if after != before:
        log_change(company, "ATUALIZAR", kind.entidade, record.id, before, after)
    return record, warnings


def deactivate(company: Company, kind: Register, record: Any) -> Any:
    """Logical deletion: the row stays (documents point at it) and can be reactivated by PUT."""
    if record.ativo:
        before = _audit_view(kind, record)
        record.ativo = False
        _flush(kind)
        log_change(
            company, "DESATIVAR", kind.entidade, record.id, before, _audit_view(kind, record)
        )
    return record


def _like(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def page(company: Company, kind: Register, args: dict[str, Any]) -> Page:
    """Filters `ativo`, `q` (in the description/name/plate) and the register's exact ones."""
    model: Any = kind.model
    query = select(model).where(model.company_id == company.id)
    if "ativo" in args:
        query = query.where(model.ativo.is_(bool(args["ativo"])))
    for name in kind.filters:
        if args.get(name):
            query = query.where(getattr(model, name) == args[name])
    if args.get("q"):
        column = getattr(model, kind.search)
        query = query.where(column.ilike(_like(args["q"]), escape="\\"))
    order = Ordering(kind.entidade, getattr(model, kind.sort_by or kind.key), model.id,
                     descending=False)  # fmt: skip
    found = paginate(runtime.db(), query, args, order)
    return found.rendered([kind.render(r) for r in found.itens])
