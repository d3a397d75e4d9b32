"""Rural producer ICMS (RURAL_ICMS, RURAL_BENEFICIO): a benefit replaces the item's ICMS
treatment (CST, deferral, base reduction, cBenef) and always carries its legal `fundamento`
(spec; tax_domain.md §6). NORMAL leaves the tax rule untouched."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, TypeVar

from engine.calculators import opt_decimal, opt_text
from engine.calculators.icms import IcmsSpec
from engine.errors import MissingValueError

NORMAL = "NORMAL"
T = TypeVar("T")


def is_normal(resultado: Mapping[str, Any]) -> bool:
    """A RURAL_ICMS result that keeps the ordinary treatment."""
    return bool(resultado.get("tratamento", NORMAL) == NORMAL)


def basis_text(resultado: Mapping[str, Any]) -> str:
    """The decision's reason: the benefit's legal instrument (and UF), or the normal regime."""
    basis = resultado.get("fundamento")
    if isinstance(basis, Mapping):
        return f"{basis.get('instrumento')} ({basis.get('uf')}, {basis.get('tipo_beneficio')})"
    return "tratamento normal"


def apply_benefit(spec: IcmsSpec, resultado: Mapping[str, Any]) -> IcmsSpec:
    """The tax rule's ICMS spec with the benefit's fields taking precedence."""
    if not resultado.get("fundamento"):
        raise MissingValueError("FUNDAMENTO_BENEFICIO", "fundamento", "benefício sem fundamento")
    return replace(
        spec,
        cst=_first(opt_text(resultado, "cst_icms"), spec.cst),
        csosn=_first(opt_text(resultado, "csosn"), spec.csosn),
        p_dif=_first(opt_decimal(resultado, "p_dif"), spec.p_dif),
        red_bc=_first(opt_decimal(resultado, "red_bc"), spec.red_bc),
        cbenef=_first(opt_text(resultado, "cbenef"), spec.cbenef),
    )


def _first(benefit: T | None, rule: T | None) -> T | None:
    """The benefit's value when it sets one (zero included), else the tax rule's."""
    return rule if benefit is None else benefit
