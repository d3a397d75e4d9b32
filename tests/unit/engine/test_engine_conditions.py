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


def test_result_must_be_boolean() -> None:
    c = compile_condition("r", {"if": [{"var": "ncm"}, "sim", "não"]})
    with pytest.raises(InvalidRuleError):
        c.holds("r", {"ncm": "1"})


def test_set_facts_are_lists() -> None:
    c = compile_condition("r", {"in": ["CESSAO_MAO_OBRA", {"var": "enquadramento"}]})
    assert c.holds("r", {"enquadramento": frozenset({"CESSAO_MAO_OBRA"})})
