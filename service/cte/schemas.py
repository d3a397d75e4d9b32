"""Request and response schemas of `/cte` and `/cteos` (spec "CT-e", "CT-e OS")."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from documents.errors import AccessKeyError
from documents.keys import AccessKey
from service.brazil import geo
from service.configuration.fields import CompanySelector, Normalized, digits
from service.issuance.schemas import EventSchema, KeyedDocumentSchema
from service.nfe.events_blueprint import LENGTH, CancelRequestSchema
from service.nfe.schemas import CodeOr, InlineCustomerSchema
from service.validators import (
    Length,
    OneOf,
    Range,
    Regexp,
    decimal_between,
    fiscal_text,
    layout_text,
)

MONEY = decimal_between("0", "9999999999999.99")
POSITIVE = decimal_between("0.01", "9999999999999.99")
QUANTITY = decimal_between("0.0001", "99999999999.9999")
ROLES = ("remetente", "expedidor", "recebedor", "destinatario")
ESTABLISHMENTS = ("mesma_natureza", "industrial", "comercial", "comunicacao", "energia",
                  "produtor_rural")  # fmt: skip
SERVICE_KINDS = ("transporte_pessoas", "transporte_valores", "excesso_bagagem")
UNITS = {"m3": "00", "kg": "01", "ton": "02", "unidade": "03", "litros": "04", "mmbtu": "05"}
"""`cUnid` of a cargo quantity, by the name the request uses (MOC CT-e)."""


class CtePlaceSchema(ma.Schema):
    cod_municipio = ma.fields.String(
        required=True, validate=Regexp(r"^[0-9]{7}$", error="Código IBGE de 7 dígitos.")
    )
    municipio = fiscal_text(2, 60, required=True)
    uf = Normalized(geo.normalize_uf, required=True)


class Taker(ma.fields.Field[Any]):
    """`tomador`: one of the CT-e's roles (text) or a party of its own (object)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            if value.strip().lower() not in ROLES:
                raise ma.ValidationError(f"Use um papel ({', '.join(ROLES)}) ou um objeto.")
            return {"papel": value.strip().lower()}
        if isinstance(value, dict):
            return InlineCustomerSchema().load(value)
        raise ma.ValidationError(f"Use um papel ({', '.join(ROLES)}) ou um objeto.")

    def openapi_property(self, converter: Any) -> dict[str, Any]:
        role = {"type": "string", "enum": list(ROLES)}
        return {"oneOf": [role, converter.resolve_nested_schema(InlineCustomerSchema)]}


class NfeKey(ma.fields.String):
    """An NF-e access key: 44 digits with a valid check digit, model 55."""

    model = "55"
    label = "NF-e"

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = "".join(ch for ch in super()._deserialize(value, attr, data, **kwargs) if ch != " ")
        try:
            key = AccessKey.parse(text)
        except AccessKeyError:
            raise ma.ValidationError(
                f"Chave de {self.label} inválida: 44 dígitos com o dígito verificador correto."
            ) from None
        if key.text[20:22] != self.model:
            raise ma.ValidationError(f"A chave não é de {self.label} (modelo {self.model}).")
        return key.text


class QuantitySchema(ma.Schema):
    unidade = ma.fields.String(required=True, validate=OneOf(list(UNITS)))
    tipo_medida = fiscal_text(1, 20, required=True)
    quantidade = ma.fields.Decimal(required=True, validate=QUANTITY)


