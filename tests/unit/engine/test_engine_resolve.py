"""Resolution (spec "Central tax engine" 1, 6, 7): validity, specificity, own over [Auto] over
global, priority, conflict."""

from __future__ import annotations

from datetime import date

import pytest
from engine_factories import company_rule, make_rule

from engine.errors import RuleConflictError
from engine.resolve import resolve
from engine.rules import RuleType
from engine.ruleset import RuleSet

T = RuleType.TRIBUTACAO
FACTS = {"crt": "3", "ncm": "84713012", "uf_destino": "BA", "operacao": "interestadual"}
DAY = date(2026, 5, 10)


def winner(*rules: object, facts: dict[str, object] | None = None) -> str | None:
    res = resolve(RuleSet(rules), T, facts or FACTS, DAY, explain=True)  # type: ignore[arg-type]
    return res.rule.id if res.rule else None


def test_only_rules_in_force() -> None:
    old = make_rule("old", criterios={"crt": "3"}, vigencia_fim=date(2026, 5, 9))
    future = make_rule("future", criterios={"crt": "3"}, vigencia_inicio=date(2026, 5, 11))
    assert winner(old, future) is None
    edge = make_rule("edge", criterios={"crt": "3"}, vigencia_fim=DAY)
    assert winner(edge) == "edge"


def test_most_specific_wins() -> None:
    generic = make_rule("generic", criterios={"crt": "3"})
    by_ncm = make_rule("ncm", criterios={"crt": "3", "ncm_prefixo": "8471"})
    assert winner(generic, by_ncm) == "ncm"


def test_blank_criteria_match_and_do_not_count() -> None:
    blank = make_rule("blank", criterios={"crt": "3", "cest": None, "uf_destino_in": []})
    other = make_rule("other", criterios={"crt": "3", "operacao": "interestadual"})
    assert winner(blank, other) == "other"


def test_condition_counts_its_variables() -> None:
    cond = make_rule("cond", criterios={"crt": "3"}, condicao={"==": [{"var": "uf_destino"}, "BA"]})
    plain = make_rule("plain", criterios={"crt": "3"}, prioridade=999)
    assert winner(cond, plain) == "cond"


def test_own_rule_beats_auto_and_global_at_same_specificity() -> None:
    glob = make_rule("global", criterios={"crt": "3"}, prioridade=500)
    auto = company_rule("auto", criterios={"crt": "3"}, tags=("[Auto]",), prioridade=50)
    own = company_rule("own", criterios={"crt": "3"}, prioridade=1)
    assert winner(glob, auto, own) == "own"
    assert winner(glob, auto) == "auto"


def test_priority_breaks_ties() -> None:
    a = company_rule("a", criterios={"crt": "3"}, prioridade=10)
    b = company_rule("b", criterios={"crt": "3"}, prioridade=20)
    assert winner(a, b) == "b"


def test_remaining_tie_is_a_conflict_naming_both() -> None:
    a = company_rule("a", criterios={"crt": "3"})
    b = company_rule("b", criterios={"operacao": "interestadual"})
    with pytest.raises(RuleConflictError) as exc:
        winner(a, b)
    assert set(exc.value.rule_ids) == {"a", "b"} and exc.value.code == "CONFLITO_REGRAS"


def test_explain_lists_losers_with_reasons() -> None:
    generic = make_rule("generic", criterios={"crt": "3"})
    expired = make_rule(
        "expired",
        criterios={"crt": "3"},
        vigencia_inicio=date(2024, 1, 1),
        vigencia_fim=date(2025, 1, 1),
    )
    best = make_rule("best", criterios={"crt": "3", "ncm": "84713012"})
    res = resolve(RuleSet([generic, expired, best]), T, FACTS, DAY, explain=True)
    reasons = {c.regra_id: c.motivo for c in res.losers}
    assert "menos específica" in reasons["generic"] and reasons["expired"] == "fora de vigência"
    assert res.matched_criteria == ("crt", "ncm")


def test_prefix_and_in_forms() -> None:
    r = make_rule("r", criterios={"ncm_prefixo": "8471", "uf_destino_in": ["BA", "PE"]})
    assert winner(r) == "r"
    assert winner(r, facts={**FACTS, "uf_destino": "RJ"}) is None


def test_index_scales_with_many_rules() -> None:
    rules = [company_rule(f"p{i}", criterios={"produto_id": str(i)}) for i in range(5000)]
    rs = RuleSet(rules)
    res = resolve(rs, T, {"produto_id": "4321"}, DAY)
    assert res.rule is not None and res.rule.id == "p4321"
    assert len(list(rs.candidates(T, {"produto_id": "4321"}))) == 1


def test_base_ruleset_layering() -> None:
    base = RuleSet([make_rule("g", criterios={"crt": "3"})])
    layered = RuleSet([company_rule("c", criterios={"crt": "3"})], base=base)
    res = resolve(layered, T, FACTS, DAY)
    assert res.rule is not None and res.rule.id == "c" and len(layered) == 2


def test_a_product_rule_beats_operation_level_rules_however_many_criteria() -> None:
    # issue 36: a company rule for NCM 2203 with prioridade 90 lost to the [Auto] crt + operação
    auto = company_rule("auto", criterios={"crt": "3", "operacao": "interna"}, tags=("[Auto]",),
                        prioridade=50)  # fmt: skip
    beer = company_rule("cerveja", criterios={"ncm_prefixo": "2203"}, prioridade=90)
    facts = {"crt": "3", "operacao": "interna", "ncm": "22030000"}
    res = resolve(RuleSet([auto, beer]), T, facts, DAY, explain=True)  # type: ignore[arg-type]
    assert res.rule is not None and res.rule.id == "cerveja"
    (lost,) = res.losers
    assert lost.regra_id == "auto"
    assert "produto" in lost.motivo and "ncm_prefixo 2203" in lost.motivo


def test_product_beats_cest_beats_longer_ncm_beats_shorter_ncm() -> None:
    facts = {"crt": "3", "ncm": "22030000", "cest": "0302100", "produto_id": "P1"}
    short = make_rule("ncm4", criterios={"ncm_prefixo": "2203", "crt": "3"})
    long = make_rule("ncm8", criterios={"ncm_prefixo": "22030000"})
    cest = make_rule("cest", criterios={"cest": "0302100"})
    product = make_rule("produto", criterios={"produto_id": "P1"})
    assert winner(short, long, facts=facts) == "ncm8"
    assert winner(short, long, cest, facts=facts) == "cest"
    assert winner(short, long, cest, product, facts=facts) == "produto"
