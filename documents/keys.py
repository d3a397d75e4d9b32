"""Access keys: the 44-position key of NF-e, NFC-e, CT-e, CT-e OS and MDF-e, built and parsed here.

Layout (protocol_facts.md §1.1): cUF(2) AAMM(4) CNPJ/CPF(14) mod(2) serie(3) number(9) tpEmis(1)
cNF(8) cDV(1). Since the alphanumeric CNPJ (2026), positions 7-18 may hold letters; the check
digit then values every character as its ASCII code minus 48 (so "A" = 17), which leaves the
digit-only keys unchanged. The national NFS-e key (50 digits) and the DPS Id live here too.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from documents.errors import AccessKeyError

UF_CODES = frozenset(
    {11, 12, 13, 14, 15, 16, 17, 21, 22, 23, 24, 25, 26, 27, 28, 29}
    | {31, 32, 33, 35, 41, 42, 43, 50, 51, 52, 53}
)
"""IBGE codes of the 27 federative units (the only cUF values the schemas accept)."""

MODELS = frozenset({55, 65, 57, 67, 58, 64})
"""NF-e, NFC-e, CT-e, CT-e OS, MDF-e and GTV-e."""

_KEY = re.compile(r"[0-9]{6}[0-9A-Z]{12}[0-9]{26}")
_REGISTRATION = re.compile(r"[0-9A-Z]{12}[0-9]{2}")
_CPF = re.compile(r"[0-9]{11}")
_FORBIDDEN_CNF = frozenset(
    {str(d) * 8 for d in range(10)}
    | {"12345678", "23456789", "34567890", "45678901", "56789012"}
    | {"67890123", "78901234", "89012345", "90123456", "01234567"}
)
"""cNF values NT 2019.001 forbids (repeated digits and ascending runs)."""


def mod11_digit(text: str) -> int:
    """Mod-11 check digit with weights 2..9 from the right; 0 when the remainder is 0 or 1.

    Characters count as ASCII code minus 48, the RFB rule for the alphanumeric CNPJ, which
    gives the usual value for digits.
    """
    weights = (2, 3, 4, 5, 6, 7, 8, 9)
    total = sum((ord(c) - 48) * weights[i % 8] for i, c in enumerate(reversed(text)))
    remainder = total % 11
    return 0 if remainder < 2 else 11 - remainder


def cnpj_is_valid(cnpj: str) -> bool:
    """True for a 14-character CNPJ (numeric or alphanumeric) whose two check digits match."""
    if not _REGISTRATION.fullmatch(cnpj):
        return False
    first = mod11_digit(cnpj[:12])
    return cnpj[12:] == f"{first}{mod11_digit(cnpj[:12] + str(first))}"


def _registration(cnpj_or_cpf: str) -> str:
    """A CNPJ as is, or a CPF left-padded with zeros to 14 positions."""
    value = cnpj_or_cpf.strip().upper()
    if _CPF.fullmatch(value):
        return value.zfill(14)
    if not _REGISTRATION.fullmatch(value):
        raise AccessKeyError("CNPJ must be 12 alphanumeric characters and 2 digits", cnpj_or_cpf)
    return value


def _in_range(name: str, value: int, low: int, high: int) -> int:
    if not low <= value <= high:
        raise AccessKeyError(f"{name} must be between {low} and {high}", str(value))
    return value


@dataclass(frozen=True)
class AccessKey:
    """A 44-position access key whose check digit has been verified."""

    text: str

    def __post_init__(self) -> None:
        if not _KEY.fullmatch(self.text):
            raise AccessKeyError(
                "access key must have 44 positions in the official pattern", self.text
            )
        if mod11_digit(self.text[:43]) != int(self.text[43]):
            raise AccessKeyError("access key check digit does not match", self.text)

    @classmethod
    def build(
        cls,
        cuf: int,
        emission: tuple[int, int],
        cnpj_or_cpf: str,
        modelo: int,
        serie: int,
        numero: int,
        tp_emis: int,
        cnf: str,
    ) -> AccessKey:
        """Compose a key from its fields and append the check digit.

        `emission` is (year, month) of dhEmi; a four-digit year is reduced to its last two digits.
        """
        year, month = emission
        if cuf not in UF_CODES:
            raise AccessKeyError("cUF is not an IBGE UF code", str(cuf))
        if modelo not in MODELS:
            raise AccessKeyError("unknown document model", str(modelo))
        if not re.fullmatch(r"[0-9]{8}", cnf):
            raise AccessKeyError("cNF must have 8 digits", cnf)
        body = (
            f"{cuf:02d}{year % 100:02d}{_in_range('month', month, 1, 12):02d}"
            f"{_registration(cnpj_or_cpf)}{modelo:02d}{_in_range('serie', serie, 0, 999):03d}"
            f"{_in_range('numero', numero, 1, 999_999_999):09d}"
            f"{_in_range('tpEmis', tp_emis, 1, 9)}{cnf}"
        )
        return cls(body + str(mod11_digit(body)))

    @classmethod
    def parse(cls, text: str) -> AccessKey:
        """Validate a key received from outside (pattern and check digit)."""
        return cls(text.strip())

    def __str__(self) -> str:
        return self.text

    @property
    def cuf(self) -> int:
        return int(self.text[0:2])

    @property
    def year(self) -> int:
        """Two-digit year of emission (AA of AAMM)."""
        return int(self.text[2:4])

    @property
    def month(self) -> int:
        return int(self.text[4:6])

    @property
    def registration(self) -> str:
        """The issuer's CNPJ, or its CPF left-padded with three zeros."""
        return self.text[6:20]

    @property
    def modelo(self) -> int:
        return int(self.text[20:22])

    @property
    def serie(self) -> int:
        return int(self.text[22:25])

    @property
    def numero(self) -> int:
        return int(self.text[25:34])

    @property
    def tp_emis(self) -> int:
        return int(self.text[34])

    @property
    def cnf(self) -> str:
        return self.text[35:43]

    @property
    def dv(self) -> int:
        return int(self.text[43])


