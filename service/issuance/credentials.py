"""The company's usable A1 certificate, from its stored record through the process's cache
(`credential_cache`). Nothing is written to disk: the TLS context loads the key through an
anonymous memory file (`documents.transmission.tls`).
"""

from __future__ import annotations

from datetime import datetime

from documents.certificates import A1Certificate, load_pkcs12
from service import runtime
from service.companies.models import Company
from service.configuration import certificate as stored_certificates
from service.db import read_apart
from service.errors import ApiError
from service.issuance.credential_cache import CompanyCredentials


def _missing(item: str, motivo: str, message: str) -> ApiError:
    return ApiError("FISCAL_CONFIGURATION_REQUIRED", message, missing=[item], motivos=[motivo])


def credentials_for(company: Company, now: datetime) -> CompanyCredentials:
    """The company's usable certificate, or 422 `FISCAL_CONFIGURATION_REQUIRED`. Only the
    record's id and validity are read per request; the encrypted PKCS#12 is read and opened
    once per process and certificate (`credential_cache`), the request's reads ended first
    (`runtime.end_read_transaction`: no caller holds a lock or a change in the request's
    session when it asks for the credentials)."""
    reference = stored_certificates.active_reference(company)
    if reference is None:
        raise _missing("certificado", "CERTIFICADO_AUSENTE", "Envie o certificado A1 da empresa.")
    certificate_id, valid_until = reference
    if valid_until <= now:
        raise _missing("certificado", "CERTIFICADO_VENCIDO", "O certificado A1 está vencido.")
    box = runtime.current().secrets

    def opener() -> A1Certificate:
        session = runtime.db()
        with read_apart(session):
            record = stored_certificates.by_id(certificate_id)
            sealed_password, sealed_pkcs12 = record.senha_cifrada, record.pkcs12_cifrado
        runtime.end_read_transaction()  # opening takes tens of ms, with no database
        password = box.open(sealed_password).decode("utf-8")
        return load_pkcs12(box.open(sealed_pkcs12), password)

    cache = runtime.current().authority.credentials
    return cache.get(company.id, certificate_id, opener)
