"""Request and answer schemas of `/veiculos` and `/condutores` (the MDF-e registers).

Domains follow the MDF-e 3.00 road modal (`veicTracao` / `veicReboque`, `condutor`); checks
that need several fields (the owner group, what a trailer carries) live in `fleet`.
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from service.brazil.documents import normalize_cpf, normalize_cpf_cnpj
from service.brazil.geo import normalize_uf
from service.brazil.vehicles import normalize_plate, normalize_renavam
from service.configuration.fields import Normalized, digits
from service.registers.schemas import ActiveListArgs, RegisterSchema, answers
from service.validators import OneOf, Range, fiscal_text

TP_ROD = ("01", "02", "03", "04", "05", "06")
"""`tpRod`: 01 truck, 02 toco, 03 cavalo mecânico, 04 VAN, 05 utilitário, 06 outros."""

TP_CAR = ("00", "01", "02", "03", "04", "05")
"""`tpCar`: 00 não aplicável, 01 aberta, 02 fechada/baú, 03 granelera, 04 porta container,
05 sider."""

TIPOS = ("TRACAO", "REBOQUE")
TP_PROP = (0, 1, 2)
"""`tpProp`: 0 TAC agregado, 1 TAC independente, 2 outros."""

MAX_KG = 999_999
"""`tara` and `capKG`: up to 6 digits in the layout."""

MAX_M3 = 999
"""`capM3`: up to 3 digits."""


def _whole(low: int, high: int, **kwargs: Any) -> ma.fields.Integer:
    """A whole number (strict: `1500.5` or `"1500"` is refused, never truncated)."""
    return ma.fields.Integer(strict=True, validate=Range(min=low, max=high), **kwargs)


class VehicleSchema(RegisterSchema):
    placa = Normalized(normalize_plate, required=True)
    tara = _whole(1, MAX_KG, required=True)
    uf_licenciamento = Normalized(normalize_uf, required=True)
    renavam = Normalized(normalize_renavam, allow_none=True)
    cap_kg = _whole(0, MAX_KG, allow_none=True)
    cap_m3 = _whole(0, MAX_M3, allow_none=True)
    tp_rod = ma.fields.String(allow_none=True, validate=OneOf(TP_ROD))
    tp_car = ma.fields.String(allow_none=True, validate=OneOf(TP_CAR))
    tipo = ma.fields.String(validate=OneOf(TIPOS))
    proprietario_doc = Normalized(normalize_cpf_cnpj, allow_none=True)
    proprietario_nome = fiscal_text(2, 60, allow_none=True)
    proprietario_rntrc = digits(8, "RNTRC")
    proprietario_ie = fiscal_text(1, 25, allow_none=True)
    proprietario_uf = Normalized(normalize_uf, allow_none=True)
    proprietario_tp_prop = ma.fields.Integer(strict=True, allow_none=True, validate=OneOf(TP_PROP))
    ativo = ma.fields.Boolean()


class DriverSchema(RegisterSchema):
    nome = fiscal_text(2, 60, required=True)
    cpf = Normalized(normalize_cpf, required=True)
    ativo = ma.fields.Boolean()


class VehicleUpdateSchema(VehicleSchema):
    """PUT: every field optional."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(partial=True, **kwargs)


class DriverUpdateSchema(DriverSchema):
    """PUT: every field optional."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(partial=True, **kwargs)


class VehicleListArgsSchema(ActiveListArgs):
    placa = Normalized(normalize_plate)
    tipo = ma.fields.String(validate=OneOf(TIPOS))


class DriverListArgsSchema(ActiveListArgs):
    cpf = Normalized(normalize_cpf)


# -- answers (for the OpenAPI document) ----------------------------------------------------


class VehicleRecordSchema(ma.Schema):
    id = ma.fields.String()
    placa = ma.fields.String(metadata={"description": "Sem hífen, maiúsculas."})
    tara = ma.fields.Integer(metadata={"description": "Em kg."})
    uf_licenciamento = ma.fields.String()
    renavam = ma.fields.String(allow_none=True)
    cap_kg = ma.fields.Integer(allow_none=True)
    cap_m3 = ma.fields.Integer(allow_none=True)
    tp_rod = ma.fields.String(allow_none=True, metadata={"description": "tpRod 01..06."})
    tp_car = ma.fields.String(allow_none=True, metadata={"description": "tpCar 00..05."})
    tipo = ma.fields.String(metadata={"description": "TRACAO ou REBOQUE."})
    proprietario_doc = ma.fields.String(allow_none=True)
    proprietario_nome = ma.fields.String(allow_none=True)
    proprietario_rntrc = ma.fields.String(allow_none=True)
    proprietario_ie = ma.fields.String(allow_none=True)
    proprietario_uf = ma.fields.String(allow_none=True)
    proprietario_tp_prop = ma.fields.Integer(allow_none=True)
    ativo = ma.fields.Boolean()
    criado_em = ma.fields.String()
    atualizado_em = ma.fields.String()


class DriverRecordSchema(ma.Schema):
    id = ma.fields.String()
    nome = ma.fields.String()
    cpf = ma.fields.String(metadata={"description": "11 dígitos."})
    ativo = ma.fields.Boolean()
    criado_em = ma.fields.String()
    atualizado_em = ma.fields.String()


VehicleAnswerSchema, VehicleListSchema = answers("Vehicle", VehicleRecordSchema)
DriverAnswerSchema, DriverListSchema = answers("Driver", DriverRecordSchema)
