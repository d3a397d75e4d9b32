"""Schemas every family's routes share (for the OpenAPI document): events and list pages."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from service.pagination import PageArgsSchema, PageSchema


class EventSchema(ma.Schema):
    """A cancellation or correction letter registered on a document."""

    id = ma.fields.String()
    tipo = ma.fields.String(metadata={"example": "CANCELAMENTO"})
    sequencia = ma.fields.Integer()
    status = ma.fields.String()
    protocolo = ma.fields.String(allow_none=True)
    texto = ma.fields.String(allow_none=True)
    criado_em = ma.fields.String(allow_none=True, metadata={"format": "date-time"})


class EventListSchema(ma.Schema):
    eventos = ma.fields.List(ma.fields.Nested(EventSchema))


class ListArgsSchema(PageArgsSchema):
    status = ma.fields.String()
    pedido = ma.fields.String()
    empresa = ma.fields.String()
    empresa_id = ma.fields.String()
    de = ma.fields.Date()
    ate = ma.fields.Date()


_PAGES: dict[type, type] = {}


def page_of(schema: Any) -> type:
    """The list page schema of a family's document schema (`itens` of that schema)."""
    if schema not in _PAGES:
        name = schema.__name__.removesuffix("Schema") + "ListSchema"
        fields = {"itens": ma.fields.List(ma.fields.Nested(schema))}
        _PAGES[schema] = type(name, (PageSchema,), fields)
    return _PAGES[schema]


class IssuedDocumentSchema(ma.Schema):
    """A document of any family as the issuance and GET answer it (each family's own schema
    documents its extra members, e.g. NF-e's `danfe`)."""

    class Meta:
        unknown = ma.INCLUDE  # the family's own members

    id = ma.fields.String()
    status = ma.fields.String()
    pedido = ma.fields.String()
    modelo = ma.fields.String()
    ambiente = ma.fields.String(metadata={"enum": ["HOMOLOGACAO", "PRODUCAO"]})
    numero = ma.fields.Integer(allow_none=True)
    serie = ma.fields.Integer(allow_none=True)
    chave = ma.fields.String(allow_none=True)
    protocolo = ma.fields.String(allow_none=True)
    xml = ma.fields.String(allow_none=True, metadata={"description": "Link do XML autorizado."})


class FamilyPreviewSchema(ma.Schema):
    """`POST /{family}/preview`: the engine's decisions and the XSD findings as data
    (`violacoes`; the NFS-e names them `dps_validacao`)."""

    ready_to_issue = ma.fields.Boolean()
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
    xml_validado = ma.fields.Boolean()
    leiaute = ma.fields.String()
    violacoes = ma.fields.List(ma.fields.Dict())
    dps_validacao = ma.fields.List(ma.fields.Dict())
    qtd_documentos = ma.fields.Integer(metadata={"description": "MDF-e: documentos listados."})


class DocumentContingencySchema(ma.Schema):
    """How a document issued in contingency was issued (absent for a normal one)."""

    tipo = ma.fields.String(metadata={"enum": ["SVC", "EPEC", "OFFLINE"]})
    tp_emis = ma.fields.String(metadata={"description": "tpEmis do documento (ex.: 6, 9)."})
    periodo_id = ma.fields.String(metadata={"description": "Período de contingência."})
    prazo_transmissao = ma.fields.String(
        allow_none=True,
        metadata={"format": "date-time",
                  "description": "Até quando o documento emitido antes da autorização deve ser "
                  "transmitido (nulo sob SVC, que autoriza na hora)."},
    )  # fmt: skip


class KeyedDocumentSchema(ma.Schema):
    """What every SEFAZ family's resource shows (CT-e, CT-e OS, MDF-e add their own
    members and `links`); for the docs."""

    id = ma.fields.String()
    status = ma.fields.String()
    pedido = ma.fields.String()
    modelo = ma.fields.String()
    ambiente = ma.fields.String()
    numero = ma.fields.Integer(allow_none=True)
    serie = ma.fields.Integer(allow_none=True)
    chave = ma.fields.String(allow_none=True)
    protocolo = ma.fields.String(allow_none=True)
    sefaz_code = ma.fields.String(allow_none=True)
    sefaz_mensagem = ma.fields.String(allow_none=True)
    criado_em = ma.fields.String(allow_none=True)
    autorizado_em = ma.fields.String(allow_none=True)
    cancelado_em = ma.fields.String(allow_none=True)
    contingencia = ma.fields.Nested(DocumentContingencySchema)
    eventos = ma.fields.List(ma.fields.Nested(EventSchema))
