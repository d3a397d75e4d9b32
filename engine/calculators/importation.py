"""Bases of an import (NF-e of entry issued by the importer, CFOP 3xxx, idDest 3).

The customs clearance fixes what the importer paid before the goods left customs: the customs
value (valor aduaneiro, the II base: CIF in reais at the exchange rate of the DI, LC 87/1996
art. 14), the import tax (II), the IOF on the exchange, the AFRMM and the other customs
expenses (Siscomex fee ...). Siscomex computes them; the engine takes them as declared
(`engine.context.Importation`) and never computes the II. From them:

- IPI: `vBC = customs value + II` (Decreto 7.212/2010, RIPI, art. 190 I "a": the value that
  served as the base of the customs taxes, plus those taxes and the exchange charges paid by
  the importer; the DI carries no exchange charge apart from the IOF, which is not a customs
  tax, so none is added).
- PIS/COFINS-Importação: `vBC = customs value` (Lei 10.865/2004 art. 7º I, wording of Lei
  12.865/2013, after STF RE 559.937 took the ICMS and the contributions out), at the tax
  rule's rates (the import rates of art. 8º; never in code).
- ICMS: the sum of the customs value, II, IPI, IOF, PIS/COFINS-Importação, AFRMM and the
  customs expenses (LC 87/1996 art. 13 V "a" to "e"), with the ICMS itself inside (art. 13
  §1º I, wording of LC 114/2002: "inclusive na hipótese do inciso V"): `base = sum / (1 − t)`,
  where `t` is the rate plus the FCP's points when the item pays FCP (an addition to the ICMS
  rate, ADCT art. 82 §1º), reduced by the rule's pRedBC when there is one (the base is then
  `sum / (1 − t × (1 − r)) × (1 − r)`, so that `vICMS = vBC × pICMS` still holds).
- IBS/CBS: the customs value plus II, IOF, AFRMM and the customs expenses (LC 214/2025 art. 69
  caput; §2º leaves the IPI and the ICMS out; PIS/COFINS stay out as in every goods base of
  the transition).
"""

from __future__ import annotations

from decimal import Decimal

from engine.context import Importation
from engine.rounding import HUNDRED, ZERO, money


def ipi_base(imp: Importation) -> Decimal:
    """RIPI art. 190 I "a": the customs value plus the II."""
    return money(imp.valor_aduaneiro) + money(imp.valor_ii)


def contributions_base(imp: Importation) -> Decimal:
    """Lei 10.865/2004 art. 7º I: the customs value."""
    return money(imp.valor_aduaneiro)


def charges(imp: Importation) -> Decimal:
    """II, IOF, AFRMM and customs expenses: what the clearance added to the customs value."""
    return (
        money(imp.valor_ii)
        + money(imp.valor_iof)
        + money(imp.valor_afrmm)
        + money(imp.despesas_aduaneiras)
    )


def icms_sum(imp: Importation, v_ipi: Decimal, v_pis: Decimal, v_cofins: Decimal) -> Decimal:
    """LC 87/1996 art. 13 V: every parcel of the base except the ICMS itself."""
    return money(imp.valor_aduaneiro) + charges(imp) + v_ipi + v_pis + v_cofins


def icms_gross_base(
    total: Decimal, rate: Decimal | None, reduction: Decimal | None, fcp: Decimal | None = None
) -> Decimal:
    """The full base with the ICMS inside (art. 13 §1º I), before any reduction: the calculator
    applies the rule's pRedBC to it as to any base. The FCP, points added to the ICMS rate (ADCT
    art. 82 §1º), is inside too. No rate (an untaxed code): the sum as is."""
    if rate is None or rate == ZERO:
        return total
    effective = (rate + (fcp or ZERO)) * (HUNDRED - (reduction or ZERO)) / HUNDRED
    if effective >= HUNDRED:
        return total
    return money(total * HUNDRED / (HUNDRED - effective))


def ibs_cbs_base(imp: Importation) -> Decimal:
    """LC 214/2025 art. 69: customs value plus II, IOF, AFRMM and customs expenses."""
    return money(imp.valor_aduaneiro) + charges(imp)
