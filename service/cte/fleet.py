"""Vehicles named by plate: the company's register (`/veiculos`)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from documents.cte import model as cte
from service.companies.models import Company
from service.errors import invalid_field
from service.registers.models import Vehicle


def registered_vehicle(session: Session, company: Company, plate: str) -> cte.Vehicle:
    """The company's active vehicle with this plate (its licensing UF and RENAVAM), else 422
    on `veiculo`. A vehicle of a third party (owner registered) is refused as inline ones are:
    the CT-e OS `prop` group is not written yet."""
    query = select(Vehicle).where(
        Vehicle.company_id == company.id, Vehicle.placa == plate, Vehicle.ativo.is_(True)
    )
    found = session.execute(query).scalar_one_or_none()
    if found is None:
        raise invalid_field(
            "veiculo", f"Veículo '{plate}' não cadastrado (POST /veiculos) ou inativo."
        )
    if found.proprietario_doc:
        raise invalid_field(
            "veiculo",
            "Veículo de terceiro: o grupo prop do CT-e OS ainda não é escrito; use um veículo "
            "próprio.",
        )
    return cte.Vehicle(plate=found.placa, uf=found.uf_licenciamento, renavam=found.renavam)
