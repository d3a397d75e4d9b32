"""Replay of stored snapshots with a candidate rule set: nothing reported when nothing changes,
each changed tax to the cent otherwise, the rules that made the difference, and documents the
candidate can no longer compute."""

from __future__ import annotations

import json
from dataclasses import replace
from decimal import Decimal

from engine import Item, RuleSet, compute, snapshot
from engine.loading import context_from_dict
from engine.pack_diff import diff_rules
from engine.replay import StoredDocument, replay, report_dict, report_markdown
from engine.rules import RuleType
from tests.unit.engine.engine_factories import company_rule, make_ctx, make_rule

TAX = company_rule("trib", criterios={"crt": "3"}, resultado={
    "cfop": "5102", "cst_icms": "00", "aliq_icms": "18.00", "cst_pis": "01", "aliq_pis": "1.65",
    "cst_cofins": "01", "aliq_cofins": "7.60"})  # fmt: skip


def _stored(doc_id: str, quantity: str, rules: RuleSet) -> StoredDocument:
    ctx = make_ctx(itens=(Item(1, Decimal(quantity), Decimal("33.33"), origem="0",
                               ncm="22021000"),))  # fmt: skip
    data, _ = snapshot(ctx, compute(ctx, rules))
    stored = json.loads(data)
    assert context_from_dict(stored["contexto"]) == ctx  # the snapshot's input reads back whole
    return StoredDocument(doc_id, "emp", stored)


def test_same_rules_change_nothing():
    rules = RuleSet([TAX])
    docs = [_stored("a", "3", rules), _stored("b", "7", rules)]
    report = replay(docs, lambda _d: rules)
    assert (report.documentos, report.alterados) == (2, [])


def test_a_changed_rate_reports_each_tax_to_the_cent():
    rules = RuleSet([TAX])
    docs = [_stored("a", "3", rules), _stored("b", "7", rules)]
    changed = RuleSet([replace(TAX, resultado={**TAX.resultado, "aliq_icms": "12.00"})])
    report = replay(docs, lambda _d: changed, lambda r: r.id == "trib")
    by_doc = {d.id: {c.tributo: c for c in d.mudancas if c.item} for d in report.alterados}
    # 3 × 33.33 = 99.99: 18.00 → 12.00 % is 18.00 → 12.00; 7 × 33.33 = 233.31: 42.00 → 28.00
    icms = by_doc["a"]["ICMS"]
    assert (icms.antes, icms.depois) == (Decimal("18.00"), Decimal("12.00"))
    assert by_doc["b"]["ICMS"].diferenca == Decimal("-14.00")
    assert report.totais["ICMS"] == Decimal("-20.00")
    assert report.totais["total.vICMS"] == Decimal("-20.00")
    (rule,) = report.alterados[0].regras
    assert (rule.regra_id, rule.mudanca, rule.campos, rule.candidata) == (
        "trib",
        "alterada",
        ("resultado.aliq_icms",),
        True,
    )
    data = report_dict(report)
    assert data["totais"]["ICMS"] == "-20.00" and data["alterados"] == 2
    assert "| ICMS | -20.00 |" in report_markdown(report, "teste")


def test_a_retired_rule_makes_the_document_uncomputable():
    rules = RuleSet([TAX])
    report = replay([_stored("a", "1", rules)], lambda _d: RuleSet([]))
    (doc,) = report.alterados
    assert doc.erro is not None and "REGRA_TRIBUTACAO" in doc.erro and report.erros == 1


def test_a_tie_the_candidate_creates_is_reported():
    rules = RuleSet([TAX])
    twin = replace(TAX, id="trib.gemea")
    report = replay([_stored("a", "1", rules)], lambda _d: RuleSet([TAX, twin]))
    assert report.alterados[0].erro.startswith("CONFLITO_REGRAS")


def test_diff_compares_as_the_engine_reads():
    before = make_rule("r", RuleType.ISS, criterios={"crt": 3}, resultado={"aliquota": "2.00"},
                       confianca=Decimal("1"))  # fmt: skip
    same = replace(before, criterios={"crt": "3", "uf": None}, confianca=Decimal("1.000"))
    assert diff_rules([before], [same]).empty
    moved = replace(before, resultado={"aliquota": "2.90"})
    (change,) = diff_rules([before], [moved]).alteradas
    assert [(m.campo, m.antes, m.depois) for m in change.mudancas] == [
        ("resultado.aliquota", "2.00", "2.90")
    ]
    other_type = make_rule("x", RuleType.TRIBUTACAO)
    kept = diff_rules([before, other_type], [before], scope=[RuleType.ISS])
    assert kept.retiradas == () and kept.inalteradas == 1
