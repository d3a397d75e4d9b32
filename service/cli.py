"""The `fiscal` command: serve, worker, database, accounts and keys, plus plugin groups.

Plugin groups (the simulator's `simulator` and `certs`, the engine's `rulepacks`) are found
through the `fiscal.commands` entry points, so product code never imports the simulator.
"""

from __future__ import annotations

import json
from decimal import Decimal, InvalidOperation
from importlib.metadata import entry_points
from typing import Any

import click

from service.config import RuntimeMode, Settings, load_settings


def _settings() -> Settings:
    return load_settings()


def _runtime() -> Any:
    from service.app import build_runtime

    return build_runtime(_settings())


@click.group()
def cli() -> None:
    """Emissão de documentos fiscais eletrônicos — ferramentas do operador."""


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--workers", default=None, type=int, help="Processos gunicorn (produção).")
@click.option("--threads", default=None, type=int, help="Threads por processo (produção).")
def serve(host: str, port: int, workers: int | None, threads: int | None) -> None:
    """Starts the HTTP API with gunicorn (embedded: one process, threads)."""
    from service.server import run_gunicorn

    settings = _settings()
    from service.migrate import upgrade

    if settings.mode is RuntimeMode.EMBEDDED:
        upgrade(settings.database_url)
    run_gunicorn(settings, host=host, port=port, workers=workers, threads=threads)


@cli.command()
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--simulator-port", default=8443, show_default=True, type=int)
@click.option("--no-simulator", is_flag=True, help="Não inicia o simulador.")
@click.option(
    "--data-dir",
    type=click.Path(file_okay=False),
    default=None,
    help="Pasta de dados (padrão $FISCAL_DATA_DIR ou .data); o simulador fica em DIR/simulator.",
)
def quickstart(port: int, simulator_port: int, no_simulator: bool, data_dir: str | None) -> None:
    """Embedded mode in one command: simulator, database, dev account, demo company, API."""
    import os

    from service import quickstart as qs
    from service.migrate import upgrade
    from service.server import run_gunicorn

    if data_dir is not None:
        os.environ["FISCAL_DATA_DIR"] = data_dir
    settings = _settings()
    if settings.mode is not RuntimeMode.EMBEDDED:
        raise click.ClickException("quickstart é só para o modo embarcado (sem DATABASE_URL).")
    if not no_simulator:
        qs.start_simulator(settings.data_dir, simulator_port)
        settings = _settings()
    upgrade(settings.database_url)
    info = qs.ensure_dev_account(settings.data_dir)
    demo = qs.ensure_demo(settings, info, with_simulator=not no_simulator)
    click.echo(qs.banner(info, port, demo, settings.data_dir))
    run_gunicorn(settings, host="127.0.0.1", port=port, workers=1)


@cli.command()
@click.option("--burst", is_flag=True, help="Processa a fila e termina.")
def worker(burst: bool) -> None:
    """Runs rq workers on Redis (production mode)."""
    from service.workers import run_worker

    run_worker(_settings(), burst=burst)


@cli.group()
def db() -> None:
    """Banco de dados (Alembic)."""


@db.command("upgrade")
@click.option("--revision", default="head", show_default=True)
def db_upgrade(revision: str) -> None:
    """Applies migrations up to REVISION."""
    from service.migrate import upgrade

    upgrade(_settings().database_url, revision)
    click.echo("banco atualizado")


def _decimal(_ctx: Any, _param: Any, value: str) -> Decimal:
    try:
        amount = Decimal(value)
    except InvalidOperation as exc:
        raise click.BadParameter("valor decimal inválido") from exc
    if amount < 0:
        raise click.BadParameter("não pode ser negativo")
    return amount


@cli.group()
def accounts() -> None:
    """Contas da plataforma."""


@accounts.command("create")
@click.option("--name", required=True)
@click.option("--email", required=True)
@click.option("--credits", default="0", callback=_decimal, help="Crédito inicial, ex. 100.00")
@click.option("--unlimited", is_flag=True, help="Conta com crédito ilimitado.")
@click.option("--max-companies", default=10, show_default=True, type=int)
@click.option("--json", "as_json", is_flag=True, help="Saída em JSON.")
def accounts_create(
    name: str, email: str, credits: Decimal, unlimited: bool, max_companies: int, as_json: bool
) -> None:
    """Creates an account with a wallet and a live and a test key (every scope)."""
    from service.accounts.operations import create_account
    from service.db import transaction

    rt = _runtime()
    with transaction(rt.sessions) as session:
        created = create_account(
            session,
            rt.hasher,
            name=name,
            email=email,
            credits=credits,
            unlimited=unlimited,
            max_companies=max_companies,
        )
    out = {
        "account_id": created.account.id,
        "api_keys": {"live": created.live_key, "test": created.test_key},
    }
    click.echo(json.dumps(out) if as_json else _describe_account(out))


def _describe_account(out: dict[str, Any]) -> str:
    keys = out["api_keys"]
    return (
        f"conta {out['account_id']}\n  chave live: {keys['live']}\n"
        f"  chave test: {keys['test']}\n(as chaves não serão exibidas novamente)"
    )


