"""Plates (old and Mercosul) and RENAVAM numbers."""

from __future__ import annotations

import pytest

from service.brazil.errors import InvalidIdentifier
from service.brazil.vehicles import normalize_plate, normalize_renavam


@pytest.mark.parametrize(
    ("value", "expected"),
    [("BRA2E19", "BRA2E19"), ("bra2e19", "BRA2E19"), ("ABC-1234", "ABC1234"),
     (" abc 1234 ", "ABC1234"), ("ABC1D23", "ABC1D23")],
)  # fmt: skip
def test_plates_old_and_mercosul(value, expected):
    assert normalize_plate(value) == expected


@pytest.mark.parametrize(
    "value", ["", "ABC123", "ABC12345", "AB12345", "ABCD123", "ABC12D3", "1BC1234", "ABC1D2E",
              "ABC.1234", "ÁBC1234"],
)  # fmt: skip
def test_invalid_plates(value):
    with pytest.raises(InvalidIdentifier, match="Número da placa inválido: use AAA0A00"):
        normalize_plate(value)


@pytest.mark.parametrize(
    ("value", "expected"),
    [("123456789", "123456789"), ("00123456789", "00123456789"), ("0012345678-9", "00123456789"),
     ("001.234.567.89", "00123456789")],
)  # fmt: skip
def test_renavam_9_or_11_digits(value, expected):
    assert normalize_renavam(value) == expected


@pytest.mark.parametrize("value", ["12345678", "1234567890", "123456789012", "12345678A", ""])
def test_invalid_renavam(value):
    with pytest.raises(InvalidIdentifier, match="RENAVAM inválido"):
        normalize_renavam(value)
