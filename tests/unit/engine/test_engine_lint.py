"""`engine.lint`: ties the engine would raise at issuance, rules without a source, overlaps and
gaps between rule versions and pack revisions; and the real global pack lints clean."""

from __future__ import annotations

import time
from dataclasses import replace
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from engine import Company, Counterpart, Item, RuleConflictError, RuleSet, compute
from engine.lint import (
    PLACEHOLDER_SOURCES,
    Finding,
    LintReport,
    Severity,
    is_placeholder_source,
    lint_packs,
    lint_path,
)
from engine.packs import DEFAULT_ROOT, Pack
from engine.rules import Rule, RuleOrigin, RuleType
from tests.unit.engine.engine_factories import make_ctx, make_rule

TAX = {"cfop": "5102", "cst_icms": "00", "aliq_icms": "18.00"}
ORIGIN_OF = {"global": RuleOrigin.GLOBAL, "platform": RuleOrigin.PLATAFORMA,
             "company": RuleOrigin.EMPRESA}  # fmt: skip


def rule(rule_id: str, tipo: RuleType = RuleType.TRIBUTACAO, **kw: Any) -> Rule:
    kw.setdefault("resultado", TAX if tipo is RuleType.TRIBUTACAO else {})
    kw.setdefault("fonte", "RICMS/SP art. 52")
    return make_rule(rule_id, tipo, **kw)


def pack(
    rules: list[Rule],
    name: str = "demo",
    revision: str = "1",
    folder: str = "global",
    **manifest: Any,
) -> Pack:
    """A pack in memory (the lint reads `Pack`s; loading from disk is tested by the CLI)."""
    data = {
        "name": name, "revision": revision, "scope": sorted({r.tipo.value for r in rules}),
        "valid_from": "2026-01-01", "valid_to": None, "engine_version": "1.0", **manifest,
    }  # fmt: skip
    origin = ORIGIN_OF[folder]
    own = [replace(r, origem=origin, pacote=name, revisao_pacote=revision) for r in rules]
    return Pack(Path(f"/mem/{folder}/{name}/{revision}"), data, own)


def lint(*rules: Rule) -> LintReport:
    return lint_packs([pack(list(rules))])


def codes(report: LintReport) -> list[str]:
    return report.codes()


def ties(report: LintReport) -> list[Finding]:
    return [f for f in report.findings if f.code in ("EMPATE", "EMPATE_POSSIVEL")]


# --- EMPATE ------------------------------------------------------------------------------


def test_planted_tie_is_found_and_is_a_real_conflict() -> None:
    """Same product specificity (NCM 2203), two criteria each, same layer and priority: any
    beer sold by a CRT 3 issuer to SP matches both."""
    a = rule("trib.cerveja.crt3", criterios={"ncm_prefixo": "2203", "crt": "3"})
    b = rule("trib.cerveja.sp", criterios={"ncm_prefixo": "2203", "uf_destino": "SP"})
    report = lint(a, b)
    [finding] = ties(report)
    assert (finding.code, finding.severity) == ("EMPATE", Severity.ERRO)
    assert set(finding.rule_ids) == {"trib.cerveja.crt3", "trib.cerveja.sp"}
    assert finding.pack == "demo/1" and "CONFLITO_REGRAS" in finding.message
    assert "crt=3" in finding.message and "uf_destino=SP" in finding.message
    assert report.failed()

    ctx = make_ctx(
        empresa=Company(crt=3, uf="SP", cod_municipio="3550308"),
        contraparte=Counterpart(uf="SP"),
        itens=(Item(1, Decimal("1"), Decimal("10.00"), ncm="22030000", origem="0"),),
    )
    with pytest.raises(RuleConflictError) as raised:
        compute(ctx, RuleSet([a, b]))
    assert set(raised.value.rule_ids) == set(finding.rule_ids)


