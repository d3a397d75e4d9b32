"""Errors of the transmission client.

Transmission outcomes (authorized, rejected, uncertain, not sent) are values, not exceptions: a
rejection is a normal answer. Exceptions are kept for programming or configuration mistakes that
no retry can fix, such as asking for a service an authority does not offer.
"""

from __future__ import annotations

from documents.errors import DocumentError


class TransmissionError(DocumentError):
    """Base of every error raised by `documents.transmission`."""


class EndpointNotFoundError(TransmissionError):
    """No authority endpoint is known for this UF, model, environment and service."""

    def __init__(self, family: str, uf: str, service: str, environment: str) -> None:
        super().__init__(f"no {family} endpoint for UF {uf}, service {service}, env {environment}")
        self.family = family
        self.uf = uf
        self.service = service
        self.environment = environment


class ClientIdentityError(TransmissionError):
    """The company's certificate and key cannot be loaded into a TLS context."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class RequestBuildError(TransmissionError):
    """The payload handed to the client cannot be put on the wire (e.g. not a single document)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
