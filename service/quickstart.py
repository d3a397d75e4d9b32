"""`fiscal quickstart`: the README's first command.

Embedded mode end to end on one machine: migrate the SQLite file, start the authority
simulator beside the service (HTTPS with mutual TLS on loopback), make sure a development
account and the demo company exist, print a ready API key and the commands that issue an NF-e
and fetch its DANFE, then serve with gunicorn.
"""

from __future__ import annotations

import atexit
import hashlib
import json
import os
import secrets
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from service.config import Settings
from service.demo_company import (
    DEMO_CNPJ,
    DEMO_CODE,
    DEMO_NFE_KEY,
    DEMO_PEDIDO,
    PRODUCER_CODE,
    DemoSetupError,
    DemoState,
)

DEV_ACCOUNT_FILE = "dev-account.json"
DEMO_STATE_FILE = "demo-company.json"
"""Which simulator CA signed the demo certificate (a new CA means a new certificate)."""
SIMULATOR_SUBDIR = "simulator"


def simulator_dir(data_dir: Path) -> Path:
    """The simulator's data dir (CA, state): the same default `fiscal certs make-test` uses."""
    return data_dir / SIMULATOR_SUBDIR


def start_simulator(data_dir: Path, port: int) -> subprocess.Popen[bytes] | None:
    """The simulator in its own process; the service only learns its URL and CA."""
    ready = simulator_dir(data_dir) / "ready.json"
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


def demo_a1_maker(sim_dir: Path) -> Callable[[str], tuple[bytes, str]]:
    """A1 certificates (e-CNPJ for a CNPJ, e-CPF for a CPF) from the simulator's CA, through its
    own command (product code never imports the simulator); the file lives in a private
    temporary folder only while read."""

    def make(document: str) -> tuple[bytes, str]:
        password = secrets.token_urlsafe(18)
        holder = ["--cpf", document, "--name", "JOAO DA SILVA"] if len(document) == 11 else [
            "--cnpj", document, "--name", "EMPRESA DEMONSTRACAO"]  # fmt: skip
        with tempfile.TemporaryDirectory() as folder:
            out = Path(folder) / "demo-a1.pfx"
            command = [sys.executable, "-m", "simulator", "certs", "make-test", *holder,
                       "--out", str(out), "--password", password, "--data-dir",
                       str(sim_dir)]  # fmt: skip
            made = subprocess.run(command, capture_output=True, text=True)
            if made.returncode != 0:
                raise DemoSetupError(f"certificado de teste não emitido: {made.stderr.strip()}")
            return out.read_bytes(), password

    return make


def _ca_fingerprint(sim_dir: Path) -> str:
    return hashlib.sha256((sim_dir / "ca.pem").read_bytes()).hexdigest()


def ensure_demo(settings: Settings, info: dict[str, Any], with_simulator: bool) -> DemoState:
    """The demo company; its certificate from the running simulator's CA, renewed when that CA
    changed (a deleted simulator folder), absent without a simulator."""
    from service.demo_company import ensure_demo_company

    sim_dir = simulator_dir(settings.data_dir)
    state_path = settings.data_dir / DEMO_STATE_FILE
    stored = json.loads(state_path.read_text()) if state_path.exists() else {}
    current = _ca_fingerprint(sim_dir) if with_simulator else None
    try:
        state = ensure_demo_company(
            settings, info["api_keys"]["live"], csc=secrets.token_hex(16).upper(),
            make_a1=demo_a1_maker(sim_dir) if with_simulator else None,
            renew_certificate=with_simulator and stored.get("ca_sha256") != current,
        )  # fmt: skip
    except DemoSetupError as exc:
        raise click.ClickException(f"empresa de demonstração não preparada: {exc}") from exc
    if state.certificate == "instalado":
        state_path.write_text(json.dumps({"ca_sha256": current}))
    return state


def issue_commands(key: str, port: int) -> list[str]:
    """Two shell lines: issue the demo NF-e (its JSON shown on stderr) and save its DANFE."""
    api = f"http://127.0.0.1:{port}/api/v1"
    body = json.dumps({"empresa": DEMO_CODE, "pedido": DEMO_PEDIDO, "cliente": "C001",
                       "itens": [{"codigo": "P001", "quantidade": 2},
                                 {"codigo": "P002", "quantidade": 1}],
                       "pagamento": "pix"}, ensure_ascii=False)  # fmt: skip
    auth = f'-H "Authorization: Bearer {key}"'
    extract = "python3 -c 'import json,sys; print(json.load(sys.stdin)[\"id\"])'"
    return [
        f'ID=$(curl -s -X POST {api}/nfe {auth} -H "Content-Type: application/json" '
        f"-d '{body}' | tee /dev/stderr | {extract})",
        f'curl -s -o danfe.pdf "{api}/nfe/$ID/danfe?empresa={DEMO_CODE}" {auth}',
    ]


