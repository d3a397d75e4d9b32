"""Snapshot: canonical bytes and a SHA-256 stable across runs and machines."""

from __future__ import annotations

import json
import subprocess
import sys
from decimal import Decimal as D
from pathlib import Path

from engine_factories import company_rule, make_ctx

from engine import RuleSet, compute, snapshot
from engine.snapshot import canonical_bytes

RULE = company_rule(
    "trib",
    criterios={"crt": "3"},
    resultado={
        "cfop": "5102",
        "cst_icms": "00",
        "aliq_icms": "18.00",
        "cst_pis": "07",
        "cst_cofins": "07",
    },
)

SCRIPT = """
import sys; sys.path[:0] = [{root!r}, {here!r}]
from engine import RuleSet, compute, snapshot
from engine_factories import company_rule, make_ctx
from test_engine_snapshot import RULE
ctx = make_ctx()
print(snapshot(ctx, compute(ctx, RuleSet([RULE])))[1])
"""


def test_canonical_json_content() -> None:
    ctx = make_ctx()
    data, digest = snapshot(ctx, compute(ctx, RuleSet([RULE])))
    doc = json.loads(data)
    assert list(doc) == sorted(doc)
    assert doc["regras"][0]["resultado"]["aliq_icms"] == "18.00"
    assert doc["contexto"]["itens"][0]["valor_unitario"] == "100.00"
    assert doc["resultado"]["taxes"]["totais"]["vICMS"] == "18.00"
    assert canonical_bytes(doc) == data  # already canonical: re-encoding changes nothing
    assert len(digest) == 64


def test_hash_is_stable_across_processes() -> None:
    ctx = make_ctx()
    here = str(Path(__file__).parent)
    root = str(Path(__file__).parents[3])
    expected = snapshot(ctx, compute(ctx, RuleSet([RULE])))[1]
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(root=root, here=here)],
        capture_output=True, text=True, check=True, env={"PYTHONHASHSEED": "123"},
    )  # fmt: skip
    assert out.stdout.strip() == expected


def test_hash_changes_with_content() -> None:
    ctx = make_ctx()
    a = snapshot(ctx, compute(ctx, RuleSet([RULE])))[1]
    other = make_ctx(itens=(ctx.itens[0].__class__(1, D("1"), D("100.01"), origem="0"),))
    assert snapshot(other, compute(other, RuleSet([RULE])))[1] != a


GOLDEN = "10e8d74554ec8e013b3ff607aa9138ae95e633530bf6d385b9b8094bee71540a"
"""Hash of this fixed computation. It changes only when the snapshot format, the result shape
or the calculation changes, which must be a deliberate, reviewed change (last: each
`rules_used[]` entry gained `camada`, the rule's layer, and `origem` became how the rule got its
content, `pacote` or `api`, instead of the layer; nothing else changed)."""


def test_golden_hash() -> None:
    ctx = make_ctx()
    assert snapshot(ctx, compute(ctx, RuleSet([RULE])))[1] == GOLDEN
