"""PIS and COFINS of an output item. Cumulative (0.65 / 3.00, Lei 9.718/1998) and
non-cumulative (1.65 / 7.60, Leis 10.637/2002 and 10.833/2003) regimes differ only in the
rule's rates; the CST decides whether a value exists (tax_domain.md §3)."""

from __future__ import annotations

from decimal import Decimal

from engine.errors import MissingValueError
from engine.result import PisCofinsGroup
from engine.rounding import ZERO, apply_rate

TAXED_CSTS = frozenset({"01", "02"})
NO_VALUE_CSTS = frozenset({"04", "05", "06", "07", "08", "09"})
OPTIONAL_VALUE_CSTS = frozenset({"49", "99"})


def compute_pis_cofins(
    tax: str, base: Decimal, cst: str | None, rate: Decimal | None
) -> PisCofinsGroup:
    """One contribution (`tax` is PIS or COFINS) for one item."""
    if cst is None:
        raise MissingValueError(f"CST_{tax}", f"cst_{tax.lower()}", f"regra sem CST de {tax}")
    if cst in NO_VALUE_CSTS:
        return PisCofinsGroup(CST=cst, v=ZERO)
    if cst in TAXED_CSTS or (cst in OPTIONAL_VALUE_CSTS and rate is not None):
        if rate is None:
            raise MissingValueError(
                f"ALIQUOTA_{tax}", f"aliq_{tax.lower()}", f"CST {cst} exige alíquota"
            )
        return PisCofinsGroup(CST=cst, vBC=base, p=rate, v=apply_rate(base, rate))
    if cst in OPTIONAL_VALUE_CSTS:
        return PisCofinsGroup(CST=cst, v=ZERO)
    raise MissingValueError(
        f"CST_{tax}_NAO_SUPORTADO", f"cst_{tax.lower()}", f"CST {cst} não suportado"
    )
