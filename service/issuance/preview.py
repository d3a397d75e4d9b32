"""Preview of any family: the issuance path without its effects.

A preview decides with the family's own `prepare` (so it decides exactly what the issuance
would), then builds and signs the document with a placeholder number (no key reserved, no
number sequence read) because the official schemas require `Signature`, and validates it:
what the layout refuses comes back as data. Nothing is written: no order, number, hold,
charge or transmission.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from documents.errors import InvalidDocumentDataError, SchemaViolationError
from documents.keys import random_cnf
from service.companies.models import Company
from service.issuance.credential_cache import CompanyCredentials
from service.issuance.family import Draft, Family, Numbered

PLACEHOLDER_NUMBER = 1
"""The number of the validated XML: a real number is taken only by the issuance, under its
lock."""


@dataclass(frozen=True)
class Layout:
    """The outcome of building, signing and validating the document against the XSD."""

    validado: bool
    violacoes: tuple[dict[str, Any], ...] = ()


def check_layout(
    family: Family, draft: Draft, creds: CompanyCredentials, company: Company, now: dt.datetime
) -> Layout:
    """Run the family's build + sign + XSD on a placeholder number; refusals as data."""
    numbered = Numbered(
        family.series(company), PLACEHOLDER_NUMBER, random_cnf(PLACEHOLDER_NUMBER), now
    )
    try:
        family.sign(draft, creds, numbered)
    except InvalidDocumentDataError as exc:
        return Layout(False, ({"caminho": exc.field, "mensagem": exc.message, "linha": None},))
    except SchemaViolationError as exc:
        return Layout(
            False,
            tuple(
                {"caminho": v.path, "mensagem": v.message, "linha": v.line or None}
                for v in exc.violations
            ),
        )
    return Layout(True)
