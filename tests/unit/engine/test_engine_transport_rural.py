"""Transport ICMS and rural benefit calculators. Sources: Res. SF 22/1989; CT-e 4.00 ICMSSN;
tax_domain.md §5, §6, §9.5."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from engine.calculators.icms import IcmsSpec
from engine.calculators.rural import apply_benefit, is_normal
from engine.calculators.transport import compute_transport_icms
from engine.errors import MissingValueError


def test_interstate_12() -> None:
    # 3333.33 × 12 % = 399.9996 → 400.00
    g = compute_transport_icms(D("3333.33"), {"cst": "00", "aliquota": "12.00"})
    assert (g.grupo, g.vICMS) == ("ICMS00", D("400.00"))


def test_simples_group() -> None:
    g = compute_transport_icms(D("100"), {"grupo": "ICMSSN"})
    assert (g.grupo, g.CST, g.indSN, g.vICMS) == ("ICMSSN", "90", "1", None)


def test_exempt_group_45() -> None:
    assert compute_transport_icms(D("100"), {"cst": "40"}).grupo == "ICMS45"


def test_taxed_without_rate_is_missing() -> None:
    with pytest.raises(MissingValueError):
        compute_transport_icms(D("100"), {"cst": "00"})


def test_benefit_overrides_treatment() -> None:
    spec = IcmsSpec(cst="00", aliquota=D("18"))
    out = apply_benefit(
        spec,
        {
            "cst_icms": "51",
            "p_dif": "100",
            "cbenef": "PR830001",
            "fundamento": {"instrumento": "RICMS/PR", "uf": "PR", "tipo_beneficio": "diferimento"},
        },
    )
    assert (out.cst, out.p_dif, out.cbenef, out.aliquota) == ("51", D("100"), "PR830001", D("18"))


def test_benefit_requires_fundamento() -> None:
    with pytest.raises(MissingValueError):
        apply_benefit(IcmsSpec(cst="00"), {"cst_icms": "40"})


def test_normal_treatment() -> None:
    assert is_normal({}) and not is_normal({"tratamento": "DIFERIMENTO"})
