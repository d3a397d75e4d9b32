"""ICMS calculator, worked by hand. Sources: tax_domain.md §2.4 (CST/CSOSN), LC 123 art. 23."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from engine.calculators.icms import IcmsSpec, compute_icms
from engine.errors import MissingValueError


def test_cst00_full_base() -> None:
    # SP 18 % (tax_domain §2.1): 1000.00 × 18 % = 180.00
    g = compute_icms(D("1000.00"), "0", IcmsSpec(cst="00", aliquota=D("18.00")), simples=False)
    assert (g.grupo, g.vBC, g.pICMS, g.vICMS, g.modBC) == (
        "ICMS00",
        D("1000.00"),
        D("18.00"),
        D("180.00"),
        "3",
    )


def test_cst20_reduced_base() -> None:
    # base 1000.00 reduced 33.33 % → 666.70; × 18 % = 120.006 → 120.01 (half up)
    spec = IcmsSpec(cst="20", aliquota=D("18"), red_bc=D("33.33"))
    g = compute_icms(D("1000.00"), "0", spec, simples=False)
    assert (g.vBC, g.pRedBC, g.vICMS) == (D("666.70"), D("33.33"), D("120.01"))


def test_cst20_without_reduction_is_missing() -> None:
    with pytest.raises(MissingValueError) as exc:
        compute_icms(D("10"), "0", IcmsSpec(cst="20", aliquota=D("18")), simples=False)
    assert exc.value.codigo == "RED_BC"


def test_cst51_partial_deferral() -> None:
    # 1000.00 × 18 % = 180.00 operation; 33.33 % deferred = 59.994 → 59.99; due 120.01
    spec = IcmsSpec(cst="51", aliquota=D("18"), p_dif=D("33.33"))
    g = compute_icms(D("1000.00"), "0", spec, simples=False)
    assert (g.vICMSOp, g.vICMSDif, g.vICMS, g.CST) == (D("180.00"), D("59.99"), D("120.01"), "51")


@pytest.mark.parametrize(("cst", "group"), [("40", "ICMS40"), ("41", "ICMS40"), ("60", "ICMS60")])
def test_csts_without_value(cst: str, group: str) -> None:
    g = compute_icms(D("500"), "0", IcmsSpec(cst=cst), simples=False)
    assert (g.grupo, g.vICMS, g.vBC) == (group, None, None)


def test_cst90_with_and_without_rate() -> None:
    assert compute_icms(D("100"), "0", IcmsSpec(cst="90"), simples=False).vICMS is None
    g = compute_icms(D("100.00"), "0", IcmsSpec(cst="90", aliquota=D("12")), simples=False)
    assert g.vICMS == D("12.00")


def test_csosn101_credit() -> None:
    # LC 123 art. 23: credit 2.56 % of 1234.56 = 31.604736 → 31.60
    spec = IcmsSpec(csosn="101", aliq_cred_sn=D("2.56"))
    g = compute_icms(D("1234.56"), "0", spec, simples=True)
    assert (g.grupo, g.pCredSN, g.vCredICMSSN) == ("ICMSSN101", D("2.56"), D("31.60"))


@pytest.mark.parametrize("csosn", ["102", "103", "300", "400"])
def test_csosn_without_value(csosn: str) -> None:
    g = compute_icms(D("100"), "0", IcmsSpec(csosn=csosn), simples=True)
    assert (g.grupo, g.vICMS, g.vCredICMSSN) == ("ICMSSN102", None, None)


def test_csosn500_and_900() -> None:
    assert compute_icms(D("1"), "0", IcmsSpec(csosn="500"), simples=True).grupo == "ICMSSN500"
    g = compute_icms(D("200.00"), "0", IcmsSpec(csosn="900", aliquota=D("18")), simples=True)
    assert (g.grupo, g.vICMS) == ("ICMSSN900", D("36.00"))


def test_family_mismatch_is_missing() -> None:
    with pytest.raises(MissingValueError) as exc:
        compute_icms(D("100"), "0", IcmsSpec(cst="00", aliquota=D("18")), simples=True)
    assert exc.value.codigo == "CSOSN"


def test_fcp_on_top() -> None:
    # RJ 20 % + FECP 2 % (tax_domain §2.1): 100.00 → 20.00 + 2.00
    spec = IcmsSpec(cst="00", aliquota=D("20"), p_fcp=D("2.00"))
    g = compute_icms(D("100.00"), "0", spec, simples=False)
    assert (g.vICMS, g.vFCP) == (D("20.00"), D("2.00"))
