"""ISS and federal withholding calculators. Sources: LC 116 arts. 3, 6, 8, 8-A; RIR/2018 art.
714; Lei 9.430 art. 67; Lei 10.833 arts. 30-31 (tax_domain.md §4)."""

from __future__ import annotations

from decimal import Decimal as D

from engine.calculators.iss import bounds_violation, compute_iss, incidence_municipality
from engine.calculators.withholding import compute_withholding


def test_iss_value() -> None:
    # 1234.50 × 2.5 % = 30.8625 → 30.86
    g = compute_iss(D("1234.50"), D("2.5"), "3550308", "1", "010101", "01.01")
    assert (g.vISSQN, g.tpRetISSQN, g.municipio_incidencia) == (D("30.86"), "1", "3550308")


def test_bounds() -> None:
    # LC 116 art. 8 II (max 5 %) and art. 8-A (min 2 %)
    assert bounds_violation(D("5.01"), D("2"), D("5")) is not None
    assert bounds_violation(D("1.99"), D("2"), D("5")) is not None
    assert bounds_violation(D("1.50"), None, D("5")) is None
    assert bounds_violation(D("2.00"), D("2"), D("5")) is None


def test_incidence_place() -> None:
    facts = {"cod_municipio_emitente": "1", "cod_municipio_destino": "2"}
    assert incidence_municipality("ESTABELECIMENTO_TOMADOR", facts) == "2"
    assert incidence_municipality("LOCAL_PRESTACAO", facts) is None


def test_irrf_withheld_and_floor() -> None:
    # 10000.00 × 1.5 % = 150.00 withheld; 500.00 × 1.5 % = 7.50 ≤ 10.00 dispensed
    w = compute_withholding("IRRF", D("10000.00"), {"IRRF": D("1.50")}, D("10.00"))
    assert (w.retido, w.valor) == (True, D("150.00"))
    w = compute_withholding("IRRF", D("500.00"), {"IRRF": D("1.50")}, D("10.00"))
    assert (w.retido, w.valor, w.valores["IRRF"]) == (False, D("0.00"), D("0.00"))


def test_csrf_floor_applies_to_sum() -> None:
    # 300.00 × (0.65 + 3 + 1) %: 1.95 + 9.00 + 3.00 = 13.95 > 10 → all withheld
    rates = {"PIS": D("0.65"), "COFINS": D("3.00"), "CSLL": D("1.00")}
    w = compute_withholding("CSRF", D("300.00"), rates, D("10.00"))
    assert (w.retido, w.valor, w.valores["PIS"]) == (True, D("13.95"), D("1.95"))


def test_exactly_ten_is_dispensed() -> None:
    # "igual ou inferior a R$ 10,00": 1000.00 × 1 % = 10.00 is dispensed
    w = compute_withholding("X", D("1000.00"), {"X": D("1")}, D("10.00"))
    assert w.retido is False