@cli.group()
def keys() -> None:
    """Chaves de API."""


@keys.command("create")
@click.option("--account", "account_id", required=True)
@click.option("--name", required=True)
@click.option("--mode", type=click.Choice(["live", "test"]), default="test", show_default=True)
@click.option("--scopes", default="", help="Lista separada por vírgulas (padrão: todas).")
@click.option("--service", "service_key", is_flag=True, help="Credencial sem usuário.")
@click.option("--json", "as_json", is_flag=True)
def keys_create(
    account_id: str, name: str, mode: str, scopes: str, service_key: bool, as_json: bool
) -> None:
    """Issues a key; it is printed once."""
    from service.accounts.models import Account, KeyKind, KeyMode
    from service.accounts.operations import issue_key
    from service.accounts.scopes import ALL_SCOPES
    from service.db import transaction

    chosen = [s.strip() for s in scopes.split(",") if s.strip()] or list(ALL_SCOPES)
    unknown = set(chosen) - set(ALL_SCOPES)
    if unknown:
        raise click.BadParameter(f"escopos desconhecidos: {', '.join(sorted(unknown))}")
    rt = _runtime()
    with transaction(rt.sessions) as session:
        if session.get(Account, account_id) is None:
            raise click.ClickException(f"conta {account_id} não encontrada")
        kind = KeyKind.SERVICE if service_key else KeyKind.USER
        issued = issue_key(
            session,
            rt.hasher,
            account_id=account_id,
            name=name,
            scopes=chosen,
            mode=KeyMode(mode),
            kind=kind,
        )
        out = {"id": issued.record.id, "key": issued.plaintext, "scopes": sorted(chosen)}
    click.echo(json.dumps(out) if as_json else f"{out['id']}: {out['key']}")


@keys.command("list")
@click.option("--account", "account_id", required=True)
def keys_list(account_id: str) -> None:
    """Lists active keys (prefix only)."""
    from service.accounts.operations import list_keys
    from service.db import transaction

    rt = _runtime()
    with transaction(rt.sessions) as session:
        for key in list_keys(session, account_id):
            used = key.last_used_at.isoformat() if key.last_used_at else "nunca"
            click.echo(f"{key.id}\t{key.prefix}…\t{key.mode}\t{key.kind}\t{key.name}\t{used}")


@keys.command("revoke")
@click.argument("key_id")
def keys_revoke(key_id: str) -> None:
    """Revokes a key at once (audited)."""
    from service.accounts.models import ApiKey
    from service.accounts.operations import revoke_key
    from service.db import transaction

    rt = _runtime()
    with transaction(rt.sessions) as session:
        key = session.get(ApiKey, key_id)
        if key is None or not key.active:
            raise click.ClickException(f"chave {key_id} não encontrada ou já revogada")
        revoke_key(session, key, actor_key_id=None, ip="cli")
    click.echo(f"chave {key_id} revogada")


def _amount(_ctx: Any, _param: Any, value: str) -> Decimal:
    """Any decimal text; sign, scale and size are the wallet operation's to judge."""
    try:
        return Decimal(value.strip().replace(",", "."))
    except InvalidOperation as exc:
        raise click.BadParameter("valor decimal inválido (ex. 50.00)") from exc


@cli.group()
def wallet() -> None:
    """Carteira de créditos."""


@wallet.command("credit")
@click.option("--account", "account_id", required=True)
@click.option("--valor", required=True, callback=_amount, help="Crédito em reais, ex. 50.00")
@click.option("--descricao", default=None, help="Texto do extrato (até 255 caracteres).")
def wallet_credit(account_id: str, valor: Decimal, descricao: str | None) -> None:
    """Credits the account's wallet (CREDITO_ADMIN, audited) and prints the new balance."""
    from service.db import transaction
    from service.wallet.operations import UnknownAccount, credit_admin

    if descricao is not None and not 1 <= len(descricao.strip()) <= 255:
        raise click.BadParameter("entre 1 e 255 caracteres", param_hint="--descricao")
    rt = _runtime()
    try:
        with transaction(rt.sessions) as session:
            entry = credit_admin(
                session, account_id, valor, descricao=descricao.strip() if descricao else None
            )
            credited, saldo = entry.valor, entry.saldo_posterior
    except UnknownAccount as exc:
        raise click.ClickException(f"conta {account_id} não encontrada") from exc
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--valor") from exc
    click.echo(f"crédito de {credited} lançado na conta {account_id}; saldo: {saldo}")


def _load_plugins(group: click.Group) -> None:
    for entry in entry_points(group="fiscal.commands"):
        try:
            command = entry.load()
        except Exception as exc:
            click.echo(f"aviso: comando {entry.name} indisponível ({exc})", err=True)
            continue
        group.add_command(command, entry.name)


def main() -> None:
    from service.rulepacks.cli import attach
    from service.storage.cli import documents_group

    cli.add_command(documents_group)
    _load_plugins(cli)
    attach(cli.commands.get("rulepacks"))  # type: ignore[arg-type]
    cli(prog_name="fiscal")


if __name__ == "__main__":
    main()
