"""Request and response schemas of `/nfse` (spec "NFS-e")."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from service.configuration.fields import CompanySelector
from service.issuance.schemas import EventSchema
from service.nfe.events_blueprint import CancelRequestSchema
from service.nfe.schemas import CodeOr, InlineCustomerSchema
from service.validators import Length, OneOf, Regexp, decimal_between, fiscal_text

RATE = decimal_between("0", "100")
MONEY = decimal_between("0", "999999999999.99")
POSITIVE_MONEY = decimal_between("0.01", "999999999999.99")
CANCEL_REASONS = (1, 2, 9)
"""`cMotivo` of e101101: 1 erro na emissão, 2 serviço não prestado, 9 outros."""


def _digits(size: int, message: str) -> ma.fields.String:
    return ma.fields.String(validate=Regexp(rf"^[0-9]{{{size}}}$", error=message))


class NfsePlaceSchema(ma.Schema):
    cod_municipio = ma.fields.String(
        required=True, validate=Regexp(r"^[0-9]{7}$", error="Código IBGE de 7 dígitos.")
    )


class ServiceRequestSchema(ma.Schema):
    """`servico`: a registered service's `codigo`, or the service described inline."""

    codigo = ma.fields.String(validate=Length(min=1, max=60))
    descricao = fiscal_text(1, 2000)
    c_trib_nac = _digits(6, "Código de tributação nacional de 6 dígitos.")
    c_trib_mun = _digits(3, "Código de tributação municipal de 3 dígitos.")
    valor = ma.fields.Decimal(validate=POSITIVE_MONEY)
    lc116 = ma.fields.String(
        validate=Regexp(r"^[0-9]{2}\.[0-9]{2}$", error="Item da LC 116 no formato NN.NN.")
    )
    nbs = _digits(9, "Código NBS de 9 dígitos.")
    cnae = _digits(7, "CNAE de 7 dígitos.")
    local_prestacao = ma.fields.Nested(NfsePlaceSchema)
    aliquota_iss = ma.fields.Decimal(validate=RATE, metadata={"description": "Exige `override`."})
    iss_retido = ma.fields.Boolean(metadata={"description": "Exige `override`."})
    c_ind_op = _digits(6, "Indicador da operação (cIndOp) de 6 dígitos.")

    @ma.validates_schema
    def _named_or_described(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("codigo"):
            return
        lacking = [name for name in ("descricao", "c_trib_nac", "valor") if data.get(name) is None]
        if lacking:
            raise ma.ValidationError(
                {name: ["Obrigatório quando `servico.codigo` não é informado."] for name in lacking}
            )


class NfseIssueRequestSchema(CompanySelector):
    """POST /nfse."""

    pedido = fiscal_text(1, 60, required=True)
    servico = ma.fields.Nested(ServiceRequestSchema, required=True)
    tomador = CodeOr(InlineCustomerSchema)
    competencia = ma.fields.Date(metadata={"description": "Data de competência (padrão: hoje)."})
    desconto = ma.fields.Decimal(
        validate=MONEY, metadata={"description": "Desconto incondicionado."}
    )
    observacoes = fiscal_text(None, 2000)
    aceitar_revisao = ma.fields.Boolean(metadata={"description": "Exige `override`."})
    override_motivo = fiscal_text(None, 500)


class NfsePreviewRequestSchema(NfseIssueRequestSchema):
    """POST /nfse/preview: the issuance JSON, `pedido` optional, another date allowed."""

    pedido = fiscal_text(1, 60)
    data_operacao = ma.fields.Date()


class NfseCancelSchema(CancelRequestSchema):
    """`justificativa` 15..255 (as every cancellation) and the reason code."""

    codigo_motivo = ma.fields.Integer(load_default=9, validate=OneOf(CANCEL_REASONS))


class NfseLinksSchema(ma.Schema):
    xml = ma.fields.String(allow_none=True)
    danfse = ma.fields.String(allow_none=True)


class NfseDocumentSchema(ma.Schema):
    """The NFS-e as issuance, GET and list answer it (`family.render`); for the docs."""

    id = ma.fields.String(metadata={"example": "nfse_0123456789abcdef01234567"})
    status = ma.fields.String(
        metadata={"enum": ["PROCESSANDO", "AUTORIZADA", "REJEITADA", "CANCELADA", "NAO_ENVIADA"]}
    )
    pedido = ma.fields.String()
    ambiente = ma.fields.String(metadata={"enum": ["HOMOLOGACAO", "PRODUCAO"]})
    chave_acesso = ma.fields.String(allow_none=True, metadata={"description": "50 posições."})
    numero_nfse = ma.fields.String(allow_none=True)
    dps_id = ma.fields.String(allow_none=True)
    serie_dps = ma.fields.Integer()
    numero_dps = ma.fields.Integer()
    competencia = ma.fields.String(allow_none=True)
    valor_servicos = ma.fields.Float(allow_none=True)
    valor_iss = ma.fields.Float(allow_none=True)
    iss_retido = ma.fields.Boolean(allow_none=True)
    codigo_erro = ma.fields.String(allow_none=True)
    mensagem_erro = ma.fields.String(allow_none=True)
    detalhes = ma.fields.List(ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.String()))
    links = ma.fields.Nested(NfseLinksSchema)
    criado_em = ma.fields.String(allow_none=True, metadata={"format": "date-time"})
    autorizado_em = ma.fields.String(allow_none=True, metadata={"format": "date-time"})
    cancelado_em = ma.fields.String(allow_none=True, metadata={"format": "date-time"})
    eventos = ma.fields.List(ma.fields.Nested(EventSchema))


class NfseRegisteredEventSchema(NfseDocumentSchema):
    """The NFS-e after its cancellation, with the registered event."""

    evento = ma.fields.Nested(EventSchema)
