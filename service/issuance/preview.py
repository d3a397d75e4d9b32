"""Preview of any family: the issuance path without its effects.

A preview decides with the family's own `prepare` (so it decides exactly what the issuance
would), then builds and signs the document with a placeholder number (no key reserved, no
number sequence read) because the official schemas require `Signature`, and validates it:
what the layout refuses comes back as data. Nothing is written: no order, number, hold,
charge or transmission.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from documents.errors import InvalidDocumentDataError, SchemaViolationError
from documents.keys import random_cnf
from service.companies.models import Company
from service.errors import ApiError
from service.issuance.credential_cache import CompanyCredentials
from service.issuance.credentials import credentials_for
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


def signing_credentials(
    company: Company, now: dt.datetime
) -> tuple[CompanyCredentials | None, ApiError | None]:
    """The signing credentials, or the configuration gap that stands for their absence."""
    try:
        return credentials_for(company, now), None
    except ApiError as exc:
        if exc.code != "FISCAL_CONFIGURATION_REQUIRED":
            raise
        return None, exc


def configuration_required(*errors: ApiError | None) -> ApiError:
    """One 422 listing the gaps of every check, in order, with `ready_to_issue` false (and
    the engine's `explain`, when it was asked for and reached)."""
    found = [e for e in errors if e is not None]
    missing = [m for e in found for m in e.extra.get("missing", [])]
    motivos = list(dict.fromkeys(m for e in found for m in e.extra.get("motivos", [])))
    body = {k: v for e in found for k, v in e.body.items()}
    details = [d for e in found for d in e.extra.get("details", [])]  # e.g. rules to fix
    return ApiError(
        "FISCAL_CONFIGURATION_REQUIRED",
        found[0].message,
        missing=missing,
        motivos=motivos,
        details=details or None,
        body={**body, "ready_to_issue": False},
    )


def decide_and_check(
    family: Family, company: Company, now: dt.datetime, decide: Callable[[], Draft]
) -> tuple[Draft, Layout]:
    """A preview's two steps with every gap in one 422: the family's decision (`decide`, its
    `prepare` allowing review) and, with the signing credentials, the layout check."""
    creds, certificate_gap = signing_credentials(company, now)
    try:
        draft = decide()
    except ApiError as exc:
        if exc.code == "FISCAL_CONFIGURATION_REQUIRED":
            raise configuration_required(exc, certificate_gap) from exc
        raise
    if certificate_gap is not None:
        raise configuration_required(certificate_gap)
    assert creds is not None
    return draft, check_layout(family, draft, creds, company, now)
