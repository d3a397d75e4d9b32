"""Whether a company is a rural producer, and which kind: read by configuration and issuance.

A natural person (CPF and no CNPJ) issues NF-e only as a rural producer, so it is always in the
rural context whatever the column says; a legal person is one while its `contexto_fiscal` is
`PRODUTOR_RURAL` (activated by `PUT /rural/produtor`).
"""

from __future__ import annotations

from service.companies.models import Company

RURAL_CONTEXT = "PRODUTOR_RURAL"
NATURAL_PERSON = "PF"
LEGAL_PERSON = "PJ"


def is_natural_person(company: Company) -> bool:
    return bool(company.cpf) and not company.cnpj


def is_rural(company: Company) -> bool:
    return company.contexto_fiscal == RURAL_CONTEXT or is_natural_person(company)


def person_type(company: Company) -> str:
    return NATURAL_PERSON if is_natural_person(company) else LEGAL_PERSON


def document_of(company: Company) -> str | None:
    """The issuer's identifier: the CPF of a natural person, else the CNPJ."""
    return company.cpf if is_natural_person(company) else company.cnpj
