"""IBS (UF and municipal) and CBS of one item (LC 214/2025; NT 2025.002-RTC).

pAliqEfet = p × (1 − pRedAliq); v = vBC × pAliqEfet − vDif, with vDif = (vBC × pAliqEfet) × pDif.
Presumed credit is informative only (spec). Sources: tax_domain.md §1.5, §1.7.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from engine.calculators import opt_decimal
from engine.errors import MissingValueError
from engine.result import IbsCbsGroup, IbsCbsPart
from engine.rounding import apply_rate, reduce_by

NO_VALUE_CSTS = frozenset({"400", "410"})
"""Exemption and immunity/non-incidence: the group carries only CST and cClassTrib."""
RATE_PLACES = Decimal("0.0001")
_NOTHING = Decimal(0)


@dataclass(frozen=True)
class Sphere:
    """Rate, reduction and deferral of one sphere."""

    rate: Decimal | None
    reduction: Decimal | None = None
    deferral: Decimal | None = None
    effective: Decimal | None = field(init=False, default=None, compare=False, repr=False)
    """pAliqEfet, computed once: a sphere is read from a rule and reused for every item."""

    def __post_init__(self) -> None:
        if self.rate is not None:
            object.__setattr__(self, "effective", effective_rate(self.rate, self.reduction))


@dataclass(frozen=True)
class IbsCbsSpec:
    """What an IVA or IBS_CBS rule says."""

    cst: str
    cclasstrib: str
    uf: Sphere
    mun: Sphere
    cbs: Sphere
    cred_presumido: Decimal | None = None


def spec_from_result(resultado: Mapping[str, Any]) -> IbsCbsSpec:
    """Read an IVA / IBS_CBS result (field names of the spec's IVA rule)."""

    def sphere(suffix: str, rate: str) -> Sphere:
        return Sphere(
            opt_decimal(resultado, rate),
            opt_decimal(resultado, f"red_aliq_{suffix}"),
            opt_decimal(resultado, f"dif_p_{suffix}"),
        )

    return IbsCbsSpec(
        cst=str(resultado["cst"]),
        cclasstrib=str(resultado["cclasstrib"]),
        uf=sphere("ibs_uf", "ibs_p_uf"),
        mun=sphere("ibs_mun", "ibs_p_mun"),
        cbs=sphere("cbs", "cbs_p"),
        cred_presumido=opt_decimal(resultado, "cred_presumido_p"),
    )


def goods_base(value: Decimal, *deductions: Decimal | None) -> Decimal:
    """NF-e base 2026–2032: net value minus ICMS, FCP, PIS, COFINS, ISS (LC 214 art. 12 §2)."""
    deducted = _NOTHING
    for d in deductions:
        if d is not None:
            deducted += d
    return value - deducted


def compute_ibs_cbs(base: Decimal, spec: IbsCbsSpec) -> IbsCbsGroup:
    """The IBSCBS group of one item."""
    if spec.cst in NO_VALUE_CSTS:
        return IbsCbsGroup(CST=spec.cst, cClassTrib=spec.cclasstrib)
    uf = _part(base, spec.uf, "ibs_p_uf")
    mun = _part(base, spec.mun, "ibs_p_mun")
    cbs = _part(base, spec.cbs, "cbs_p")
    credit = apply_rate(base, spec.cred_presumido) if spec.cred_presumido is not None else None
    return IbsCbsGroup(
        CST=spec.cst, cClassTrib=spec.cclasstrib, vBC=base, gIBSUF=uf, gIBSMun=mun, gCBS=cbs,
        vIBS=uf.v + mun.v, pCredPres=spec.cred_presumido, vCredPresInformativo=credit,
    )  # fmt: skip


def effective_rate(rate: Decimal, reduction: Decimal | None) -> Decimal:
    """pAliqEfet with 4 decimals (XML TDec_0302_04), half up."""
    if reduction is None:
        return rate
    return reduce_by(rate, reduction).quantize(RATE_PLACES, rounding=ROUND_HALF_UP)


def _part(base: Decimal, sphere: Sphere, field: str) -> IbsCbsPart:
    if sphere.rate is None:
        raise MissingValueError("ALIQUOTA_IBS_CBS", field, f"regra IBS/CBS sem {field}")
    eff = sphere.effective
    assert eff is not None
    gross = apply_rate(base, eff)
    deferred = apply_rate(gross, sphere.deferral) if sphere.deferral is not None else None
    return IbsCbsPart(
        p=sphere.rate, pAliqEfet=eff, v=gross - (deferred or 0), pRedAliq=sphere.reduction,
        pDif=sphere.deferral, vDif=deferred,
    )  # fmt: skip
