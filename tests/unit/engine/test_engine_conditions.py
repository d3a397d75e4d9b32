"""Restricted JsonLogic dialect and vocabulary (engine/README.md)."""

from __future__ import annotations

import pytest

from engine.conditions import compile_condition
from engine.errors import InvalidRuleError


def test_condition_evaluates_on_facts() -> None:
    c = compile_condition(
        "r",
        {"and": [{"==": [{"var": "uf_destino"}, "BA"]}, {"in": [{"var": "origem"}, ["1", "2"]]}]},
    )
    assert c.reads == frozenset({"uf_destino", "origem"})
    assert c.holds("r", {"uf_destino": "BA", "origem": "1"})
    assert not c.holds("r", {"uf_destino": "BA", "origem": "0"})


@pytest.mark.parametrize(
    "logic",
    [
        {"+": [1, 2]},
        {"*": [{"var": "ncm"}, 2]},
        {"starts_with": [{"var": "ncm"}, "84"]},
        {"==": [{"var": "salario"}, 1]},
    ],
)
def test_refused_at_load(logic: dict[str, object]) -> None:
    with pytest.raises(InvalidRuleError):
        compile_condition("r", logic)


@pytest.mark.parametrize(
    "logic",
    [
        {"if": [{"var": "ncm"}, "sim", "não"]},
        {"var": "ncm"},
        {"and": [{"var": "ncm"}, True]},
        {"if": [{"var": "ncm"}, True]},
        {"missing": ["ncm"]},
        {"==": [{"var": "crt"}, 3]},
        {"in": [{"var": "origem"}, [1, 2]]},
        {"==": [{"var": "enquadramento"}, "CESSAO_MAO_OBRA"]},
        {"!=": [{"var": "ncm"}, ["8471"]]},
    ],
)
def test_result_must_be_boolean_and_literals_text_when_compiled(logic: dict[str, object]) -> None:
    """Refused when the rule is compiled (written), not in the middle of a calculation."""
    with pytest.raises(InvalidRuleError) as refused:
        compile_condition("r", logic)
    assert refused.value.field == "condicao"


@pytest.mark.parametrize(
    "logic",
    [
        {"or": [{"!!": [{"var": "ncm"}]}, {"if": [{"var": "cest"}, True, False]}]},
        {"!": {"missing_some": [1, ["ncm", "cest"]]}},
        {"if": [{"==": [{"var": "crt"}, "3"]}, True, {"==": [{"var": "uf_destino"}, "BA"]}, False,
                False]},
    ],
)  # fmt: skip
def test_boolean_shapes_are_accepted(logic: dict[str, object]) -> None:
    assert isinstance(compile_condition("r", logic).holds("r", {"ncm": "1"}), bool)


def test_a_condition_that_fails_to_evaluate_is_a_rule_error_not_a_crash() -> None:
    """A guard: the compile-time checks refuse what is known to fail (here a fact that is a
    set where the rule expects text, as when a fact changes kind in a new engine version)."""
    c = compile_condition("r", {"==": [{"var": "ncm"}, "X"]})
    with pytest.raises(InvalidRuleError) as failed:
        c.holds("r", {"ncm": frozenset({"X", "Y"})})
    assert failed.value.field == "condicao" and failed.value.rule_id == "r"


def test_set_facts_are_lists() -> None:
    c = compile_condition("r", {"in": ["CESSAO_MAO_OBRA", {"var": "enquadramento"}]})
    assert c.holds("r", {"enquadramento": frozenset({"CESSAO_MAO_OBRA"})})
