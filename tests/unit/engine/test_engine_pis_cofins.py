"""PIS/COFINS calculator. Sources: Lei 9.718/1998 (cumulative 0.65/3.00), Leis 10.637/2002 and
10.833/2003 (non-cumulative 1.65/7.60), tax_domain.md §3."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from engine.calculators.pis_cofins import compute_pis_cofins
from engine.errors import MissingValueError


def test_cumulative() -> None:
    # 1999.99 × 0.65 % = 12.999935 → 13.00; × 3 % = 59.9997 → 60.00
    assert compute_pis_cofins("PIS", D("1999.99"), "01", D("0.65")).v == D("13.00")
    assert compute_pis_cofins("COFINS", D("1999.99"), "01", D("3.00")).v == D("60.00")


def test_non_cumulative() -> None:
    # 1000.00 × 1.65 % = 16.50; × 7.6 % = 76.00
    assert compute_pis_cofins("PIS", D("1000.00"), "01", D("1.65")).v == D("16.50")
    assert compute_pis_cofins("COFINS", D("1000.00"), "01", D("7.60")).v == D("76.00")


@pytest.mark.parametrize("cst", ["04", "06", "07", "08", "09"])
def test_zero_csts(cst: str) -> None:
    g = compute_pis_cofins("PIS", D("100"), cst, D("1.65"))
    assert (g.v, g.vBC, g.p) == (D("0.00"), None, None)


def test_simples_49_without_rate() -> None:
    assert compute_pis_cofins("COFINS", D("100"), "49", None).v == D("0.00")


def test_taxed_cst_without_rate_is_missing() -> None:
    with pytest.raises(MissingValueError) as exc:
        compute_pis_cofins("PIS", D("100"), "01", None)
    assert exc.value.codigo == "ALIQUOTA_PIS"


def test_unsupported_cst() -> None:
    with pytest.raises(MissingValueError):
        compute_pis_cofins("PIS", D("100"), "03", D("1"))
