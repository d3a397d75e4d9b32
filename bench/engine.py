"""Benchmark of engine.compute (not a test): NF-e of 1, 50 and 990 items against rule sets of
100, 10,000 and 100,000 rules, plus the snapshot hash. Prints a markdown table of medians.

Each cell builds a fresh company RuleSet on the cached global pack ("build ms", including the
garbage collection it leaves due); "first call ms" is the first compute on it (rule results
parsed on first use), "compute ms" and "explain ms" the medians of later calls. "to_dict ms"
is `result.to_dict()`; "snapshot ms" is `snapshot(ctx, result)`, which makes its own
`to_dict()`; "answer snapshot ms" is `snapshot(ctx, result, data)` with the `to_dict()` an API
answer has already made (what `/fiscal/calcular` pays).
"rules used" is `len(result.rules_used)`: how many distinct rules the items reached.

The synthetic company rules have the shapes a company's rules have (per product, per NCM
prefix, IVA per NCM) and results drawn from a catalogue of 100 tax treatments (CST, rates,
PIS/COFINS regimes, CFOP) and 4 IVA treatments, so thousands of rules share a few treatments
as real catalogues do, but not one. Every item draws from the whole set: 70 % name a product
that has a rule (any of them, uniformly), 30 % a product without one (their NCM decides);
NCMs are uniform over the set's NCM codes (10 % have an IVA rule). So the mix of paths is the
same at every size; in the 100-rule set the 990 items can only repeat its 14 products and 18
NCMs (the per-call memo then answers most lookups), in the big sets nearly every item
resolves rules no other item uses.

    python bench/engine.py [--runs 21] [--sizes 100,10000,100000] [--items 1,50,990]
                           [--goods-taxes] [--quick] [--write bench/results/engine.md]

`--quick` (CI, `scripts/bench-quick`): 3 runs and the 100- and 10,000-rule sets, unless given.

`--goods-taxes` swaps four of the ten ICMS treatments of the product rules for substitution
and IPI (CST 10 with MVA and IPI, CST 70 with both reductions and IPI, CST 10 with FCP-ST, CST
00 with IPI): then 40 % of the product lines compute ICMS-ST (the interstate sale adjusts the
MVA) and 30 % IPI, the rest as without the flag.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from datetime import date
from decimal import Decimal
from itertools import product
from pathlib import Path
from typing import Any

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
SMALLEST_COMPANY_SET = 20
"""Company rules of a size at or below the global pack's (100 rules once the pack grew to 113
with issue 36): 20 rules, 14 products and 5 NCM/IVA rules, the company set the 100-rule
row measured when the pack had 80 rules. The row shows the real total (pack + company)."""
ITEM_COUNTS = (1, 50, 990)
PRODUCT_SHARE = 0.7

_ICMS_WITH_RATE = [
    {"cst_icms": "00", "aliq_icms": "4.00"}, {"cst_icms": "00", "aliq_icms": "7.00"},
    {"cst_icms": "00", "aliq_icms": "12.00"},
    {"cst_icms": "20", "aliq_icms": "12.00", "red_bc": "33.33"},
    {"cst_icms": "20", "aliq_icms": "7.00", "red_bc": "41.67"},
    {"cst_icms": "20", "aliq_icms": "12.00", "red_bc": "61.11"},
    {"cst_icms": "51", "aliq_icms": "12.00", "p_dif": "33.33"},
    {"cst_icms": "40"}, {"cst_icms": "41"}, {"cst_icms": "60"},
]  # fmt: skip
_ST_AND_IPI = [
    {"cst_icms": "10", "aliq_icms": "12.00", "mva_st": "40.00", "aliq_icms_st": "18.00",
     "cst_ipi": "50", "aliq_ipi": "10.00"},
    {"cst_icms": "70", "aliq_icms": "12.00", "red_bc": "33.33", "mva_st": "35.00",
     "aliq_icms_st": "18.00", "red_bc_st": "33.33", "cst_ipi": "50", "aliq_ipi": "5.00"},
    {"cst_icms": "10", "aliq_icms": "7.00", "mva_st": "50.00", "aliq_icms_st": "18.00",
     "aliq_fcp_st": "2.00"},
    {"cst_icms": "00", "aliq_icms": "12.00", "cst_ipi": "50", "aliq_ipi": "15.00"},
]  # fmt: skip
"""`--goods-taxes`: substitution (MVA adjusted SP → MG), its reductions and FCP, and IPI."""
_ICMS_GLOBAL_RATE = [{"cst_icms": "00"}, {"cst_icms": "20", "red_bc": "33.33"}]
"""Blank rate: the global pack's interstate rate rule supplies it (one more lookup)."""
_CONTRIBUTIONS = [
    {"cst_pis": "01", "aliq_pis": "1.65", "cst_cofins": "01", "aliq_cofins": "7.60"},
    {"cst_pis": "01", "aliq_pis": "0.65", "cst_cofins": "01", "aliq_cofins": "3.00"},
    {"cst_pis": "04", "cst_cofins": "04"}, {"cst_pis": "06", "cst_cofins": "06"},
    {"cst_pis": "49", "cst_cofins": "49"},
]  # fmt: skip
_CFOPS = [{"cfop": "6102"}, {"cfop": "6101"}]


