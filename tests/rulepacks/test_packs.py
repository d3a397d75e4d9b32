"""The generic pack test: every case of every pack under rulepacks/ (CertLogic-style suites)."""

from __future__ import annotations

from functools import cache

import pytest

from engine.pack_tests import Case, cases_of, run_case
from engine.packs import Pack, iter_packs
from engine.ruleset import RuleSet

PACKS = list(iter_packs())


@cache
def _ruleset(pack_path: str) -> RuleSet:
    pack = next(p for p in PACKS if str(p.path) == pack_path)
    return pack.ruleset()


def _all_cases() -> list[Case]:
    return [case for pack in PACKS if not pack.errors for case in cases_of(pack)]


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: f"{p.name}/{p.revision}")
def test_pack_is_valid(pack: Pack) -> None:
    assert [str(e) for e in pack.errors] == []
    assert pack.rules


@pytest.mark.parametrize("case", _all_cases(), ids=lambda c: c.name)
def test_pack_case(case: Case) -> None:
    assert run_case(case, _ruleset(str(case.pack.path))) == []