# Pairs of criteria on operation-level facts (product specificity 0, one criterion each: the
# same rank), compatible or not.
COMPATIBLE = [
    ({"cnae": "6201501"}, {"cnae": "6201501"}),
    ({"cnae": "6201501"}, {"cnae_prefixo": "6201"}),
    ({"cnae_prefixo": "62"}, {"cnae_prefixo": "6201"}),
    ({"uf_destino_in": ["SP", "RJ"]}, {"uf_destino": "RJ"}),
    ({"uf_destino_in": ["SP", "RJ"]}, {"uf_destino_in": ["MG", "RJ"]}),
    ({"cnae_in": ["4711301", "6201501"]}, {"cnae_prefixo": "6201"}),
    ({"cnae": "6201501"}, {"uf_destino": "SP"}),  # different facts: both can hold at once
    ({"consumidor_final": True}, {"consumidor_final": True}),
]
INCOMPATIBLE = [
    ({"cnae": "6201501"}, {"cnae": "6202300"}),
    ({"cnae": "4711301"}, {"cnae_prefixo": "6201"}),
    ({"cnae_prefixo": "62"}, {"cnae_prefixo": "47"}),
    ({"uf_destino_in": ["SP", "RJ"]}, {"uf_destino": "MG"}),
    ({"uf_destino_in": ["SP", "RJ"]}, {"uf_destino_in": ["MG", "PR"]}),
    ({"cnae_in": ["4711301", "4712100"]}, {"cnae_prefixo": "6201"}),
    ({"consumidor_final": True}, {"consumidor_final": "true"}),  # bool vs text never meet
]


@pytest.mark.parametrize(("left", "right"), COMPATIBLE)
def test_compatible_criteria_tie(left: dict[str, Any], right: dict[str, Any]) -> None:
    for a, b in ((left, right), (right, left)):
        report = lint(rule("r.a", criterios=a), rule("r.b", criterios=b))
        assert codes(report) == ["EMPATE"], (a, b)


@pytest.mark.parametrize(("left", "right"), INCOMPATIBLE)
def test_incompatible_criteria_do_not_tie(left: dict[str, Any], right: dict[str, Any]) -> None:
    for a, b in ((left, right), (right, left)):
        assert ties(lint(rule("r.a", criterios=a), rule("r.b", criterios=b))) == [], (a, b)


def test_tie_with_several_shared_facts_needs_all_compatible() -> None:
    base = {"crt": "3", "operacao": "interna", "cnae_prefixo": "62"}
    same = rule("r.a", criterios=base)
    other_op = rule("r.b", criterios={**base, "operacao": "interestadual"})
    nested = rule("r.c", criterios={**base, "cnae_prefixo": "6201"})
    report = lint(same, other_op, nested)
    assert [set(f.rule_ids) for f in ties(report)] == [{"r.a", "r.c"}]


def test_blank_criteria_match_anything() -> None:
    report = lint(rule("r.a", criterios={"cnae": "6201501", "crt": None}),
                  rule("r.b", criterios={"uf_destino": "SP", "cest": ""}))  # fmt: skip
    assert codes(report) == ["EMPATE"]


def test_different_priorities_or_specificity_do_not_tie() -> None:
    a = rule("r.a", criterios={"cnae": "6201501"})
    assert ties(lint(a, rule("r.b", criterios={"cnae": "6201501"}, prioridade=90))) == []
    more = rule("r.b", criterios={"cnae": "6201501", "crt": "3"})
    assert ties(lint(a, more)) == []
    longer_ncm = rule("r.c", criterios={"ncm_prefixo": "220300"})
    assert ties(lint(rule("r.d", criterios={"ncm_prefixo": "2203"}), longer_ncm)) == []


def test_validity_must_intersect() -> None:
    first = rule("r.a", criterios={"cnae": "6201501"}, vigencia_fim=date(2026, 3, 31))
    later = rule("r.b", criterios={"cnae": "6201501"}, vigencia_inicio=date(2026, 4, 1))
    assert ties(lint(first, later)) == []
    same_day = replace(later, vigencia_inicio=date(2026, 3, 31))  # inclusive ends meet
    [finding] = ties(lint(first, same_day))
    assert "de 2026-03-31 a 2026-03-31" in finding.message
    open_end = rule("r.c", criterios={"cnae": "6201501"}, vigencia_inicio=date(2030, 1, 1))
    [finding] = ties(lint(rule("r.d", criterios={"cnae": "6201501"}), open_end))
    assert "de 2030-01-01 em diante" in finding.message


