"""Registers an NF-e/NFC-e calculation names by code: products and the customer.

`/fiscal/calcular` takes the same minimal JSON as the issuance, so `itens[].codigo` and a
`cliente` code are looked up in the company's registers exactly as POST /nfe does
(`service/nfe/registers.py`); the engine context is then built from those facts.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from documents.nfe.model import Modelo
from engine import Counterpart, DocumentType
from service.companies.models import Company
from service.errors import ApiError
from service.fiscal.context import item_codes
from service.nfe.assemble import counterpart_of
from service.nfe.registers import (
    Gaps,
    ProductView,
    products_by_code,
    resolve_nature,
    resolve_party,
)

_MODELO = {DocumentType.NFE: Modelo.NFE.value, DocumentType.NFCE: Modelo.NFCE.value}


def registered_products(
    session: Session, company: Company, documento: DocumentType, operacao: dict[str, Any]
) -> dict[str, ProductView]:
    """The active products the items name by `codigo` (NF-e/NFC-e only), in one query."""
    if documento not in _MODELO:
        return {}
    codes = item_codes(operacao.get("itens"))
    return products_by_code(session, company, codes) if codes else {}


def registered_recipient(
    session: Session, company: Company, documento: DocumentType, operacao: dict[str, Any]
) -> Counterpart | None:
    """The recipient when `cliente` is a customer code (text or `{codigo}`), as the issuance
    decides it; None when the customer is described inline (read by `context.counterpart`)."""
    cliente = operacao.get("cliente") or operacao.get("fornecedor")
    if isinstance(cliente, dict) and set(cliente) == {"codigo"}:
        cliente = cliente["codigo"]
    if documento is DocumentType.NFCE and cliente is None:  # the issuance's anonymous consumer
        return counterpart_of(company, None, operacao.get("consumidor_final"), _MODELO[documento])
    if documento not in _MODELO or not isinstance(cliente, str):
        return None
    try:
        party = resolve_party(
            session, company, {"codigo": cliente}, needs_address=False, gaps=Gaps()
        )
    except ApiError as exc:
        for error in exc.extra.get("errors", []):
            error["field"] = f"operacao.{error['field']}"
        raise
    return counterpart_of(company, party, operacao.get("consumidor_final"), _MODELO[documento])


def registered_nature(
    session: Session, company: Company, documento: DocumentType, operacao: dict[str, Any]
) -> str | None:
    """The id of the nature an NF-e/NFC-e calculation names by code (`natureza`), else of the
    company's default for the model, as the issuance resolves it (rules test the id)."""
    if documento not in _MODELO:
        return None
    code = operacao.get("natureza")
    try:
        nature = resolve_nature(
            session, company, str(code) if code else None, _MODELO[documento], Gaps()
        )
    except ApiError as exc:
        for error in exc.extra.get("errors", []):
            error["field"] = f"operacao.{error['field']}"
        raise
    return nature.id if nature else None
