"""`fiscal quickstart`: the README's first command.

Embedded mode end to end on one machine: migrate the SQLite file, start the authority
simulator beside the service (HTTPS with mutual TLS on loopback), make sure a development
account exists, print a ready API key and a curl line, then serve with gunicorn.
"""

from __future__ import annotations

import atexit
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import click

DEV_ACCOUNT_FILE = "dev-account.json"


def start_simulator(data_dir: Path, port: int) -> subprocess.Popen[bytes] | None:
    """The simulator in its own process; the service only learns its URL and CA."""
    ready = data_dir / "simulator" / "ready.json"
    ready.parent.mkdir(parents=True, exist_ok=True)
    ready.unlink(missing_ok=True)
    command = [
        sys.executable,
        "-m",
        "simulator",
        "serve",
        "--port",
        str(port),
        "--data-dir",
        str(ready.parent),
        "--ready-file",
        str(ready),
    ]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    atexit.register(process.terminate)
    deadline = time.monotonic() + 30
    while not ready.exists():
        if process.poll() is not None or time.monotonic() > deadline:
            raise click.ClickException("o simulador não iniciou; veja simulator/README.md")
        time.sleep(0.1)
    info = json.loads(ready.read_text())
    os.environ.setdefault("AUTHORITY_URL", info["base_url"])
    os.environ.setdefault("AUTHORITY_CA_BUNDLE", info["ca_bundle"])
    return process


def ensure_dev_account(data_dir: Path) -> dict[str, Any]:
    """One development account per data dir; its keys are kept there (mode 0600)."""
    path = data_dir / DEV_ACCOUNT_FILE
    if path.exists():
        stored: dict[str, Any] = json.loads(path.read_text())
        return stored
    from decimal import Decimal

    from service.accounts.operations import create_account
    from service.app import build_runtime
    from service.config import load_settings
    from service.db import transaction

    rt = build_runtime(load_settings())
    with transaction(rt.sessions) as session:
        created = create_account(
            session,
            rt.hasher,
            name="Desenvolvimento",
            email="dev@localhost",
            credits=Decimal("100.00"),
        )
    info = {
        "account_id": created.account.id,
        "api_keys": {"live": created.live_key, "test": created.test_key},
    }
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as handle:
        json.dump(info, handle)
    rt.engine.dispose()
    return info


def banner(info: dict[str, Any], port: int) -> str:
    key = info["api_keys"]["test"]
    return (
        f"\nServiço fiscal (modo embarcado) em http://127.0.0.1:{port}\n"
        f"Conta de desenvolvimento: {info['account_id']}\n"
        f"Chave de teste (homologação): {key}\n"
        f"Chave live: {info['api_keys']['live']}\n"
        f"Documentação: http://127.0.0.1:{port}/api/v1/docs\n\n"
        f'curl -H "Authorization: Bearer {key}" http://127.0.0.1:{port}/api/v1/api-keys\n'
    )
