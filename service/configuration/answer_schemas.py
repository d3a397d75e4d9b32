"""Answers of `/configuracao-fiscal` for the OpenAPI document (the views build them).

Records whose members depend on the rule kind or grow with the issuer's data are declared
open (`unknown = INCLUDE`): the members listed are always there, others may be.
"""

from __future__ import annotations

import marshmallow as ma

DATE_TIME = {"format": "date-time"}


class _Open(ma.Schema):
    class Meta:
        unknown = ma.INCLUDE


class StepSchema(ma.Schema):
    ordem = ma.fields.Integer()
    rotulo = ma.fields.String()
    status = ma.fields.String(metadata={"example": "configurado"})
    obrigatoria = ma.fields.Boolean()


class CertificateStatusSchema(ma.Schema):
    status = ma.fields.String(
        metadata={"enum": ["ausente", "ok", "vence_em_breve", "vencido", "invalido"]}
    )
    valido = ma.fields.Boolean()
    titular = ma.fields.String(allow_none=True)
    emissor = ma.fields.String(allow_none=True)
    numero_serie = ma.fields.String(allow_none=True)
    cnpj = ma.fields.String(allow_none=True)
    cnpj_confere_com_emitente = ma.fields.Boolean(
        allow_none=True, metadata={"description": "Null para produtor pessoa física (e-CPF)."}
    )
    cpf = ma.fields.String(allow_none=True, metadata={"description": "CPF do titular (e-CPF)."})
    cpf_confere_com_emitente = ma.fields.Boolean(
        allow_none=True, metadata={"description": "e-CPF: o CPF confere com o do produtor."}
    )
    validade = ma.fields.String(allow_none=True, metadata={"format": "date"})
    dias_restantes = ma.fields.Integer(allow_none=True)
    problemas = ma.fields.List(ma.fields.String())
    codigos = ma.fields.List(ma.fields.String())


class IssuerRecordSchema(_Open):
    """The `emitente` resource: never the CSC, only `csc_configurado`."""

    id = ma.fields.String()
    codigo = ma.fields.String(metadata={"example": "DEMO"})
    cnpj = ma.fields.String(allow_none=True)
    cpf = ma.fields.String(
        allow_none=True, metadata={"description": "Produtor rural pessoa física: CPF, sem CNPJ."}
    )
    contexto_fiscal = ma.fields.String(
        allow_none=True, metadata={"description": "PRODUTOR_RURAL ou null."}
    )
    razao_social = ma.fields.String(allow_none=True)
    uf = ma.fields.String(allow_none=True)
    crt = ma.fields.Integer(allow_none=True)
    regime_tributario = ma.fields.String(allow_none=True)
    csc_configurado = ma.fields.Boolean()
    serie_nfe = ma.fields.Integer(metadata={"example": 1})
    serie_nfce = ma.fields.Integer(metadata={"example": 1})
    serie_cte = ma.fields.Integer(metadata={"example": 1, "description": "Série do CT-e (57)."})
    serie_cteos = ma.fields.Integer(
        metadata={"example": 1, "description": "Série do CT-e OS (67)."}
    )
    serie_mdfe = ma.fields.Integer(metadata={"example": 1, "description": "Série do MDF-e (58)."})
    rntrc = ma.fields.String(
        allow_none=True,
        metadata={"example": "12345678", "description": "RNTRC na ANTT: 8 dígitos ou ISENTO."},
    )
    taf_cteos = ma.fields.String(
        allow_none=True,
        metadata={"description": "Termo de Autorização de Fretamento (ANTT), 12 dígitos."},
    )
    reg_estadual_cteos = ma.fields.String(
        allow_none=True, metadata={"description": "Número do registro estadual, 25 dígitos."}
    )
    origem_dados = ma.fields.Dict()
    ambiente = ma.fields.String()
    modulos = ma.fields.List(ma.fields.String())
    ativo = ma.fields.Boolean()


class TotalsSchema(ma.Schema):
    naturezas = ma.fields.Integer()
    regras_tributacao = ma.fields.Integer()
    regras_iva = ma.fields.Integer()


class OverviewSchema(ma.Schema):
    """`GET /configuracao-fiscal` and `/validar` (200 only when ready to issue)."""

    empresa = ma.fields.String(allow_none=True)
    configuracao_fiscal_percentual = ma.fields.Integer()
    pronta_para_emitir = ma.fields.Boolean()
    pronta_para_emitir_modelos = ma.fields.Dict(
        keys=ma.fields.String(),
        values=ma.fields.Boolean(),
        metadata={"description": "Prontidão por modelo (`nfe`, `nfce`): o que cada um exige."},
    )
    etapas = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Nested(StepSchema))
    pendencias = ma.fields.List(ma.fields.String())
    emitente = ma.fields.Nested(IssuerRecordSchema, allow_none=True)
    certificado = ma.fields.Nested(CertificateStatusSchema)
    totais = ma.fields.Nested(TotalsSchema)


