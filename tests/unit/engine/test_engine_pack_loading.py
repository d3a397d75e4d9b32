"""Pack loading and validation: errors carry file and rule id; vocabulary checked at load."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml
from click.testing import CliRunner

from engine.cli import rulepacks_group
from engine.pack_tests import mismatches
from engine.packs import DEFAULT_ROOT, load_pack

GOOD_RULE = {
    "id": "x.1", "tipo": "ISS_LIMITES", "criterios": {}, "resultado": {"aliquota_maxima": "5.00"},
    "vigencia_inicio": "2020-01-01", "versao": "1", "fonte": "LC 116 art. 8", "confianca": "1.0",
}  # fmt: skip


def make_pack(tmp_path: Path, rules: list[dict[str, object]], cases: object = None) -> Path:
    shutil.copytree(DEFAULT_ROOT / "schema", tmp_path / "schema")
    pack = tmp_path / "demo" / "1.0"
    (pack / "rules").mkdir(parents=True)
    manifest = {"name": "demo", "revision": "1.0", "scope": ["ISS_LIMITES", "ISS"],
                "valid_from": "2020-01-01", "engine_version": "1.0"}  # fmt: skip
    (pack / "manifest.yaml").write_text(yaml.safe_dump(manifest))
    (pack / "rules" / "r.yaml").write_text(yaml.safe_dump({"regras": rules}))
    if cases is not None:
        (pack / "tests").mkdir()
        (pack / "tests" / "t.yaml").write_text(yaml.safe_dump({"casos": cases}))
    return pack


def test_valid_pack_remembers_pack_and_revision(tmp_path: Path) -> None:
    pack = load_pack(make_pack(tmp_path, [GOOD_RULE]))
    assert pack.errors == []
    assert (pack.rules[0].pacote, pack.rules[0].revisao_pacote) == ("demo", "1.0")


def test_errors_name_file_and_rule(tmp_path: Path) -> None:
    bad_vocab = {**GOOD_RULE, "id": "x.2", "criterios": {"salario": "1"}}
    bad_float = {**GOOD_RULE, "id": "x.3", "resultado": {"aliquota_maxima": 5.5}}
    bad_cond = {**GOOD_RULE, "id": "x.4", "condicao": {"+": [1, 1]}}
    no_source = {**GOOD_RULE, "id": "x.5"}
    del no_source["fonte"]
    pack = load_pack(make_pack(tmp_path, [GOOD_RULE, bad_vocab, bad_float, bad_cond, no_source]))
    assert {e.rule_id for e in pack.errors} == {"x.2", "x.3", "x.4", "x.5"}
    assert all(e.file.endswith("r.yaml") for e in pack.errors)


def test_out_of_scope_and_duplicate(tmp_path: Path) -> None:
    other = {**GOOD_RULE, "id": "x.9", "tipo": "CFOP_OPERACAO", "resultado": {"cfop": "5353"}}
    pack = load_pack(make_pack(tmp_path, [GOOD_RULE, GOOD_RULE, other]))
    messages = sorted(e.message for e in pack.errors)
    assert any("escopo" in m for m in messages) and any("repetidos" in m for m in messages)


def test_ibs_cbs_class_must_belong_to_cst(tmp_path: Path) -> None:
    fine = {**GOOD_RULE, "id": "x.7", "tipo": "ISS", "resultado": {"aliquota": "2.00"}}
    bad2 = dict(
        GOOD_RULE, id="ibs.bad", tipo="IBS_CBS", resultado={"cst": "000", "cclasstrib": "200034"}
    )
    pack = load_pack(make_pack(tmp_path, [fine, bad2]))
    assert [e.rule_id for e in pack.errors] == ["ibs.bad"]


def test_result_fields_the_type_cannot_read_are_refused_at_load(tmp_path: Path) -> None:
    """A result field no calculator of the type reads (here ISS_LIMITES's field on an ISS
    rule) would be silently ignored: refused, naming the field."""
    unread = {**GOOD_RULE, "id": "x.8", "tipo": "ISS"}
    pack = load_pack(make_pack(tmp_path, [unread]))
    [error] = pack.errors
    assert error.rule_id == "x.8" and "resultado.aliquota_maxima" in error.message


def test_cli_validate_and_test(tmp_path: Path) -> None:
    case = {"nome": "limite", "contexto": {"documento": "MDFE", "data_operacao": "2026-01-01",
            "empresa": {"crt": 3, "uf": "SP"}}, "esperado": {"missing": []}}  # fmt: skip
    root = make_pack(tmp_path, [GOOD_RULE], [case]).parent.parent
    runner = CliRunner()
    assert runner.invoke(rulepacks_group, ["validate", str(root)]).exit_code == 0
    assert runner.invoke(rulepacks_group, ["test", str(root)]).exit_code == 0


def test_cli_fails_with_file_and_case(tmp_path: Path) -> None:
    case = {"nome": "errado", "contexto": {"documento": "MDFE", "data_operacao": "2026-01-01",
            "empresa": {"crt": 3, "uf": "SP"}}, "esperado": {"requires_review": True}}  # fmt: skip
    root = make_pack(tmp_path, [GOOD_RULE], [case]).parent.parent
    result = CliRunner().invoke(rulepacks_group, ["test", str(root)])
    assert result.exit_code != 0
    assert "t.yaml [errado]" in result.output and "requires_review" in result.output


def test_cli_validate_reports_bad_rule(tmp_path: Path) -> None:
    root = make_pack(tmp_path, [{**GOOD_RULE, "criterios": {"foo": 1}}]).parent.parent
    result = CliRunner().invoke(rulepacks_group, ["validate", str(root)])
    assert result.exit_code != 0 and "r.yaml [x.1]" in result.output


def test_default_path_is_repo_rulepacks() -> None:
    result = CliRunner().invoke(rulepacks_group, ["validate"])
    assert result.exit_code == 0 and "regra(s) válidas" in result.output


def test_excerpt_matching() -> None:
    assert (
        list(
            mismatches({"a": "1.0", "b": [{"c": 1}]}, {"a": "1.00", "b": [{"c": "1"}], "z": 0}, "e")
        )
        == []
    )
    assert list(mismatches({"a": [1, 2]}, {"a": [1]}, "e"))
    assert list(mismatches({"a": True}, {"a": "1"}, "e"))
