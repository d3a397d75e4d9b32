"""State registration (IE) check digits for the UFs whose rule SINTEGRA publishes.

Sources: the SINTEGRA "Conferência de Inscrições Estaduais" pages of each state. UFs without a
rule implemented here are checked only for shape (2 to 14 digits); `ISENTO` is accepted for all.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from service.brazil.errors import InvalidIdentifier
from service.brazil.geo import normalize_uf

EXEMPT = "ISENTO"


def _mod11(digits: str, weights: Sequence[int]) -> int:
    """The most common state rule: 11 - (sum mod 11), 10 and 11 become 0."""
    rest = sum(int(d) * w for d, w in zip(digits, weights, strict=True)) % 11
    return 0 if rest < 2 else 11 - rest


def _nine_digits(ie: str) -> bool:
    """ES, PB, PI, CE, SE, SC, MS, MA, PA: 8 digits + one modulus-11 digit, weights 9..2."""
    return len(ie) == 9 and int(ie[8]) == _mod11(ie[:8], range(9, 1, -1))


def _sp(ie: str) -> bool:
    """SP (industry and commerce): 12 digits, checks at positions 9 and 12."""
    if len(ie) != 12:
        return False
    first = sum(int(d) * w for d, w in zip(ie[:8], (1, 3, 4, 5, 6, 7, 8, 10), strict=True))
    weights = (3, 2, 10, 9, 8, 7, 6, 5, 4, 3, 2)
    second = sum(int(d) * w for d, w in zip(ie[:11], weights, strict=True))
    return int(ie[8]) == first % 11 % 10 and int(ie[11]) == second % 11 % 10


def _rj(ie: str) -> bool:
    """RJ: 8 digits, weights 2,7,6,5,4,3,2."""
    return len(ie) == 8 and int(ie[7]) == _mod11(ie[:7], (2, 7, 6, 5, 4, 3, 2))


def _pr(ie: str) -> bool:
    """PR: 10 digits, two modulus-11 digits."""
    if len(ie) != 10:
        return False
    first = _mod11(ie[:8], (3, 2, 7, 6, 5, 4, 3, 2))
    second = _mod11(ie[:8] + str(first), (4, 3, 2, 7, 6, 5, 4, 3, 2))
    return ie[8:] == f"{first}{second}"


def _rs(ie: str) -> bool:
    """RS: 10 digits, weights 2,9,8,7,6,5,4,3,2."""
    return len(ie) == 10 and int(ie[9]) == _mod11(ie[:9], (2, 9, 8, 7, 6, 5, 4, 3, 2))


def _mg(ie: str) -> bool:
    """MG: 13 digits; first digit by modulus 10 over the code with a 0 after the municipality."""
    if len(ie) != 13:
        return False
    padded = ie[:3] + "0" + ie[3:11]
    products = "".join(str(int(d) * (1 if i % 2 == 0 else 2)) for i, d in enumerate(padded))
    first = (10 - sum(int(c) for c in products) % 10) % 10
    second = _mod11(ie[:11] + str(first), (3, 2, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2))
    return ie[11:] == f"{first}{second}"


_RULES: dict[str, Callable[[str], bool]] = {
    "SP": _sp, "RJ": _rj, "PR": _pr, "RS": _rs, "MG": _mg,
    **dict.fromkeys(("ES", "PB", "PI", "CE", "SE", "SC", "MS", "MA", "PA"), _nine_digits),
}  # fmt: skip


def has_public_rule(uf: str) -> bool:
    return normalize_uf(uf) in _RULES


def normalize_ie(value: str, uf: str) -> str:
    """Digits-only IE valid for the UF, or `ISENTO`."""
    raw = value.strip().upper()
    if raw == EXEMPT:
        return EXEMPT
    ie = re.sub(r"[.\-/\s]", "", raw)
    if not re.fullmatch(r"[0-9]{2,14}", ie):
        raise InvalidIdentifier("IE", value, "deve ter de 2 a 14 dígitos ou ser ISENTO")
    rule = _RULES.get(normalize_uf(uf))
    if rule is not None and not rule(ie):
        raise InvalidIdentifier("IE", value, f"dígito verificador não confere para {uf.upper()}")
    return ie
