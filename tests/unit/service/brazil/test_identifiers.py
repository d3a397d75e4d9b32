"""Check digits and geography of Brazilian identifiers."""

from __future__ import annotations

import pytest

from service.brazil.documents import normalize_cnpj, normalize_cpf, normalize_gtin
from service.brazil.errors import InvalidIdentifier
from service.brazil.geo import (
    check_municipality,
    normalize_cep,
    normalize_municipality,
    uf_code,
)
from service.brazil.ie import normalize_ie


@pytest.mark.parametrize(
    ("value", "expected"),
    [("11.222.333/0001-81", "11222333000181"), ("12.ABC.345/01DE-35", "12ABC34501DE35")],
)
def test_valid_cnpj_numeric_and_alphanumeric(value, expected):
    assert normalize_cnpj(value) == expected


@pytest.mark.parametrize("value", ["11222333000182", "12ABC34501DE36", "00000000000000", "123"])
def test_invalid_cnpj(value):
    with pytest.raises(InvalidIdentifier):
        normalize_cnpj(value)


def test_cpf():
    assert normalize_cpf("529.982.247-25") == "52998224725"
    for bad in ("52998224724", "11111111111", "5299822472"):
        with pytest.raises(InvalidIdentifier):
            normalize_cpf(bad)


def test_gtin():
    assert normalize_gtin("7891000315507") == "7891000315507"
    assert normalize_gtin("SEM GTIN") == "SEM GTIN"
    with pytest.raises(InvalidIdentifier):
        normalize_gtin("7891000315508")


@pytest.mark.parametrize(
    ("ie", "uf"),
    [("110.042.490.114", "SP"), ("062.307.904/0081", "MG"), ("123.45678-50", "PR"),
     ("224/3658792", "RS"), ("251.040.852", "SC"), ("99.999.99-3", "RJ"), ("ISENTO", "BA")],
)  # fmt: skip
def test_valid_ie(ie, uf):
    normalize_ie(ie, uf)


@pytest.mark.parametrize(("ie", "uf"), [("110042490115", "SP"), ("2243658793", "RS"), ("x", "BA")])
def test_invalid_ie(ie, uf):
    with pytest.raises(InvalidIdentifier):
        normalize_ie(ie, uf)


def test_municipality_belongs_to_uf():
    assert uf_code("sp") == "35"
    assert check_municipality("3550308", "SP") == "3550308"
    with pytest.raises(InvalidIdentifier):
        check_municipality("3304557", "SP")
    with pytest.raises(InvalidIdentifier):
        check_municipality("355030", "SP")
    assert normalize_cep("01310-100") == "01310100"


@pytest.mark.parametrize("code", ["3304557", " 3550308 ", "5300108"])
def test_municipality_without_uf_has_a_uf_prefix(code):
    assert normalize_municipality(code) == code.strip()


@pytest.mark.parametrize(
    ("code", "reason"),
    [("355030", "7 dígitos"), ("35503A8", "7 dígitos"), ("9950308", "UF"), ("0050308", "UF")],
)
def test_municipality_without_uf_rejected(code, reason):
    with pytest.raises(InvalidIdentifier, match=reason):
        normalize_municipality(code)
