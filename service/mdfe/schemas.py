"""Request and response schemas of `/mdfe` (spec "MDF-e (model 58, road)")."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from service.brazil import documents as br
from service.brazil import geo
from service.brazil.vehicles import normalize_plate
from service.configuration.fields import CompanySelector, Normalized
from service.cte.schemas import NfeKey
from service.issuance.schemas import EventSchema, KeyedDocumentSchema
from service.nfe.events_blueprint import CancelRequestSchema
from service.validators import Length, OneOf, Regexp, decimal_between, fiscal_text

MONEY = decimal_between("0", "9999999999999.99")
WEIGHT = decimal_between("0.0001", "99999999999.9999")
IBGE = Regexp(r"^[0-9]{7}$", error="Código IBGE de 7 dígitos.")
CARGO_TYPES = [f"{n:02d}" for n in range(1, 12)]
"""`tpCarga` 01..11 (MDF-e 3.00: granel sólido ... perigosa granel líquido)."""


class CteKey(NfeKey):
    """A CT-e access key (model 57): 44 digits with a valid check digit."""

    model = "57"
    label = "CT-e"


class UnloadingSchema(ma.Schema):
    cod_municipio = ma.fields.String(required=True, validate=IBGE)
    municipio = fiscal_text(2, 60, required=True)


class Unloading(ma.fields.Field[Any]):
    """`municipio_descarga`: an IBGE code (its name from what the service knows) or
    `{cod_municipio, municipio}`."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            IBGE(value)
            return {"cod_municipio": value}
        if isinstance(value, dict):
            return UnloadingSchema().load(value)
        raise ma.ValidationError("Informe o código IBGE ou {cod_municipio, municipio}.")

    def openapi_property(self, converter: Any) -> dict[str, Any]:
        code = {"type": "string", "pattern": "^[0-9]{7}$"}
        return {"oneOf": [code, converter.resolve_nested_schema(UnloadingSchema)]}


class MdfeListedDocumentSchema(ma.Schema):
    """One manifested document: the company's CT-e by id, or a CT-e / NF-e key."""

    cte_id = ma.fields.String(validate=Length(min=1, max=40))
    chave_cte = CteKey()
    chave_nfe = NfeKey()
    municipio_descarga = Unloading()

    @ma.validates_schema
    def _exactly_one(self, data: dict[str, Any], **kwargs: Any) -> None:
        given = [k for k in ("cte_id", "chave_cte", "chave_nfe") if data.get(k)]
        if len(given) != 1:
            raise ma.ValidationError("Informe exatamente um de cte_id, chave_cte ou chave_nfe.")


class DriverRef(ma.fields.Field[Any]):
    """A registered driver's CPF (text) or `{nome, cpf}`."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            try:
                return {"cpf": br.normalize_cpf(value)}
            except Exception as exc:  # InvalidIdentifier
                raise ma.ValidationError(str(exc)) from None
        if isinstance(value, dict):
            return InlineDriverSchema().load(value)
        raise ma.ValidationError("Informe o CPF (texto) ou {nome, cpf}.")

    def openapi_property(self, converter: Any) -> dict[str, Any]:
        cpf = {"type": "string", "description": "CPF de condutor cadastrado."}
        return {"oneOf": [cpf, converter.resolve_nested_schema(InlineDriverSchema)]}


class InlineDriverSchema(ma.Schema):
    nome = fiscal_text(2, 60, required=True)
    cpf = Normalized(br.normalize_cpf, required=True)


class MdfeCargoSchema(ma.Schema):
    peso_kg = ma.fields.Decimal(required=True, validate=WEIGHT)
    valor = ma.fields.Decimal(validate=MONEY)
    tipo = ma.fields.String(validate=OneOf(CARGO_TYPES))
    produto = fiscal_text(1, 120)
    ncm = ma.fields.String(validate=Regexp(r"^[0-9]{8}$", error="NCM de 8 dígitos."))


class LoadingSchema(ma.Schema):
    cod_municipio = ma.fields.String(required=True, validate=IBGE)
    municipio = fiscal_text(2, 60, required=True)
    cep = Normalized(geo.normalize_cep)


class RouteSchema(ma.Schema):
    uf_inicio = Normalized(geo.normalize_uf)
    uf_fim = Normalized(geo.normalize_uf)
    ufs_percurso = ma.fields.List(Normalized(geo.normalize_uf), validate=Length(max=25))
    carregamento = ma.fields.Nested(LoadingSchema)
    descarregamento_cep = Normalized(geo.normalize_cep)
    inicio_viagem = ma.fields.AwareDateTime()


class InsuranceSchema(ma.Schema):
    responsavel = ma.fields.Integer(required=True, validate=OneOf([1, 2]))
    cnpj_seguradora = Normalized(br.normalize_cnpj)
    nome_seguradora = fiscal_text(1, 30)
    apolice = fiscal_text(1, 20)
    averbacoes = ma.fields.List(fiscal_text(1, 40))


class MdfeIssueRequestSchema(CompanySelector):
    """POST /mdfe."""

    pedido = fiscal_text(1, 60, required=True)
    veiculo = Normalized(normalize_plate, required=True)
    reboques = ma.fields.List(Normalized(normalize_plate), validate=Length(max=3))
    condutores = ma.fields.List(DriverRef(), required=True, validate=Length(min=1, max=10))
    documentos = ma.fields.List(ma.fields.Nested(MdfeListedDocumentSchema), required=True,
                                validate=Length(min=1, max=10000))  # fmt: skip
    carga = ma.fields.Nested(MdfeCargoSchema, required=True)
    percurso = ma.fields.Nested(RouteSchema)
    tipo_emitente = ma.fields.Integer(load_default=1, validate=OneOf([1, 2, 3]))
    tipo_transportador = ma.fields.Integer(validate=OneOf([1, 2, 3]))
    seguro = ma.fields.Nested(InsuranceSchema)
    observacoes = fiscal_text(None, 5000)


class MdfePreviewRequestSchema(MdfeIssueRequestSchema):
    pedido = fiscal_text(1, 60)


class CloseRequestSchema(ma.Schema):
    cod_municipio = ma.fields.String(required=True, validate=IBGE)
    data = ma.fields.Date()


class AddDriverRequestSchema(ma.Schema):
    cpf = Normalized(br.normalize_cpf, required=True)
    nome = fiscal_text(2, 60)


class MdfeCancelRequestSchema(CancelRequestSchema):
    """`justificativa` 15..255."""


class MdfeLinksSchema(ma.Schema):
    xml = ma.fields.String(allow_none=True)
    damdfe = ma.fields.String(allow_none=True)


class ManifestedDocumentSchema(ma.Schema):
    """One document the manifest carries (`family._summary`)."""

    tipo = ma.fields.String(metadata={"enum": ["cte", "nfe"]})
    chave = ma.fields.String()
    municipio_descarga = ma.fields.String(metadata={"description": "Código IBGE."})
    cte_id = ma.fields.String(allow_none=True)


class ManifestDriverSchema(ma.Schema):
    nome = ma.fields.String()
    cpf = ma.fields.String()


class MdfeDocumentSchema(KeyedDocumentSchema):
    """The MDF-e as issuance, GET and list answer it (`family.render`); for the docs."""

    qtd_documentos = ma.fields.Integer()
    documentos = ma.fields.List(ma.fields.Nested(ManifestedDocumentSchema))
    condutores = ma.fields.List(ma.fields.Nested(ManifestDriverSchema))
    links = ma.fields.Nested(MdfeLinksSchema)


class MdfeRegisteredEventSchema(MdfeDocumentSchema):
    evento = ma.fields.Nested(EventSchema)
