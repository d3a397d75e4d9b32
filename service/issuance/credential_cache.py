"""Opened company certificates, kept per process: signing and the TLS context need the private
key in memory, and opening a PKCS#12 runs its key derivation (tens of milliseconds).

The cache is keyed by the certificate record's id, so a new upload is picked up at once and an
old key is simply never used again. It holds no reference to the app (the runtime holds it), so
the runtime can name it without importing the configuration that stores certificates.
"""

from __future__ import annotations

import ssl
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from documents.certificates import A1Certificate
from documents.signing import XmlSigner
from documents.transmission.tls import ContextCache

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

    def get(
        self, company_id: str, certificate_id: str, opener: Callable[[], A1Certificate]
    ) -> CompanyCredentials:
        with self._lock:
            cached = self._by_certificate.get(certificate_id)
        if cached is not None:
            return cached
        a1 = opener()
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