def _treatments(icms: list[dict[str, str]]) -> list[dict[str, str]]:
    return [{**c, **i, **p} for i, p, c in product(icms, _CONTRIBUTIONS, _CFOPS)]


PRODUCT_TREATMENTS = _treatments(_ICMS_WITH_RATE)  # 100
NCM_TREATMENTS = _treatments(_ICMS_GLOBAL_RATE)  # 20
_IBS_CBS = {"ibs_p_uf": "0.10", "ibs_p_mun": "0.00", "cbs_p": "0.90"}
IVA_TREATMENTS = [
    {"cst": "000", "cclasstrib": "000001", **_IBS_CBS},
    {"cst": "200", "cclasstrib": "200034", **_IBS_CBS, "red_aliq_ibs_uf": "60",
     "red_aliq_ibs_mun": "60", "red_aliq_cbs": "60"},
    {"cst": "200", "cclasstrib": "200003", **_IBS_CBS, "red_aliq_ibs_uf": "30",
     "red_aliq_ibs_mun": "30", "red_aliq_cbs": "30"},
    {"cst": "410", "cclasstrib": "410001"},
]  # fmt: skip


def company_rules(count: int, rng: random.Random) -> list[Rule]:
    """`count` company rules: a generic one, then 7 per product, 2 per NCM prefix (8 and 6
    digits) and 1 IVA per NCM in every 10."""
    generic = {**NCM_TREATMENTS[0], "cst_icms": "00"}
    rules = [_rule("trib.generic", RuleType.TRIBUTACAO, {"crt": "3"}, generic)]
    for i in range(count - 1):
        kind = i % 10
        if kind < 7:
            crit = {"produto_id": f"P{i}", "crt": "3", "operacao": "interestadual"}
            res = rng.choice(PRODUCT_TREATMENTS)
            rules.append(_rule(f"trib.p{i}", RuleType.TRIBUTACAO, crit, res))
        elif kind < 9:
            ncm = f"{10**7 + i}" if kind == 7 else f"{10**5 + i // 10}"
            crit = {"ncm_prefixo": ncm, "crt": "3"}
            res = rng.choice(NCM_TREATMENTS)  # the longer prefix wins a tie:
            rules.append(_rule(f"trib.n{i}", RuleType.TRIBUTACAO, crit, res, len(ncm)))
        else:
            res = rng.choice(IVA_TREATMENTS)
            rules.append(_rule(f"iva.n{i}", RuleType.IVA, {"ncm": f"{10**7 + i}"}, res))
    return rules


