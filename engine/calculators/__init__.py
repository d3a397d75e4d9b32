"""One small calculator per tax: pure functions of a base and a rule's result, in Decimal."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any


def opt_decimal(resultado: Mapping[str, Any], name: str) -> Decimal | None:
    """A rate from a rule result (already validated when the rule was loaded); blank is None."""
    raw = resultado.get(name)
    if raw is None or raw == "":
        return None
    return Decimal(str(raw))


def opt_text(resultado: Mapping[str, Any], name: str) -> str | None:
    """A code from a rule result as text ("00", "101"); blank is None."""
    raw = resultado.get(name)
    if raw is None or raw == "":
        return None
    return str(raw)
