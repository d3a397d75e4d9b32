"""`fiscal rulepacks validate|test|lint [PATH]`: the click group the service attaches to
`fiscal`.

Errors name the file and the rule (or case); the exit status is non-zero on any failure; a
progress bar is shown (on stderr) when there are many files. `--json` writes one report object
on stdout and nothing else there, so a CI step can parse it.

    fiscal rulepacks test [PATH] [--coverage] [--json]
    fiscal rulepacks lint [PATH] [--json] [--estrito]
    fiscal rulepacks diff OLD NEW [--json]
    fiscal rulepacks resumo [PATH] [--amostra SAMPLE.jsonl] [--saida FILE]
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from engine.coverage import PackReport, report_pack
from engine.errors import PackError
from engine.lint import lint_packs
from engine.pack_diff import diff_rules
from engine.packs import DEFAULT_ROOT, Pack, discover, load_pack
from engine.summary import diff_markdown, summarize

PROGRESS_THRESHOLD = 10
"""Show a progress bar from this many pack versions on."""


@click.group("rulepacks")
def rulepacks_group() -> None:
    """Validate, test (with coverage) and lint rule packs."""


def _path_argument() -> Callable[[Callable[..., None]], Callable[..., None]]:
    return click.argument(
        "path", required=False, type=click.Path(exists=True, path_type=Path), default=DEFAULT_ROOT
    )


@rulepacks_group.command("validate")
@_path_argument()
def validate_command(path: Path) -> None:
    """Check manifests, rule files, schemas, vocabulary and rule invariants."""
    packs = _load_all(path)
    errors = [e for p in packs for e in p.errors]
    _finish(errors, f"{len(packs)} pacote(s), {sum(len(p.rules) for p in packs)} regra(s) válidas")


@rulepacks_group.command("test")
@_path_argument()
@click.option(
    "--coverage",
    "coverage",
    is_flag=True,
    help="Relata as regras que nenhum caso alcança; falha abaixo da cobertura_minima do manifest.",
)
@click.option("--json", "as_json", is_flag=True, help="Relatório JSON na saída padrão.")
def test_command(path: Path, coverage: bool, as_json: bool) -> None:
    """Run every pack's test cases (each case once, also for the coverage)."""
    packs = _load_all(path)
    reports = [report_pack(pack, with_coverage=coverage) for pack in packs]
    errors = [e for r in reports for e in r.errors]
    short = [msg for r in reports if r.coverage and (msg := r.coverage.failure())]
    if as_json:
        _echo_json({"ok": not (errors or short), "pacotes": [r.to_dict() for r in reports]})
        _fail_if(len(errors), len(short))
        return
    if coverage:
        _echo_coverage(reports)
    for message in short:
        click.echo(f"ERRO {message}", err=True)
    _finish(errors, f"{len(packs)} pacote(s): casos aprovados", len(short))


def _echo_coverage(reports: list[PackReport]) -> None:
    for report in reports:
        if report.coverage is None:
            continue
        click.echo(f"COBERTURA {report.coverage.summary()}")
        for ref in report.coverage.unreached:
            click.echo(f"  não alcançada: {ref.describe()}")


@rulepacks_group.command("lint")
@_path_argument()
@click.option("--json", "as_json", is_flag=True, help="Relatório JSON na saída padrão.")
@click.option("--estrito", is_flag=True, help="Falha também com avisos.")
def lint_command(path: Path, as_json: bool, estrito: bool) -> None:
    """Find ties, missing sources, validity overlaps and gaps before publishing."""
    packs = _load_all(path)
    report = lint_packs(packs)
    if as_json:
        _echo_json(report.to_dict(strict=estrito))
    else:
        for finding in report.findings:
            click.echo(finding.describe(), err=True)
    if report.failed(strict=estrito):
        raise click.ClickException(f"{report.errors} erro(s), {report.warnings} aviso(s)")
    if not as_json:
        warned = f", {report.warnings} aviso(s)" if report.warnings else ""
        click.echo(f"OK: {len(packs)} pacote(s) sem erros{warned}")


@rulepacks_group.command("diff")
@click.argument("old", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.argument("new", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Diferenças em JSON.")
def diff_command(old: Path, new: Path, as_json: bool) -> None:
    """What a pack revision changes against another: rules added, changed (field by field),
    retired."""
    before, after = load_pack(old), load_pack(new)
    errors = before.errors + after.errors
    if errors:
        _finish(errors, "")
    diff = diff_rules(before.rules, after.rules)
    if as_json:
        _echo_json(diff.to_dict())
    else:
        click.echo(diff_markdown(before, after, diff))


@rulepacks_group.command("resumo")
@_path_argument()
@click.option("--amostra", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              default=None, help="Amostra (JSONL) a refazer com cada pacote.")  # fmt: skip
@click.option("--saida", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Acrescenta o resumo a este arquivo (ex. $GITHUB_STEP_SUMMARY).")  # fmt: skip
def summary_command(path: Path, amostra: Path | None, saida: Path | None) -> None:
    """Markdown for a pull request's reviewer: each pack's newest revision, its coverage and
    lint, its changes against the revision before, and its effect on a sample of documents.
    Fails on lint errors, failing cases, coverage below the minimum, or sampled documents the
    new revision could no longer compute."""
    summary = summarize(_load_all(path), amostra)
    if saida is not None:
        with saida.open("a", encoding="utf-8") as f:
            f.write(summary.text)
    else:
        click.echo(summary.text)
    for error in summary.errors:
        click.echo(f"ERRO {error}", err=True)
    _fail_if(len(summary.errors))


def _echo_json(data: dict[str, Any]) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def _fail_if(errors: int, short: int = 0) -> None:
    """Fail with the count of errors and of packs below their `cobertura_minima`."""
    if short:
        raise click.ClickException(
            f"{errors} erro(s), {short} pacote(s) abaixo da cobertura_minima"
        )
    if errors:
        raise click.ClickException(f"{errors} erro(s)")


def _load_all(path: Path) -> list[Pack]:
    dirs = discover(path)
    if not dirs:
        raise click.ClickException(f"nenhum pacote (manifest.yaml) em {path}")
    if len(dirs) < PROGRESS_THRESHOLD:
        return [load_pack(d) for d in dirs]
    stderr = click.get_text_stream("stderr")  # stdout may be a JSON report
    with click.progressbar(dirs, label="carregando pacotes", file=stderr) as bar:
        return [load_pack(d) for d in bar]


def _finish(errors: list[PackError], success: str, short: int = 0) -> None:
    """Each error on stderr; fail on any (or on `short` packs below their coverage)."""
    for err in errors:
        click.echo(f"ERRO {err}", err=True)
    _fail_if(len(errors), short)
    click.echo(f"OK: {success}")
