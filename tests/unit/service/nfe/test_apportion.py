"""Document-level freight, insurance and other expenses shared among the items, to the cent."""

from __future__ import annotations

from decimal import Decimal

import pytest

from service.errors import ApiError
from service.nfe.apportion import apportion, item_shares

D = Decimal


def test_shares_follow_the_values_and_add_up_to_the_cent():
    assert apportion(D("10.00"), [D("20.00"), D("15.00")]) == [D("5.71"), D("4.29")]
    shares = apportion(D("100.00"), [D("1"), D("1"), D("1")])
    assert shares == [D("33.34"), D("33.33"), D("33.33")]
    assert sum(shares) == D("100.00")


def test_the_remainder_goes_to_the_largest_item():
    assert apportion(D("0.10"), [D("1"), D("5"), D("1")]) == [D("0.01"), D("0.08"), D("0.01")]
    assert apportion(D("0.01"), [D("3"), D("3"), D("3")]) == [D("0.01"), D("0.00"), D("0.00")]


def test_items_without_value_share_equally():
    assert apportion(D("1.00"), [D("0"), D("0")]) == [D("0.50"), D("0.50")]


def test_per_item_amounts_are_kept_and_both_levels_are_refused():
    items = [{"frete": D("1.234")}, {}]
    shares = item_shares({"seguro": D("3.00")}, items, [D("10"), D("20")])
    assert [s["frete"] for s in shares] == [D("1.23"), D("0.00")]
    assert [s["seguro"] for s in shares] == [D("1.00"), D("2.00")]
    with pytest.raises(ApiError) as refused:
        item_shares({"frete": {"valor": D("5")}}, items, [D("10"), D("20")])
    assert refused.value.extra["errors"][0]["field"] == "frete.valor"
