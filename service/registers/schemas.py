"""Request and answer schemas of `/produtos`, `/clientes` and `/servicos` (POST full, PUT
partial).

Identifiers are normalized while loading (digits only, check digits verified); checks that
need several fields or stored values (address completeness, IE by UF) live in `operations`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import marshmallow as ma

from engine.facts import normalize_lc116
from service.brazil.documents import normalize_cpf_cnpj, normalize_gtin
from service.brazil.errors import InvalidIdentifier
from service.brazil.geo import normalize_cep, normalize_municipality, normalize_uf
from service.configuration.fields import (
    RATE_RANGE,
    CompanySelector,
    Normalized,
    RetainedStSchema,
    digits,
    flag,
)
from service.pagination import PageArgsSchema, PageSchema
from service.validators import PHONE, Length, OneOf, Range, Regexp, fiscal_text

MAX_PRICE_DIGITS = 15
"""Significant digits of a price: what SQLite gives back exactly (see `ExactDecimal`)."""

MAX_PRICE_PLACES = 10
"""Decimal places of `vUnCom` in the NF-e layout (and the scale of the `preco` column)."""

MAX_PRICE_WHOLE = 11
"""Integer digits the `preco` column (NUMERIC(21, 10)) holds."""

SERVICE_PRICE_PLACES = 2
SERVICE_PRICE_WHOLE = 13
"""`vServ` of the DPS (`TSDec15V2`): money with 2 decimal places, 13 integer digits."""

ISS_RATE_PLACES = 2
"""`pAliq` of the DPS (`TSDec1V2`) has 2 decimal places."""

C_IND_OP = (
    "Indicador da operação do IBS/CBS (cIndOp, 6 dígitos, Anexo VII da NT da NFS-e), usado "
    "quando a NFS-e não informa `servico.c_ind_op`."
)
"""The OpenAPI description of the services register's `c_ind_op`, asked and answered."""
ADDRESS_FIELDS = ("logradouro", "numero", "complemento", "bairro", "municipio",
                  "cod_municipio", "uf", "cep")  # fmt: skip


def _places(value: Decimal) -> int:
    return max(0, -int(value.normalize().as_tuple().exponent))


def decimal_places(most: int) -> Callable[[Decimal], None]:
    """At most `most` decimal places (what the document's field and the column carry)."""

    def check(value: Decimal) -> None:
        if value.is_finite() and _places(value) > most:
            raise ma.ValidationError(f"No máximo {most} casas decimais.")

    return check


def money(places: int, whole: int) -> Callable[[Decimal], None]:
    """Non-negative, at most `places` decimal places and `whole` integer digits, and at most
    15 digits in all (what SQLite gives back exactly, see `ExactDecimal`)."""
    within_places = decimal_places(places)

    def check(value: Decimal) -> None:
        if not value.is_finite() or value < 0:
            raise ma.ValidationError("Deve ser um valor maior ou igual a zero.")
        within_places(value)
        digits_before = len(str(int(value))) if value >= 1 else 0
        if digits_before > whole:
            raise ma.ValidationError(f"No máximo {whole} dígitos inteiros.")
        if digits_before + _places(value) > MAX_PRICE_DIGITS:
            raise ma.ValidationError(f"No máximo {MAX_PRICE_DIGITS} dígitos ao todo.")

    return check


_price = money(MAX_PRICE_PLACES, MAX_PRICE_WHOLE)
"""Non-negative, at most 10 decimal places, 11 integer digits, 15 digits in all."""


def normalize_lc116_item(value: str) -> str:
    """A subitem of the LC 116 list as `NN.NN`; `7.02` and `0702` are read as `07.02`."""
    text = value.strip()
    if not re.fullmatch(r"[0-9]{1,2}\.[0-9]{2}|[0-9]{4}", text):
        raise InvalidIdentifier("Item da LC 116", value, "use o formato NN.NN (ex.: 01.07)")
    return str(normalize_lc116(text))


class RegisterSchema(CompanySelector):
    """Blank optional strings mean "no value", as an empty form field does."""

    @ma.pre_load
    def _blank_as_none(self, data: Any, **_: Any) -> Any:
        if not isinstance(data, dict):
            return data
        return {
            key: None
            if isinstance(value, str)
            and not value.strip()
            and key in self.fields
            and not self.fields[key].required
            else value
            for key, value in data.items()
        }


class ProductRetainedStSchema(RetainedStSchema):
    """`st_retido` of a product, per unit; stored as decimal text (a JSON column)."""

    @ma.post_load
    def _as_text(self, data: dict[str, Any], **_: Any) -> dict[str, str]:
        return {name: str(value) for name, value in data.items()}


