"""Request and response schemas of `/nfe`, `/nfce` and `/inutilizacao`."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from documents.nfe.model import Modelo
from service.brazil import documents as br
from service.brazil import geo
from service.configuration.fields import CompanySelector, Normalized
from service.issuance.models import DocumentStatus
from service.issuance.schemas import EventSchema
from service.nfe.payments import PAYMENT_FORMS
from service.validators import Length, OneOf, Regexp, decimal_between, fiscal_text

PRESENCA = ("presencial", "internet", "telefone", "entrega", "outros")
MAX_ITEMS = 990
"""The layout allows nItem 1..990."""

POSITIVE = decimal_between("0.0001", "999999999999")
NON_NEGATIVE = decimal_between("0", "999999999999")


class CodeOr(ma.fields.Field[Any]):
    """A register code (string) or an inline object loaded by `schema`.

    A code comes out as `{"codigo": ...}`, so operations see one shape.
    """

    def __init__(self, schema: type[ma.Schema], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.schema = schema

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            if not value.strip():
                raise ma.ValidationError("Informe um código ou um objeto.")
            return {"codigo": value.strip()}
        if isinstance(value, dict):
            return self.schema().load(value)
        raise ma.ValidationError("Informe um código (texto) ou um objeto.")

    def openapi_property(self, converter: Any) -> dict[str, Any]:
        code = {"type": "string", "minLength": 1, "description": "Código do cadastro."}
        return {"oneOf": [code, converter.resolve_nested_schema(self.schema)]}


class AddressSchema(ma.Schema):
    logradouro = fiscal_text(2, 60, required=True)
    numero = fiscal_text(1, 60, required=True)
    complemento = fiscal_text(None, 60)
    bairro = fiscal_text(2, 60, required=True)
    cod_municipio = ma.fields.String(
        required=True, validate=Regexp(r"^[0-9]{7}$", error="Código IBGE de 7 dígitos.")
    )
    municipio = fiscal_text(2, 60, required=True)
    uf = Normalized(geo.normalize_uf, required=True)
    cep = Normalized(geo.normalize_cep)


class InlineCustomerSchema(ma.Schema):
    cpf_cnpj = Normalized(br.normalize_cpf_cnpj, required=True)
    nome = fiscal_text(2, 60, required=True)
    email = ma.fields.Email(validate=Length(max=60))
    ie = ma.fields.String(validate=Length(max=14))
    endereco = ma.fields.Nested(AddressSchema)


class ItemRequestSchema(ma.Schema):
    codigo = ma.fields.String(required=True, validate=Length(min=1, max=60))
    quantidade = ma.fields.Decimal(required=True, validate=POSITIVE)
    valor = ma.fields.Decimal(validate=NON_NEGATIVE)
    desconto = ma.fields.Decimal(validate=NON_NEGATIVE)


class PaymentSchema(ma.Schema):
    forma = ma.fields.String(
        required=True, metadata={"description": "Nome (pix, dinheiro…) ou código tPag."}
    )
    valor = ma.fields.Decimal(required=True, validate=NON_NEGATIVE)


class Payments(ma.fields.Field[Any]):
    """A payment-form string (the whole value) or a list of `{forma, valor}`."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str) and value.strip():
            return [{"forma": value.strip(), "valor": None}]
        if isinstance(value, list) and value:
            return PaymentSchema(many=True).load(value)
        raise ma.ValidationError("Informe a forma de pagamento ou uma lista {forma, valor}.")

    def openapi_property(self, converter: Any) -> dict[str, Any]:
        names = {"enum": list(PAYMENT_FORMS)}
        codes = {"pattern": "^[0-9]{2}$", "description": "Código tPag do leiaute."}
        form = {"type": "string", "anyOf": [names, codes], "description": "Forma do total."}
        listed = {"type": "array", "minItems": 1, "items": converter.resolve_nested_schema(
            PaymentSchema)}  # fmt: skip
        return {"oneOf": [form, listed]}


class IntermediarySchema(ma.Schema):
    cnpj = Normalized(br.normalize_cnpj, required=True)
    id = fiscal_text(2, 60, required=True)


class FreightSchema(ma.Schema):
    modalidade = ma.fields.Integer(required=True, validate=OneOf([0, 1, 2, 3, 4, 9]))


class IssueRequestSchema(CompanySelector):
    """POST /nfe and /nfce (NF-e requires `cliente`; checked by the operation)."""

    pedido = fiscal_text(1, 60, required=True)
    cliente = CodeOr(InlineCustomerSchema)
    itens = ma.fields.List(
        ma.fields.Nested(ItemRequestSchema),
        required=True,
        validate=Length(min=1, max=MAX_ITEMS),
    )
    pagamento = Payments(required=True)
    natureza = ma.fields.String(validate=Length(max=60))
    observacoes = fiscal_text(None, 5000)
    presenca = ma.fields.String(validate=OneOf(PRESENCA))
    intermediador = ma.fields.Nested(IntermediarySchema)
    consumidor_final = ma.fields.Boolean()
    frete = ma.fields.Nested(FreightSchema)


class DocumentSchema(ma.Schema):
    """The document as the issuance and GET answer it (`operations.render`); for the docs."""

    id = ma.fields.String(metadata={"example": "nfe_0123456789abcdef01234567"})
    status = ma.fields.String(metadata={"enum": [s.value for s in DocumentStatus]})
    pedido = ma.fields.String()
    modelo = ma.fields.String(metadata={"enum": [m.value for m in Modelo]})
    ambiente = ma.fields.String(metadata={"enum": ["HOMOLOGACAO", "PRODUCAO"]})
    numero = ma.fields.Integer(allow_none=True)
    serie = ma.fields.Integer(allow_none=True)
    chave = ma.fields.String(allow_none=True)
    protocolo = ma.fields.String(allow_none=True)
    valor_total = ma.fields.Decimal(as_string=True, allow_none=True)
    sefaz_code = ma.fields.String(allow_none=True)
    sefaz_mensagem = ma.fields.String(allow_none=True)
    xml = ma.fields.String(allow_none=True, metadata={"description": "Link do XML autorizado."})
    danfe = ma.fields.String(allow_none=True, metadata={"description": "Link do PDF."})
    criado_em = ma.fields.String(allow_none=True, metadata={"format": "date-time"})
    autorizado_em = ma.fields.String(allow_none=True, metadata={"format": "date-time"})
    cancelado_em = ma.fields.String(allow_none=True, metadata={"format": "date-time"})
    eventos = ma.fields.List(ma.fields.Nested(EventSchema))


class RegisteredEventSchema(DocumentSchema):
    """The document after a cancellation or CC-e: `protocolo` is the event's."""

    protocolo_autorizacao = ma.fields.String(allow_none=True)
    evento = ma.fields.Nested(EventSchema)
    sequencia = ma.fields.Integer(metadata={"description": "CC-e: número da carta (1..20)."})


class VoidingSchema(ma.Schema):
    id = ma.fields.String()
    status = ma.fields.String()
    protocolo = ma.fields.String(allow_none=True)
    modelo = ma.fields.String()
    serie = ma.fields.Integer()
    numero_inicial = ma.fields.Integer()
    numero_final = ma.fields.Integer()
    ambiente = ma.fields.String()
    justificativa = ma.fields.String()
    sefaz_code = ma.fields.String(allow_none=True)
    sefaz_mensagem = ma.fields.String(allow_none=True)
    criado_em = ma.fields.String(allow_none=True)
    proximo_numero = ma.fields.Integer()
