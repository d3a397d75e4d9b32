"""Domain errors of the configuration package."""

from __future__ import annotations


class CertificateRejected(Exception):
    """An uploaded certificate cannot be used; `code` is the API error code."""

    def __init__(self, code: str, problem: str, message: str | None = None) -> None:
        super().__init__(problem)
        self.code = code
        self.problem = problem
        self.message = message
        """The answer's message when the catalogue's default would mislead (e-CPF)."""
