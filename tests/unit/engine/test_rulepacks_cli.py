"""`fiscal rulepacks test --coverage [--json]` and `fiscal rulepacks lint [--json] [--estrito]`
through click's runner, on fixture packs on disk."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml
from click.testing import CliRunner, Result

from engine.cli import rulepacks_group
from engine.packs import DEFAULT_ROOT
from tests.unit.engine.test_engine_coverage import copy_pack

COVERAGE_FIXTURE = Path(__file__).resolve().parents[2] / "data" / "rulepacks" / "coverage"
PACK = COVERAGE_FIXTURE / "global" / "cobertura" / "1.0"


def run(*args: str) -> Result:
    return CliRunner().invoke(rulepacks_group, list(args))


def coverage_pack(tmp_path: Path, **manifest: Any) -> Path:
    """The coverage fixture copied with manifest keys changed (None: removed); its root."""
    copy_pack(tmp_path, **manifest)
    return tmp_path


# --- test --coverage ---------------------------------------------------------------------


def test_cases_pass_without_coverage() -> None:
    result = run("test", str(COVERAGE_FIXTURE))
    assert result.exit_code == 0, result.output
    assert "OK: 1 pacote(s): casos aprovados" in result.output


def test_coverage_below_minimum_fails() -> None:
    result = run("test", str(COVERAGE_FIXTURE), "--coverage")
    assert result.exit_code != 0
    assert "COBERTURA cobertura/1.0: 1 de 3" in result.output
    assert "não alcançada: cfop.nunca versão 1 [CFOP_OPERACAO]" in result.output
    assert "cfop.yaml" in result.output
    assert "cobertura de 33.3% abaixo da cobertura_minima de 50%" in result.output


def test_enough_coverage_passes(tmp_path: Path) -> None:
    root = coverage_pack(tmp_path, cobertura_minima="33.3")
    result = run("test", str(root), "--coverage")
    assert result.exit_code == 0, result.output
    assert "(33.3%, mínimo 33.3%)" in result.output and "OK:" in result.output


def test_without_threshold_coverage_only_reports(tmp_path: Path) -> None:
    root = coverage_pack(tmp_path, cobertura_minima=None)
    result = run("test", str(root), "--coverage")
    assert result.exit_code == 0, result.output
    assert "não alcançada: iss.limites.obra" in result.output


def test_failing_case_still_fails_with_enough_coverage(tmp_path: Path) -> None:
    root = coverage_pack(tmp_path, cobertura_minima="10")
    file = root / "global" / "cobertura" / "1.0" / "tests" / "casos.yaml"
    cases = yaml.safe_load(file.read_text())
    cases["casos"][0]["esperado"]["requires_review"] = False
    file.write_text(yaml.safe_dump(cases, allow_unicode=True))
    result = run("test", str(root), "--coverage")
    assert result.exit_code != 0
    assert "casos.yaml [consultoria acima de 5 % força revisão]" in result.output


def test_coverage_json_parses() -> None:
    result = run("test", str(COVERAGE_FIXTURE), "--coverage", "--json")
    assert result.exit_code != 0
    data = json.loads(result.stdout)  # stdout holds the report only
    assert data["ok"] is False
    [entry] = data["pacotes"]
    assert entry["pacote"] == "cobertura/1.0" and entry["erros"] == []
    cov = entry["cobertura"]
    assert (cov["regras"], cov["alcancadas"], cov["percentual"]) == (3, 1, "33.3")
    assert cov["abaixo_do_minimo"] is True and "33.3%" in cov["falha"]
    assert {r["id"] for r in cov["nao_alcancadas"]} == {"cfop.nunca", "iss.limites.obra"}


def test_json_without_coverage_passes(tmp_path: Path) -> None:
    result = run("test", str(COVERAGE_FIXTURE), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["ok"] is True and data["pacotes"][0]["cobertura"] is None


def test_global_pack_coverage_runs() -> None:
    result = run("test", str(DEFAULT_ROOT / "global"), "--coverage", "--json")
    data = json.loads(result.stdout)
    [entry] = [p for p in data["pacotes"] if p["pacote"] == "nacional/2026.1"]
    assert entry["erros"] == [] and entry["cobertura"]["regras"] > 0


# --- lint --------------------------------------------------------------------------------


def write_pack(
    root: Path, rules: list[dict[str, Any]], revision: str = "1", **manifest: Any
) -> Path:
    """A global pack `demo/<revision>` on disk under root."""
    target = root / "global" / "demo" / revision
    (target / "rules").mkdir(parents=True)
    data = {"name": "demo", "revision": revision, "scope": ["ISS", "ISS_LIMITES"],
            "valid_from": "2026-01-01", "engine_version": "1.0", **manifest}  # fmt: skip
    (target / "manifest.yaml").write_text(yaml.safe_dump(data))
    (target / "rules" / "r.yaml").write_text(yaml.safe_dump({"regras": rules}, allow_unicode=True))
    return root


def iss(rule_id: str, **kw: Any) -> dict[str, Any]:
    return {"id": rule_id, "tipo": "ISS", "criterios": {"cod_municipio_incidencia": "3550308"},
            "resultado": {"aliquota": "2.00"}, "vigencia_inicio": "2026-01-01", "versao": "1",
            "fonte": "Lei municipal 13.701/2003 art. 16", "confianca": "1.0", **kw}  # fmt: skip


def test_lint_finds_tie_and_fails(tmp_path: Path) -> None:
    root = write_pack(tmp_path, [iss("iss.sp.a"), iss("iss.sp.b", resultado={"aliquota": "5.00"})])
    result = run("lint", str(root))
    assert result.exit_code != 0
    assert "ERRO [EMPATE] demo/1:" in result.output and "iss.sp.a" in result.output
    assert "1 erro(s), 0 aviso(s)" in result.output


def test_lint_json_parses(tmp_path: Path) -> None:
    root = write_pack(tmp_path, [iss("iss.sp.a"), iss("iss.sp.b"),
                                 iss("iss.rj", criterios={"cod_municipio_incidencia": "3304557"},
                                     fonte="Regra cadastrada pela empresa")])  # fmt: skip
    result = run("lint", str(root), "--json")
    assert result.exit_code != 0
    data = json.loads(result.stdout)
    assert data["pacotes"] == ["demo/1"] and data["ok"] is False and data["erros"] == 2
    assert sorted(f["codigo"] for f in data["achados"]) == ["EMPATE", "SEM_FONTE"]
    [no_source] = [f for f in data["achados"] if f["codigo"] == "SEM_FONTE"]
    assert no_source["regras"] == ["iss.rj"] and no_source["severidade"] == "erro"


def test_lint_warnings_fail_only_when_strict(tmp_path: Path) -> None:
    old = iss("iss.sp", versao="2.00", vigencia_fim="2026-03-31")
    new = iss("iss.sp", versao="2.50", vigencia_inicio="2026-05-01")
    root = write_pack(tmp_path, [old, new])
    relaxed = run("lint", str(root))
    assert relaxed.exit_code == 0, relaxed.output
    assert (
        "AVISO [VIGENCIA_LACUNA]" in relaxed.output
        and "de 2026-04-01 a 2026-04-30" in relaxed.output
    )
    assert "OK: 1 pacote(s) sem erros, 1 aviso(s)" in relaxed.output
    strict = run("lint", str(root), "--estrito")
    assert strict.exit_code != 0 and "0 erro(s), 1 aviso(s)" in strict.output
    strict_json = run("lint", str(root), "--estrito", "--json")
    assert strict_json.exit_code != 0 and json.loads(strict_json.stdout)["ok"] is False


def test_lint_revisions_on_disk(tmp_path: Path) -> None:
    write_pack(tmp_path, [iss("iss.a")], revision="2026.1", valid_to="2026-06-30")
    write_pack(tmp_path, [iss("iss.b", criterios={"cod_municipio_incidencia": "1"})],
               revision="2026.2", valid_from="2026-06-01")  # fmt: skip
    result = run("lint", str(tmp_path))
    assert result.exit_code != 0
    assert "REVISOES_SOBREPOSTAS" in result.output and "de 2026-06-01 a 2026-06-30" in result.output


def test_lint_reports_pack_that_does_not_load(tmp_path: Path) -> None:
    root = write_pack(tmp_path, [iss("iss.x", criterios={"salario": "1"})])
    result = run("lint", str(root))
    assert (
        result.exit_code != 0 and "PACOTE_INVALIDO" in result.output and "salario" in result.output
    )


def test_lint_global_pack_has_no_errors() -> None:
    result = run("lint", str(DEFAULT_ROOT / "global" / "nacional" / "2026.1"))
    assert result.exit_code == 0, result.output
    assert "OK: 1 pacote(s) sem erros" in result.output


def test_lint_without_packs(tmp_path: Path) -> None:
    result = run("lint", str(tmp_path))
    assert result.exit_code != 0 and "nenhum pacote" in result.output