class AutomaticAnswerSchema(ma.Schema):
    crt = ma.fields.Integer(allow_none=True)
    regime = ma.fields.String(allow_none=True)
    criados = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Integer())
    regras_automaticas_desativadas = ma.fields.Integer()
    atualizados = ma.fields.Dict(
        keys=ma.fields.String(),
        values=ma.fields.Integer(),
        metadata={"description": "Regras [Auto] atualizadas ao regime informado."},
    )
    avisos = ma.fields.List(ma.fields.Raw())
    configuracao_fiscal_percentual = ma.fields.Integer()
    pronta_para_emitir = ma.fields.Boolean()


class IssuerCreatedSchema(ma.Schema):
    empresa = ma.fields.String(metadata={"description": "Código da empresa criada."})
    configuracao_automatica = ma.fields.Nested(AutomaticAnswerSchema)
    emitente = ma.fields.Nested(IssuerRecordSchema)
    avisos = ma.fields.List(
        ma.fields.Raw(), metadata={"description": "Os da configuração automática."}
    )


class IssuerAnswerSchema(ma.Schema):
    emitente = ma.fields.Nested(IssuerRecordSchema)
    status = ma.fields.Nested(StepSchema, metadata={"description": "PUT: a etapa `emitente`."})
    configuracao_automatica = ma.fields.Nested(AutomaticAnswerSchema)
    avisos = ma.fields.List(
        ma.fields.Raw(), metadata={"description": "Os da configuração automática."}
    )


class CertificateAnswerSchema(ma.Schema):
    certificado = ma.fields.Nested(CertificateStatusSchema)
    aviso = ma.fields.String(allow_none=True, metadata={"description": "POST: o 1º problema."})


class CertificateUploadSchema(ma.Schema):
    """JSON body of the certificate upload."""

    arquivo_base64 = ma.fields.String(required=True, metadata={"description": "PKCS#12 (A1)."})
    senha = ma.fields.String(required=True, metadata={"writeOnly": True})


class CertificateFormSchema(ma.Schema):
    """multipart/form-data body of the certificate upload."""

    arquivo = ma.fields.Raw(required=True, metadata={"type": "string", "format": "binary"})
    senha = ma.fields.String(required=True)


class AuditEntrySchema(ma.Schema):
    id = ma.fields.String()
    acao = ma.fields.String()
    entidade = ma.fields.String()
    registro_id = ma.fields.String(allow_none=True)
    valor_anterior = ma.fields.Raw(allow_none=True)
    valor_novo = ma.fields.Raw(allow_none=True)
    ip = ma.fields.String(allow_none=True)
    criado_em = ma.fields.String(metadata=DATE_TIME)


class AuditLogSchema(ma.Schema):
    """The spec's `{total, items}`, with the page members every list answers."""

    total = ma.fields.Integer()
    total_estimado = ma.fields.Boolean()
    page = ma.fields.Integer()
    limit = ma.fields.Integer()
    proximo = ma.fields.String(allow_none=True, metadata={"description": "Cursor (`apos`)."})
    items = ma.fields.List(ma.fields.Nested(AuditEntrySchema))


class NatureRecordSchema(_Open):
    id = ma.fields.String()
    codigo = ma.fields.String()
    descricao = ma.fields.String()
    cfop = ma.fields.String(allow_none=True)
    ativo = ma.fields.Boolean()
    auto = ma.fields.Boolean()


class NatureListSchema(ma.Schema):
    total = ma.fields.Integer()
    items = ma.fields.List(ma.fields.Nested(NatureRecordSchema))


class NatureAnswerSchema(ma.Schema):
    item = ma.fields.Nested(NatureRecordSchema)
    avisos = ma.fields.List(ma.fields.Raw())


class RuleRecordSchema(_Open):
    """A tax or IBS/CBS rule: its criteria and results beside these members."""

    id = ma.fields.String()
    descricao = ma.fields.String(allow_none=True)
    prioridade = ma.fields.Integer()
    vigencia_inicio = ma.fields.String(metadata={"format": "date"})
    vigencia_fim = ma.fields.String(allow_none=True, metadata={"format": "date"})
    ativo = ma.fields.Boolean()
    tags = ma.fields.List(ma.fields.String())
    auto = ma.fields.Boolean()


class RuleListSchema(ma.Schema):
    total = ma.fields.Integer()
    itens = ma.fields.List(ma.fields.Nested(RuleRecordSchema))


class RuleAnswerSchema(ma.Schema):
    item = ma.fields.Nested(RuleRecordSchema)
    avisos = ma.fields.List(ma.fields.Raw())
