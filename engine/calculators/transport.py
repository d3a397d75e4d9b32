"""ICMS of a CT-e / CT-e OS prestação (ICMS_TRANSPORTE). Interstate rates follow Res. SF
22/1989; Simples Nacional uses group ICMSSN {CST 90, indSN 1} with no value (CT-e 4.00
schema). Source: tax_domain.md §5, §9.5."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from decimal import Decimal
from typing import Any

from engine.calculators import opt_decimal, opt_text
from engine.codes import SIMPLES_GROUP
from engine.errors import MissingValueError
from engine.result import IcmsGroup
from engine.rounding import apply_rate, money, reduce_by

GROUPS = {"00": "ICMS00", "20": "ICMS20", "40": "ICMS45", "41": "ICMS45", "51": "ICMS45",
          "90": "ICMS90"}  # fmt: skip


def simples_group() -> IcmsGroup:
    """ICMSSN of a Simples carrier: CST 90, indSN 1, no amount."""
    return IcmsGroup(grupo=SIMPLES_GROUP, CST="90", indSN="1")


def compute_transport_icms(base: Decimal, resultado: Mapping[str, Any]) -> IcmsGroup:
    """The ICMS group of the prestação from an ICMS_TRANSPORTE result."""
    if resultado.get("grupo") == SIMPLES_GROUP:
        return simples_group()
    cst = opt_text(resultado, "cst") or "00"
    group = GROUPS.get(cst)
    if group is None:
        raise MissingValueError("CST_NAO_SUPORTADO", "cst", f"CST {cst} não suportado no CT-e")
    head = IcmsGroup(grupo=group, CST=cst)
    rate = opt_decimal(resultado, "aliquota")
    if group == "ICMS45" or (cst == "90" and rate is None):
        return head
    if rate is None:
        raise MissingValueError("ALIQUOTA_ICMS", "aliquota", "regra de transporte sem alíquota")
    red = opt_decimal(resultado, "red_bc")
    vbc = money(reduce_by(base, red)) if red is not None else base
    return replace(head, vBC=vbc, pRedBC=red, pICMS=rate, vICMS=apply_rate(vbc, rate))