FIRST_DOCUMENTS: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("NFC-e", "nfce", {"pedido": "DEMO-NFCE-1", "itens": [{"codigo": "P002", "quantidade": 1}],
                       "pagamento": "dinheiro"}),
    ("NFS-e", "nfse", {"pedido": "DEMO-NFSE-1", "servico": {"codigo": "S001"},
                       "tomador": "C001"}),
    ("CT-e", "cte", {"pedido": "DEMO-CTE-1", "tomador": "remetente", "remetente": "C003",
                     "destinatario": "C001", "valor_prestacao": "350.00",
                     "carga": {"valor": "1500.00", "produto": "Material de escritório",
                               "peso_kg": "120"},
                     "documentos": [DEMO_NFE_KEY],
                     "fiscal": {"tipo_estabelecimento_tomador": "industrial"}}),
    ("CT-e OS", "cteos", {"pedido": "DEMO-CTEOS-1", "tomador": "C001",
                          "servico": {"tipo": "transporte_pessoas",
                                      "descricao": "Fretamento eventual", "quantidade": "12"},
                          "origem": {"cod_municipio": "3550308", "municipio": "São Paulo",
                                     "uf": "SP"},
                          "destino": {"cod_municipio": "3509502", "municipio": "Campinas",
                                      "uf": "SP"},
                          "valor_prestacao": "900.00", "veiculo": "FRT3B45",
                          "fretamento": {"tipo": "eventual"}}),
    ("MDF-e", "mdfe", {"pedido": "DEMO-MDFE-1", "veiculo": "DMO1A23",
                       "condutores": ["39053344705"], "tipo_emitente": 2,
                       "documentos": [{"chave_nfe": DEMO_NFE_KEY,
                                       "municipio_descarga": "3509502"}],
                       "carga": {"peso_kg": "120", "valor": "1500.00", "tipo": "05",
                                 "produto": "Material de escritório"},
                       "percurso": {"carregamento": {"cod_municipio": "3550308",
                                                     "municipio": "São Paulo",
                                                     "cep": "01310100"},
                                    "descarregamento_cep": "13012100"}}),
    ("Produtor rural (NF-e com e-CPF)", "nfe",
     {"empresa": PRODUCER_CODE, "pedido": "SAFRA-1", "cliente": "COOP",
      "itens": [{"codigo": "SOJA", "quantidade": 1000}], "pagamento": "deposito"}),
)  # fmt: skip
"""The first document of every other family, as the banner prints it: (label, module, body);
the company is DEMO unless the body names another."""


def family_commands(key: str, port: int, *, producer: bool = True) -> list[tuple[str, str]]:
    """One shell line per family besides the NF-e: (label, a curl that issues its first
    document for DEMO; pasting it again replays the same document)."""
    api = f"http://127.0.0.1:{port}/api/v1"
    auth = f'-H "Authorization: Bearer {key}"'
    lines = []
    for label, module, body in FIRST_DOCUMENTS:
        if body.get("empresa") == PRODUCER_CODE and not producer:
            continue
        payload = json.dumps({"empresa": DEMO_CODE, **body}, ensure_ascii=False)
        curl = f'curl -s -X POST {api}/{module} {auth} -H "Content-Type: application/json"'
        lines.append((label, f"{curl} -d '{payload}'; echo"))
    return lines


def _demo_lines(demo: DemoState, key: str, port: int) -> list[str]:
    overview = (f'curl -s "http://127.0.0.1:{port}/api/v1/configuracao-fiscal?empresa='
                f'{DEMO_CODE}" -H "Authorization: Bearer {key}"')  # fmt: skip
    head = (f"Empresa de demonstração {DEMO_CODE} (CNPJ {DEMO_CNPJ}, Simples Nacional, SP): "
            "produtos P001 e P002, clientes C001 e C003, CSC da NFC-e, serviço S001 com a "
            "regra do ISS, RNTRC e TAF, veículos DMO1A23 e FRT3B45, condutor "
            f"390.533.447-05; produtor rural {PRODUCER_CODE} (CPF 529.982.247-25, e-CPF): "
            "produto SOJA, cliente COOP.")  # fmt: skip
    if demo.certificate == "sem_simulador":
        return [head, "Sem o simulador (--no-simulator) nenhuma autoridade confia num "
                "certificado de teste: a DEMO não recebe certificado e não emite. Cadastros, "
                "/fiscal/calcular e a configuração funcionam; para emitir, reinicie sem "
                "--no-simulator.", "Pendências:", overview]  # fmt: skip
    commands = family_commands(key, port, producer=demo.producer)
    families = [f"{label}:\n{line}" for label, line in commands]
    return [head, "Certificado A1 emitido pela CA do simulador. Emita uma NF-e (pedido "
            f"{DEMO_PEDIDO}: repetir devolve a mesma nota) e baixe o DANFE em danfe.pdf:", "",
            *issue_commands(key, port), "", "O primeiro documento de cada família (cole a "
            "linha; repetir devolve o mesmo documento):", *families, "", "Configuração:",
            overview]  # fmt: skip


def banner(info: dict[str, Any], port: int, demo: DemoState, data_dir: Path) -> str:
    key = info["api_keys"]["test"]
    lines = [
        "",
        f"Serviço fiscal (modo embarcado) em http://127.0.0.1:{port}",
        f"Conta de desenvolvimento: {info['account_id']}",
        f"Chave de teste (homologação): {key}",
        f"Chave live: {info['api_keys']['live']}",
        f"Dados: {data_dir.resolve()} (simulador e sua CA: {simulator_dir(data_dir).resolve()})",
        f"Documentação: http://127.0.0.1:{port}/api/v1/docs",
        "",
        *_demo_lines(demo, key, port),
    ]
    return "\n".join(lines) + "\n"
