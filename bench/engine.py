"""Benchmark of engine.compute (not a test): NF-e of 1, 50 and 990 items against rule sets of
100, 10,000 and 100,000 rules, plus the snapshot hash. Prints a markdown table of medians.

Each cell builds a fresh company RuleSet on the cached global pack ("build ms", including the
garbage collection it leaves due); "first call ms" is the first compute on it (rule results
parsed on first use), "compute ms" and "explain ms" the medians of later calls.

    python bench/engine.py [--runs N] [--write bench/results/engine.md]
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from datetime import date
from decimal import Decimal
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import (
    Company,
    Counterpart,
    DocumentType,
    Item,
    PersonType,
    Rule,
    RuleOrigin,
    RuleSet,
    RuleType,
    TaxContext,
    compute,
    snapshot,
)  # fmt: skip
from engine.packs import DEFAULT_ROOT, load_pack

RULE_COUNTS = (100, 10_000, 100_000)
ITEM_COUNTS = (1, 50, 990)
TRIB_RESULT = {"cfop": "5102", "cst_icms": "00", "cst_pis": "01", "aliq_pis": "1.65",
               "cst_cofins": "01", "aliq_cofins": "7.60"}  # fmt: skip


def company_rules(count: int, rng: random.Random) -> list[Rule]:
    """Synthetic company rules: per product, per NCM prefix and IVA per NCM (realistic shapes)."""
    rules = [_rule("trib.generic", RuleType.TRIBUTACAO, {"crt": "3"}, TRIB_RESULT)]
    for i in range(count - 1):
        kind = i % 10
        if kind < 7:
            crit = {"produto_id": f"P{i}", "crt": "3", "operacao": "interestadual"}
            rules.append(_rule(f"trib.p{i}", RuleType.TRIBUTACAO, crit,
                               {**TRIB_RESULT, "aliq_icms": "12.00"}))  # fmt: skip
        elif kind < 9:
            ncm = f"{10**7 + i}" if kind == 7 else f"{10**5 + i // 10}"
            rule = _rule(
                f"trib.n{i}",
                RuleType.TRIBUTACAO,
                {"ncm_prefixo": ncm, "crt": "3"},
                TRIB_RESULT,
                prioridade=len(ncm),
            )  # longer prefix wins a tie
            rules.append(rule)
        else:
            rules.append(_rule(f"iva.n{i}", RuleType.IVA, {"ncm": f"{10**7 + i}"}, {
                "cst": "200", "cclasstrib": "200034", "ibs_p_uf": "0.10", "ibs_p_mun": "0.00",
                "cbs_p": "0.90", "red_aliq_ibs_uf": "60", "red_aliq_cbs": "60"}))  # fmt: skip
    return rules


def _rule(
    rid: str, tipo: RuleType, crit: dict[str, object], res: dict[str, object], prioridade: int = 100
) -> Rule:
    return Rule(
        id=rid,
        tipo=tipo,
        criterios=crit,
        resultado=res,
        vigencia_inicio=date(2026, 1, 1),
        versao="1",
        fonte="bench",
        origem=RuleOrigin.EMPRESA,
        prioridade=prioridade,
    )


def context(items: int, rules: int, rng: random.Random) -> TaxContext:
    product_rules = max(1, (rules * 7) // 10)
    lines = tuple(
        Item(n, Decimal(rng.randrange(1, 20)), Decimal(rng.randrange(100, 99999)) / 100,
             produto_id=f"P{rng.randrange(product_rules)}", ncm=f"{10**7 + rng.randrange(rules)}",
             origem="0")
        for n in range(1, items + 1)
    )  # fmt: skip
    return TaxContext(DocumentType.NFE, date(2026, 5, 10), Company(crt=3, uf="SP"), lines,
                      Counterpart(uf="MG", tipo=PersonType.PJ, contribuinte=True))  # fmt: skip


def median_ms(fn: Callable[[], object], runs: int) -> float:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--write", type=Path)
    args = parser.parse_args()
    rng = random.Random(2026)
    pack = load_pack(DEFAULT_ROOT / "global" / "2026.1").ruleset()
    compute(context(1, 100, random.Random(0)), pack)  # the global pack: built and warmed once
    lines = [f"Machine: {platform.processor() or platform.machine()}, Python "
             f"{platform.python_version()}; medians of {args.runs} runs; global pack "
             f"({len(pack)} rules) as base set.", "",
             "| rules | build ms | items | compute ms | µs/item | first call ms | explain ms "
             "| snapshot ms |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|"]  # fmt: skip
    for count in RULE_COUNTS:
        extra = company_rules(count - len(pack), rng)
        for items in ITEM_COUNTS:
            start = time.perf_counter()
            ruleset = RuleSet(extra, base=pack)  # fresh: the first call finds no parsed rules
            gc.collect()  # the build's garbage-collection debt is part of the build
            build = (time.perf_counter() - start) * 1000
            ctx = context(items, count, rng)
            start = time.perf_counter()
            result = compute(ctx, ruleset)
            first = (time.perf_counter() - start) * 1000
            assert not result.missing, result.missing[:3]
            ms = median_ms(lambda c=ctx, rs=ruleset: compute(c, rs), args.runs)  # type: ignore[misc]
            explained = partial(compute, ctx, ruleset, explain=True)
            explain = median_ms(explained, args.runs)
            snap = median_ms(lambda c=ctx, r=result: snapshot(c, r), args.runs)  # type: ignore[misc]
            lines.append(f"| {len(ruleset):,} | {build:.0f} | {items} | {ms:.2f} | "
                         f"{ms * 1000 / items:.1f} | {first:.2f} | {explain:.2f} "
                         f"| {snap:.2f} |")  # fmt: skip
    table = "\n".join(lines)
    print(table)
    if args.write:
        args.write.write_text("# Engine benchmark\n\n`python bench/engine.py`\n\n" + table + "\n")


if __name__ == "__main__":
    main()
