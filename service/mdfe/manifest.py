"""What an MDF-e lists, looked up in the company's registers and documents: the traction
vehicle and trailers (`/veiculos`), the drivers (`/condutores` or given), and the documents (the
company's authorized CT-e by id, or CT-e / NF-e keys), with the checks the spec names: an
unregistered vehicle is 422, and a CT-e already in another of the company's open manifests
(AUTORIZADA, not closed or cancelled) is refused naming that manifest."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lxml import etree
from sqlalchemy import select
from sqlalchemy.orm import Session

from service.companies.models import Company
from service.errors import ApiError, invalid_field
from service.issuance.models import UNRESOLVED, DocumentStatus, FiscalDocument
from service.registers.models import Driver, Vehicle
from service.storage.documents import signed_xml

OPEN = (DocumentStatus.AUTORIZADA, *UNRESOLVED)
"""A manifest that may be open at the authority: authorized and not closed or cancelled, or
not resolved yet (it may have been authorized)."""


@dataclass(frozen=True)
class Listed:
    """One manifested document: its kind (`cte` / `nfe`), key and unloading municipality."""

    kind: str
    key: str
    unloading: str
    cte_id: str | None = None
    unloading_name: str | None = None


def vehicle(session: Session, company: Company, plate: str, field: str, kind: str) -> Vehicle:
    """An active vehicle of the company with this plate and kind (TRACAO / REBOQUE)."""
    query = select(Vehicle).where(
        Vehicle.company_id == company.id, Vehicle.placa == plate, Vehicle.ativo.is_(True)
    )
    found = session.execute(query).scalar_one_or_none()
    if found is None:
        raise invalid_field(field, f"Veículo '{plate}' não cadastrado (POST /veiculos).")
    if found.tipo != kind:
        wanted = "de tração" if kind == "TRACAO" else "reboque"
        raise invalid_field(field, f"O veículo '{plate}' não é {wanted}.")
    return found


def drivers(session: Session, company: Company, raw: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """(name, CPF) of each driver: a registered CPF, or given with its name; no repeats."""
    found: list[tuple[str, str]] = []
    for index, item in enumerate(raw):
        name = item.get("nome") or registered_driver_name(session, company, item["cpf"])
        if name is None:
            raise invalid_field(
                f"condutores.{index}",
                f"Condutor {item['cpf']} não cadastrado: informe {{nome, cpf}} ou cadastre-o.",
            )
        if any(cpf == item["cpf"] for _, cpf in found):
            raise invalid_field(f"condutores.{index}", "Condutor repetido.")
        found.append((str(name), str(item["cpf"])))
    return found


def registered_driver_name(session: Session, company: Company, cpf: str) -> str | None:
    query = select(Driver.nome).where(
        Driver.company_id == company.id, Driver.cpf == cpf, Driver.ativo.is_(True)
    )
    return session.execute(query).scalar_one_or_none()


def documents(session: Session, company: Company, raw: list[dict[str, Any]]) -> list[Listed]:
    """Each manifested document with its unloading municipality (a CT-e by id: its end)."""
    listed = []
    for index, item in enumerate(raw):
        field = f"documentos.{index}"
        if item.get("cte_id"):
            listed.append(_company_cte(session, company, str(item["cte_id"]), item, field))
            continue
        kind, key = (
            ("cte", item["chave_cte"]) if item.get("chave_cte") else ("nfe", item["chave_nfe"])
        )
        place = item.get("municipio_descarga")
        if not place:
            raise invalid_field(f"{field}.municipio_descarga", "Obrigatório para uma chave.")
        code, name = str(place["cod_municipio"]), place.get("municipio")
        listed.append(Listed(kind, str(key), code, unloading_name=name))
    keys = [d.key for d in listed]
    if len(set(keys)) != len(keys):
        raise invalid_field("documentos", "Há documentos repetidos no manifesto.")
    return listed


def _company_cte(
    session: Session, company: Company, cte_id: str, item: dict[str, Any], field: str
) -> Listed:
    document = session.get(FiscalDocument, cte_id)
    if document is None or document.company_id != company.id or document.modulo != "cte":
        raise invalid_field(f"{field}.cte_id", f"CT-e '{cte_id}' não encontrado nesta empresa.")
    if document.status != DocumentStatus.AUTORIZADA:
        raise invalid_field(f"{field}.cte_id", f"O CT-e '{cte_id}' não está AUTORIZADA.")
    place = item.get("municipio_descarga") or {"cod_municipio": _end_of(document)}
    return Listed("cte", document.chave, str(place["cod_municipio"]), cte_id,
                  unloading_name=place.get("municipio"))  # fmt: skip


def _end_of(document: FiscalDocument) -> str:
    """`cMunFim` of a CT-e: where its service ends, the manifest's unloading municipality."""
    root = etree.fromstring(signed_xml(document))  # the CT-e its authorized XML holds
    return str(root.findtext(".//{*}infCte/{*}ide/{*}cMunFim") or "")


def check_not_manifested(session: Session, company: Company, listed: list[Listed]) -> None:
    """A CT-e in another open manifest of the company is refused (422 naming it)."""
    ctes = {d.key for d in listed if d.kind == "cte"}
    if not ctes:
        return
    query = select(FiscalDocument).where(
        FiscalDocument.company_id == company.id,
        FiscalDocument.modulo == "mdfe",
        FiscalDocument.status.in_([s.value for s in OPEN]),
    )
    for manifest in session.execute(query).scalars():
        listed_there = {d["chave"] for d in (manifest.resumo or {}).get("documentos", [])}
        shared = sorted(ctes & listed_there)
        if shared:
            raise ApiError(
                "VALIDATION_ERROR",
                f"O CT-e {shared[0]} já está no MDF-e {manifest.id}, ainda aberto: encerre-o "
                "ou cancele-o antes.",
                errors=[{"field": "documentos", "message": f"CT-e já no MDF-e {manifest.id}"}],
                body={"mdfe_id": manifest.id},
            )
