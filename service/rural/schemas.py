"""Request and answer schemas of `/rural/produtor`.

The spec shows no payload; the one here (issue 18) is the issuer's, identified by CPF + IE:
required `cpf`, `ie`, `nome`, `uf`, `crt` (never presumed); optional address, `email`,
`serie_nfe` (920..969, the range of a natural person's NF-e, default 920) and `propriedades`.
"""

from __future__ import annotations

import re
from typing import Any

import marshmallow as ma

from service.brazil.documents import normalize_cpf
from service.brazil.errors import InvalidIdentifier
from service.brazil.geo import normalize_cep, normalize_municipality, normalize_uf
from service.configuration.answer_schemas import AutomaticAnswerSchema
from service.configuration.fields import CompanySelector, Normalized, digits
from service.rural.context import RURAL_CONTEXT
from service.validators import PHONE, Length, OneOf, Range, Regexp, fiscal_text

PRODUCER_SERIES = Range(min=920, max=969, error="Série do produtor pessoa física: de 920 a 969.")
DEFAULT_SERIES = 920
MAX_PROPERTIES = 50


def normalize_nirf(value: str) -> str:
    """NIRF (Receita Federal's rural property number): 8 digits, mask allowed."""
    nirf = re.sub(r"[.\-\s]", "", value)
    if not re.fullmatch(r"[0-9]{8}", nirf):
        raise InvalidIdentifier("NIRF", value, "deve ter 8 dígitos")
    return nirf


def normalize_car(value: str) -> str:
    """CAR (Cadastro Ambiental Rural): `UF-municipality(7)-32 hex characters`."""
    car = re.sub(r"[.\s]", "", value).upper()
    if not re.fullmatch(r"[A-Z]{2}-[0-9]{7}-[0-9A-F]{32}", car):
        raise InvalidIdentifier("CAR", value, "formato UF-0000000-<32 caracteres hexadecimais>")
    return car


class PropertySchema(ma.Schema):
    """A rural property: its name, municipality, IE (optional) and NIRF or CAR."""

    nome = fiscal_text(1, 60, required=True)
    cod_municipio = Normalized(normalize_municipality, required=True)
    ie = ma.fields.String(allow_none=True, validate=Length(max=25))
    nirf = Normalized(normalize_nirf, allow_none=True)
    car = Normalized(normalize_car, allow_none=True)

    @ma.validates_schema
    def _identified(self, data: dict[str, Any], **_: Any) -> None:
        if not data.get("nirf") and not data.get("car"):
            raise ma.ValidationError("Informe o NIRF ou o CAR do imóvel.", "nirf")


def _properties() -> ma.fields.List[Any]:
    return ma.fields.List(
        ma.fields.Nested(PropertySchema),
        validate=Length(max=MAX_PROPERTIES),
        metadata={"description": "Imóveis rurais {nome, cod_municipio, ie, nirf | car}."},
    )


class ProducerSchema(ma.Schema):
    """`POST /rural/produtor`: a natural-person producer (CPF + IE, no CNPJ)."""

    codigo = ma.fields.String(
        validate=Length(min=1, max=60), metadata={"description": "Padrão: o CPF."}
    )
    cpf = Normalized(normalize_cpf, required=True)
    ie = ma.fields.String(required=True, validate=Length(min=2, max=25))
    nome = fiscal_text(2, 60, required=True)
    uf = Normalized(normalize_uf, required=True)
    crt = ma.fields.Integer(required=True, validate=Range(min=1, max=4))
    nome_fantasia = fiscal_text(None, 60, allow_none=True)
    cep = Normalized(normalize_cep, allow_none=True)
    logradouro = fiscal_text(None, 60, allow_none=True)
    numero = fiscal_text(None, 60, allow_none=True)
    complemento = fiscal_text(None, 60, allow_none=True)
    bairro = fiscal_text(None, 60, allow_none=True)
    municipio = fiscal_text(None, 60, allow_none=True)
    cod_municipio = digits(7, "cod_municipio")
    telefone = ma.fields.String(allow_none=True, validate=Regexp(r"^\d{6,14}$", error=PHONE))
    email = ma.fields.Email(allow_none=True)
    serie_nfe = ma.fields.Integer(load_default=DEFAULT_SERIES, validate=PRODUCER_SERIES)
    propriedades = _properties()
    config_automatica = ma.fields.Boolean(load_default=True)


class ProducerUpdateSchema(CompanySelector):
    """`PUT /rural/produtor`: the context of an existing company and its properties."""

    contexto_fiscal = ma.fields.String(
        allow_none=True,
        validate=OneOf([RURAL_CONTEXT]),
        metadata={"description": "PRODUTOR_RURAL ativa; null desativa (só pessoa jurídica)."},
    )
    propriedades = _properties()
    config_automatica = ma.fields.Boolean(load_default=True)

    @ma.validates_schema
    def _something(self, data: dict[str, Any], **_: Any) -> None:
        if "contexto_fiscal" not in data and "propriedades" not in data:
            raise ma.ValidationError(
                "Informe contexto_fiscal e/ou propriedades.", "contexto_fiscal"
            )


class ProducerArgs(CompanySelector):
    """`GET /rural/produtor`: optional company selector."""


# -- answers ---------------------------------------------------------------------------------


class PropertyAnswerSchema(ma.Schema):
    nome = ma.fields.String()
    cod_municipio = ma.fields.String()
    ie = ma.fields.String(allow_none=True)
    nirf = ma.fields.String(allow_none=True)
    car = ma.fields.String(allow_none=True)


class ProducerCertificateSchema(ma.Schema):
    status = ma.fields.String(
        metadata={"enum": ["ausente", "ok", "vence_em_breve", "vencido", "invalido"]}
    )
    validade = ma.fields.String(allow_none=True, metadata={"format": "date"})


class ProducerRecordSchema(ma.Schema):
    """The spec's rural producer resource, plus the issuer data it is made of."""

    empresa_id = ma.fields.String()
    empresa = ma.fields.String(metadata={"description": "Código da empresa."})
    tipo = ma.fields.String(metadata={"enum": ["PF", "PJ"]})
    documento = ma.fields.String(metadata={"description": "CPF (PF) ou CNPJ (PJ)."})
    nome = ma.fields.String()
    ie = ma.fields.String(allow_none=True)
    uf = ma.fields.String(allow_none=True)
    crt = ma.fields.Integer(allow_none=True)
    serie_nfe = ma.fields.Integer()
    contexto_fiscal = ma.fields.String(allow_none=True, metadata={"example": RURAL_CONTEXT})
    propriedades = ma.fields.Integer(metadata={"description": "Quantidade de imóveis."})
    lista_propriedades = ma.fields.List(ma.fields.Nested(PropertyAnswerSchema))
    certificado = ma.fields.Nested(ProducerCertificateSchema)


class ProducerAnswerSchema(ma.Schema):
    produtor = ma.fields.Nested(ProducerRecordSchema)
    avisos = ma.fields.List(ma.fields.Raw())


class ProducerCreatedSchema(ProducerAnswerSchema):
    empresa = ma.fields.String(metadata={"description": "Código da empresa criada."})
    configuracao_automatica = ma.fields.Nested(AutomaticAnswerSchema)
