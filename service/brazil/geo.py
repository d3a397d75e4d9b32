"""UF codes (IBGE) and the consistency of 7-digit IBGE municipality codes with their UF."""

from __future__ import annotations

import re

from service.brazil.errors import InvalidIdentifier

UF_CODES: dict[str, str] = {
    "RO": "11", "AC": "12", "AM": "13", "RR": "14", "PA": "15", "AP": "16", "TO": "17",
    "MA": "21", "PI": "22", "CE": "23", "RN": "24", "PB": "25", "PE": "26", "AL": "27",
    "SE": "28", "BA": "29", "MG": "31", "ES": "32", "RJ": "33", "SP": "35", "PR": "41",
    "SC": "42", "RS": "43", "MS": "50", "MT": "51", "GO": "52", "DF": "53",
}  # fmt: skip
"""IBGE code of each federative unit (the `cUF` of every access key)."""

UF_BY_CODE: dict[str, str] = {code: uf for uf, code in UF_CODES.items()}

MUNICIPALITY = "Código IBGE do município"


def normalize_uf(value: str) -> str:
    """One of the 27 UF abbreviations, upper case."""
    uf = value.strip().upper()
    if uf not in UF_CODES:
        raise InvalidIdentifier("UF", value, "sigla desconhecida")
    return uf


def uf_code(uf: str) -> str:
    return UF_CODES[normalize_uf(uf)]


def check_municipality(code: str, uf: str) -> str:
    """A 7-digit IBGE municipality code whose first two digits are the UF's IBGE code.

    The 7th digit is IBGE's own check digit, but IBGE kept codes that fail it (e.g. 2201919,
    Bom Princípio do Piauí), so only the UF prefix is enforced.
    """
    digits = _municipality_digits(code, "cod_municipio")
    if digits[:2] != uf_code(uf):
        raise InvalidIdentifier("cod_municipio", code, f"não pertence à UF {uf.upper()}")
    return digits


def normalize_municipality(code: str) -> str:
    """A 7-digit IBGE municipality code whose first two digits are a UF's IBGE code (when no
    UF comes with it, e.g. the municipality where a service's ISS is due)."""
    digits = _municipality_digits(code, MUNICIPALITY)
    if digits[:2] not in UF_BY_CODE:
        raise InvalidIdentifier(MUNICIPALITY, code, "os 2 primeiros dígitos não são de uma UF")
    return digits


def _municipality_digits(code: str, name: str) -> str:
    digits = code.strip()
    if not re.fullmatch(r"[0-9]{7}", digits):
        raise InvalidIdentifier(name, code, "deve ter 7 dígitos")
    return digits


def normalize_cep(value: str) -> str:
    """A CEP as 8 digits (mask allowed)."""
    cep = re.sub(r"[.\-\s]", "", value)
    if not re.fullmatch(r"[0-9]{8}", cep) or cep == "00000000":
        raise InvalidIdentifier("CEP", value, "deve ter 8 dígitos")
    return cep
