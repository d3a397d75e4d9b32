"""`bench/engine.py` runs at its documented defaults (issue 41): its smallest default size
(100 rules) is smaller than the global pack it sits on, so the company's share came out as one
generic rule with no product rules, and drawing the items stopped the script with `IndexError:
Cannot choose from an empty sequence`. CI also runs every bench script quick
(`scripts/bench-quick`)."""

from __future__ import annotations

import random

from bench import engine as bench_engine
from engine import RuleSet, compute
from engine.packs import DEFAULT_ROOT, load_pack


def test_items_drawn_from_a_set_without_product_rules_compute():
    rng = random.Random(2026)
    rules = bench_engine.company_rules(1, rng)  # what 100 − the global pack's size gave
    assert not [r for r in rules if "produto_id" in r.criterios]
    ctx = bench_engine.context(5, rules, rng)
    assert len(ctx.itens) == 5
    assert all(item.produto_id.startswith("X") for item in ctx.itens)
    base = load_pack(DEFAULT_ROOT / "global" / "nacional" / "2026.1").ruleset()
    assert len(compute(ctx, RuleSet(rules, base=base)).itens) == 5
