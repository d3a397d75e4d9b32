"""Schemas of the company listing (`/empresas`)."""

import marshmallow as ma

from service.pagination import PageArgsSchema, PageSchema
from service.validators import OneOf


class CompanySchema(ma.Schema):
    id = ma.fields.String()
    codigo = ma.fields.String()
    cnpj = ma.fields.String(allow_none=True)
    cpf = ma.fields.String(allow_none=True)
    razao_social = ma.fields.String()
    ativo = ma.fields.Boolean()
    ambiente = ma.fields.String()
    modulos = ma.fields.List(ma.fields.String())


class CompanyListArgsSchema(PageArgsSchema):
    ativo = ma.fields.Integer(validate=OneOf([0, 1]))


class CompanyListSchema(PageSchema):
    itens = ma.fields.List(ma.fields.Nested(CompanySchema))


class CompanyItemSchema(ma.Schema):
    empresa = ma.fields.Nested(CompanySchema)
