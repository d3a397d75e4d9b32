"""Command line: ``fiscal simulator serve`` / ``fiscal certs make-test`` (also ``fiscal-sim``)."""

from __future__ import annotations

import json
import signal
import threading
from pathlib import Path
from types import FrameType

import click

from simulator import pki
from simulator.settings import from_environment

SERVICE_DATA_DIR = ".data"
"""The service's default data dir (``FISCAL_DATA_DIR``); ``fiscal quickstart`` keeps the simulator
in its ``simulator/`` subfolder."""


def default_data_dir() -> Path:
    """Where the CA and the state live when ``--data-dir`` is not given.

    ``$FISCAL_SIM_DATA_DIR``, else ``$FISCAL_DATA_DIR/simulator`` (default ``.data/simulator``):
    the folder ``scripts/dev`` gives the simulator it starts, so a certificate made without
    ``--data-dir`` is signed by the CA that simulator trusts.
    """
    import os

    explicit = os.environ.get("FISCAL_SIM_DATA_DIR")
    if explicit:
        return Path(explicit)
    return Path(os.environ.get("FISCAL_DATA_DIR") or SERVICE_DATA_DIR) / "simulator"


@click.group(name="simulator", help="Tax-authority simulator (SEFAZ SOAP and national NFS-e).")
def simulator_group() -> None:
    """The ``fiscal simulator`` command group."""


@simulator_group.command("serve")
@click.option("--host", default=None, help="Bind address (default 127.0.0.1).")
@click.option("--port", type=int, default=None, help="HTTPS port (default 8443; 0 = free port).")
@click.option("--admin-port", type=int, default=None, help="Admin HTTP port (0 = free port).")
@click.option(
    "--data-dir",
    type=click.Path(path_type=Path),
    default=None,
    help="State, CA and server certificate (default $FISCAL_SIM_DATA_DIR, else "
    "$FISCAL_DATA_DIR/simulator, else .data/simulator).",
)
@click.option("--seed", type=int, default=None, help="Seed for probabilistic faults.")
@click.option(
    "--trust-bundle",
    type=click.Path(path_type=Path),
    default=None,
    help="PEM bundle of CAs accepted for client and signer certificates.",
)
@click.option(
    "--ready-file",
    type=click.Path(path_type=Path),
    default=None,
    help="Write the URLs as JSON here once listening (used by test helpers).",
)
def serve(
    host: str | None, port: int | None, admin_port: int | None, data_dir: Path | None,
    seed: int | None, trust_bundle: Path | None, ready_file: Path | None,
) -> None:  # fmt: skip
    """Run the simulator until interrupted; prints its URL and the CA bundle path."""
    from simulator.server import Simulator

    directory = data_dir or default_data_dir()
    settings = from_environment(directory, host=host, port=port, admin_port=admin_port,
                                seed=seed, trust_bundle=trust_bundle)  # fmt: skip
    simulator = Simulator(settings)
    simulator.start()
    info = {"base_url": simulator.base_url, "admin_url": simulator.admin_url,
            "ca_bundle": str(simulator.ca_bundle.resolve())}  # fmt: skip
    click.echo(f"AUTHORITY_URL={info['base_url']}")
    click.echo(f"AUTHORITY_CA_BUNDLE={info['ca_bundle']}")
    click.echo(f"admin API: {info['admin_url']}/_admin/state")
    if ready_file is not None:
        write_ready(ready_file, info)
    _wait_for_signal()
    simulator.stop()


def write_ready(path: Path, info: dict[str, str]) -> None:
    """Announce the running simulator: written beside and renamed, so a process waiting for
    the file (tests, `fiscal quickstart`) never reads it half written."""
    partial = path.with_name(path.name + ".tmp")
    partial.write_text(json.dumps(info))
    partial.replace(path)


def _wait_for_signal() -> None:
    stop = threading.Event()

    def _handler(signum: int, frame: FrameType | None) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, _handler)
    signal.signal(signal.SIGINT, _handler)
    stop.wait()


@click.group(name="certs", help="Test certificates signed by the simulator's CA.")
def certs_group() -> None:
    """The ``fiscal certs`` command group."""


@certs_group.command("make-test")
@click.option("--cnpj", default=None, help="CNPJ of the holder (e-CNPJ A1).")
@click.option("--cpf", default=None, help="CPF of the holder (e-CPF A1).")
@click.option("--name", default="EMPRESA TESTE", show_default=True, help="Holder name.")
@click.option("--out", type=click.Path(path_type=Path), required=True, help="PKCS#12 to write.")
@click.option("--password", required=True, help="Password of the PKCS#12.")
@click.option("--days", type=int, default=365, show_default=True, help="Validity in days.")
@click.option(
    "--data-dir",
    type=click.Path(path_type=Path),
    default=None,
    help="Simulator data dir holding the CA (default as `serve`: $FISCAL_SIM_DATA_DIR, else "
    "$FISCAL_DATA_DIR/simulator, else .data/simulator; the CA is created if absent).",
)
def make_test(
    cnpj: str | None, cpf: str | None, name: str, out: Path, password: str, days: int,
    data_dir: Path | None,
) -> None:  # fmt: skip
    """Issue an A1 PKCS#12 with the ICP-Brasil fields, trusted by the simulator."""
    import datetime as dt

    if (cnpj is None) == (cpf is None):
        raise click.UsageError("give exactly one of --cnpj or --cpf")
    directory = data_dir or default_data_dir()
    if not (directory / pki.CA_CERT_FILE).exists():
        click.echo(
            f"warning: no CA in {directory}; a new one is created there. Only a simulator started "
            "with this data dir trusts the certificate.",
            err=True,
        )
    ca = pki.load_or_create_ca(directory)
    start = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=5)
    pfx = pki.issue_a1(ca, cnpj=cnpj, cpf=cpf, name=name, not_before=start,
                       not_after=start + dt.timedelta(days=days), password=password)  # fmt: skip
    out.write_bytes(pfx)
    out.chmod(0o600)
    click.echo(f"{out} ({cnpj or cpf}, valid {days} days, CA {directory / pki.CA_CERT_FILE})")


@click.group()
def main() -> None:
    """fiscal-sim: the simulator and its test certificates."""


main.add_command(serve)
main.add_command(certs_group)
main.add_command(simulator_group)
