"""Access keys: build, parse, check digit (numeric and alphanumeric CNPJ), cNF."""

from __future__ import annotations

import re

import pytest

from documents.errors import AccessKeyError
from documents.keys import (
    AccessKey,
    cnpj_is_valid,
    dps_id,
    mod11_digit,
    nfse_key_is_valid,
    random_cnf,
)

REAL_KEYS = [
    "35180834128745000152550010000474281920007498",  # nfelib samples, SP 2018
    "26180875335849000115550010000016871192213331",  # PE 2018
    "41170706117473000150550010000463202612756525",  # PR 2017
]


@pytest.mark.parametrize("text", REAL_KEYS)
def test_real_keys_parse_and_expose_their_fields(text: str) -> None:
    key = AccessKey.parse(text)
    assert str(key) == text
    assert key.modelo == 55 and key.dv == int(text[-1])


def test_parsed_fields() -> None:
    key = AccessKey.parse("35180834128745000152550010000474281920007498")
    assert (key.cuf, key.year, key.month) == (35, 18, 8)
    assert key.registration == "34128745000152"
    assert (key.serie, key.numero, key.tp_emis, key.cnf) == (1, 47428, 1, "92000749")


def test_moc_worked_example_of_the_check_digit() -> None:
    # MOC CT-e §7.3: the 43 positions below weigh to 644, 644 mod 11 = 6, DV = 11 - 6 = 5.
    assert mod11_digit("5206043300991100250655012000000780026730161") == 5


def test_build_round_trips_through_parse() -> None:
    key = AccessKey.build(35, (2026, 1), "11222333000181", 55, 1, 123, 1, "48213577")
    assert key.text.startswith("35260111222333000181550010000001231482135")
    assert AccessKey.parse(key.text) == key


def test_cpf_issuer_is_left_padded() -> None:
    key = AccessKey.build(51, (2026, 3), "12345678909", 55, 920, 5, 1, "48213577")
    assert key.registration == "00012345678909"


def test_alphanumeric_cnpj_key_uses_ascii_minus_48() -> None:
    key = AccessKey.build(35, (2026, 7), "12ABC34501DE35", 55, 1, 10, 1, "48213577")
    body = key.text[:43]
    expected = sum(
        (ord(c) - 48) * w
        for c, w in zip(reversed(body), [2, 3, 4, 5, 6, 7, 8, 9] * 6, strict=False)
    )
    remainder = expected % 11
    assert key.dv == (0 if remainder < 2 else 11 - remainder)
    assert AccessKey.parse(key.text).registration == "12ABC34501DE35"


@pytest.mark.parametrize(
    "text",
    [
        "35180834128745000152550010000474281920007499",  # wrong DV
        "3518083412874500015255001000047428192000749",  # 43 positions
        "35180834128745000152550010000474281920007498X",
        "35180834128745000152550010000474281920A07498",  # letter outside the CNPJ
    ],
)
def test_bad_keys_are_refused(text: str) -> None:
    with pytest.raises(AccessKeyError):
        AccessKey.parse(text)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"cuf": 99},
        {"modelo": 1},
        {"cnf": "1234"},
        {"numero": 0},
        {"serie": 1000},
        {"emission": (2026, 13)},
        {"cnpj_or_cpf": "11.222.333/0001-81"},
    ],
)
def test_build_refuses_bad_fields(kwargs: dict[str, object]) -> None:
    fields: dict[str, object] = {
        "cuf": 35, "emission": (2026, 1), "cnpj_or_cpf": "11222333000181", "modelo": 55,
        "serie": 1, "numero": 1, "tp_emis": 1, "cnf": "48213577",
    }  # fmt: skip
    fields.update(kwargs)
    with pytest.raises(AccessKeyError):
        AccessKey.build(**fields)  # type: ignore[arg-type]


def test_contingency_changes_the_key() -> None:
    normal = AccessKey.build(35, (2026, 1), "11222333000181", 55, 1, 7, 1, "48213577")
    offline = AccessKey.build(35, (2026, 1), "11222333000181", 55, 1, 7, 9, "48213577")
    assert normal != offline


def test_random_cnf_is_eight_digits_and_never_the_number() -> None:
    for numero in (1, 48213577, 99_999_999):
        for _ in range(200):
            cnf = random_cnf(numero)
            assert re.fullmatch(r"[0-9]{8}", cnf) and int(cnf) != numero
            assert cnf not in {"00000000", "12345678", "11111111"}


def test_random_cnf_varies() -> None:
    assert len({random_cnf(1) for _ in range(50)}) > 40


def test_cnpj_check_digits() -> None:
    assert cnpj_is_valid("11222333000181")
    assert cnpj_is_valid("12ABC34501DE35")  # RFB example of the alphanumeric CNPJ
    assert not cnpj_is_valid("11222333000182")
    assert not cnpj_is_valid("12ABC34501DE36")


def test_nfse_key_and_dps_id() -> None:
    # A real Sefin key (nfsen-php-sdk fixtures), protocol_facts.md §1.3
    assert nfse_key_is_valid("33033021211222333000181000000000001026010000010000")
    assert not nfse_key_is_valid("33033021211222333000181000000000001026010000010001")
    assert dps_id("3303302", "11222333000181", "1", 10) == (
        "DPS330330221122233300018100001000000000000010"
    )
    assert dps_id("3303302", "12345678909", "900", 1)[10:25] == "100012345678909"
