"""Text forms of fiscal values as the layouts' decimal types require them.

Nothing here rounds: the tax engine rounds (one rounding module, per item, half up) and a value
with more places than the layout allows is a bug upstream, so it is refused, not hidden.
"""

from __future__ import annotations

import datetime as dt
import functools
from decimal import Decimal
from typing import NoReturn

from documents.errors import InvalidDocumentDataError

_CENT = Decimal("0.01")
_STEPS = {places: Decimal(1).scaleb(-places) for places in range(11)}


_ZERO = Decimal(0)


def _refuse(value: object, places: int, field: str) -> NoReturn:
    """Raise the error `_exact` gives for a value the fast paths below did not accept."""
    _exact(value, places, field)  # type: ignore[arg-type]
    raise AssertionError(f"{field}: {value!r} was refused by a fast path only")


def _exact(value: Decimal, places: int, field: str) -> Decimal:
    if not isinstance(value, Decimal) or not value.is_finite():
        raise InvalidDocumentDataError(field, f"must be a finite Decimal, got {value!r}")
    quantized = value.quantize(_STEPS[places])
    if quantized != value:
        raise InvalidDocumentDataError(field, f"{value} has more than {places} decimal places")
    if quantized < _ZERO:  # a Decimal zero: an int would be converted at every call
        raise InvalidDocumentDataError(field, f"{value} is negative")
    return quantized


def money(value: Decimal, field: str = "valor") -> str:
    """TDec_1302: two decimal places, always written (e.g. `0.00`, `1234.50`).

    The checks of `_exact` inline, because a document writes several values per item: a
    value quantized to two places has the exponent -2, which `str` writes as `f"{:.2f}"`
    does, at a third of its cost."""
    if isinstance(value, Decimal) and value.is_finite():
        cents = value.quantize(_CENT)
        if cents == value and cents >= _ZERO:
            return str(cents)
    _refuse(value, 2, field)


@functools.lru_cache(maxsize=1024)
def rate(value: Decimal, field: str = "aliquota") -> str:
    """TDec_0302a04: a percentage with two to four decimal places (`18.00`, `1.6500` -> `1.65`)."""
    exact = _exact(value, 4, field)
    text = f"{exact:.4f}"
    return text[:-2] if text.endswith("00") else text[:-1] if text.endswith("0") else text


def decimal_places(value: Decimal, places: int, field: str) -> str:
    """A value written with exactly `places` decimals (qCom: 4, vUnCom: up to 10).

    `_exact`'s checks inline, as in `money` (qCom of every item; qTrib repeats its text)."""
    if isinstance(value, Decimal) and value.is_finite():
        exact = value.quantize(_STEPS[places])
        if exact == value and exact >= _ZERO:
            return f"{exact:.{places}f}"
    _refuse(value, places, field)


def unit_price(value: Decimal, field: str = "vUnCom") -> str:
    """TDec_1110v: up to ten decimal places; written with at least two."""
    exact = _exact(value, 10, field)
    text = format(exact.normalize(), "f")
    whole, _, fraction = text.partition(".")
    return f"{whole}.{fraction.ljust(2, '0')}"


def quantity(value: Decimal, field: str = "qCom") -> str:
    """TDec_1104v: up to four decimal places, written with four."""
    return decimal_places(value, 4, field)


def timestamp(value: dt.datetime, field: str = "dhEmi") -> str:
    """TDateTimeUTC: `AAAA-MM-DDThh:mm:ss±hh:mm`, local time with its offset, no fraction."""
    if value.tzinfo is None or value.utcoffset() is None:
        raise InvalidDocumentDataError(field, "needs a timezone offset")
    return value.replace(microsecond=0).isoformat()


def cents_sum(values: list[Decimal], field: str = "total") -> Decimal:
    """Sum of two-place values (totals are sums of item values, never recomputed or rounded).

    One loop with `money`'s inline checks: a document sums each item value several times."""
    total = Decimal("0.00")
    for value in values:
        if isinstance(value, Decimal) and value.is_finite():
            cents = value.quantize(_CENT)
            if cents == value and cents >= _ZERO:
                total += cents
                continue
        _refuse(value, 2, field)
    return total.quantize(_CENT)