class CteCargoSchema(ma.Schema):
    valor = ma.fields.Decimal(required=True, validate=MONEY)
    produto = fiscal_text(1, 60, required=True)
    peso_kg = ma.fields.Decimal(validate=QUANTITY)
    quantidades = ma.fields.List(ma.fields.Nested(QuantitySchema), validate=Length(min=1))

    @ma.validates_schema
    def _measured(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("peso_kg") is None and not data.get("quantidades"):
            raise ma.ValidationError({"peso_kg": ["Informe `peso_kg` ou `quantidades`."]})


class ComponentSchema(ma.Schema):
    nome = fiscal_text(1, 15, required=True)
    valor = ma.fields.Decimal(required=True, validate=MONEY)


class FiscalSchema(ma.Schema):
    tipo_estabelecimento_tomador = ma.fields.String(validate=OneOf(ESTABLISHMENTS))
    cfop = digits(4, "CFOP")


class _Common(CompanySelector):
    pedido = fiscal_text(1, 60, required=True)
    valor_prestacao = ma.fields.Decimal(required=True, validate=POSITIVE)
    componentes = ma.fields.List(ma.fields.Nested(ComponentSchema))
    fiscal = ma.fields.Nested(FiscalSchema)
    natureza_operacao = fiscal_text(1, 60)
    observacoes = fiscal_text(None, 2000)


class CteIssueRequestSchema(_Common):
    """POST /cte."""

    tomador = Taker(required=True)
    remetente = CodeOr(InlineCustomerSchema, required=True)
    destinatario = CodeOr(InlineCustomerSchema, required=True)
    expedidor = CodeOr(InlineCustomerSchema)
    recebedor = CodeOr(InlineCustomerSchema)
    carga = ma.fields.Nested(CteCargoSchema, required=True)
    documentos = ma.fields.List(NfeKey(), required=True, validate=Length(min=1, max=2000))
    origem = ma.fields.Nested(CtePlaceSchema)
    destino = ma.fields.Nested(CtePlaceSchema)


class CtePreviewRequestSchema(CteIssueRequestSchema):
    pedido = fiscal_text(1, 60)
    data_operacao = ma.fields.Date()


class CteOsServiceSchema(ma.Schema):
    tipo = ma.fields.String(required=True, validate=OneOf(SERVICE_KINDS))
    descricao = fiscal_text(1, 30, required=True)
    quantidade = ma.fields.Decimal(validate=QUANTITY)


class OwnerSchema(ma.Schema):
    cpf_cnpj = ma.fields.String(
        required=True, validate=Regexp(r"^[0-9]{11}([0-9]{3})?$", error="CPF ou CNPJ, só dígitos.")
    )
    nome = fiscal_text(2, 60, required=True)
    tipo = ma.fields.Integer(required=True, validate=OneOf([0, 1, 2]))
    taf = ma.fields.String(validate=Regexp(r"^[0-9]{12}$", error="TAF de 12 dígitos."))
    nro_reg_estadual = ma.fields.String(validate=Length(equal=25))
    ie = ma.fields.String(validate=Length(max=14))
    uf = Normalized(geo.normalize_uf)


class CteOsVehicleSchema(ma.Schema):
    placa = ma.fields.String(
        required=True, validate=Regexp(r"^[A-Z]{3}[0-9][0-9A-Z][0-9]{2}$", error="Placa inválida.")
    )
    renavam = ma.fields.String(
        validate=Regexp(r"^[0-9]{9}([0-9]{2})?$", error="RENAVAM de 9 ou 11 dígitos.")
    )
    uf = Normalized(geo.normalize_uf, required=True)
    proprietario = ma.fields.Nested(OwnerSchema)


class CharterSchema(ma.Schema):
    tipo = ma.fields.String(required=True, validate=OneOf(["eventual", "continuo"]))
    data_viagem = ma.fields.AwareDateTime()


class TransportSchema(ma.Schema):
    taf = ma.fields.String(validate=Regexp(r"^[0-9]{12}$", error="TAF de 12 dígitos."))
    nro_reg_estadual = ma.fields.String(validate=Length(equal=25))


class CteOsReferenceSchema(ma.Schema):
    numero = fiscal_text(1, 20)
    serie = fiscal_text(1, 3)
    subserie = fiscal_text(1, 3)
    data = ma.fields.Date()
    valor = ma.fields.Decimal(validate=MONEY)
    chave_bpe = ma.fields.String(validate=Regexp(r"^[0-9]{44}$", error="Chave de 44 dígitos."))


class Vehicle(ma.fields.Field[Any]):
    """`veiculo`: a registered plate (text) or the vehicle described."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str) and value.strip():
            return {"placa": value.strip().upper().replace("-", "")}
        if isinstance(value, dict):
            return CteOsVehicleSchema().load(value)
        raise ma.ValidationError("Informe a placa (texto) ou um objeto.")

    def openapi_property(self, converter: Any) -> dict[str, Any]:
        plate = {"type": "string", "description": "Placa de veículo cadastrado."}
        return {"oneOf": [plate, converter.resolve_nested_schema(CteOsVehicleSchema)]}


class CteOsIssueRequestSchema(_Common):
    """POST /cteos."""

    tomador = CodeOr(InlineCustomerSchema, required=True)
    servico = ma.fields.Nested(CteOsServiceSchema, required=True)
    origem = ma.fields.Nested(CtePlaceSchema, required=True)
    destino = ma.fields.Nested(CtePlaceSchema, required=True)
    percurso = ma.fields.List(Normalized(geo.normalize_uf), validate=Length(max=25))
    veiculo = Vehicle()
    fretamento = ma.fields.Nested(CharterSchema)
    transporte = ma.fields.Nested(TransportSchema)
    documentos_referenciados = ma.fields.List(ma.fields.Nested(CteOsReferenceSchema))


class CteOsPreviewRequestSchema(CteOsIssueRequestSchema):
    pedido = fiscal_text(1, 60)
    data_operacao = ma.fields.Date()


class CorrectionSchema(ma.Schema):
    grupo = ma.fields.String(required=True, validate=[Length(min=1, max=20), layout_text])
    campo = ma.fields.String(required=True, validate=[Length(min=1, max=20), layout_text])
    valor = ma.fields.String(required=True, validate=[Length(min=1, max=500), layout_text])
    numero_item = ma.fields.Integer(validate=Range(min=1, max=999))


class CteCorrectionRequestSchema(ma.Schema):
    correcoes = ma.fields.List(
        ma.fields.Nested(CorrectionSchema), required=True, validate=Length(min=1, max=20)
    )


class DisagreementRequestSchema(ma.Schema):
    observacao = ma.fields.String(
        required=True, validate=[Length(min=15, max=255, error=LENGTH), layout_text]
    )


class CteCancelRequestSchema(CancelRequestSchema):
    """`justificativa` 15..255."""


class CteLinksSchema(ma.Schema):
    xml = ma.fields.String(allow_none=True)
    dacte = ma.fields.String(allow_none=True)


class CteDocumentSchema(KeyedDocumentSchema):
    """The CT-e as issuance, GET and list answer it (`family.render`); for the docs."""

    cfop = ma.fields.String(allow_none=True)
    valor_prestacao = ma.fields.String(allow_none=True)
    links = ma.fields.Nested(CteLinksSchema)


class CteOsDocumentSchema(CteDocumentSchema):
    tipo_servico = ma.fields.String(allow_none=True)


class CteRegisteredEventSchema(CteDocumentSchema):
    evento = ma.fields.Nested(EventSchema)
