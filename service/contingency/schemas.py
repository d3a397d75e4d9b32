"""Request and answer schemas of the contingency routes."""

from __future__ import annotations

import marshmallow as ma

from service.configuration.fields import CompanySelector
from service.pagination import PageArgsSchema, PageSchema
from service.validators import OneOf, fiscal_text

MODELS = ("55", "65", "57", "67", "58")
"""The models with contingency (the national NFS-e has none)."""


class EnterSchema(CompanySelector):
    modelo = ma.fields.String(
        required=True, validate=OneOf(MODELS),
        metadata={"description": "55 NF-e, 65 NFC-e, 57 CT-e, 67 CT-e OS, 58 MDF-e."},
    )  # fmt: skip
    tipo = ma.fields.String(
        required=True, validate=OneOf(("SVC", "EPEC", "OFFLINE")),
        metadata={"description": "SVC, EPEC ou OFFLINE (os que o modelo tem na UF)."},
    )  # fmt: skip
    justificativa = fiscal_text(
        15, 256, required=True,
        metadata={"description": "xJust dos documentos: 15 a 256 caracteres."},
    )  # fmt: skip


class LeaveSchema(CompanySelector):
    modelo = ma.fields.String(required=True, validate=OneOf(MODELS))


class SettingsSchema(CompanySelector):
    modo = ma.fields.String(
        required=True, validate=OneOf(("automatica", "manual")),
        metadata={"description": "automatica (padrão): entra quando a autoridade cai; manual: "
                  "só por POST /configuracao-fiscal/contingencia."},
    )  # fmt: skip


class PeriodSchema(ma.Schema):
    id = ma.fields.String()
    empresa_id = ma.fields.String()
    modelo = ma.fields.String()
    ambiente = ma.fields.String()
    tipo = ma.fields.String(metadata={"enum": ["SVC", "EPEC", "OFFLINE"]})
    tp_emis = ma.fields.String()
    autorizador = ma.fields.String(metadata={"description": "A autoridade fora do ar."})
    autorizador_contingencia = ma.fields.String(
        allow_none=True, metadata={"description": "SVC-AN, SVC-RS, SVC-SP, AN (EPEC) ou nulo."}
    )
    origem = ma.fields.String(metadata={"enum": ["MANUAL", "AUTOMATICA"]})
    justificativa = ma.fields.String()
    inicio = ma.fields.String(metadata={"format": "date-time"})
    fim = ma.fields.String(allow_none=True, metadata={"format": "date-time"})
    encerrado_por = ma.fields.String(allow_none=True, metadata={"enum": ["MANUAL", "NORMALIZADA"]})
    documentos = ma.fields.Integer(metadata={"description": "Documentos emitidos no período."})


class SettingsAnswerSchema(ma.Schema):
    modo = ma.fields.String()
    em_vigor = ma.fields.List(ma.fields.Nested(PeriodSchema))


class HistoryArgsSchema(PageArgsSchema, CompanySelector):
    modelo = ma.fields.String(validate=OneOf(MODELS))


class HistorySchema(PageSchema):
    itens = ma.fields.List(ma.fields.Nested(PeriodSchema))


class PendingSchema(ma.Schema):
    id = ma.fields.String()
    modulo = ma.fields.String()
    modelo = ma.fields.String()
    serie = ma.fields.Integer()
    numero = ma.fields.Integer()
    chave = ma.fields.String()
    status = ma.fields.String()
    tp_emis = ma.fields.String()
    periodo_id = ma.fields.String(allow_none=True)
    emitido_em = ma.fields.String(metadata={"format": "date-time"})
    prazo = ma.fields.String(allow_none=True, metadata={"format": "date-time"})
    horas_restantes = ma.fields.Float(
        allow_none=True, metadata={"description": "Negativo: prazo vencido."}
    )


class PendingListSchema(ma.Schema):
    total = ma.fields.Integer()
    itens = ma.fields.List(ma.fields.Nested(PendingSchema))


class PendingArgsSchema(CompanySelector):
    modelo = ma.fields.String(validate=OneOf(MODELS))
