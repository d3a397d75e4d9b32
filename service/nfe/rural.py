"""The rural producer as an NF-e issuer: its fiscal context and what it changes in issuance.

A natural person (CPF and no CNPJ) issuing NF-e is always a rural producer (Ajuste SINIEF
09/2017, tax_domain.md §6); a legal person is one when its `contexto_fiscal` says so. The rule
lives in `service.rural.context`; issuance reads it through `fiscal_context`.
"""

from __future__ import annotations

from typing import Any

from documents.nfe.model import Modelo
from engine.context import RURAL_CONTEXT
from service.errors import invalid_field
from service.rural.context import is_natural_person as is_natural_person
from service.rural.context import is_rural as is_rural

PRODUCER_SERIES = range(920, 970)
"""Series a natural-person producer issues NF-e with (NT 2018.001: 920 to 969)."""


def fiscal_context(company: Any) -> str | None:
    """`PRODUTOR_RURAL` for a rural producer (`service.rural.context`), else None."""
    return RURAL_CONTEXT if is_rural(company) else None


def issuer_registration(company: Any) -> str:
    """The CNPJ, or the CPF of a natural-person producer (the builder picks the element)."""
    return str(company.cnpj or company.cpf or "")


def ibs_cbs_contributor(company: Any, contexto: str | None = None) -> bool | None:
    """Whether a rural producer pays IBS/CBS (LC 214 art. 164), else None (not asked).

    The service holds no revenue figure, so the producer is below the R$ 3.6 M threshold
    (not a contributor: CST 410, cClassTrib 410014) unless it declares `exige_ibs_cbs`.
    `contexto` is the one a calculation asks for, when it names one.
    """
    if (contexto or fiscal_context(company)) != RURAL_CONTEXT:
        return None
    return bool(getattr(company, "exige_ibs_cbs", False))


def refuse_nfce(company: Any, modelo: str) -> None:
    """A natural person never issues NFC-e (tax_domain.md §6): 422 before anything is read."""
    if modelo == Modelo.NFCE and is_natural_person(company):
        raise invalid_field("modelo", "NFC-e não é permitida a pessoa física (produtor rural).")


def check_requested_context(company: Any, contexto: str | None) -> None:
    """`contexto` of a preview or validation must be the company's: a simulation of a rural
    NF-e by a company that is not a producer would not be what it issues."""
    if contexto is not None and contexto != fiscal_context(company):
        raise invalid_field(
            "contexto",
            f"A empresa {company.codigo} não está no contexto {contexto}; ative o contexto "
            "de produtor rural (PUT /rural/produtor) para emitir nele.",
        )
