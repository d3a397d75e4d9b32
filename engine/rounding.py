"""The one rounding policy: per item, 2 places, half up; totals are sums of rounded items.

No official rounding rule exists for IBS/CBS (tax_domain.md §1.7); the XSDs fix 2 decimals and
the NFS-e checks tolerate R$ 0.01, so half-up per item is the documented choice.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")
HUNDRED = Decimal(100)
ZERO = Decimal("0.00")


def money(value: Decimal) -> Decimal:
    """Round a money amount to cents, half up (rounding passed by position: cheaper)."""
    return value.quantize(CENT, ROUND_HALF_UP)


def apply_rate(base: Decimal, rate: Decimal) -> Decimal:
    """`base × rate %`, rounded to cents. Rates are percentages (18.00 means 18 %).

    The same rounding as `money`, written out: this runs several times per item.
    """
    return (base * rate / HUNDRED).quantize(CENT, ROUND_HALF_UP)


def reduce_by(value: Decimal, reduction: Decimal) -> Decimal:
    """Unrounded `value × (1 − reduction %)`; used for reduced bases and effective rates."""
    return value * (HUNDRED - reduction) / HUNDRED


def total(values: list[Decimal]) -> Decimal:
    """Sum of already rounded item values (never re-rounded from unrounded parts)."""
    return sum(values, ZERO)
