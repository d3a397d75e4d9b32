"""Vehicle plates and RENAVAM numbers as the MDF-e prints them.

Like the other `service.brazil` normalizers, each takes what the user typed (dash, spaces and
lower case allowed) and returns the stored form, or raises `InvalidIdentifier`.
"""

from __future__ import annotations

import re

from service.brazil.errors import InvalidIdentifier

_PLATE = re.compile(r"[A-Z]{3}[0-9][A-Z0-9][0-9]{2}")
"""The old Brazilian plate (AAA0000) and the Mercosul one (AAA0A00): they differ only in the
fifth character, a digit in the old format and a letter in the new."""

_RENAVAM = re.compile(r"[0-9]{9}|[0-9]{11}")


def normalize_plate(value: str) -> str:
    """`abc-1d23` → `ABC1D23`; the layout's `placa` has no dash."""
    plate = re.sub(r"[\s-]", "", value).upper()
    if not _PLATE.fullmatch(plate):
        raise InvalidIdentifier("Número da placa", value, "use AAA0A00 (Mercosul) ou AAA0000")
    return plate


def normalize_renavam(value: str) -> str:
    """9 (older registrations) or 11 digits, kept as given (dots and spaces dropped)."""
    renavam = re.sub(r"[.\s-]", "", value)
    if not _RENAVAM.fullmatch(renavam):
        raise InvalidIdentifier("RENAVAM", value, "deve ter 9 ou 11 dígitos")
    return renavam