PRODUCT_ST_RETIDO = (
    "ICMS-ST retido anteriormente (CST 60 / CSOSN 500), por unidade: a NF-e do produto "
    "informa vBCSTRet, pST, vICMSSubstituto e vICMSSTRet multiplicados pela quantidade, "
    "salvo se o item trouxer `st_retido`."
)


class ProductSchema(RegisterSchema):
    codigo = fiscal_text(1, 60, required=True)
    descricao = fiscal_text(1, 120, required=True)
    ncm = digits(8, "NCM")
    cest = digits(7, "CEST")
    origem = ma.fields.Integer(validate=Range(min=0, max=8))
    unidade = fiscal_text(1, 6)
    preco = ma.fields.Decimal(as_string=True, validate=_price)
    gtin = Normalized(normalize_gtin, allow_none=True)
    categoria = fiscal_text(1, 60, allow_none=True)
    st_retido = ma.fields.Nested(
        ProductRetainedStSchema, allow_none=True, metadata={"description": PRODUCT_ST_RETIDO}
    )
    ativo = ma.fields.Boolean()


class CustomerSchema(RegisterSchema):
    codigo = fiscal_text(1, 60, required=True)
    cpf_cnpj = Normalized(normalize_cpf_cnpj, required=True)
    nome = fiscal_text(2, 60, required=True)
    ie = fiscal_text(1, 25, allow_none=True)
    indicador_ie = ma.fields.Integer(allow_none=True, validate=OneOf([1, 2, 9]))
    email = ma.fields.Email(allow_none=True, validate=Length(max=200))
    telefone = ma.fields.String(allow_none=True, validate=Regexp(r"^\d{6,14}$", error=PHONE))
    logradouro = fiscal_text(2, 60, allow_none=True)
    numero = fiscal_text(1, 60, allow_none=True)
    complemento = fiscal_text(1, 60, allow_none=True)
    bairro = fiscal_text(2, 60, allow_none=True)
    municipio = fiscal_text(2, 60, allow_none=True)
    cod_municipio = digits(7, "cod_municipio")
    uf = Normalized(normalize_uf, allow_none=True)
    cep = Normalized(normalize_cep, allow_none=True)
    ativo = ma.fields.Boolean()

    @ma.pre_load
    def _flatten_address(self, data: Any, **_: Any) -> Any:
        """`endereco` {...} (the shape of an inline customer at issuance) is also accepted."""
        if not isinstance(data, dict) or not isinstance(data.get("endereco"), dict):
            return data
        flat = {k: v for k, v in data.items() if k != "endereco"}
        for key, value in data["endereco"].items():
            if key in ADDRESS_FIELDS and key in flat:
                raise ma.ValidationError("Informado duas vezes.", f"endereco.{key}")
            flat[key] = value
        return flat


class ServiceSchema(RegisterSchema):
    codigo = fiscal_text(1, 60, required=True)
    descricao = fiscal_text(1, 2000, required=True)
    lc116 = Normalized(normalize_lc116_item, allow_none=True)
    c_trib_nac = digits(6, "c_trib_nac")
    c_trib_mun = digits(3, "c_trib_mun")
    nbs = digits(9, "NBS")
    cnae = digits(7, "CNAE")
    preco = ma.fields.Decimal(
        as_string=True, allow_none=True, validate=money(SERVICE_PRICE_PLACES, SERVICE_PRICE_WHOLE)
    )
    aliquota_iss = ma.fields.Decimal(
        as_string=True, allow_none=True, validate=[RATE_RANGE, decimal_places(ISS_RATE_PLACES)]
    )
    iss_retido = flag()
    municipio_incidencia = Normalized(normalize_municipality, allow_none=True)
    c_ind_op = ma.fields.String(
        allow_none=True,
        validate=Regexp(r"^[0-9]{6}$", error="c_ind_op deve ter 6 dígitos."),
        metadata={"description": C_IND_OP},
    )
    ativo = ma.fields.Boolean()


class ProductUpdateSchema(ProductSchema):
    """PUT: every field optional (its own name keeps the OpenAPI components unique)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(partial=True, **kwargs)


class CustomerUpdateSchema(CustomerSchema):
    """PUT: every field optional."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(partial=True, **kwargs)


