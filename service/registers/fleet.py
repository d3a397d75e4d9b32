"""Vehicles and drivers (the MDF-e registers): what differs from the other registers.

The life cycle (unique key, partial update checked on the merged record, logical deletion,
audit) is the shared `Register` of `operations`; here are the fields, the answers and the checks
that need several fields. Both belong to the MDF-e module (`Module.MDFE`).
"""

from __future__ import annotations

from typing import Any

from service.brazil.errors import InvalidIdentifier
from service.brazil.ie import normalize_ie
from service.companies.models import Module
from service.configuration.fields import field_error
from service.errors import ApiError
from service.registers.models import Driver, Vehicle
from service.registers.operations import Register, timestamps

OWNER_FIELDS = ("proprietario_doc", "proprietario_nome", "proprietario_rntrc", "proprietario_ie",
                "proprietario_uf", "proprietario_tp_prop")  # fmt: skip
"""The layout's `prop` group: only for a vehicle the issuing company does not own."""

_OWNER_REQUIRED = ("proprietario_doc", "proprietario_nome", "proprietario_rntrc",
                   "proprietario_tp_prop")  # fmt: skip
"""`prop` requires CPF/CNPJ, RNTRC, xNome and tpProp; IE and UF come together or not at all."""

VEHICLE_FIELDS = ("placa", "tara", "uf_licenciamento", "renavam", "cap_kg", "cap_m3", "tp_rod",
                  "tp_car", "tipo", *OWNER_FIELDS, "ativo")  # fmt: skip
DRIVER_FIELDS = ("nome", "cpf", "ativo")

_FOR_MDFE = {"TRACAO": ("tp_rod", "tp_car"), "REBOQUE": ("tp_car", "cap_kg")}
"""What `veicTracao` / `veicReboque` require beyond the register's own required fields."""


def render_vehicle(vehicle: Vehicle) -> dict[str, Any]:
    data = {"id": vehicle.id, **{name: getattr(vehicle, name) for name in VEHICLE_FIELDS}}
    return {**data, **timestamps(vehicle)}


def render_driver(driver: Driver) -> dict[str, Any]:
    data = {"id": driver.id, **{name: getattr(driver, name) for name in DRIVER_FIELDS}}
    return {**data, **timestamps(driver)}


def _check_owner_ie(values: dict[str, Any]) -> None:
    """IE and UF together (the layout's optional pair); the IE checked for that UF."""
    ie, uf = values.get("proprietario_ie"), values.get("proprietario_uf")
    if (ie is None) != (uf is None):
        missing = "proprietario_uf" if uf is None else "proprietario_ie"
        raise field_error(missing, "Informe proprietario_ie e proprietario_uf juntos (ou nenhum).")
    if ie is not None and uf is not None:
        try:
            values["proprietario_ie"] = normalize_ie(ie, uf)
        except InvalidIdentifier as exc:
            raise field_error("proprietario_ie", str(exc)) from None


def _check_owner(values: dict[str, Any]) -> None:
    """No owner (the company's own vehicle) or a complete `prop` group."""
    if all(values.get(name) is None for name in OWNER_FIELDS):
        return
    missing = [name for name in _OWNER_REQUIRED if values.get(name) is None]
    if missing:
        message = "Obrigatório quando o proprietário é informado (veículo de terceiro)."
        raise ApiError(
            "VALIDATION_ERROR", errors=[{"field": n, "message": message} for n in missing]
        )
    _check_owner_ie(values)


def check_vehicle(values: dict[str, Any]) -> list[str]:
    """A trailer has no `tpRod` (422); what the MDF-e still needs is a warning (`avisos`), as a
    product without NCM: the register may be completed before the first MDF-e."""
    _check_owner(values)
    if values["tipo"] == "REBOQUE" and values.get("tp_rod") is not None:
        message = "Reboque não tem tipo de rodado (tpRod é do veículo de tração)."
        raise field_error("tp_rod", message)
    missing = [name for name in _FOR_MDFE[values["tipo"]] if values.get(name) is None]
    if not missing:
        return []
    label = "Reboque" if values["tipo"] == "REBOQUE" else "Veículo de tração"
    return [f"{label} sem {' e '.join(missing)}: o MDF-e exige; complete antes de emitir."]


def check_driver(values: dict[str, Any]) -> list[str]:
    """Name and CPF are checked by the schema; nothing depends on two fields."""
    return []


VEHICLES = Register(
    Vehicle, "veiculo", "vei", VEHICLE_FIELDS, {"tipo": "TRACAO", "ativo": True},
    "placa", render_vehicle, check_vehicle, "Já existe um veículo com esta placa.",
    Module.MDFE, key="placa", filters=("placa", "tipo"),
)  # fmt: skip
DRIVERS = Register(
    Driver, "condutor", "cnd", DRIVER_FIELDS, {"ativo": True},
    "nome", render_driver, check_driver, "Já existe um condutor com este CPF.",
    Module.MDFE, key="cpf", filters=("cpf",), sort_by="nome",
)  # fmt: skip
