"""Domain errors of the configuration package."""

from __future__ import annotations


class CertificateRejected(Exception):
    """An uploaded certificate cannot be used; `code` is the API error code."""

    def __init__(self, code: str, problem: str) -> None:
        super().__init__(problem)
        self.code = code
        self.problem = problem
