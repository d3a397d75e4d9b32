"""Run a real simulator from pytest (or any Python code): HTTPS on a free loopback port.

    with running_simulator(tmp_path / "sim") as sim:
        pfx = sim.issue_a1(cnpj="11222333000181", password="secret")
        ... point the client at sim.base_url, trusting sim.ca_bundle ...

``running_simulator_process`` does the same with a child process (``python -m simulator serve``),
so a test can stop it and start another on the same data dir to prove the state survives.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from simulator import pki
from simulator.settings import Settings
from simulator.testing_nfe import IssuedNfe, issue_nfe_to


@dataclass
class SimulatorHandle:
    """Addresses of a running simulator plus helpers to get certificates and inject faults."""

    base_url: str
    admin_url: str
    ca_bundle: Path
    data_dir: Path
    _stop: Any = field(repr=False, default=None)

    def issue_a1(
        self,
        *,
        cnpj: str | None = None,
        cpf: str | None = None,
        password: str,
        name: str = "EMPRESA TESTE",
        not_before: dt.datetime | None = None,
        not_after: dt.datetime | None = None,
    ) -> bytes:
        """A PKCS#12 signed by this simulator's CA (so it is trusted for mTLS and signatures)."""
        ca = pki.load_ca(self.data_dir / pki.CA_CERT_FILE, self.data_dir / pki.CA_KEY_FILE)
        return pki.issue_a1(ca, cnpj=cnpj, cpf=cpf, name=name, not_before=not_before,
                            not_after=not_after, password=password)  # fmt: skip

    def set_fault(self, kind: str, **options: Any) -> list[dict[str, Any]]:
        """Add one fault (see README: kinds, scope, times, seconds, status, code, limit)."""
        reply = self.admin("POST", "/_admin/faults", {"kind": kind, **options})
        faults: list[dict[str, Any]] = reply["faults"]
        return faults

    def clear_faults(self, scope: str | None = None) -> int:
        suffix = "" if scope is None else f"?scope={urllib.parse.quote(scope)}"
        removed: int = self.admin("DELETE", f"/_admin/faults{suffix}")["removed"]
        return removed

    def set_outage(self, target: str, mode: str = "paralysed", **options: Any) -> dict[str, Any]:
        """Take an authority down (README "Outages"): ``target`` is a UF or an authority key."""
        reply = self.admin("POST", "/_admin/outages", {"target": target, "mode": mode, **options})
        outage: dict[str, Any] = reply["outages"][0]
        return outage

    def clear_outages(self, target: str | None = None) -> dict[str, Any]:
        """Bring authorities back; the reply lists the SVC documents synchronized to their UF."""
        suffix = "" if target is None else f"?target={urllib.parse.quote(target)}"
        reply: dict[str, Any] = self.admin("DELETE", f"/_admin/outages{suffix}")
        return reply

    def set_svc(self, uf: str, active: bool = True, **options: Any) -> dict[str, Any]:
        """Activate (or deactivate) the UF's SVC (SVC-AN or SVC-RS, from the UF)."""
        reply: dict[str, Any] = self.admin("POST", "/_admin/svc", {"uf": uf, "active": active,
                                                                  **options})  # fmt: skip
        return reply

    def distribution(self, cnpj: str, tp_amb: str = "2", family: str = "nfe") -> dict[str, Any]:
        """The Ambiente Nacional's DF-e distribution state of one CNPJ (or CPF): its NSU
        sequence (``documents``: NSU, schema, chave, tpEvento, nSeqEvento, added_at),
        ``maxNSU``, ``idle_since`` (start of the 1-hour wait) and its ``manifestations``;
        ``family="cte"`` for the CTeDistribuicaoDFe sequence, ``"nfse"`` for the ADN's."""
        query = urllib.parse.urlencode({"cnpj": cnpj, "tp_amb": tp_amb, "family": family})
        reply: dict[str, Any] = self.admin("GET", f"/_admin/distribution?{query}")
        return reply

    def issue_nfe_to(self, recipient: str, **options: Any) -> IssuedNfe:
        """Another company (``issuer``, default a fixed valid CNPJ) issues an NF-e at SEFAZ-SP
        naming ``recipient`` (CNPJ or CPF) as dest; options: ``number``, ``series``,
        ``tp_amb``, ``aut_xml`` (CNPJ/CPF list), ``carrier``, ``emitted``, ``issuer``."""
        return issue_nfe_to(self, recipient, **options)

    def advance_clock(self, seconds: float) -> str:
        now: str = self.admin("POST", "/_admin/clock", {"advance_seconds": seconds})["now"]
        return now

    def tls_handshakes(self) -> int:
        """Mutual-TLS connections the authority server has accepted so far (a client that
        reuses its connections opens few)."""
        handshakes: int = self.admin("GET", "/_admin/connections")["tls_handshakes"]
        return handshakes

    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = self.admin("GET", "/_admin/state")
        return state

    def admin(self, method: str, path: str, payload: Any = None) -> Any:
        data = None if payload is None else json.dumps(payload).encode()
        request = urllib.request.Request(self.admin_url + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())

    def stop(self) -> None:
        if self._stop is not None:
            self._stop()
            self._stop = None


@contextmanager
def running_simulator(data_dir: Path, **settings: Any) -> Iterator[SimulatorHandle]:
    """Start the simulator in this process (threads) on free loopback ports; stop it on exit."""
    from simulator.server import Simulator

    values = {"port": 0, "admin_port": 0, **settings}
    simulator = Simulator(Settings(data_dir=data_dir, **values))
    simulator.start()
    handle = SimulatorHandle(
        simulator.base_url, simulator.admin_url, simulator.ca_bundle, data_dir, simulator.stop
    )
    try:
        yield handle
    finally:
        handle.stop()


@contextmanager
def running_simulator_process(
    data_dir: Path, *, env: dict[str, str] | None = None, timeout: float = 30.0
) -> Iterator[SimulatorHandle]:
    """Start ``python -m simulator serve`` as a child process; terminate it on exit."""
    ready = data_dir / "ready.json"
    ready.unlink(missing_ok=True)
    command = [sys.executable, "-m", "simulator", "serve", "--data-dir", str(data_dir),
               "--port", "0", "--admin-port", "0", "--ready-file", str(ready)]  # fmt: skip
    process = subprocess.Popen(command, env={**os.environ, **(env or {})})
    try:
        info = _wait_ready(ready, process, timeout)
        handle = SimulatorHandle(info["base_url"], info["admin_url"], Path(info["ca_bundle"]),
                                 data_dir, lambda: _terminate(process))  # fmt: skip
        yield handle
    finally:
        _terminate(process)


def _wait_ready(ready: Path, process: subprocess.Popen[bytes], timeout: float) -> dict[str, str]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if ready.exists():
            info: dict[str, str] = json.loads(ready.read_text())
            return info
        if process.poll() is not None:
            raise RuntimeError(f"simulator exited with {process.returncode}")
        time.sleep(0.05)
    raise TimeoutError("simulator did not start")


def _terminate(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
