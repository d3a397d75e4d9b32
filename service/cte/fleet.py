"""Vehicles named by plate: the company's register (`/veiculos`)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from documents.cte import model as cte
from service.companies.models import Company
from service.errors import invalid_field


def registered_vehicle(session: Session, company: Company, plate: str) -> cte.Vehicle:
    """The active vehicle of the company with this plate, else 422 on `veiculo`."""
    raise invalid_field(
        "veiculo", f"Veículo '{plate}' não cadastrado: informe {{placa, uf, renavam}}."
    )
