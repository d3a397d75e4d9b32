"""`fiscal rulepacks validate|test [PATH]`: the click group the service attaches to `fiscal`.

Errors name the file and the rule (or case); the exit status is non-zero on any failure; a
progress bar is shown when there are many files.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from engine.errors import PackError
from engine.pack_tests import check_pack_cases
from engine.packs import DEFAULT_ROOT, Pack, discover, load_pack

PROGRESS_THRESHOLD = 10
"""Show a progress bar from this many pack versions on."""


@click.group("rulepacks")
def rulepacks_group() -> None:
    """Validate and test rule packs."""


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
def test_command(path: Path) -> None:
    """Run every pack's test cases."""
    packs = _load_all(path)
    errors = [e for p in packs for e in p.errors]
    for pack in packs:
        if not pack.errors:
            errors.extend(_safe_cases(pack))
    _finish(errors, f"{len(packs)} pacote(s): casos aprovados")


def _safe_cases(pack: Pack) -> list[PackError]:
    try:
        return check_pack_cases(pack)
    except PackError as exc:
        return [exc]


def _load_all(path: Path) -> list[Pack]:
    dirs = discover(path)
    if not dirs:
        raise click.ClickException(f"nenhum pacote (manifest.yaml) em {path}")
    if len(dirs) < PROGRESS_THRESHOLD:
        return [load_pack(d) for d in dirs]
    with click.progressbar(dirs, label="carregando pacotes") as bar:
        return [load_pack(d) for d in bar]


def _finish(errors: list[PackError], success: str) -> None:
    for err in errors:
        click.echo(f"ERRO {err}", err=True)
    if errors:
        raise click.ClickException(f"{len(errors)} erro(s)")
    click.echo(f"OK: {success}")
