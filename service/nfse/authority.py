"""Whom the service trusts to sign what the national system returns (NFS-e, events)."""

from __future__ import annotations

from functools import lru_cache

from cryptography import x509

from documents.nfse.authenticity import load_trusted
from service import runtime


def trusted_signers() -> tuple[x509.Certificate, ...] | None:
    """The CAs of `AUTHORITY_SIGNER_BUNDLE` (else `AUTHORITY_CA_BUNDLE`); None: none set."""
    settings = runtime.current().settings
    return _bundle(settings.authority_signer_bundle or settings.authority_ca_bundle)


@lru_cache(maxsize=4)
def _bundle(path: str | None) -> tuple[x509.Certificate, ...] | None:
    return load_trusted(path)
