"""Fault injection: scoped, counted and seeded, so parallel tests never disturb each other and a
failing run replays exactly.

A fault applies to a request when every part of its scope matches: ``*`` (everything),
``cnpj:<id>`` (the CNPJ/CPF of the client certificate), ``series:<n>`` (the document series, known
after parsing), ``tag:<text>`` (the ``X-Simulator-Scope`` request header).
Parts are joined by commas.
"""

from __future__ import annotations

import enum
import itertools
import random
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from simulator.errors import SimulatorConfigError

SCOPE_HEADER = "X-Simulator-Scope"


class FaultKind(enum.Enum):
    """What goes wrong. Values are the wire names of the admin API and ``FISCAL_SIM_FAULTS``."""

    DELAY = "delay"
    """Sleep ``seconds`` before processing, then answer normally."""
    TIMEOUT = "timeout"
    """Sleep ``seconds``, then drop the connection without processing anything."""
    DROP_AFTER_PROCESSING = "drop_after_processing"
    """Process and commit (authorize), then drop the connection: the answer is lost."""
    HOLD_AFTER_PROCESSING = "hold_after_processing"
    """Process and commit (authorize), then wait ``seconds`` before answering: the caller sits
    between "sent" and "recorded" (tests kill it there)."""
    HTTP_ERROR = "http_error"
    """Answer HTTP ``status`` (default 503) without processing."""
    PARALYSED = "paralysed"
    """Answer the service's own message with ``code`` 108 or 109 without processing."""
    REJECT = "reject"
    """Run the checks, then reject with ``code``/``reason`` instead of authorizing."""
    QUERY_LIMIT = "query_limit"
    """Lower the per-hour query limit to ``limit`` before 656/678 (consumo indevido)."""


PRE_PROCESSING = (FaultKind.DELAY, FaultKind.TIMEOUT, FaultKind.HTTP_ERROR, FaultKind.PARALYSED)


@dataclass(frozen=True)
class Fault:
    """One injected fault as configured."""

    id: int
    kind: FaultKind
    scope: str = "*"
    service: str | None = None
    times: int | None = None
    probability: float = 1.0
    seconds: float = 0.0
    status: int = 503
    code: str | None = None
    reason: str | None = None
    limit: int | None = None

    def describe(self) -> dict[str, Any]:
        """JSON form for the admin API."""
        return {
            "id": self.id,
            "kind": self.kind.value,
            "scope": self.scope,
            "service": self.service,
            "times": self.times,
            "probability": self.probability,
            "seconds": self.seconds,
            "status": self.status,
            "code": self.code,
            "reason": self.reason,
            "limit": self.limit,
        }


@dataclass(frozen=True)
class RequestScope:
    """What a request is, for matching fault scopes."""

    service: str
    caller: str | None = None
    tag: str | None = None
    series: str | None = None

    def matches(self, scope: str) -> bool:
        return all(self._part(part.strip()) for part in scope.split(",") if part.strip())

    def _part(self, part: str) -> bool:
        if part == "*":
            return True
        name, _, value = part.partition(":")
        actual = {"cnpj": self.caller, "cpf": self.caller, "tag": self.tag}.get(name)
        if name == "series":
            return self.series is not None and int(value) == int(self.series)
        return actual is not None and actual == value


def parse_fault(spec: Mapping[str, Any], fault_id: int) -> Fault:
    """Validate one JSON fault description."""
    try:
        kind = FaultKind(spec["kind"])
    except (KeyError, ValueError) as exc:
        kinds = ", ".join(k.value for k in FaultKind)
        raise SimulatorConfigError(f"fault needs 'kind' among: {kinds}") from exc
    fault = Fault(
        id=fault_id,
        kind=kind,
        scope=str(spec.get("scope", "*")),
        service=spec.get("service"),
        times=_optional_int(spec.get("times")),
        probability=float(spec.get("probability", 1.0)),
        seconds=float(spec.get("seconds", 0.0)),
        status=int(spec.get("status", 503)),
        code=None if spec.get("code") is None else str(spec["code"]),
        reason=spec.get("reason"),
        limit=_optional_int(spec.get("limit")),
    )
    _check(fault)
    return fault


def _optional_int(value: Any) -> int | None:
    return None if value is None else int(value)


def _check(fault: Fault) -> None:
    if fault.kind in (FaultKind.PARALYSED, FaultKind.REJECT) and not fault.code:
        raise SimulatorConfigError(f"fault '{fault.kind.value}' needs a 'code'")
    if fault.kind is FaultKind.PARALYSED and fault.code not in ("108", "109"):
        raise SimulatorConfigError("fault 'paralysed' takes code 108 or 109")
    if fault.kind is FaultKind.QUERY_LIMIT and fault.limit is None:
        raise SimulatorConfigError("fault 'query_limit' needs a 'limit'")
    if not 0.0 <= fault.probability <= 1.0:
        raise SimulatorConfigError("probability must be between 0 and 1")


class FaultBook:
    """The active faults; thread-safe; random draws come from one seeded generator."""

    def __init__(self, seed: int) -> None:
        self._faults: list[Fault] = []
        self._ids = itertools.count(1)
        self._rng = random.Random(seed)
        self._lock = threading.Lock()

    def add_all(self, specs: Iterable[Mapping[str, Any]]) -> list[Fault]:
        added = []
        with self._lock:
            for spec in specs:
                fault = parse_fault(spec, next(self._ids))
                self._faults.append(fault)
                added.append(fault)
        return added

    def clear(self, scope: str | None = None) -> int:
        """Remove the faults of one scope (all of them when ``scope`` is None)."""
        with self._lock:
            kept = [f for f in self._faults if scope is not None and f.scope != scope]
            removed = len(self._faults) - len(kept)
            self._faults = kept
        return removed

    def active(self) -> list[Fault]:
        with self._lock:
            return list(self._faults)

    def take(
        self,
        kinds: Iterable[FaultKind],
        request: RequestScope,
        *,
        taken: Iterable[int] = (),
    ) -> Fault | None:
        """The first matching fault of one of ``kinds``, consuming one of its ``times``.

        ``taken`` lists the ids this request already took: a request takes each fault at most
        once, so a fault without ``times`` (in force until cleared) still lets it through.
        """
        wanted = tuple(kinds)
        skip = frozenset(taken)
        with self._lock:
            for index, fault in enumerate(self._faults):
                if fault.id in skip:
                    continue
                if fault.kind in wanted and self._applies(fault, request):
                    self._consume(index, fault)
                    return fault
        return None

    def _applies(self, fault: Fault, request: RequestScope) -> bool:
        if fault.service and fault.service.lower() != request.service.lower():
            return False
        if not request.matches(fault.scope):
            return False
        return fault.probability >= 1.0 or self._rng.random() < fault.probability

    def _consume(self, index: int, fault: Fault) -> None:
        if fault.times is None:
            return
        if fault.times <= 1:
            del self._faults[index]
        else:
            self._faults[index] = replace(fault, times=fault.times - 1)
