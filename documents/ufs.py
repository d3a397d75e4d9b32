"""IBGE codes of the federative units: cUF in keys, ide and events."""

from __future__ import annotations

from documents.errors import InvalidDocumentDataError

UF_CODES: dict[str, int] = {
    "RO": 11, "AC": 12, "AM": 13, "RR": 14, "PA": 15, "AP": 16, "TO": 17,
    "MA": 21, "PI": 22, "CE": 23, "RN": 24, "PB": 25, "PE": 26, "AL": 27, "SE": 28, "BA": 29,
    "MG": 31, "ES": 32, "RJ": 33, "SP": 35,
    "PR": 41, "SC": 42, "RS": 43,
    "MS": 50, "MT": 51, "GO": 52, "DF": 53,
}  # fmt: skip
"""Source: IBGE; the same list as the TCodUfIBGE enumeration of the NF-e schema."""

UF_BY_CODE: dict[int, str] = {code: uf for uf, code in UF_CODES.items()}


def uf_code(uf: str) -> int:
    """IBGE code of a UF abbreviation (SP -> 35)."""
    try:
        return UF_CODES[uf.upper()]
    except KeyError:
        raise InvalidDocumentDataError("UF", f"unknown UF {uf!r}") from None