def _rule(
    rid: str, tipo: RuleType, crit: dict[str, Any], res: dict[str, Any], prioridade: int = 100
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


def context(items: int, rules: list[Rule], rng: random.Random) -> TaxContext:
    """An interstate sale (SP → MG) whose items draw uniformly from the whole rule set (a set
    without product rules: every item's NCM decides, never `IndexError` on an empty draw)."""
    products = [r.criterios["produto_id"] for r in rules if "produto_id" in r.criterios]
    share = PRODUCT_SHARE if products else 0.0
    codes = max(1, len(rules) - 1)  # NCM codes 10000000 + i for the rules' indices i
    lines = tuple(
        Item(n, Decimal(rng.randrange(1, 20)), Decimal(rng.randrange(100, 99999)) / 100,
             produto_id=rng.choice(products) if rng.random() < share else f"X{n}",
             ncm=f"{10**7 + rng.randrange(codes)}", origem="0")
        for n in range(1, items + 1)
    )  # fmt: skip
    return TaxContext(DocumentType.NFE, date(2026, 5, 10), Company(crt=3, uf="SP"), lines,
                      Counterpart(uf="MG", tipo=PersonType.PJ, contribuinte=True))  # fmt: skip


def median_ms(fn: Callable[[], object], runs: int) -> float:
    """Median wall time; the result is dropped inside the timing (freeing it is a cost)."""
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split(","))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, help="timed runs per cell (21; quick 3)")
    parser.add_argument("--sizes", type=_ints, help="rule counts (100,10000,100000; quick "
                        "100,10000)")  # fmt: skip
    parser.add_argument("--items", type=_ints, default=ITEM_COUNTS)
    parser.add_argument("--write", type=Path)
    parser.add_argument("--goods-taxes", action="store_true", help="ICMS-ST and IPI treatments")
    parser.add_argument("--quick", action="store_true", help="CI: --runs 3 --sizes 100,10000")
    args = parser.parse_args()
    if args.runs is None:
        args.runs = 3 if args.quick else 21
    if args.sizes is None:
        args.sizes = RULE_COUNTS[:2] if args.quick else RULE_COUNTS
    if args.goods_taxes:
        global PRODUCT_TREATMENTS
        PRODUCT_TREATMENTS = _treatments(_ICMS_WITH_RATE[:6] + _ST_AND_IPI)
    rng = random.Random(2026)
    pack = load_pack(DEFAULT_ROOT / "global" / "nacional" / "2026.1").ruleset()
    load_before = os.getloadavg()[0]
    table = ["| rules | build ms | items | rules used | compute ms | µs/item | first call ms "
             "| explain ms | to_dict ms | snapshot ms | answer snapshot ms |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]  # fmt: skip
    for count in args.sizes:
        extra = company_rules(max(count - len(pack), SMALLEST_COMPANY_SET), rng)
        compute(context(1, extra, random.Random(0)), pack)  # the global pack: built, warmed
        for items in args.items:
            start = time.perf_counter()
            ruleset = RuleSet(extra, base=pack)  # fresh: the first call finds no parsed rules
            gc.collect()  # the build's garbage-collection debt is part of the build
            build = (time.perf_counter() - start) * 1000
            ctx = context(items, extra, rng)
            start = time.perf_counter()
            result = compute(ctx, ruleset)
            first = (time.perf_counter() - start) * 1000
            assert not result.missing, result.missing[:3]
            snapshot(ctx, result)  # the first snapshot keeps each used rule's JSON
            ms = median_ms(lambda c=ctx, rs=ruleset: compute(c, rs), args.runs)  # type: ignore[misc]
            explain = median_ms(lambda c=ctx, rs=ruleset: compute(c, rs, explain=True), args.runs)  # type: ignore[misc]
            to_dict = median_ms(result.to_dict, args.runs)
            snap = median_ms(lambda c=ctx, r=result: snapshot(c, r), args.runs)  # type: ignore[misc]
            data = result.to_dict()
            answer = median_ms(lambda c=ctx, r=result, d=data: snapshot(c, r, d), args.runs)  # type: ignore[misc]
            table.append(f"| {len(ruleset):,} | {build:.0f} | {items} | {len(result.rules_used)} "
                         f"| {ms:.2f} | {ms * 1000 / items:.1f} | {first:.2f} | {explain:.2f} "
                         f"| {to_dict:.2f} | {snap:.2f} | {answer:.2f} |")  # fmt: skip
            del ruleset, result, data
    header = (f"Machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
              f"Python {platform.python_version()}; medians of {args.runs} runs; global pack "
              f"({len(pack)} rules) as base set; load average {load_before:.2f} at start, "
              f"{os.getloadavg()[0]:.2f} at end.")  # fmt: skip
    text = "\n".join([header, "", *table])
    print(text)
    if args.write:
        command = " ".join(["python", "bench/engine.py", *sys.argv[1:]])
        args.write.write_text(f"# Engine benchmark\n\n`{command}`\n\n{text}\n")


if __name__ == "__main__":
    main()
