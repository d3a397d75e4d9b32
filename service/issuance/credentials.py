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
from service.errors import ApiError
from service.issuance.credential_cache import CompanyCredentials


def _missing(item: str, motivo: str, message: str) -> ApiError:
    return ApiError("FISCAL_CONFIGURATION_REQUIRED", message, missing=[item], motivos=[motivo])


def credentials_for(company: Company, now: datetime) -> CompanyCredentials:
    """The company's usable certificate, or 422 `FISCAL_CONFIGURATION_REQUIRED`."""
    record = stored_certificates.active(company)
    if record is None:
        raise _missing("certificado", "CERTIFICADO_AUSENTE", "Envie o certificado A1 da empresa.")
    if record.valido_ate <= now:
        raise _missing("certificado", "CERTIFICADO_VENCIDO", "O certificado A1 está vencido.")
    box = runtime.current().secrets

    def opener() -> A1Certificate:
        password = box.open(record.senha_cifrada).decode("utf-8")
        return load_pkcs12(box.open(record.pkcs12_cifrado), password)

    cache = runtime.current().authority.credentials
    return cache.get(company.id, record.id, opener)
