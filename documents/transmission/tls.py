"""Mutual TLS with the company's A1 certificate, without its key ever touching a disk.

Python's `ssl` only loads a client certificate from a path. We write the PEM chain and the key
into an anonymous memory file (`os.memfd_create`: no directory entry, lives in RAM, closed right
after loading) and hand OpenSSL `/proc/self/fd/N`. No temporary file is ever created, so a crash
cannot leave a key behind (reliability.md §2.3 and §3.1). Build one context per company and reuse
it: loading costs a key parse, and a context is safe to share between threads.
"""

from __future__ import annotations

import hashlib
import os
import ssl
import threading
from typing import Protocol

from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.types import PrivateKeyTypes

from documents.transmission.errors import ClientIdentityError


class ClientIdentity(Protocol):
    """What TLS needs from an A1 (`documents.certificates.A1Certificate` fits)."""

    @property
    def certificate(self) -> x509.Certificate: ...

    @property
    def private_key(self) -> PrivateKeyTypes: ...

    @property
    def chain(self) -> tuple[x509.Certificate, ...]: ...


def client_context(identity: ClientIdentity, *, ca_bundle: str | None) -> ssl.SSLContext:
    """A TLS 1.2+ client context presenting `identity` and trusting `ca_bundle` (PEM path)."""
    context = ssl.create_default_context(ssl.Purpose.SERVER_AUTH, cafile=ca_bundle)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    _load_identity(context, identity)
    return context


def _load_identity(context: ssl.SSLContext, identity: ClientIdentity) -> None:
    fd = os.memfd_create("a1-identity", os.MFD_CLOEXEC)
    try:
        _write_all(fd, _pem_bundle(identity))
        context.load_cert_chain(f"/proc/self/fd/{fd}")
    except ssl.SSLError as exc:
        raise ClientIdentityError(f"certificate and key do not load: {exc.reason}") from None
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _pem_bundle(identity: ClientIdentity) -> bytes:
    """Leaf certificate, then intermediates, then the PKCS#8 key (OpenSSL reads all three)."""
    certificates = (identity.certificate, *identity.chain)
    pem = b"".join(cert.public_bytes(serialization.Encoding.PEM) for cert in certificates)
    key = identity.private_key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    return pem + key


def fingerprint(certificate: x509.Certificate) -> str:
    """SHA-256 of the DER certificate, hex: identifies which A1 a cached context holds."""
    return hashlib.sha256(certificate.public_bytes(serialization.Encoding.DER)).hexdigest()


class ContextCache:
    """One TLS context per (company, certificate): a renewed A1 gets a fresh context."""

    def __init__(self, *, ca_bundle: str | None) -> None:
        self._ca_bundle = ca_bundle
        self._lock = threading.Lock()
        self._contexts: dict[tuple[str, str], ssl.SSLContext] = {}

    def context_for(self, company_id: str, identity: ClientIdentity) -> ssl.SSLContext:
        key = (company_id, fingerprint(identity.certificate))
        with self._lock:
            context = self._contexts.get(key)
            if context is None:
                self._drop_company(company_id)
                context = self._contexts[key] = client_context(identity, ca_bundle=self._ca_bundle)
            return context

    def _drop_company(self, company_id: str) -> None:
        for key in [key for key in self._contexts if key[0] == company_id]:
            del self._contexts[key]
