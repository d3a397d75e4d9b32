"""The company's A1 certificate, opened once per process and reused for every document.

Opening a PKCS#12 runs its key derivation (tens of milliseconds); signing and the TLS context
need the private key in memory. The cache is keyed by the certificate record's id, so a new
upload is picked up at once and an old key is simply never used again. Nothing is written to
disk: the TLS context loads the key through an anonymous memory file
(`documents.transmission.tls`).
"""

from __future__ import annotations

import ssl
import threading
from dataclasses import dataclass
from datetime import datetime

from documents.certificates import A1Certificate, load_pkcs12
from documents.signing import XmlSigner
from documents.transmission.tls import ContextCache
from service import runtime
from service.companies.models import Company
from service.configuration import certificate as stored_certificates
from service.errors import ApiError

_MAX_CACHED = 256


@dataclass(frozen=True)
class CompanyCredentials:
    """What one company needs to sign and to talk to the authority."""

    certificate_id: str
    a1: A1Certificate
    signer: XmlSigner
    tls: ssl.SSLContext
    valid_until: datetime


class CredentialCache:
    """Per-process cache of opened certificates and their TLS contexts."""

    def __init__(self, ca_bundle: str | None) -> None:
        self._lock = threading.Lock()
        self._by_certificate: dict[str, CompanyCredentials] = {}
        self._contexts = ContextCache(ca_bundle=ca_bundle)

    def get(self, company_id: str, certificate_id: str, opener: object) -> CompanyCredentials:
        with self._lock:
            cached = self._by_certificate.get(certificate_id)
        if cached is not None:
            return cached
        a1 = opener()  # type: ignore[operator]
        credentials = CompanyCredentials(
            certificate_id=certificate_id,
            a1=a1,
            signer=XmlSigner(a1),
            tls=self._contexts.context_for(company_id, a1),
            valid_until=a1.certificate.not_valid_after_utc,
        )
        with self._lock:
            if len(self._by_certificate) >= _MAX_CACHED:
                self._by_certificate.clear()
            self._by_certificate[certificate_id] = credentials
        return credentials


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