def test_conditions_identical_tie_different_only_possibly() -> None:
    cond = {"==": [{"var": "crt"}, "3"]}
    a = rule("r.a", criterios={"cnae": "6201501"}, condicao=cond)
    b = rule("r.b", criterios={"uf_destino": "SP"}, condicao=dict(cond))
    assert codes(lint(a, b)) == ["EMPATE"]
    c = rule("r.c", criterios={"uf_destino": "SP"}, condicao={"==": [{"var": "crt"}, "1"]})
    report = lint(a, c)
    [finding] = report.findings
    assert (finding.code, finding.severity) == ("EMPATE_POSSIVEL", Severity.AVISO)
    assert not report.failed() and report.failed(strict=True)
    # a condition read counts for specificity like a criterion: 1 criterion + 1 variable ...
    d = rule("r.d", criterios={"cnae": "6201501", "uf_destino": "SP"})
    assert codes(lint(a, d)) == ["EMPATE_POSSIVEL"]  # ... ties with 2 criteria, maybe


def test_collect_types_compete_only_within_their_tributo() -> None:
    def withholding(rule_id: str, tributo: str, enq: str) -> Rule:
        return rule(rule_id, RuleType.RETENCAO_FEDERAL, criterios={"enquadramento": enq},
                    resultado={"tributo": tributo, "aliquotas": {"IR": "1.50"}})  # fmt: skip

    apart = lint(withholding("irrf", "IRRF", "A"), withholding("inss", "INSS", "B"))
    assert ties(apart) == []
    # a set fact holds both values at once: the same tributo under A and under B ties
    [finding] = ties(lint(withholding("irrf.a", "IRRF", "A"), withholding("irrf.b", "IRRF", "B")))
    assert finding.code == "EMPATE"


def test_ties_across_revisions_of_a_layer_but_not_across_layers() -> None:
    a = rule("r.a", criterios={"cnae": "6201501"})
    b = rule("r.b", criterios={"cnae_prefixo": "62"})
    two_revisions = lint_packs([pack([a], revision="1", valid_to="2026-06-30"),
                                pack([b], revision="2", valid_from="2026-07-01")])  # fmt: skip
    [finding] = ties(two_revisions)
    assert finding.pack == "demo/1, demo/2"
    layers = lint_packs([pack([a]), pack([b], name="erp", folder="platform")])
    assert ties(layers) == []


def test_company_packs_meet_only_within_one_company() -> None:
    a = rule("r.a", criterios={"cnae": "6201501"})
    b = rule("r.b", criterios={"cnae_prefixo": "62"})

    def company(rules: list[Rule], name: str, empresa: str) -> Pack:
        return pack(rules, name=name, folder="company", camada="empresa", empresa=empresa)

    assert ties(lint_packs([company([a], "x", "11111111000191"),
                            company([b], "y", "22222222000191")])) == []  # fmt: skip
    assert len(ties(lint_packs([company([a], "x", "1"), company([b], "y", "1")]))) == 1


def test_twenty_thousand_product_rules_lint_fast() -> None:
    """One TRIBUTACAO rule per NCM (same type, same rank) plus one planted copy of an NCM:
    the join finds exactly that pair without comparing 200 million pairs."""
    rules = [
        rule(f"trib.{n:08d}", criterios={"ncm_prefixo": f"{n:08d}", "crt": "3",
                                         "operacao": "interna"})
        for n in range(10_000_000, 10_020_000)
    ]  # fmt: skip
    rules.append(rule("trib.copia", criterios={"ncm_prefixo": "10012345", "crt": "3",
                                               "operacao": "interna"}))  # fmt: skip
    rules.append(rule("trib.outra_op", criterios={"ncm_prefixo": "10012345", "crt": "3",
                                                  "operacao": "interestadual"}))  # fmt: skip
    started = time.perf_counter()
    report = lint_packs([pack(rules, folder="platform")])
    elapsed = time.perf_counter() - started
    assert [set(f.rule_ids) for f in report.findings] == [{"trib.10012345", "trib.copia"}]
    print(f"lint of {len(rules)} rules: {elapsed:.2f} s")  # not asserted: machines differ


