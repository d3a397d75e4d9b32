"""Errors of the simulator. A rejection is an answer, not a crash: it carries the authority code."""

from __future__ import annotations


class SimulatorError(Exception):
    """Base of every simulator error."""


class SimulatorConfigError(SimulatorError):
    """Settings, CA files or the trust bundle cannot be used."""


class Rejection(SimulatorError):
    """An authority check failed: ``code`` and ``reason`` are what the authority answers.

    SEFAZ families put them in cStat/xMotivo; the national NFS-e puts them in ``erros[]``.
    """

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(f"{code} {reason}")
        self.code = code
        self.reason = reason


class BadRequest(SimulatorError):
    """The HTTP request itself is unusable (not SOAP, unknown service): answered as a SOAP fault."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
