"""Schemas of `/configuracao-fiscal/regras-base` and `/fiscal/calcular`."""

from __future__ import annotations

import marshmallow as ma

from service.nfe.schemas import IssueRequestSchema
from service.validators import Length, OneOf, Range, decimal_between

BASE_RULE_TYPES = (
    "ISS", "ISS_RETENCAO", "RETENCAO_FEDERAL", "MUNICIPIO_INCIDENCIA", "ICMS_TRANSPORTE",
    "RURAL_ICMS", "RURAL_BENEFICIO", "CFOP_OPERACAO", "IBS_CBS", "DIFAL_INCIDENCIA",
    "DIFAL_UF_DESTINO", "ICMS_ST", "FCP", "IPI",
)  # fmt: skip
DOCUMENT_TYPES = ("NFE", "NFCE", "NFSE", "CTE", "CTEOS", "MDFE", "NFF")


class BaseRuleWriteSchema(ma.Schema):
    tipo = ma.fields.String(required=True, validate=OneOf(BASE_RULE_TYPES))
    criterios = ma.fields.Dict(required=True)
    resultado = ma.fields.Dict(required=True)
    condicao = ma.fields.Dict(load_default=None, allow_none=True)
    vigencia_inicio = ma.fields.Date(required=True)
    vigencia_fim = ma.fields.Date(load_default=None, allow_none=True)
    versao = ma.fields.String(required=True, validate=Length(min=1, max=40))
    fonte = ma.fields.String(required=True, validate=Length(min=3, max=500))
    descricao = ma.fields.String(load_default=None, validate=Length(max=255))
    referencia = ma.fields.String(load_default=None, validate=Length(max=255))
    prioridade = ma.fields.Integer(load_default=100, validate=Range(0, 1000))
    confianca = ma.fields.Decimal(load_default=None, validate=decimal_between("0", "1"))
    empresa_id = ma.fields.String(load_default=None)
    empresa = ma.fields.String(load_default=None)


class BaseRuleUpdateSchema(ma.Schema):
    """PUT: only the fields sent change (no defaults are applied)."""

    tipo = ma.fields.String(validate=OneOf(BASE_RULE_TYPES))
    criterios = ma.fields.Dict()
    resultado = ma.fields.Dict()
    condicao = ma.fields.Dict(allow_none=True)
    vigencia_inicio = ma.fields.Date()
    vigencia_fim = ma.fields.Date(allow_none=True)
    versao = ma.fields.String(validate=Length(min=1, max=40))
    fonte = ma.fields.String(validate=Length(min=3, max=500))
    descricao = ma.fields.String(validate=Length(max=255))
    referencia = ma.fields.String(validate=Length(max=255))
    prioridade = ma.fields.Integer(validate=Range(0, 1000))
    confianca = ma.fields.Decimal(validate=decimal_between("0", "1"))
    empresa_id = ma.fields.String()
    empresa = ma.fields.String()


class BaseRuleQuerySchema(ma.Schema):
    tipo = ma.fields.String(validate=OneOf(BASE_RULE_TYPES))
    empresa = ma.fields.String()
    empresa_id = ma.fields.String()
    camada = ma.fields.String(validate=OneOf(["global", "plataforma", "empresa"]))
    origem = ma.fields.String(validate=OneOf(["pacote", "api", "global", "empresa"]))


class BaseRuleSchema(ma.Schema):
    """A company rule, or a read-only rule of a layer below (platform or global pack)."""

    id = ma.fields.String()
    regra_id = ma.fields.String()
    config_id = ma.fields.String(allow_none=True)
    camada = ma.fields.String(metadata={"description": "global | plataforma | empresa"})
    origem = ma.fields.String(metadata={"description": "pacote | api"})
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
    documento = ma.fields.String(required=True, validate=OneOf(DOCUMENT_TYPES))
    operacao = ma.fields.Dict(required=True)
    contexto = ma.fields.String(load_default=None, validate=OneOf(["PRODUTOR_RURAL"]))
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


class PreviewRequestSchema(IssueRequestSchema):
    """POST /fiscal/preview: the issuance JSON; `pedido` optional, `data_operacao` allowed."""

    pedido = ma.fields.String(validate=Length(min=1, max=60))
    modelo = ma.fields.Integer(load_default=55, validate=OneOf([55, 65]))
    data_operacao = ma.fields.Date()
    contexto = ma.fields.String(load_default=None, validate=OneOf(["PRODUTOR_RURAL"]))


class IssuanceOperationSchema(IssueRequestSchema):
    """`operacao` of /fiscal/validate for NFE/NFCE: the issuance JSON (company at top level)."""

    class Meta:
        exclude = ("empresa", "empresa_id")

    pedido = ma.fields.String(validate=Length(min=1, max=60))
    data_operacao = ma.fields.Date()


class ValidationRequestSchema(CalculationRequestSchema):
    """POST /fiscal/validate: the same request as /fiscal/calcular."""


class RuleDecisionSchema(ma.Schema):
    regra_id = ma.fields.String()
    tipo_regra = ma.fields.String()
    prioridade = ma.fields.Integer()
    versao = ma.fields.String()
    criterios_correspondentes = ma.fields.List(ma.fields.String())


class TaxDecisionSchema(ma.Schema):
    data_operacao = ma.fields.String()
    regra_tributaria = ma.fields.Nested(RuleDecisionSchema, allow_none=True)
    regra_iva = ma.fields.Nested(RuleDecisionSchema, allow_none=True)


class PreviewItemSchema(ma.Schema):
    numero = ma.fields.Integer()
    codigo = ma.fields.String()
    cfop = ma.fields.String(allow_none=True)
    regra_tributaria_id = ma.fields.String(allow_none=True)
    regra_iva_id = ma.fields.String(allow_none=True)
    decisao_tributaria = ma.fields.Nested(TaxDecisionSchema)


class PreviewDocumentSchema(ma.Schema):
    documento = ma.fields.String()
    modelo = ma.fields.String()
    ambiente = ma.fields.String()
    empresa = ma.fields.String(allow_none=True)
    data_operacao = ma.fields.String()
    contexto = ma.fields.String(allow_none=True)
    itens = ma.fields.List(ma.fields.Nested(PreviewItemSchema))
    totais = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.String())


class LayoutViolationSchema(ma.Schema):
    caminho = ma.fields.String()
    mensagem = ma.fields.String()
    linha = ma.fields.Integer(allow_none=True)


class PreviewSchema(ma.Schema):
    """The engine's answer for the document plus the XSD check of the XML it would issue."""

    ready_to_issue = ma.fields.Boolean()
    document = ma.fields.Nested(PreviewDocumentSchema)
    taxes = ma.fields.Dict()
    classifications = ma.fields.Dict()
    rules_used = ma.fields.List(ma.fields.Dict())
    warnings = ma.fields.List(ma.fields.Dict())
    missing = ma.fields.List(ma.fields.Dict())
    confidence_score = ma.fields.Float()
    requires_review = ma.fields.Boolean()
    explain = ma.fields.List(ma.fields.Dict())
    snapshot_sha256 = ma.fields.String()
    xml_validado = ma.fields.Boolean()
    leiaute = ma.fields.String(allow_none=True)
    violacoes = ma.fields.List(ma.fields.Nested(LayoutViolationSchema))


class ValidationSchema(PreviewSchema):
    valid = ma.fields.Boolean()
