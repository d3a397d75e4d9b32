"""Per-authority outages on demand: a UF (or a shared authorizer) goes down and comes back.

Unlike a fault (scoped by caller, series or tag, see faults.py), an outage is scoped by *whose*
service fails: a UF acronym (``SP``: its own authorizer, or its requests at a shared one such as
SVRS) or an authority key of nfelib's tables (``SVRS``, ``SVAN``, ``SVC-AN``, ``SVC-RS``, ``AN``),
optionally one family (nfe, cte, mdfe), one model (55, 65) and one service.

How a paralysed authority answers: the status service answers cStat 108/109 (sped-nfe
docs/cStat.md), and every other service, by default, answers its own message with the same cStat:
the manuals list 108/109 among the "validação inicial da mensagem" codes of every web service
(Manual EPEC §3.6, "regras idênticas aos demais Web Services"), and an NF-e authorization in
MT answered 109 in 2022 (ZeusAutomacao/DFe.NET#1326). ``others`` makes the other services fail
the other ways real outages are seen instead: an HTTP 5xx error page (DFe.NET#900), a
connection reset (Samuel-Oliveira/Java_NFe#193) or a hang past the client timeout
(nfephp-org/sped-nfe#587).
"""

from __future__ import annotations

import enum
import itertools
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from simulator.authority import UF_CODES
from simulator.errors import SimulatorConfigError
from simulator.request_facts import Facts
from simulator.routing import Route

STATUS_SERVICES = frozenset({"NFeStatusServico4", "CTeStatusServicoV4", "MDFeStatusServico"})
CONTINGENCY_AUTHORITIES = frozenset({"SVC-AN", "SVC-RS", "SVC-SP", "AN", "SP-EPEC"})
"""Authorities that a UF's outage never reaches: they exist to replace it (SP-EPEC: SEFAZ-SP's
EPEC of the NFC-e, simulator/epec_nfce.py; an outage targeting ``SP-EPEC`` takes it down)."""


class OutageMode(enum.Enum):
    """How the authority fails. Values are the wire names of ``POST /_admin/outages``."""

    PARALYSED = "paralysed"
    """Status answers ``code`` (108/109); other services as ``others`` says."""
    TIMEOUT = "timeout"
    """Every request hangs ``seconds`` (or until the outage is cleared), then the connection is
    dropped; nothing is processed."""
    RESET = "reset"
    """The connection is reset (TCP RST) as soon as the request arrives; nothing is processed."""
    REFUSED = "refused"
    """Same as reset: every authority shares one listening port, so a refusal can only happen
    once the request names its endpoint (see the README)."""
    HTTP_ERROR = "http_error"
    """HTTP ``status`` (default 503) with a SOAP fault; nothing is processed."""


OTHERS = frozenset({"cstat", "http_error", "reset", "timeout"})


@dataclass(frozen=True)
class Outage:
    """One authority down, as configured through the admin API."""

    id: int
    target: str
    mode: OutageMode
    family: str | None = None
    model: str | None = None
    service: str | None = None
    code: str = "109"
    others: str = "cstat"
    status: int = 503
    seconds: float = 60.0
    released: threading.Event = field(default_factory=threading.Event, compare=False, repr=False)

    def describe(self) -> dict[str, Any]:
        return {
            "id": self.id, "target": self.target, "mode": self.mode.value, "family": self.family,
            "model": self.model, "service": self.service, "code": self.code,
            "others": self.others, "status": self.status, "seconds": self.seconds,
        }  # fmt: skip

    def affects(self, route: Route, facts: Facts) -> bool:
        """True when this outage takes down the service the request reached."""
        if self.family and self.family != route.family.value:
            return False
        if self.service and self.service.lower() != route.service.lower():
            return False
        if self.model and facts.model and self.model != facts.model:
            return False
        if self.target == route.authority:
            return True
        return (
            self.target in UF_CODES.values()
            and route.authority not in CONTINGENCY_AUTHORITIES
            and facts.uf == self.target
        )

    def affects_uf(self, uf: str, family: str, model: str) -> bool:
        """Whether the UF's own service of this family/model is down (for the SVC sync)."""
        if self.family and self.family != family:
            return False
        if self.model and self.model != model:
            return False
        return self.target == uf

    def effect(self, service: str) -> str:
        """What the request gets: ``cstat`` (``code``), ``timeout``, ``reset`` or ``http_error``."""
        if self.mode is OutageMode.PARALYSED:
            return "cstat" if service in STATUS_SERVICES else self.others
        if self.mode is OutageMode.REFUSED:
            return "reset"
        value: str = self.mode.value
        return value


