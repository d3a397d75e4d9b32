"""Simulator settings, read once (from the CLI, the pytest helper or ``FISCAL_SIM_*`` variables)."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from simulator.errors import SimulatorConfigError

ENV_PREFIX = "FISCAL_SIM_"


@dataclass(frozen=True)
class Settings:
    """Everything that shapes one simulator process."""

    data_dir: Path
    host: str = "127.0.0.1"
    port: int = 8443
    """HTTPS port of the authority services; 0 picks a free one."""
    admin_port: int = 0
    """Plain-HTTP admin API on loopback; 0 picks a free one."""
    seed: int = 0
    """Seeds every random choice (protocol sequences start, probabilistic faults)."""
    ca_cert: Path | None = None
    ca_key: Path | None = None
    """When both are set, the CA is loaded from them instead of the data dir's test CA."""
    trust_bundle: Path | None = None
    """PEM bundle of CAs accepted for client and signer certificates (default: the CA itself)."""
    future_tolerance_seconds: int = 300
    """dhEmi may be this far ahead of the authority clock before 703."""
    nfe_max_age_hours: int = 720
    """NF-e dhEmi older than this is 228 ("Data de Emissão muito atrasada"): 30 days."""
    nfce_max_age_minutes: int = 5
    """NFC-e (tpEmis 1) older than this is 704."""
    nfce_offline_deadline_hours: int = 24
    """An NFC-e in contingency (tpEmis 9 offline, 4 EPEC in SP) transmitted later than this after
    dhEmi is authorized with 150 "autorização fora de prazo" (MOC B09-40 exception 2)."""
    cte_max_age_hours: int = 720
    """CT-e/CT-e OS dhEmi older than this is 228 ("Data de Emissao muito atrasada")."""
    mdfe_max_age_hours: int = 720
    """MDF-e dhEmi older than this is 228."""
    nfse_cancel_window_hours: int = 720
    """NFS-e cancellation (e101101) later than this after the NFS-e is E0822; in the national
    system the deadline is a parameter of the issuing municipality."""
    async_tmed_seconds: int = 1
    """tMed announced in 103 answers; the receipt is ready after it elapses (until then 105)."""
    query_limit_per_hour: int = 10
    """More queries of one key per hour from one caller than this is 656 (CT-e 678); NT 2018.002."""
    faults: tuple[Mapping[str, Any], ...] = field(default_factory=tuple)
    """Faults active from start (same JSON objects as ``POST /_admin/faults``)."""
    ver_aplic: str = "SIMULADOR_1.0"

    def with_overrides(self, **values: Any) -> Settings:
        """A copy with some fields replaced (unknown names raise TypeError)."""
        return replace(self, **values)


_INT_FIELDS = (
    "port",
    "admin_port",
    "seed",
    "future_tolerance_seconds",
    "nfe_max_age_hours",
    "nfce_max_age_minutes",
    "nfce_offline_deadline_hours",
    "cte_max_age_hours",
    "mdfe_max_age_hours",
    "nfse_cancel_window_hours",
    "async_tmed_seconds",
    "query_limit_per_hour",
)
_PATH_FIELDS = ("ca_cert", "ca_key", "trust_bundle")


def from_environment(
    data_dir: Path, env: Mapping[str, str] | None = None, **explicit: Any
) -> Settings:
    """Settings from ``FISCAL_SIM_*`` variables; explicit keywords win."""
    source = os.environ if env is None else env
    values: dict[str, Any] = {}
    for name in _INT_FIELDS:
        if f"{ENV_PREFIX}{name.upper()}" in source:
            values[name] = _int(source, name)
    for name in _PATH_FIELDS:
        if source.get(f"{ENV_PREFIX}{name.upper()}"):
            values[name] = Path(source[f"{ENV_PREFIX}{name.upper()}"])
    if source.get(f"{ENV_PREFIX}HOST"):
        values["host"] = source[f"{ENV_PREFIX}HOST"]
    if source.get(f"{ENV_PREFIX}FAULTS"):
        values["faults"] = _faults(source[f"{ENV_PREFIX}FAULTS"])
    values.update({k: v for k, v in explicit.items() if v is not None})
    return Settings(data_dir=data_dir, **values)


def _int(source: Mapping[str, str], name: str) -> int:
    raw = source[f"{ENV_PREFIX}{name.upper()}"]
    try:
        return int(raw)
    except ValueError as exc:
        raise SimulatorConfigError(f"{ENV_PREFIX}{name.upper()} must be an integer") from exc


def _faults(raw: str) -> tuple[Mapping[str, Any], ...]:
    """``FISCAL_SIM_FAULTS`` holds a JSON object or a JSON list of objects."""
    try:
        parsed = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise SimulatorConfigError(f"{ENV_PREFIX}FAULTS is not JSON: {exc}") from exc
    items = parsed if isinstance(parsed, list) else [parsed]
    if not all(isinstance(item, dict) for item in items):
        raise SimulatorConfigError(f"{ENV_PREFIX}FAULTS must hold JSON objects")
    return tuple(items)
