"""A return's share of the original's discount, freight, insurance, other expenses and IPI:
cumulative, so partial returns add up to the original's amount to the cent."""

from __future__ import annotations

from decimal import Decimal

from service.nfe.returns import _share

D = Decimal


def test_partial_returns_add_up_to_the_original_amount():
    parts = [_share(D("1.00"), D(before), D("1"), D("3")) for before in ("0", "1", "2")]
    assert parts == [D("0.33"), D("0.34"), D("0.33")]
    assert sum(parts) == D("1.00")


def test_a_whole_return_takes_the_whole_amount():
    assert _share(D("7.77"), D("0"), D("5"), D("5")) == D("7.77")
