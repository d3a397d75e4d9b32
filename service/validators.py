"""Validators shared by request schemas.

Decimal bounds are plain functions rather than `marshmallow.validate.Range`: apispec renders
a Decimal field's Range bounds as strings, which makes the OpenAPI document invalid.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

import marshmallow as ma


def decimal_between(low: str, high: str) -> Callable[[Decimal], None]:
    """Accept `low <= value <= high` (both inclusive)."""
    lo, hi = Decimal(low), Decimal(high)

    def check(value: Decimal) -> None:
        if not lo <= value <= hi:
            raise ma.ValidationError(f"Deve estar entre {low} e {high}.")

    return check
