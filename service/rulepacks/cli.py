"""`fiscal rulepacks export|sync|replay|amostra`: the commands of the `rulepacks` group that
need the database, attached by the service to the engine's group (validate, test, lint).

They read the same settings as the service (`DATABASE_URL`, else the embedded database under
`FISCAL_DATA_DIR`), so against `scripts/dev` they act on its data dir.
"""

from __future__ import annotations

import getpass
import json
import socket
from datetime import date
from pathlib import Path
from typing import Any

import click

from service.config import load_settings


def _sessions() -> Any:
    from service.app import build_runtime

    return build_runtime(load_settings()).sessions


def _author(given: str | None) -> str:
    return given or f"{getpass.getuser()}@{socket.gethostname()} (fiscal rulepacks sync)"


def _day(_ctx: Any, _param: Any, value: str | None) -> date | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError as exc:
        raise click.BadParameter("data no formato AAAA-MM-DD") from exc


@click.command("export")
@click.option("--empresa", required=True, help="CNPJ, código ou id da empresa.")
@click.option("--conta", default=None, help="Conta da empresa (quando o código é ambíguo).")
@click.option("--dir", "dest", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Pasta do pacote (padrão rulepacks/company/<nome>).")  # fmt: skip
@click.option("--nome", default=None, help="Nome do pacote (padrão: o código da empresa).")
@click.option("--revisao", default=None, help="Revisão (padrão: a data de hoje, AAAA.MM.DD).")
def export_command(
    empresa: str, conta: str | None, dest: Path | None, nome: str | None, revisao: str | None
) -> None:
    """Writes a company's rules as a company pack (one file per rule type)."""
    from service.db import transaction
    from service.rulepacks import export, rows, targets

    with transaction(_sessions()) as session:
        try:
            company = targets.one_company(session, empresa, conta)
            stored = rows.stored_rules(session, company.id)
        except (targets.TargetError, rows.UnreadableRulesError) as exc:
            raise click.ClickException(str(exc)) from exc
        name = nome or export.pack_name(company)
        today = date.today()
        folder = dest or Path("rulepacks") / "company" / name
        try:
            path = export.export_company(company, stored, folder, name,
                                         revisao or today.strftime("%Y.%m.%d"), today)  # fmt: skip
        except FileExistsError as exc:
            raise click.ClickException(str(exc)) from exc
    click.echo(f"{len(stored)} regra(s) de {company.codigo} exportadas para {path}")


@click.command("sync")
@click.argument("path", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--dry-run", is_flag=True, help="Só mostra as diferenças; nada é gravado.")
@click.option("--conta", default=None, help="Conta dona do pacote (quando não se deduz).")
@click.option("--autor", default=None, help="Quem publica (auditoria); padrão usuário@máquina.")
@click.option("--json", "as_json", is_flag=True, help="Plano em JSON.")
def sync_command(
    path: Path, dry_run: bool, conta: str | None, autor: str | None, as_json: bool
) -> None:
    """Publishes a platform or company pack revision: the diff first, then one transaction."""
    from service.db import transaction
    from service.rulepacks import rows, sync

    with transaction(_sessions()) as session:
        try:
            plan = sync.plan_sync(session, path, conta)
        except (sync.SyncError, rows.UnreadableRulesError) as exc:
            raise click.ClickException(str(exc)) from exc
        click.echo(json.dumps(plan.to_dict(), ensure_ascii=False, indent=2) if as_json
                   else render_plan(plan))  # fmt: skip
        if plan.refused:
            raise click.ClickException(f"publicação recusada: {len(plan.problems)} problema(s)")
        if dry_run:
            if not as_json:
                click.echo("(--dry-run: nada foi gravado)")
            return
        if plan.diff.empty and plan.published is not None and plan.published.vigente:
            if not as_json:
                click.echo("nada a publicar: esta revisão já está em vigor")
            return
        published = sync.apply_sync(session, plan, _author(autor))
    if not as_json:
        click.echo(f"publicado: {plan.pack.label} ({published.id}), em vigor")


def render_plan(plan: Any) -> str:
    """The plan as a reviewer reads it: target, each change, problems."""
    diff = plan.diff
    lines = [f"pacote {plan.layer.value} {plan.pack.label} (conta {plan.account_id}) → "
             f"{_target(plan)}"]  # fmt: skip
    for rule in diff.adicionadas:
        lines.append(f"  + adicionada  {rule.id}@{rule.versao} {rule.tipo.value}")
    for change in diff.alteradas:
        lines.append(f"  ~ alterada    {change.regra_id}@{change.versao} {change.tipo}")
        for m in change.mudancas:
            lines.append(f"      {m.campo}: {_show(m.antes)} → {_show(m.depois)}")
    for rule in diff.retiradas:
        lines.append(f"  - retirada    {rule.id}@{rule.versao} {rule.tipo.value}"
                     f" (origem {rule.entrada})")  # fmt: skip
    lines.append(f"  = {diff.inalteradas} inalterada(s)")
    if plan.detached:
        lines.append(f"  empresas que deixam o pacote: {', '.join(plan.detached)}")
    if diff.empty:
        lines.append("  sem alterações de regras")
    for problem in plan.problems:
        lines.append(f"ERRO {problem}")
    return "\n".join(lines)


def _target(plan: Any) -> str:
    if plan.company is not None:
        return f"empresa {plan.to_dict()['empresa']}"
    if plan.todas:
        return "todas as empresas da conta"
    return f"{len(plan.attached)} empresa(s): " + ", ".join(c.codigo for c in plan.attached)


def _show(value: Any) -> str:
    return "—" if value is None else json.dumps(value, ensure_ascii=False, default=str)


@click.command("replay")
@click.argument("path", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--desde", callback=_day, default=None, help="Documentos emitidos desde AAAA-MM-DD.")
@click.option("--ate", callback=_day, default=None, help="… e antes de AAAA-MM-DD.")
@click.option("--empresa", default=None, help="Só esta empresa (CNPJ, código ou id).")
@click.option("--conta", default=None, help="Conta da empresa (quando o código é ambíguo).")
@click.option("--amostra", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              default=None, help="Uma amostra exportada (JSONL), sem banco de dados.")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Relatório em JSON.")
@click.option("--markdown", is_flag=True, help="Resumo em markdown (para a revisão de um PR).")
def replay_command(
    path: Path, desde: date | None, ate: date | None, empresa: str | None, conta: str | None,
    amostra: Path | None, as_json: bool, markdown: bool,
) -> None:  # fmt: skip
    """Re-runs the engine with a candidate pack on issued documents; nothing is changed."""
    from engine.packs import load_pack
    from engine.replay import report_dict, report_markdown, report_text

    pack = load_pack(path)
    if pack.errors:
        raise click.ClickException("; ".join(str(e) for e in pack.errors))
    if amostra is not None:
        report = _replay_sample(pack, amostra)
    else:
        if desde is None:
            raise click.BadParameter("informe --desde (ou --amostra)", param_hint="--desde")
        report = _replay_database(pack, desde, ate, empresa, conta)
    if as_json:
        click.echo(json.dumps(report_dict(report), ensure_ascii=False, indent=2))
    elif markdown:
        click.echo(report_markdown(report, f"Efeito de {pack.layer.value} {pack.label}"))
    else:
        click.echo(report_text(report))


def _replay_database(
    pack: Any, desde: date, ate: date | None, empresa: str | None, conta: str | None
) -> Any:
    from service.db import transaction
    from service.rulepacks import replay

    with transaction(_sessions()) as session:
        only = _only(session, empresa, conta)
        return replay.replay_candidate(session, replay.Candidate(pack=pack), desde, only, ate)


def _only(session: Any, empresa: str | None, conta: str | None) -> list[str] | None:
    """`--empresa` as the list of the one company id it names (None: every company)."""
    from service.rulepacks import targets

    if empresa is None:
        return None
    try:
        return [targets.one_company(session, empresa, conta).id]
    except targets.TargetError as exc:
        raise click.ClickException(str(exc)) from exc


def _replay_sample(pack: Any, sample: Path) -> Any:
    from engine.packs import global_packs
    from engine.replay import SampleLayers, of_pack, read_sample, replay

    below = [r for p in global_packs() for r in p.rules]
    return replay(read_sample(sample), SampleLayers(pack, below).for_document, of_pack(pack))


@click.command("amostra")
@click.option("--saida", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="Arquivo JSONL a escrever.")  # fmt: skip
@click.option("--desde", callback=_day, required=True, help="Documentos emitidos desde AAAA-MM-DD.")
@click.option("--empresa", default=None, help="Só esta empresa (CNPJ, código ou id).")
@click.option("--conta", default=None, help="Conta da empresa (quando o código é ambíguo).")
@click.option("--limite", type=int, default=1000, show_default=True, help="Máximo de documentos.")
def sample_command(
    saida: Path, desde: date, empresa: str | None, conta: str | None, limite: int
) -> None:
    """Exports the snapshots of issued documents for replay without the database (CI)."""
    from service.db import transaction
    from service.rulepacks.sample import write_sample

    with transaction(_sessions()) as session:
        count = write_sample(session, saida, desde, _only(session, empresa, conta), limite)
    click.echo(f"{count} documento(s) em {saida}")


COMMANDS = (export_command, sync_command, replay_command, sample_command)


def attach(group: click.Group | None) -> None:
    """Add the database commands to the engine's `rulepacks` group (when it is installed)."""
    if group is None:
        return
    for command in COMMANDS:
        group.add_command(command)
