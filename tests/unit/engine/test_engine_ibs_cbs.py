"""IBS/CBS calculator. Sources: LC 214/2025 arts. 343, 346, 128; NT 2025.002 formulas
(tax_domain.md §1.5, §1.7)."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from engine.calculators.ibs_cbs import IbsCbsSpec, Sphere, compute_ibs_cbs, goods_base
from engine.errors import MissingValueError


def spec(cst: str = "000", cls: str = "000001", **kw: Sphere) -> IbsCbsSpec:
    return IbsCbsSpec(
        cst,
        cls,
        kw.get("uf", Sphere(D("0.10"))),
        kw.get("mun", Sphere(D("0.00"))),
        kw.get("cbs", Sphere(D("0.90"))),
    )


def test_2026_test_rates() -> None:
    # 1000.00: IBS UF 0.1 % = 1.00, Mun 0, CBS 0.9 % = 9.00
    g = compute_ibs_cbs(D("1000.00"), spec())
    assert g.gIBSUF and g.gCBS and g.gIBSMun
    assert (g.gIBSUF.v, g.gIBSMun.v, g.gCBS.v, g.vIBS) == (
        D("1.00"),
        D("0.00"),
        D("9.00"),
        D("1.00"),
    )


def test_60_percent_reduction() -> None:
    # tax_domain §1.5: CBS 0.9 × 0.4 = 0.36 %, IBS-UF 0.1 × 0.4 = 0.04 %; base 1000.00
    s = spec("200", "200034", uf=Sphere(D("0.10"), D("60")), cbs=Sphere(D("0.90"), D("60")))
    g = compute_ibs_cbs(D("1000.00"), s)
    assert g.gIBSUF and g.gCBS
    assert (g.gCBS.pAliqEfet, g.gCBS.v) == (D("0.3600"), D("3.60"))
    assert (g.gIBSUF.pAliqEfet, g.gIBSUF.v) == (D("0.0400"), D("0.40"))


def test_deferral() -> None:
    # 10000.00 × 0.9 % = 90.00; 100 % deferred → due 0.00 (CST 510, gDif)
    s = spec("510", "510001", cbs=Sphere(D("0.90"), None, D("100")))
    g = compute_ibs_cbs(D("10000.00"), s)
    assert g.gCBS and (g.gCBS.vDif, g.gCBS.v) == (D("90.00"), D("0.00"))


def test_immunity_has_no_values() -> None:
    g = compute_ibs_cbs(D("100"), spec("410", "410014"))
    assert (g.CST, g.cClassTrib, g.vBC, g.gCBS) == ("410", "410014", None, None)


def test_missing_rate() -> None:
    with pytest.raises(MissingValueError) as exc:
        compute_ibs_cbs(D("100"), spec(cbs=Sphere(None)))
    assert exc.value.campo == "cbs_p"


def test_presumed_credit_is_informative() -> None:
    s = IbsCbsSpec("000", "000001", Sphere(D("0.1")), Sphere(D("0")), Sphere(D("0.9")), D("1.00"))
    g = compute_ibs_cbs(D("200.00"), s)
    assert (g.vCredPresInformativo, g.vIBS) == (D("2.00"), D("0.20"))


def test_goods_base_excludes_icms_pis_cofins() -> None:
    # LC 214 art. 12 §2: 1000 − 180 − 16.50 − 76 = 727.50
    assert goods_base(D("1000.00"), D("180.00"), None, D("16.50"), D("76.00")) == D("727.50")
