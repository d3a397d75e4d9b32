"""The CT-e OS road modal (`rodoOS`): the operator's authorization (TAF or state registry),
the vehicle and the charter, from the request or the company's configuration."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from documents.cte import model as cte
from service.companies.models import Company
from service.cte.fleet import registered_vehicle
from service.errors import invalid_field
from service.nfe.registers import Gaps

CHARTER = {"eventual": "1", "continuo": "2"}
"""`tpFretamento` (rodoOS 4.00): 1 eventual, 2 contínuo."""


def road_os(session: Session, company: Company, body: dict[str, Any], gaps: Gaps) -> cte.RoadOS:
    """`transporte` replaces the company's `taf_cteos` / `reg_estadual_cteos`; one of them is
    required (422 naming both when neither exists)."""
    given = body.get("transporte") or {}
    taf = given.get("taf") or (None if given else getattr(company, "taf_cteos", None))
    registry = given.get("nro_reg_estadual") or (
        None if given else getattr(company, "reg_estadual_cteos", None)
    )
    if not taf and not registry:
        gaps.add("emitente.taf_cteos", "TAF_AUSENTE",
                 "O CT-e OS rodoviário exige o TAF (12 dígitos) ou o número de registro "
                 "estadual (25): informe `transporte` ou configure `taf_cteos` / "
                 "`reg_estadual_cteos` no emitente.")  # fmt: skip
    return cte.RoadOS(
        taf=taf or None,
        state_registration=None if taf else registry or None,
        vehicle=_vehicle(session, company, body.get("veiculo")),
        charter=_charter(body.get("fretamento")),
    )


def _vehicle(session: Session, company: Company, raw: dict[str, Any] | None) -> cte.Vehicle | None:
    if raw is None:
        return None
    if "uf" not in raw:
        return registered_vehicle(session, company, raw["placa"])
    if raw.get("proprietario"):
        raise invalid_field(
            "veiculo.proprietario",
            "O veículo de terceiro (grupo prop do rodoOS) ainda não é escrito no CT-e OS; "
            "informe só placa, uf e renavam de veículo próprio.",
        )
    return cte.Vehicle(plate=raw["placa"], uf=raw["uf"], renavam=raw.get("renavam"))


def _charter(raw: dict[str, Any] | None) -> cte.Charter | None:
    if raw is None:
        return None
    return cte.Charter(CHARTER[raw["tipo"]], raw.get("data_viagem"))
