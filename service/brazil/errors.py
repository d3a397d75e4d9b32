"""Errors of the Brazilian identifier validators."""

from __future__ import annotations


class InvalidIdentifier(ValueError):
    """An identifier failed its format or check-digit rule; `kind` names which identifier."""

    def __init__(self, kind: str, value: str, reason: str) -> None:
        super().__init__(f"{kind} inválido: {reason}")
        self.kind = kind
        self.value = value
        self.reason = reason


def is_failure_of(kind: str, message: str) -> bool:
    """Whether `message` is an `InvalidIdentifier` message about `kind` (e.g. "CNPJ")."""
    return message.startswith(f"{kind} inválido:")
