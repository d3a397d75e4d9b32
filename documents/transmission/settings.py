"""The transmission settings: where authorities are, whom to trust and how long to wait."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from documents.transmission import defaults


@dataclass(frozen=True)
class TransmissionSettings:
    """How to reach the authorities.

    `authority_url` redirects every call to `{authority_url}/{real host}{real path}` (the embedded
    simulator); `ca_bundle` is a PEM file with the CAs trusted for the authority's server
    certificate (None = the system store, which lacks the ICP-Brasil roots).
    """

    authority_url: str | None = None
    ca_bundle: str | None = None
    connect_timeout: float = defaults.CONNECT_TIMEOUT
    read_timeout: float = defaults.READ_TIMEOUT

    @classmethod
    def from_environ(cls, environ: Mapping[str, str]) -> TransmissionSettings:
        """Read `AUTHORITY_URL`, `AUTHORITY_CA_BUNDLE`, `AUTHORITY_CONNECT_TIMEOUT` and
        `AUTHORITY_READ_TIMEOUT`; empty values count as unset."""
        return cls(
            authority_url=(environ.get("AUTHORITY_URL") or None),
            ca_bundle=(environ.get("AUTHORITY_CA_BUNDLE") or None),
            connect_timeout=_seconds(
                environ, "AUTHORITY_CONNECT_TIMEOUT", defaults.CONNECT_TIMEOUT
            ),
            read_timeout=_seconds(environ, "AUTHORITY_READ_TIMEOUT", defaults.READ_TIMEOUT),
        )


def _seconds(environ: Mapping[str, str], name: str, default: float) -> float:
    raw = environ.get(name)
    return float(raw) if raw else default