class ServiceUpdateSchema(ServiceSchema):
    """PUT: every field optional."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(partial=True, **kwargs)


class ActiveListArgs(PageArgsSchema, CompanySelector):
    """The filters every register has: `ativo` (1|0) and `q` (a part of the name/text)."""

    ativo = ma.fields.Integer(validate=OneOf([0, 1]))
    q = ma.fields.String(validate=Length(min=1, max=100))


class ListArgs(ActiveListArgs):
    codigo = ma.fields.String(validate=Length(max=60))


class ProductListArgsSchema(ListArgs):
    pass


class CustomerListArgsSchema(ListArgs):
    cpf_cnpj = Normalized(normalize_cpf_cnpj)


class ServiceListArgsSchema(ListArgs):
    pass


# -- answers (for the OpenAPI document) ----------------------------------------------------


class ProductRecordSchema(ma.Schema):
    id = ma.fields.String()
    codigo = ma.fields.String()
    descricao = ma.fields.String()
    ncm = ma.fields.String(allow_none=True)
    cest = ma.fields.String(allow_none=True)
    origem = ma.fields.Integer()
    unidade = ma.fields.String()
    preco = ma.fields.String(metadata={"description": "Decimal como texto."})
    gtin = ma.fields.String(allow_none=True)
    categoria = ma.fields.String(allow_none=True)
    st_retido = ma.fields.Dict(
        keys=ma.fields.String(),
        values=ma.fields.String(),
        allow_none=True,
        metadata={"description": PRODUCT_ST_RETIDO},
    )
    ativo = ma.fields.Boolean()
    criado_em = ma.fields.String()
    atualizado_em = ma.fields.String()


class CustomerRecordSchema(ma.Schema):
    id = ma.fields.String()
    codigo = ma.fields.String()
    cpf_cnpj = ma.fields.String()
    tipo_pessoa = ma.fields.String(metadata={"description": "PF (CPF) ou PJ (CNPJ)."})
    nome = ma.fields.String()
    ie = ma.fields.String(allow_none=True)
    indicador_ie = ma.fields.Integer()
    email = ma.fields.String(allow_none=True)
    telefone = ma.fields.String(allow_none=True)
    logradouro = ma.fields.String(allow_none=True)
    numero = ma.fields.String(allow_none=True)
    complemento = ma.fields.String(allow_none=True)
    bairro = ma.fields.String(allow_none=True)
    municipio = ma.fields.String(allow_none=True)
    cod_municipio = ma.fields.String(allow_none=True)
    uf = ma.fields.String(allow_none=True)
    cep = ma.fields.String(allow_none=True)
    ativo = ma.fields.Boolean()
    criado_em = ma.fields.String()
    atualizado_em = ma.fields.String()


class ServiceRecordSchema(ma.Schema):
    id = ma.fields.String()
    codigo = ma.fields.String()
    descricao = ma.fields.String()
    lc116 = ma.fields.String(allow_none=True, metadata={"description": "Subitem NN.NN."})
    c_trib_nac = ma.fields.String(allow_none=True)
    c_trib_mun = ma.fields.String(allow_none=True)
    nbs = ma.fields.String(allow_none=True)
    cnae = ma.fields.String(allow_none=True)
    preco = ma.fields.String(allow_none=True, metadata={"description": "Decimal como texto."})
    aliquota_iss = ma.fields.String(
        allow_none=True, metadata={"description": "Percentual como texto; nulo: base do motor."}
    )
    iss_retido = ma.fields.Boolean(
        allow_none=True, metadata={"description": "Nulo: a base do motor decide."}
    )
    municipio_incidencia = ma.fields.String(allow_none=True)
    c_ind_op = ma.fields.String(allow_none=True, metadata={"description": C_IND_OP})
    ativo = ma.fields.Boolean()
    criado_em = ma.fields.String()
    atualizado_em = ma.fields.String()


def answers(name: str, record: type[ma.Schema]) -> tuple[type[ma.Schema], type[ma.Schema]]:
    """`{item, avisos}` and the paged list of one register (named for the OpenAPI document)."""
    answer = ma.Schema.from_dict(
        {"item": ma.fields.Nested(record), "avisos": ma.fields.List(ma.fields.String())},
        name=f"{name}AnswerSchema",
    )
    listing = PageSchema.from_dict(
        {"itens": ma.fields.List(ma.fields.Nested(record))}, name=f"{name}ListSchema"
    )
    return answer, listing


ProductAnswerSchema, ProductListSchema = answers("Product", ProductRecordSchema)
CustomerAnswerSchema, CustomerListSchema = answers("Customer", CustomerRecordSchema)
ServiceAnswerSchema, ServiceListSchema = answers("Service", ServiceRecordSchema)
