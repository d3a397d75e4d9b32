"""CNPJ (numeric and the alphanumeric form of IN RFB 2.229/2024), CPF and GTIN check digits.

Every function takes the value as the user typed it (masks allowed) and returns the digits-only
(upper-case) form, or raises `InvalidIdentifier`. Sequences of one repeated digit pass the
modulus arithmetic but are never issued, so they are refused.
"""

from __future__ import annotations

import re

from documents.keys import cnpj_is_valid
from service.brazil.errors import InvalidIdentifier

_MASK = re.compile(r"[.\-/\s]")
_CNPJ = re.compile(r"[0-9A-Z]{12}[0-9]{2}")


def strip_mask(value: str) -> str:
    """Drop the usual separators (dot, dash, slash, spaces)."""
    return _MASK.sub("", value).upper()


def normalize_cnpj(value: str) -> str:
    """A valid CNPJ in its 14-character form; alphanumeric CNPJs (from July 2026) included."""
    cnpj = strip_mask(value)
    if not _CNPJ.fullmatch(cnpj):
        raise InvalidIdentifier("CNPJ", value, "deve ter 12 caracteres alfanuméricos e 2 dígitos")
    if len(set(cnpj)) == 1:
        raise InvalidIdentifier("CNPJ", value, "sequência repetida")
    if not cnpj_is_valid(cnpj):
        raise InvalidIdentifier("CNPJ", value, "dígitos verificadores não conferem")
    return cnpj


def cnpj_root(cnpj: str) -> str:
    """The first 8 characters: the company, shared by all its establishments."""
    return strip_mask(cnpj)[:8]


def _cpf_digit(body: str) -> int:
    total = sum(int(d) * w for d, w in zip(body, range(len(body) + 1, 1, -1), strict=True))
    rest = (total * 10) % 11
    return 0 if rest == 10 else rest


def normalize_cpf(value: str) -> str:
    """A valid CPF as 11 digits."""
    cpf = strip_mask(value)
    if not re.fullmatch(r"[0-9]{11}", cpf):
        raise InvalidIdentifier("CPF", value, "deve ter 11 dígitos")
    if len(set(cpf)) == 1:
        raise InvalidIdentifier("CPF", value, "sequência repetida")
    first = _cpf_digit(cpf[:9])
    if cpf[9:] != f"{first}{_cpf_digit(cpf[:9] + str(first))}":
        raise InvalidIdentifier("CPF", value, "dígitos verificadores não conferem")
    return cpf


def normalize_cpf_cnpj(value: str) -> str:
    """A CPF (11 digits) or a CNPJ (14 characters), decided by length."""
    raw = strip_mask(value)
    if len(raw) not in (11, 14):
        raise InvalidIdentifier("CPF/CNPJ", value, "informe 11 dígitos (CPF) ou 14 (CNPJ)")
    return normalize_cpf(raw) if len(raw) == 11 else normalize_cnpj(raw)


def gtin_check_digit(body: str) -> int:
    """GS1 modulus 10: weights 3 and 1 alternating from the right."""
    total = sum(int(d) * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(body)))
    return (10 - total % 10) % 10


def normalize_gtin(value: str) -> str:
    """GTIN-8/12/13/14 with a correct check digit; `SEM GTIN` is the NF-e literal for none."""
    gtin = value.strip().upper()
    if gtin == "SEM GTIN":
        return gtin
    if not re.fullmatch(r"[0-9]{8}|[0-9]{12,14}", gtin):
        raise InvalidIdentifier("GTIN", value, "deve ter 8, 12, 13 ou 14 dígitos")
    if int(gtin[-1]) != gtin_check_digit(gtin[:-1]):
        raise InvalidIdentifier("GTIN", value, "dígito verificador não confere")
    return gtin
