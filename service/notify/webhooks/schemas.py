"""Request and answer schemas of `/webhooks` (POST full, PUT partial)."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from service.notify.webhooks.events import KINDS, is_valid_pattern
from service.notify.webhooks.models import DeliveryStatus
from service.pagination import PageArgsSchema, PageSchema
from service.validators import Length, OneOf

ENVIRONMENTS = ("HOMOLOGACAO", "PRODUCAO")
MAX_PATTERNS = 50


def _pattern(value: str) -> None:
    if not is_valid_pattern(value):
        raise ma.ValidationError(
            f"Evento desconhecido: {value}. Use um tipo exato (ex.: nfe.authorized), "
            "um prefixo com .* (ex.: nfe.*) ou *."
        )


def _distinct(values: list[Any]) -> None:
    if len(set(values)) != len(values):
        raise ma.ValidationError("Valores repetidos.")


class WebhookSchema(ma.Schema):
    url = ma.fields.String(
        required=True,
        validate=Length(min=1, max=2000),
        metadata={"description": "https; o host deve resolver para endereços públicos."},
    )
    eventos = ma.fields.List(
        ma.fields.String(validate=_pattern),
        required=True,
        validate=[Length(min=1, max=MAX_PATTERNS), _distinct],
        metadata={"description": "Tipos exatos, prefixos com `.*` ou `*`."},
    )
    empresa_id = ma.fields.String(allow_none=True, metadata={"description": "Filtra a empresa."})
    empresa = ma.fields.String(allow_none=True, metadata={"description": "Código da empresa."})
    descricao = ma.fields.String(allow_none=True, validate=Length(max=200))
    ambientes = ma.fields.List(
        ma.fields.String(validate=OneOf(ENVIRONMENTS)),
        validate=[Length(min=1, max=2), _distinct],
        metadata={
            "description": "Ambientes cujos eventos o webhook recebe. Chave live: ambos por "
            "padrão; chave de teste: somente HOMOLOGACAO."
        },
    )


class WebhookUpdateSchema(WebhookSchema):
    """PUT: every field optional; `empresa_id: null` removes the company filter."""

    ativo = ma.fields.Boolean()

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(partial=True, **kwargs)


class WebhookListArgsSchema(PageArgsSchema):
    ativo = ma.fields.Integer(validate=OneOf([0, 1]))


class DeliveryListArgsSchema(PageArgsSchema):
    status = ma.fields.String(validate=OneOf([s.value for s in DeliveryStatus]))


# -- answers (for the OpenAPI document) ----------------------------------------------------


class WebhookRecordSchema(ma.Schema):
    id = ma.fields.String()
    url = ma.fields.String()
    eventos = ma.fields.List(ma.fields.String())
    empresa_id = ma.fields.String(allow_none=True)
    ambientes = ma.fields.List(ma.fields.String())
    modo = ma.fields.String(metadata={"description": "live ou test: o modo da chave que criou."})
    descricao = ma.fields.String(allow_none=True)
    ativo = ma.fields.Boolean()
    segredo_rotacionado_em = ma.fields.String(allow_none=True)
    segredo_anterior_expira_em = ma.fields.String(
        allow_none=True, metadata={"description": "Até quando o segredo anterior também assina."}
    )
    desativado_em = ma.fields.String(allow_none=True)
    motivo_desativacao = ma.fields.String(allow_none=True)
    criado_em = ma.fields.String()
    atualizado_em = ma.fields.String()


class WebhookAnswerSchema(ma.Schema):
    webhook = ma.fields.Nested(WebhookRecordSchema)


class WebhookCreatedSchema(ma.Schema):
    webhook = ma.fields.Nested(WebhookRecordSchema)
    segredo = ma.fields.String(metadata={"description": "Mostrado somente nesta resposta."})


class WebhookRotatedSchema(ma.Schema):
    webhook = ma.fields.Nested(WebhookRecordSchema)
    segredo = ma.fields.String(metadata={"description": "O novo segredo, mostrado uma vez."})
    segredo_anterior_expira_em = ma.fields.String()


class WebhookListSchema(PageSchema):
    itens = ma.fields.List(ma.fields.Nested(WebhookRecordSchema))


class AttemptRecordSchema(ma.Schema):
    numero = ma.fields.Integer()
    em = ma.fields.String()
    timestamp = ma.fields.Integer(metadata={"description": "X-Webhook-Timestamp enviado."})
    status_http = ma.fields.Integer(allow_none=True)
    latencia_ms = ma.fields.Integer()
    erro = ma.fields.String(allow_none=True)


class DeliveryRecordSchema(ma.Schema):
    id = ma.fields.String()
    evento_id = ma.fields.String()
    tipo = ma.fields.String(metadata={"description": f"Um de: {', '.join(sorted(KINDS))}."})
    status = ma.fields.String(metadata={"description": "PENDENTE, ENTREGUE ou FALHOU."})
    tentativas = ma.fields.Integer()
    proxima_tentativa_em = ma.fields.String(allow_none=True)
    ultimo_status_http = ma.fields.Integer(allow_none=True)
    ultimo_erro = ma.fields.String(allow_none=True)
    entregue_em = ma.fields.String(allow_none=True)
    criado_em = ma.fields.String()
    atualizado_em = ma.fields.String()
    historico = ma.fields.List(ma.fields.Nested(AttemptRecordSchema))


class DeliveryListSchema(PageSchema):
    itens = ma.fields.List(ma.fields.Nested(DeliveryRecordSchema))


class DeliveryAnswerSchema(ma.Schema):
    entrega = ma.fields.Nested(DeliveryRecordSchema)


class TestEventAnswerSchema(ma.Schema):
    entrega_id = ma.fields.String()
    evento_id = ma.fields.String()
    status = ma.fields.String()
