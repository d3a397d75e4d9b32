"""Request schema of `/configuracao-fiscal/emitente` (POST full, PUT partial)."""

from __future__ import annotations

import marshmallow as ma

from service.brazil.documents import normalize_cnpj
from service.brazil.geo import normalize_cep, normalize_uf
from service.companies.models import Environment, Module
from service.configuration import carrier_fields
from service.configuration.fields import CompanySelector, Normalized, digits
from service.validators import PHONE, Length, OneOf, Range, Regexp, decimal_between, fiscal_text

ORIGINS = ("AUTOMATICO", "CALCULADO", "SUGERIDO", "CONFIRMACAO_OBRIGATORIA")
SERIES = Range(min=0, max=999)


class IssuerSchema(CompanySelector):
    codigo = ma.fields.String(validate=Length(min=1, max=60))
    cnpj = Normalized(normalize_cnpj, required=True)
    razao_social = fiscal_text(2, 60, required=True)
    uf = Normalized(normalize_uf, required=True)
    nome_fantasia = fiscal_text(None, 60, allow_none=True)
    ie = ma.fields.String(allow_none=True)
    iest = ma.fields.String(allow_none=True)
    im = ma.fields.String(allow_none=True, validate=Length(max=15))
    crt = ma.fields.Integer(allow_none=True, validate=Range(min=1, max=4))
    apuracao = ma.fields.String(allow_none=True, validate=OneOf(["presumido", "real"]))
    cnae = digits(7, "CNAE")
    cnaes_secundarios = ma.fields.List(
        ma.fields.String(validate=Regexp(r"^\d{7}$", error="CNAE deve ter 7 dígitos."))
    )
    cep = Normalized(normalize_cep, allow_none=True)
    logradouro = fiscal_text(None, 60, allow_none=True)
    numero = fiscal_text(None, 60, allow_none=True)
    complemento = fiscal_text(None, 60, allow_none=True)
    bairro = fiscal_text(None, 60, allow_none=True)
    municipio = fiscal_text(None, 60, allow_none=True)
    cod_municipio = digits(7, "cod_municipio")
    telefone = ma.fields.String(allow_none=True, validate=Regexp(r"^\d{6,14}$", error=PHONE))
    email = ma.fields.Email(allow_none=True)
    serie_nfe = ma.fields.Integer(validate=SERIES)
    serie_nfce = ma.fields.Integer(validate=SERIES)
    serie_cte = ma.fields.Integer(validate=SERIES)
    serie_cteos = ma.fields.Integer(validate=SERIES)
    serie_mdfe = ma.fields.Integer(validate=SERIES)
    csc_id = ma.fields.String(
        allow_none=True, validate=Regexp(r"^\d{1,6}$", error="csc_id: de 1 a 6 dígitos.")
    )
    csc = ma.fields.String(allow_none=True, validate=Length(min=16, max=36))
    exige_ibs_cbs = ma.fields.Boolean()
    origem = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.String(
        validate=OneOf(ORIGINS)))  # fmt: skip
    confirmar = ma.fields.Boolean()
    config_automatica = ma.fields.Boolean()
    ambiente = ma.fields.Enum(Environment, by_value=True)
    modulos = ma.fields.List(ma.fields.Enum(Module, by_value=True))
    rntrc = carrier_fields.rntrc()
    taf_cteos = carrier_fields.taf()
    reg_estadual_cteos = carrier_fields.state_registry()
    regime_especial_nfse = ma.fields.Integer(allow_none=True, validate=Range(min=0, max=6))
    limite_revisao = ma.fields.Decimal(
        allow_none=True, as_string=True, validate=decimal_between("0", "1")
    )
