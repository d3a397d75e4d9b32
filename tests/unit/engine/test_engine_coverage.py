"""`engine.coverage`: which rules of a pack its cases reach, computed from the same case runs
that check the cases (each case computed once)."""

from __future__ import annotations

import shutil
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import yaml

import engine.pack_tests
from engine.coverage import PackCoverage, RuleRef, pack_coverage, reached_rules, report_pack
from engine.pack_tests import (
    Case,
    check_pack_cases,
    execute_case,
    run_case,
    run_pack_cases,
)
from engine.packs import load_pack

FIXTURE = Path(__file__).resolve().parents[2] / "data" / "rulepacks" / "coverage"
PACK = FIXTURE / "global" / "cobertura" / "1.0"


def copy_pack(tmp_path: Path, **manifest: Any) -> Path:
    """The fixture pack in a temporary folder, with manifest keys changed (None: removed)."""
    target = tmp_path / "global" / "cobertura" / "1.0"
    shutil.copytree(PACK, target)
    data = yaml.safe_load((target / "manifest.yaml").read_text())
    for key, value in manifest.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    (target / "manifest.yaml").write_text(yaml.safe_dump(data, allow_unicode=True))
    return target


def test_planted_untested_rule_is_unreached() -> None:
    report = report_pack(load_pack(PACK))
    assert report.errors == ()
    coverage = report.coverage
    assert coverage is not None
    assert (coverage.total, coverage.reached) == (3, 1)
    assert coverage.percentage == Decimal("33.3")
    by_id = {ref.id: ref for ref in coverage.unreached}
    assert set(by_id) == {"cfop.nunca", "iss.limites.obra"}
    assert by_id["cfop.nunca"].tipo == "CFOP_OPERACAO" and by_id["cfop.nunca"].versao == "1"
    assert by_id["cfop.nunca"].file is not None and by_id["cfop.nunca"].file.endswith("cfop.yaml")


def test_below_minimum_fails_with_pack_percentage_and_threshold() -> None:
    coverage = report_pack(load_pack(PACK)).coverage
    assert coverage is not None and coverage.minimum == Decimal("50")
    assert coverage.below_minimum
    message = coverage.failure()
    assert message is not None
    assert "cobertura/1.0" in message and "33.3%" in message and "50%" in message


def test_error_expecting_cases_reach_nothing() -> None:
    """iss.limites.obra is resolved only in the case that expects CONFLITO_REGRAS."""
    pack = load_pack(PACK)
    runs = run_pack_cases(pack)
    assert [run.expects_error for run in runs] == [False, True]
    assert reached_rules(runs) == {("iss.limites.geral", "1")}


def test_a_case_expecting_an_error_that_gets_a_result_reaches_nothing() -> None:
    pack = load_pack(PACK)
    ok_case = next(c for c in engine.pack_tests.cases_of(pack) if "erro" not in c.data)
    wrong = Case(pack, ok_case.file, {**ok_case.data, "erro": "CONFLITO_REGRAS"})
    run = execute_case(wrong, pack.ruleset())
    assert run.result is not None and run.problems  # computed, and the case fails
    assert reached_rules([run]) == set()


def test_every_case_is_computed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[object] = []
    real = engine.pack_tests.compute

    def counting(*args: Any, **kw: Any) -> Any:
        calls.append(args[0])
        return real(*args, **kw)

    monkeypatch.setattr(engine.pack_tests, "compute", counting)
    report = report_pack(load_pack(PACK))
    assert report.coverage is not None and len(calls) == 2


def test_check_pack_cases_reports_as_before(tmp_path: Path) -> None:
    target = copy_pack(tmp_path)
    cases = yaml.safe_load((target / "tests" / "casos.yaml").read_text())
    cases["casos"][0]["esperado"]["requires_review"] = False
    (target / "tests" / "casos.yaml").write_text(yaml.safe_dump(cases, allow_unicode=True))
    pack = load_pack(target)
    errors = check_pack_cases(pack)
    base = pack.ruleset()
    expected = [p for case in engine.pack_tests.cases_of(pack) for p in run_case(case, base)]
    assert [e.message for e in errors] == expected
    assert len(errors) == 1 and "requires_review" in errors[0].message
    assert errors[0].rule_id == cases["casos"][0]["nome"] and errors[0].file.endswith("casos.yaml")
    report = report_pack(pack)
    assert [str(e) for e in report.errors] == [str(e) for e in errors]


def test_threshold_is_compared_exactly() -> None:
    def at(minimum: str) -> PackCoverage:
        return PackCoverage("p/1", total=3, reached=1, unreached=(), minimum=Decimal(minimum))

    assert not at("33.3").below_minimum  # 33.33... ≥ 33.3
    assert at("33.4").below_minimum
    assert at("33.34").failure() is not None
    assert PackCoverage("p/1", 3, 0, ()).failure() is None  # no threshold: only reported


@pytest.mark.parametrize(
    ("reached", "total", "shown"),
    [(1, 16, "6.3"), (1, 8, "12.5"), (2, 3, "66.7"), (1, 3, "33.3"), (0, 5, "0.0"),
     (7, 7, "100.0"), (0, 0, "100.0")],
)  # fmt: skip
def test_percentage_has_one_decimal_half_up(reached: int, total: int, shown: str) -> None:
    percentage = PackCoverage("p/1", total, reached, ()).percentage
    assert isinstance(percentage, Decimal) and str(percentage) == shown


def test_pack_coverage_from_runs_and_json_shape() -> None:
    pack = load_pack(PACK)
    coverage = pack_coverage(pack, run_pack_cases(pack))
    data = coverage.to_dict()
    assert data["percentual"] == "33.3" and data["cobertura_minima"] == "50"
    assert data["abaixo_do_minimo"] is True and data["falha"]
    assert {r["id"] for r in data["nao_alcancadas"]} == {"cfop.nunca", "iss.limites.obra"}
    assert RuleRef("a", "1", "ISS").describe() == "a versão 1 [ISS]"


def test_broken_test_file_leaves_no_coverage(tmp_path: Path) -> None:
    target = copy_pack(tmp_path)
    (target / "tests" / "quebrado.yaml").write_text("casos: []\n")
    report = report_pack(load_pack(target))
    assert report.coverage is None and len(report.errors) == 1
    assert "quebrado.yaml" in str(report.errors[0])
