"""DIFAL of an interstate sale to a non-contributor final consumer (EC 87/2015, LC 190/2022;
tax_domain.md §2.3): the ICMSUFDest group of one item.

The origin charges the interstate rate (the item's ICMS); the destination UF is owed the
difference up to its internal rate, plus its FCP. Two base methods, chosen per destination UF by
its `DIFAL_UF_DESTINO` rule:

- single base (`unica`): `vBCUFDest = vBC`;
- double base (`dupla`, gross-up):
  `vBCUFDest = (vBC − ICMS origem) / (1 − (pICMSUFDest + pFCPUFDest)/100)`.

Then `DIFAL = vBCUFDest × pICMSUFDest − ICMS origem`, with `ICMS origem = vBC × pICMSInter`, and
the destination's share `pICMSInterPart` (100 % since 2019) goes to `vICMSUFDest`, the rest to
`vICMSUFRemet`. Every amount is rounded half up to cents per item (`engine/rounding.py`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from engine.calculators import opt_decimal, opt_text
from engine.codes import BASE_METHODS
from engine.errors import MissingValueError
from engine.result import IcmsUfDestGroup
from engine.rounding import HUNDRED, ZERO, apply_rate, money


@dataclass(frozen=True)
class Destination:
    """What a DIFAL_UF_DESTINO rule says about the destination UF."""

    aliquota: Decimal | None
    p_fcp: Decimal | None
    base: str | None


def destination_from_result(resultado: Mapping[str, Any]) -> Destination:
    return Destination(
        aliquota=opt_decimal(resultado, "aliquota"),
        p_fcp=opt_decimal(resultado, "p_fcp"),
        base=opt_text(resultado, "base"),
    )


def share_from_result(resultado: Mapping[str, Any]) -> Decimal | None:
    """`p_partilha_destino` of a DIFAL_INCIDENCIA rule (pICMSInterPart)."""
    return opt_decimal(resultado, "p_partilha_destino")


def compute_difal(
    vbc: Decimal, inter_rate: Decimal, dest: Destination, share: Decimal | None
) -> IcmsUfDestGroup:
    """ICMSUFDest of one item from its ICMS base and interstate rate."""
    rate, method = _require(dest, share)
    assert share is not None
    origin = apply_rate(vbc, inter_rate)
    fcp = dest.p_fcp
    base = vbc if method == "unica" else _gross_up(vbc, origin, rate + (fcp or ZERO))
    difal = max(apply_rate(base, rate) - origin, ZERO)
    to_dest = apply_rate(difal, share)
    return IcmsUfDestGroup(
        vBCUFDest=base, pICMSUFDest=rate, pICMSInter=inter_rate, pICMSInterPart=share,
        vICMSUFDest=to_dest, vICMSUFRemet=difal - to_dest,
        vBCFCPUFDest=base if fcp is not None else None, pFCPUFDest=fcp,
        vFCPUFDest=apply_rate(base, fcp) if fcp is not None else None,
    )  # fmt: skip


def _gross_up(vbc: Decimal, origin: Decimal, dest_total: Decimal) -> Decimal:
    """Base dupla (LC 190/2022): the value without the origin's ICMS, grossed up by the
    destination's internal rate plus FCP (tax_domain.md §2.3)."""
    return money((vbc - origin) / (1 - dest_total / HUNDRED))


def _require(dest: Destination, share: Decimal | None) -> tuple[Decimal, str]:
    if dest.aliquota is None:
        raise MissingValueError(
            "ALIQUOTA_ICMS_UF_DESTINO", "aliquota", "regra DIFAL_UF_DESTINO sem alíquota interna"
        )
    if dest.base not in BASE_METHODS:
        raise MissingValueError(
            "BASE_DIFAL", "base", "regra DIFAL_UF_DESTINO sem método da base (unica ou dupla)"
        )
    if share is None:
        raise MissingValueError(
            "PARTILHA_DIFAL", "p_partilha_destino", "regra DIFAL_INCIDENCIA sem partilha"
        )
    return dest.aliquota, dest.base