def parse_outage(spec: Mapping[str, Any], outage_id: int) -> Outage:
    """Validate one JSON description (``target`` or its aliases ``uf`` / ``authority``)."""
    target = spec.get("target") or spec.get("uf") or spec.get("authority")
    if not target:
        raise SimulatorConfigError("outage needs a 'target' (UF such as SP, or SVRS, AN, ...)")
    try:
        mode = OutageMode(spec.get("mode", "paralysed"))
    except ValueError as exc:
        modes = ", ".join(m.value for m in OutageMode)
        raise SimulatorConfigError(f"outage 'mode' must be one of: {modes}") from exc
    outage = Outage(
        id=outage_id, target=_target(str(target)), mode=mode,
        family=_optional(spec.get("family")), model=_optional(spec.get("model")),
        service=_optional(spec.get("service")), code=str(spec.get("code", "109")),
        others=str(spec.get("others", "cstat")), status=int(spec.get("status", 503)),
        seconds=float(spec.get("seconds", 60.0)),
    )  # fmt: skip
    _check(outage)
    return outage


def _target(value: str) -> str:
    """``SP``, ``35`` (a cUF) or an authority key; cUFs become acronyms."""
    upper = value.strip().upper()
    return UF_CODES.get(upper, upper)


def _optional(value: Any) -> str | None:
    return None if value in (None, "") else str(value)


def _chosen(outage: Outage, outage_id: int | None, target: str | None) -> bool:
    return (outage_id is None or outage.id == outage_id) and (
        target is None or outage.target == target
    )


def _check(outage: Outage) -> None:
    if outage.code not in ("108", "109"):
        raise SimulatorConfigError("outage 'code' takes 108 or 109")
    if outage.others not in OTHERS:
        raise SimulatorConfigError(f"outage 'others' must be one of: {', '.join(sorted(OTHERS))}")
    if outage.family not in (None, "nfe", "cte", "mdfe"):
        raise SimulatorConfigError("outage 'family' must be nfe, cte or mdfe")
    if outage.model not in (None, "55", "65", "57", "67", "58"):
        raise SimulatorConfigError("outage 'model' must be 55, 65, 57, 67 or 58")


class OutageBook:
    """The outages in force; thread-safe. Clearing one releases the requests it holds."""

    def __init__(self) -> None:
        self._outages: list[Outage] = []
        self._ids = itertools.count(1)
        self._lock = threading.Lock()

    def add_all(self, specs: Iterable[Mapping[str, Any]]) -> list[Outage]:
        with self._lock:
            added = [parse_outage(spec, next(self._ids)) for spec in specs]
            self._outages.extend(added)
        return added

    def active(self) -> list[Outage]:
        with self._lock:
            return list(self._outages)

    def find(self, route: Route, facts: Facts) -> Outage | None:
        with self._lock:
            return next((o for o in self._outages if o.affects(route, facts)), None)

    def uf_down(self, uf: str, family: str = "nfe", model: str = "55") -> bool:
        with self._lock:
            return any(o.affects_uf(uf, family, model) for o in self._outages)

    def clear(self, *, outage_id: int | None = None, target: str | None = None) -> list[Outage]:
        """Remove one outage (by id), those of one target, or all; returns the removed ones."""
        wanted = None if target is None else _target(target)
        with self._lock:
            removed = [o for o in self._outages if _chosen(o, outage_id, wanted)]
            self._outages = [o for o in self._outages if o not in removed]
        for outage in removed:
            outage.released.set()
        return removed