# --- SEM_FONTE ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "fonte", ["", "   ", "Regra cadastrada pela empresa", "  regra CADASTRADA  pela empresa "]
)
def test_rule_without_source(fonte: str) -> None:
    report = lint(rule("r.a", criterios={"cnae": "1"}, fonte=fonte))
    assert codes(report) == ["SEM_FONTE"] and report.failed()
    assert report.findings[0].rule_ids == ("r.a",)


def test_a_real_source_is_not_a_placeholder() -> None:
    assert "regra cadastrada pela empresa" in PLACEHOLDER_SOURCES
    assert not is_placeholder_source("LC 116/2003 art. 3")
    assert not is_placeholder_source("Regra cadastrada pela empresa conforme LC 116 art. 6")


# --- versions ----------------------------------------------------------------------------


def version(versao: str, starts: date, ends: date | None, **kw: Any) -> Rule:
    kw.setdefault("criterios", {"uf_origem": "AL", "operacao": "interna"})
    return rule("icms.al", RuleType.ICMS_ALIQUOTA_INTERNA, versao=versao, vigencia_inicio=starts,
                vigencia_fim=ends, resultado={"aliquota": versao}, **kw)  # fmt: skip


def test_version_overlap() -> None:
    old = version("19.00", date(2024, 7, 1), date(2026, 4, 30))
    new = version("20.50", date(2026, 4, 1), None)
    report = lint(old, new)
    [overlap] = [f for f in report.findings if f.code == "VIGENCIA_SOBREPOSTA"]
    assert overlap.severity is Severity.ERRO and overlap.rule_ids == ("icms.al",)
    assert "de 2026-04-01 a 2026-04-30" in overlap.message
    assert "EMPATE" in codes(report)  # same criteria and rank: it would also fail issuance


def test_overlapping_versions_with_other_criteria_are_not_an_overlap() -> None:
    old = version("19.00", date(2024, 7, 1), None)
    criterios = {"uf_origem": "AL", "operacao": "interestadual"}
    other = version("20.50", date(2026, 4, 1), None, criterios=criterios)
    assert lint(old, other).findings == ()


def test_version_gap() -> None:
    old = version("19.00", date(2024, 7, 1), date(2026, 3, 31))
    new = version("20.50", date(2026, 5, 1), None)
    report = lint(old, new)
    [gap] = report.findings
    assert (gap.code, gap.severity) == ("VIGENCIA_LACUNA", Severity.AVISO)
    assert "de 2026-04-01 a 2026-04-30" in gap.message
    assert not report.failed() and report.failed(strict=True)
    adjacent = version("20.50", date(2026, 4, 1), None)
    assert lint(old, adjacent).findings == ()
    one_day = version("20.50", date(2026, 4, 2), None)
    [gap] = lint(old, one_day).findings
    assert "de 2026-04-01 a 2026-04-01" in gap.message


def test_gap_is_measured_against_the_latest_end_so_far() -> None:
    long = version("1", date(2024, 1, 1), date(2026, 12, 31))
    inner = version("2", date(2025, 1, 1), date(2025, 6, 30), criterios={"uf_origem": "AL"})
    after = version("3", date(2027, 1, 1), None, criterios={"uf_origem": "AL", "crt": "3"})
    assert lint(long, inner, after).findings == ()


def test_same_version_in_two_revisions_is_repeated() -> None:
    a = rule("r.a", criterios={"cnae": "1"})
    report = lint_packs([pack([a], revision="1", valid_to="2026-06-30"),
                         pack([a], revision="2", valid_from="2026-07-01")])  # fmt: skip
    assert codes(report) == ["REGRA_REPETIDA"]


# --- revisions ---------------------------------------------------------------------------


