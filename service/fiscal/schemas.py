"""Schemas of `/configuracao-fiscal/regras-base` and `/fiscal/calcular`."""

from __future__ import annotations

import marshmallow as ma

from service.validators import decimal_between

BASE_RULE_TYPES = (
    "ISS", "ISS_RETENCAO", "RETENCAO_FEDERAL", "MUNICIPIO_INCIDENCIA", "ICMS_TRANSPORTE",
    "RURAL_ICMS", "RURAL_BENEFICIO", "CFOP_OPERACAO", "IBS_CBS",
)  # fmt: skip
DOCUMENT_TYPES = ("NFE", "NFCE", "NFSE", "CTE", "CTEOS", "MDFE", "NFF")


class BaseRuleWriteSchema(ma.Schema):
    tipo = ma.fields.String(required=True, validate=ma.validate.OneOf(BASE_RULE_TYPES))
    criterios = ma.fields.Dict(required=True)
    resultado = ma.fields.Dict(required=True)
    condicao = ma.fields.Dict(load_default=None, allow_none=True)
    vigencia_inicio = ma.fields.Date(required=True)
    vigencia_fim = ma.fields.Date(load_default=None, allow_none=True)
    versao = ma.fields.String(required=True, validate=ma.validate.Length(min=1, max=40))
    fonte = ma.fields.String(required=True, validate=ma.validate.Length(min=3, max=500))
    descricao = ma.fields.String(load_default=None, validate=ma.validate.Length(max=255))
    referencia = ma.fields.String(load_default=None, validate=ma.validate.Length(max=255))
    prioridade = ma.fields.Integer(load_default=100, validate=ma.validate.Range(0, 1000))
    confianca = ma.fields.Decimal(load_default=None, validate=decimal_between("0", "1"))
    empresa_id = ma.fields.String(load_default=None)
    empresa = ma.fields.String(load_default=None)


class BaseRuleUpdateSchema(ma.Schema):
    """PUT: only the fields sent change (no defaults are applied)."""

    tipo = ma.fields.String(validate=ma.validate.OneOf(BASE_RULE_TYPES))
    criterios = ma.fields.Dict()
    resultado = ma.fields.Dict()
    condicao = ma.fields.Dict(allow_none=True)
    vigencia_inicio = ma.fields.Date()
    vigencia_fim = ma.fields.Date(allow_none=True)
    versao = ma.fields.String(validate=ma.validate.Length(min=1, max=40))
    fonte = ma.fields.String(validate=ma.validate.Length(min=3, max=500))
    descricao = ma.fields.String(validate=ma.validate.Length(max=255))
    referencia = ma.fields.String(validate=ma.validate.Length(max=255))
    prioridade = ma.fields.Integer(validate=ma.validate.Range(0, 1000))
    confianca = ma.fields.Decimal(validate=decimal_between("0", "1"))
    empresa_id = ma.fields.String()
    empresa = ma.fields.String()


class BaseRuleQuerySchema(ma.Schema):
    tipo = ma.fields.String(validate=ma.validate.OneOf(BASE_RULE_TYPES))
    empresa = ma.fields.String()
    empresa_id = ma.fields.String()
    origem = ma.fields.String(validate=ma.validate.OneOf(["global", "empresa"]))


class BaseRuleSchema(ma.Schema):
    """A company rule or a read-only global rule."""

    id = ma.fields.String()
    config_id = ma.fields.String(allow_none=True)
    origem = ma.fields.String()
    somente_leitura = ma.fields.Boolean()
    tipo = ma.fields.String()
    criterios = ma.fields.Dict()
    condicao = ma.fields.Dict(allow_none=True)
    resultado = ma.fields.Dict()
    vigencia_inicio = ma.fields.Date()
    vigencia_fim = ma.fields.Date(allow_none=True)
    versao = ma.fields.String()
    fonte = ma.fields.String()
    descricao = ma.fields.String(allow_none=True)
    referencia = ma.fields.String(allow_none=True)
    prioridade = ma.fields.Integer()
    confianca = ma.fields.String()
    pacote = ma.fields.String(allow_none=True)
    revisao_pacote = ma.fields.String(allow_none=True)
    ativo = ma.fields.Boolean()


class BaseRuleListSchema(ma.Schema):
    total = ma.fields.Integer()
    itens = ma.fields.List(ma.fields.Nested(BaseRuleSchema))


class BaseRuleCreatedSchema(ma.Schema):
    id = ma.fields.String()
    tipo = ma.fields.String()


class BaseRuleItemSchema(ma.Schema):
    regra = ma.fields.Nested(BaseRuleSchema)


class BaseRuleDeletedSchema(ma.Schema):
    id = ma.fields.String()
    ativo = ma.fields.Boolean()


class CalculationRequestSchema(ma.Schema):
    documento = ma.fields.String(required=True, validate=ma.validate.OneOf(DOCUMENT_TYPES))
    operacao = ma.fields.Dict(required=True)
    contexto = ma.fields.String(load_default=None, validate=ma.validate.OneOf(["PRODUTOR_RURAL"]))
    empresa_id = ma.fields.String(load_default=None)
    empresa = ma.fields.String(load_default=None)


class ExplainQuerySchema(ma.Schema):
    explain = ma.fields.Boolean(load_default=False)


class CalculationSchema(ma.Schema):
    document = ma.fields.Dict()
    taxes = ma.fields.Dict()
    classifications = ma.fields.Dict()
    rules_used = ma.fields.List(ma.fields.Dict())
    warnings = ma.fields.List(ma.fields.Dict())
    missing = ma.fields.List(ma.fields.Dict())
    confidence_score = ma.fields.Float()
    requires_review = ma.fields.Boolean()
    explain = ma.fields.List(ma.fields.Dict())
    snapshot_sha256 = ma.fields.String()
