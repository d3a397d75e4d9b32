"""Request schema of `/configuracao-fiscal/emitente` (POST full, PUT partial)."""

from __future__ import annotations

import marshmallow as ma

from service.brazil.documents import normalize_cnpj
from service.brazil.geo import normalize_cep, normalize_uf
from service.companies.models import Environment, Module
from service.configuration.fields import CompanySelector, Normalized, digits
from service.validators import decimal_between

ORIGINS = ("AUTOMATICO", "CALCULADO", "SUGERIDO", "CONFIRMACAO_OBRIGATORIA")
SERIES = ma.validate.Range(min=0, max=999)


class IssuerSchema(CompanySelector):
    codigo = ma.fields.String(validate=ma.validate.Length(min=1, max=60))
    cnpj = Normalized(normalize_cnpj, required=True)
    razao_social = ma.fields.String(required=True, validate=ma.validate.Length(min=2, max=60))
    uf = Normalized(normalize_uf, required=True)
    nome_fantasia = ma.fields.String(allow_none=True, validate=ma.validate.Length(max=60))
    ie = ma.fields.String(allow_none=True)
    iest = ma.fields.String(allow_none=True)
    im = ma.fields.String(allow_none=True, validate=ma.validate.Length(max=15))
    crt = ma.fields.Integer(allow_none=True, validate=ma.validate.Range(min=1, max=4))
    apuracao = ma.fields.String(allow_none=True, validate=ma.validate.OneOf(["presumido", "real"]))
    cnae = digits(7, "CNAE")
    cnaes_secundarios = ma.fields.List(ma.fields.String(validate=ma.validate.Regexp(r"^\d{7}$")))
    cep = Normalized(normalize_cep, allow_none=True)
    logradouro = ma.fields.String(allow_none=True, validate=ma.validate.Length(max=60))
    numero = ma.fields.String(allow_none=True, validate=ma.validate.Length(max=60))
    complemento = ma.fields.String(allow_none=True, validate=ma.validate.Length(max=60))
    bairro = ma.fields.String(allow_none=True, validate=ma.validate.Length(max=60))
    municipio = ma.fields.String(allow_none=True, validate=ma.validate.Length(max=60))
    cod_municipio = digits(7, "cod_municipio")
    telefone = ma.fields.String(allow_none=True, validate=ma.validate.Regexp(r"^\d{6,14}$"))
    email = ma.fields.Email(allow_none=True)
    serie_nfe = ma.fields.Integer(validate=SERIES)
    serie_nfce = ma.fields.Integer(validate=SERIES)
    csc_id = ma.fields.String(allow_none=True, validate=ma.validate.Regexp(r"^\d{1,6}$"))
    csc = ma.fields.String(allow_none=True, validate=ma.validate.Length(min=16, max=36))
    exige_ibs_cbs = ma.fields.Boolean()
    origem = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.String(
        validate=ma.validate.OneOf(ORIGINS)))  # fmt: skip
    confirmar = ma.fields.Boolean()
    config_automatica = ma.fields.Boolean()
    ambiente = ma.fields.Enum(Environment, by_value=True)
    modulos = ma.fields.List(ma.fields.Enum(Module, by_value=True))
    rntrc = digits(8, "RNTRC")
    taf_cteos = digits(12, "TAF")
    reg_estadual_cteos = ma.fields.String(allow_none=True, validate=ma.validate.Length(max=25))
    regime_especial_nfse = ma.fields.Integer(
        allow_none=True, validate=ma.validate.Range(min=0, max=6)
    )
    limite_revisao = ma.fields.Decimal(
        allow_none=True, as_string=True, validate=decimal_between("0", "1")
    )