def revisions(*windows: tuple[str, str | None]) -> LintReport:
    packs = [
        pack([rule(f"r.{i}", criterios={"cnae": str(i)})], revision=f"2026.{i}",
             valid_from=starts, valid_to=ends)
        for i, (starts, ends) in enumerate(windows, start=1)
    ]  # fmt: skip
    return lint_packs(packs)


def test_revision_overlap() -> None:
    report = revisions(("2026-01-01", "2026-06-30"), ("2026-06-01", None))
    [finding] = report.findings
    assert (finding.code, finding.severity) == ("REVISOES_SOBREPOSTAS", Severity.ERRO)
    assert "de 2026-06-01 a 2026-06-30" in finding.message
    assert finding.pack == "demo/2026.1, demo/2026.2"
    open_ended = revisions(("2026-01-01", None), ("2026-07-01", None))
    assert codes(open_ended) == ["REVISOES_SOBREPOSTAS"]


def test_revision_gap() -> None:
    report = revisions(("2026-01-01", "2026-06-30"), ("2026-08-01", None))
    [finding] = report.findings
    assert (finding.code, finding.severity) == ("REVISOES_LACUNA", Severity.AVISO)
    assert "de 2026-07-01 a 2026-07-31" in finding.message
    assert revisions(("2026-01-01", "2026-06-30"), ("2026-07-01", None)).findings == ()
    [one_day] = revisions(("2026-01-01", "2026-06-30"), ("2026-07-02", None)).findings
    assert "de 2026-07-01 a 2026-07-01" in one_day.message


def test_revisions_of_other_packs_do_not_meet() -> None:
    a = pack([rule("r.a", criterios={"cnae": "1"})], name="a")
    b = pack([rule("r.b", criterios={"cnae": "2"})], name="b")
    assert lint_packs([a, b]).findings == ()


def test_manifest_dates_that_cannot_be_read() -> None:
    bad = pack([rule("r.a")], valid_from="2026-13-01")
    backwards = pack([rule("r.b")], name="b", valid_from="2026-06-01", valid_to="2026-01-01")
    assert codes(lint_packs([bad, backwards])) == ["PACOTE_INVALIDO", "PACOTE_INVALIDO"]


# --- packs on disk -----------------------------------------------------------------------


def test_global_pack_has_no_errors() -> None:
    report = lint_path(DEFAULT_ROOT / "global" / "nacional" / "2026.1")
    assert report.packs == ("nacional/2026.1",)
    assert [f.describe() for f in report.findings if f.severity is Severity.ERRO] == []


def test_every_global_revision_together_has_no_errors() -> None:
    report = lint_path(DEFAULT_ROOT / "global")
    assert [f.describe() for f in report.findings if f.severity is Severity.ERRO] == []


def test_pack_with_load_errors_is_reported_and_skipped(tmp_path: Path) -> None:
    revision = tmp_path / "global" / "quebrado" / "1"
    (revision / "rules").mkdir(parents=True)
    (revision / "manifest.yaml").write_text(
        'name: quebrado\nrevision: "1"\nscope: [ISS]\nvalid_from: "2026-01-01"\n'
        'engine_version: "1.0"\n'
    )
    (revision / "rules" / "r.yaml").write_text(
        "regras:\n- {id: x, tipo: ISS, criterios: {salario: 1}, resultado: {aliquota: '2.00'},\n"
        "   vigencia_inicio: '2026-01-01', versao: '1', fonte: LC 116 art. 8,\n"
        "   confianca: '1.0'}\n"
    )
    report = lint_path(tmp_path)
    [finding] = report.findings
    assert (finding.code, finding.pack, finding.rule_ids) == (
        "PACOTE_INVALIDO",
        "quebrado/1",
        ("x",),
    )
    assert "salario" in finding.message


def test_report_serializes() -> None:
    report = lint(rule("r.a", criterios={"cnae": "1"}), rule("r.b", criterios={"cnae": "1"}))
    data = report.to_dict()
    assert data["erros"] == 1 and data["avisos"] == 0 and data["ok"] is False
    [item] = data["achados"]
    assert item["severidade"] == "erro" and item["codigo"] == "EMPATE"
    assert sorted(item["regras"]) == ["r.a", "r.b"] and item["pacote"] == "demo/1"
