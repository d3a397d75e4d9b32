"""ISSQN of a national NFS-e service: rate bounds (LC 116 arts. 8 II and 8-A), municipality of
incidence (art. 3), withholding type tpRetISSQN (art. 6 §2). Source: tax_domain.md §4."""

from __future__ import annotations

from decimal import Decimal

from engine.codes import (
    INCIDENCE_PLACES,
)
from engine.facts import Facts
from engine.result import IssGroup
from engine.rounding import apply_rate


def incidence_municipality(local: str, facts: Facts) -> str | None:
    """IBGE code of the place a rule names, or None when the context lacks it."""
    fact = INCIDENCE_PLACES.get(local)
    value = facts.get(fact) if fact else None
    return value if isinstance(value, str) else None


def compute_iss(
    base: Decimal,
    rate: Decimal,
    municipality: str,
    tp_ret: str,
    c_trib_nac: str | None,
    lc116: str | None,
) -> IssGroup:
    """vISSQN = vBC × pAliq (rounded half up to cents)."""
    return IssGroup(
        cTribNac=c_trib_nac, municipio_incidencia=municipality, vBC=base, pAliq=rate,
        vISSQN=apply_rate(base, rate), tpRetISSQN=tp_ret, lc116=lc116,
    )  # fmt: skip


def bounds_violation(rate: Decimal, minimum: Decimal | None, maximum: Decimal | None) -> str | None:
    """Why a rate breaks the legal bounds of an ISS_LIMITES rule, or None."""
    if maximum is not None and rate > maximum:
        return f"alíquota {rate} acima do máximo legal {maximum}"
    if minimum is not None and rate < minimum:
        return f"alíquota {rate} abaixo do mínimo legal {minimum}"
    return None