def random_cnf(numero: int) -> str:
    """A random 8-digit cNF that is neither a forbidden pattern nor equal to the number.

    The code is what keeps a key unguessable from the public fields, so it comes from `secrets`.
    """
    while True:
        cnf = f"{secrets.randbelow(100_000_000):08d}"
        if cnf not in _FORBIDDEN_CNF and int(cnf) != numero:
            return cnf


# ---------------------------------------------------------------- national NFS-e

_NFSE_KEY = re.compile(r"[0-9]{50}")


def nfse_key_is_valid(key: str) -> bool:
    """True for a 50-digit NFS-e key whose last digit is the mod-11 digit of the other 49.

    The XSD does not state the algorithm; the mod-11 rule matches every real key in the corpus
    (protocol_facts.md §1.3), so treat a False here as suspicious rather than proven wrong.
    """
    return bool(_NFSE_KEY.fullmatch(key)) and mod11_digit(key[:49]) == int(key[49])


def dps_id(c_loc_emi: str, cnpj_or_cpf: str, serie: str, n_dps: int) -> str:
    """`infDPS/@Id`: DPS + cLocEmi(7) + tpInsc(1: CPF, 2: CNPJ) + registration(14) + serie(5)
    + nDPS(15). Deterministic, so a client can rebuild it after a timeout and query by it."""
    value = cnpj_or_cpf.strip().upper()
    tp_insc = "1" if _CPF.fullmatch(value) else "2"
    if not re.fullmatch(r"[0-9]{7}", c_loc_emi) or not re.fullmatch(r"[0-9]{1,5}", serie):
        raise AccessKeyError("cLocEmi needs 7 digits and serie up to 5 digits", c_loc_emi + serie)
    return f"DPS{c_loc_emi}{tp_insc}{_registration(value)}{int(serie):05d}{n_dps:015d}"
