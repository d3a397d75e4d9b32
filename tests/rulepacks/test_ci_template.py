"""The CI template a tax team's repository runs (`rulepacks/ci/`): green on the product's own
global pack with the example sample of snapshots; a changed rate is summarized for the
reviewer; a rule the sampled documents still need, a failing case or an untested rule under the
manifest's minimum fail it."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
CHECK = ROOT / "rulepacks" / "ci" / "check"
SAMPLE = ROOT / "rulepacks" / "ci" / "amostra-exemplo.jsonl"
GLOBAL = ROOT / "rulepacks" / "global" / "nacional" / "2026.1"


def _check(packs: Path, tmp_path: Path, sample: Path | None = SAMPLE) -> tuple[int, str, str]:
    summary = tmp_path / "resumo.md"
    env = {**os.environ, "GITHUB_STEP_SUMMARY": str(summary)}
    args = [str(CHECK), str(packs)] + ([str(sample)] if sample else [])
    done = subprocess.run(args, capture_output=True, text=True, env=env, timeout=300)
    text = summary.read_text() if summary.exists() else ""
    return done.returncode, text, done.stdout + done.stderr


def _candidate(tmp_path: Path) -> Path:
    """A copy of the global pack as a candidate revision in a tax team's folder."""
    folder = tmp_path / "rulepacks" / "global" / "nacional" / "2026.1"
    shutil.copytree(GLOBAL, folder)
    return folder


def _edit(folder: Path, file: str, rule_id: str, **result: str) -> None:
    path = folder / "rules" / file
    data = yaml.safe_load(path.read_text())
    rule = next(r for r in data["regras"] if r["id"] == rule_id)
    rule["resultado"].update(result)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))


def _without_minimum(folder: Path) -> None:
    manifest = folder / "manifest.yaml"
    manifest.write_text(manifest.read_text().replace('cobertura_minima: "100"', ""))


def test_the_workflow_runs_the_check_script():
    workflow = yaml.safe_load((ROOT / "rulepacks" / "ci" / "github-actions.yml").read_text())
    steps = workflow["jobs"]["checar"]["steps"]
    assert any(".fiscal/rulepacks/ci/check rulepacks" in step.get("run", "") for step in steps)
    assert os.access(CHECK, os.X_OK)


def test_green_on_the_global_pack_with_the_example_sample(tmp_path):
    code, summary, output = _check(ROOT / "rulepacks", tmp_path)
    assert code == 0, output
    assert "| nacional | global | 2026.1 | 113 | 100.0% | ok |" in summary
    assert "**16** documento(s) refeitos com o pacote candidato: **0** mudariam" in summary


def test_a_changed_rate_is_summarized_for_the_reviewer(tmp_path):
    folder = _candidate(tmp_path)
    _edit(folder, "icms_interestadual.yaml", "icms.inter.12", aliquota="13.00")
    for case in (folder / "tests").glob("*.yaml"):  # the cases that pin 12 % now disagree
        case.unlink()
    _without_minimum(folder)
    code, summary, output = _check(tmp_path / "rulepacks", tmp_path)
    assert code == 0, output
    assert "**2** mudariam" in summary, summary  # the two interstate notes of the sample
    assert "| ICMS | +" in summary and "icms.inter.12@1 (alterada, candidata)" in summary


@pytest.mark.parametrize(
    ("plant", "expected"),
    [
        ("retire", "passaria a exigir configuração"),
        ("failing case", "esperado"),
        ("untested rule", "cobertura"),
    ],
)
def test_what_fails_the_check(tmp_path, plant, expected):
    folder = _candidate(tmp_path)
    if plant == "retire":  # the RJ DIFAL rule two sampled notes used
        path = folder / "rules" / "icms_difal.yaml"
        data = yaml.safe_load(path.read_text())
        data["regras"] = [r for r in data["regras"] if r["id"] != "icms.difal.uf.rj"]
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
        shutil.rmtree(folder / "tests")  # only the sampled notes can tell
        _without_minimum(folder)
    elif plant == "failing case":
        _edit(folder, "icms_interna.yaml", "icms.interna.sp", aliquota="19.00")
    else:
        path = folder / "rules" / "fcp.yaml"
        data = yaml.safe_load(path.read_text())
        extra = {**data["regras"][0], "id": "fcp.rj.planted", "criterios": {"uf": "RJ",
                 "ncm_prefixo": "2203"}}  # fmt: skip
        data["regras"].append(extra)
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    code, _summary, output = _check(tmp_path / "rulepacks", tmp_path)
    assert code != 0, output
    assert expected in output, output
