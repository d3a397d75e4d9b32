"""The circuit breaker's rules, as pure functions: what one observation does to a state.

- a delivered answer of any kind (authorized, rejected, denied, throttled...), or a status
  107 in time: ONLINE, failures 0;
- a status 107 slower than `authority_slow_seconds` (or announcing a `tMed` above it):
  DEGRADADA, failures 0;
- a status 108/109 (or an answer carrying them): FORA;
- a request not delivered (`NotSent`) or uncertain (`Uncertain`: a timeout after sending...):
  failures + 1, DEGRADADA, FORA from `authority_failures_to_open` failures on (FORA stays FORA).

A rejection is the authority working: it never counts against it. Nor does a refused client
certificate (the company's problem, not the authority's).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from service.authorities.models import AuthorityStatus

FORA_KIND = "autoridade.fora"
NORMALIZADA_KIND = "autoridade.normalizada"
KINDS = (FORA_KIND, NORMALIZADA_KIND)
"""The webhook kinds of the authorities' transitions."""


class Signal(StrEnum):
    """What one observation says of the authority."""

    REACHED = "reached"
    SLOW = "slow"
    PAUSED = "paused"
    FAILED = "failed"


@dataclass(frozen=True)
class Health:
    status: AuthorityStatus
    failures: int = 0
    fora_announced: bool = False

    @property
    def healthy(self) -> bool:
        """ONLINE without failures: a delivered answer changes nothing (no write)."""
        return self.status is AuthorityStatus.ONLINE and self.failures == 0


HEALTHY = Health(AuthorityStatus.ONLINE)


def after(current: Health, signal: Signal, failures_to_open: int) -> Health:
    """The state after one observation (the table above)."""
    announced = current.fora_announced
    if signal is Signal.REACHED:
        return Health(AuthorityStatus.ONLINE, 0, announced)
    if signal is Signal.SLOW:
        return Health(AuthorityStatus.DEGRADADA, 0, announced)
    if signal is Signal.PAUSED:
        return Health(AuthorityStatus.FORA, current.failures, announced)
    failures = current.failures + 1
    opened = failures >= failures_to_open or current.status is AuthorityStatus.FORA
    status = AuthorityStatus.FORA if opened else AuthorityStatus.DEGRADADA
    return Health(status, failures, announced)


def announcement(now: Health) -> tuple[str | None, Health]:
    """The webhook a new state sends, and the state with the notice recorded:
    `autoridade.fora` on entering FORA, `autoridade.normalizada` on reaching ONLINE after it
    (through DEGRADADA too); none otherwise, nor a second `fora` before the `normalizada`."""
    if now.status is AuthorityStatus.FORA and not now.fora_announced:
        return FORA_KIND, Health(now.status, now.failures, True)
    if now.status is AuthorityStatus.ONLINE and now.fora_announced:
        return NORMALIZADA_KIND, Health(now.status, now.failures, False)
    return None, now
