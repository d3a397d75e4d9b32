"""The circuit breaker: every answer the authorities give (or fail to give) kept per authority.

The lifecycle calls it right after each transmission (`service.issuance.outcome.send`): the
client is named after its authority when it is built (`watch`), and `observe` classifies the
outcome (`state`). A delivered answer while the authority is ONLINE without failures costs
nothing: each process keeps a small view of the authorities it saw healthy (`View`) and trusts
it for `defaults.VIEW_SECONDS`, then reads the row once. A failure, and any change of state,
is written in its own short transaction under the row's lock (created on first need), with
the webhook of the transition (`announce`) in the same transaction. Bookkeeping that fails is
logged and never fails the issuance that reported it.
"""

from __future__ import annotations

import contextlib
import logging
import time
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any, TypeVar

from flask import current_app
from sqlalchemy import select
from sqlalchemy.orm import Session

from documents.transmission.outcome import (
    NotSent,
    Rejected,
    ServiceStatus,
    Throttled,
    Uncertain,
    UncertainReason,
)
from service import runtime
from service.authorities import announce, defaults
from service.authorities import state as rules
from service.authorities.keys import AuthorityKey, of_document
from service.authorities.models import AuthorityState, AuthorityStatus
from service.authorities.state import Health, Signal
from service.db import insert_ignoring_conflicts, transaction, utcnow
from service.issuance import contingency
from service.issuance.models import FiscalDocument
from service.issuance.not_delivered import CAUSES
from service.runtime import Runtime

log = logging.getLogger("service.authorities")
T = TypeVar("T")

PAUSED_CODES = frozenset({"108", "109"})
"""The status service's "paralisado" (short term / without forecast): the authority is FORA."""
UNCERTAIN_CAUSES = {
    UncertainReason.CONNECTION_LOST: "a conexão caiu antes da resposta da autoridade",
    UncertainReason.READ_TIMEOUT: "a autoridade não respondeu dentro do tempo limite",
    UncertainReason.HTTP_STATUS: "a autoridade respondeu com erro HTTP",
    UncertainReason.SERVICE_PAUSED: "serviço da autoridade paralisado",
    UncertainReason.AUTHORITY_ERROR: "a autoridade informou erro interno",
    UncertainReason.UNREADABLE_ANSWER: "a resposta da autoridade não pôde ser lida",
    UncertainReason.STILL_PROCESSING: "a autoridade ainda processa o pedido",
}
"""Portuguese cause of each uncertain answer, as the last answer of a failure."""
_KEY_ATTRIBUTE = "_fiscal_authority"


@dataclass(frozen=True)
class Observation:
    """One thing learned of an authority: its signal and the answer (or cause) to keep."""

    signal: Signal
    c_stat: str | None = None
    motivo: str | None = None
    causa: str | None = None
    probe: bool = False
    """An answer of the status service (also marks `verificado_em`, always written)."""


# -- classification ------------------------------------------------------------------------


def failure(outcome: NotSent | Uncertain) -> Observation | None:
    """A request that was not answered; None for a refused client certificate (the
    authority is working: it is the company's certificate that it does not trust)."""
    if isinstance(outcome, NotSent):
        if outcome.certificate_refused:
            return None
        return Observation(Signal.FAILED, motivo=CAUSES[outcome.reason], causa=outcome.reason)
    if outcome.cStat in PAUSED_CODES:
        return Observation(Signal.PAUSED, outcome.cStat, UNCERTAIN_CAUSES[outcome.reason])
    if outcome.reason is UncertainReason.STILL_PROCESSING:
        return Observation(Signal.REACHED, outcome.cStat)
    return Observation(
        Signal.FAILED, outcome.cStat, UNCERTAIN_CAUSES[outcome.reason], causa=outcome.reason
    )


def classify(outcome: object) -> Observation | None:
    """What a transmission's outcome says: failures as `failure`; any other answer (authorized,
    rejected, denied, throttled, received...) is the authority working."""
    if isinstance(outcome, NotSent | Uncertain):
        return failure(outcome)
    return Observation(
        Signal.REACHED, getattr(outcome, "cStat", None), getattr(outcome, "xMotivo", None)
    )


def classify_status(outcome: object, elapsed: float, slow_seconds: float) -> Observation | None:
    """What a status probe's answer says: 107 in time ONLINE, slow DEGRADADA, 108/109 FORA;
    another refusal is still an answer (reachable); failures as `failure`."""
    if isinstance(outcome, NotSent | Uncertain):
        found = failure(outcome)
        return None if found is None else replace(found, probe=True)
    if isinstance(outcome, ServiceStatus):
        if outcome.cStat in PAUSED_CODES:
            signal = Signal.PAUSED
        elif elapsed > slow_seconds or (outcome.tMed or 0) > slow_seconds:
            signal = Signal.SLOW
        else:
            signal = Signal.REACHED
        return Observation(signal, outcome.cStat, outcome.xMotivo, probe=True)
    answered = outcome if isinstance(outcome, Rejected | Throttled) else None
    c_stat = answered.cStat if answered else None
    motivo = answered.xMotivo if answered else None
    return Observation(Signal.REACHED, c_stat, motivo, probe=True)


# -- the lifecycle's hook -----------------------------------------------------------------


def watch(client: T, document: FiscalDocument) -> T:
    """`client`, named after the authority `document` goes to, for `observe`."""
    key = of_document(document)
    if key is not None:
        with contextlib.suppress(AttributeError):  # one that takes none is not observed
            setattr(client, _KEY_ATTRIBUTE, key)
    return client


def observe(client: object, outcome: object) -> None:
    """Record what a transmission through a `watch`ed client answered."""
    key = getattr(client, _KEY_ATTRIBUTE, None)
    observation = classify(outcome) if isinstance(key, AuthorityKey) else None
    if key is None or observation is None:
        return
    try:
        record(runtime.current(), key, observation)
    except Exception:  # the issuance already has its answer; the probe will see the state
        log.exception("authority state not recorded", extra={"autorizador": key.autorizador})


def delivered(rt: Runtime, key: AuthorityKey) -> None:
    """The authority answered (whatever it answered)."""
    record(rt, key, Observation(Signal.REACHED))


def not_delivered(rt: Runtime, key: AuthorityKey, cause: NotSent | Uncertain) -> None:
    """A request to the authority was not delivered, or its answer was lost."""
    observation = failure(cause)
    if observation is not None:
        record(rt, key, observation)


# -- the state ----------------------------------------------------------------------------


class View:
    """This process's view of the authorities it last saw healthy, and since when."""

    def __init__(self) -> None:
        self._seen: dict[AuthorityKey, tuple[Health, float]] = {}

    def trusts(self, key: AuthorityKey) -> bool:
        """Healthy, as seen less than `VIEW_SECONDS` ago: a delivered answer changes nothing."""
        seen = self._seen.get(key)
        return seen is not None and seen[0].healthy and (
            time.monotonic() - seen[1] < defaults.VIEW_SECONDS
        )  # fmt: skip

    def recent(self, key: AuthorityKey) -> Health | None:
        """The state seen less than `VIEW_SECONDS` ago, healthy or not; None when older."""
        seen = self._seen.get(key)
        if seen is None or time.monotonic() - seen[1] >= defaults.VIEW_SECONDS:
            return None
        return seen[0]

    def put(self, key: AuthorityKey, health: Health) -> None:
        self._seen[key] = (health, time.monotonic())

    def forget(self) -> None:
        self._seen.clear()


def view() -> View:
    """The app's view (one per app: tests run several in one process)."""
    found: View = current_app.extensions.setdefault("fiscal_authorities", View())
    return found


def record(rt: Runtime, key: AuthorityKey, observation: Observation) -> Health:
    """Apply one observation: nothing at all for a delivered answer the view trusts; one read
    when the view is stale and the row healthy; else one transaction under the row lock."""
    seen = view()
    if observation.signal is Signal.REACHED and not observation.probe:
        if seen.trusts(key):
            return rules.HEALTHY
        current = read(rt, key)
        if current is None or current.healthy:
            seen.put(key, rules.HEALTHY)
            return rules.HEALTHY
    health = _written(rt, key, observation)
    seen.put(key, health)
    return health


def current(session: Session, key: AuthorityKey) -> Health:
    """The authority's state for a decision (contingency): as this process saw it within
    `VIEW_SECONDS`, else as its row holds it (one read in `session`, the request's own, then
    trusted as long)."""
    seen = view()
    recent = seen.recent(key)
    if recent is not None:
        return recent
    row = session.get(AuthorityState, (key.modelo, key.autorizador, key.ambiente))
    health = rules.HEALTHY if row is None else health_of(row)
    seen.put(key, health)
    return health


def read(rt: Runtime, key: AuthorityKey) -> Health | None:
    """The authority's state as its row holds it (None: never recorded)."""
    with transaction(rt.sessions) as session:
        row = session.get(AuthorityState, (key.modelo, key.autorizador, key.ambiente))
        return None if row is None else health_of(row)


def health_of(row: AuthorityState) -> Health:
    return Health(AuthorityStatus(row.status), row.falhas_consecutivas, row.fora_anunciada)


def _written(rt: Runtime, key: AuthorityKey, observation: Observation) -> Health:
    now = utcnow()
    with transaction(rt.sessions) as session:
        row = locked(session, key, now)
        before = health_of(row)
        if observation.signal is Signal.REACHED and before.healthy and not observation.probe:
            return before
        health = rules.after(before, observation.signal, rt.settings.authority_failures_to_open)
        kind, health = rules.announcement(health)
        _write(row, health, observation, now, rt.settings.authority_probe_unhealthy_seconds)
        if kind is not None:
            session.flush()
            announce.publish(session, row, kind)
        if health.status is AuthorityStatus.ONLINE and before.status is not AuthorityStatus.ONLINE:
            contingency.close_automatic(session, key.autorizador, key.modelo, key.ambiente, now)
    if kind is not None or health.status != before.status:
        log.warning(
            "authority %s %s %s: %s -> %s (%s)", key.modelo, key.autorizador, key.ambiente,
            before.status, health.status, observation.motivo or observation.c_stat,
        )  # fmt: skip
    return health


def locked(session: Session, key: AuthorityKey, now: datetime) -> AuthorityState:
    """The authority's row under its lock, created ONLINE when it is the first time."""
    columns = ["modelo", "autorizador", "ambiente"]
    insert = insert_ignoring_conflicts(session, AuthorityState, columns)
    session.execute(insert.values(**new_row(key, now)))
    query = select(AuthorityState).where(*where(key)).with_for_update()
    return session.execute(query).scalar_one()


def new_row(key: AuthorityKey, now: datetime, due: datetime | None = None) -> dict[str, Any]:
    """The values of a row never written before: ONLINE since now, no answer yet."""
    return {
        "modelo": key.modelo, "autorizador": key.autorizador, "ambiente": key.ambiente,
        "status": AuthorityStatus.ONLINE.value, "desde": now, "falhas_consecutivas": 0,
        "fora_anunciada": False, "proxima_verificacao": due, "updated_at": now,
    }  # fmt: skip


KEY_COLUMNS = (AuthorityState.modelo, AuthorityState.autorizador, AuthorityState.ambiente)
"""The row's primary key, in `AuthorityKey` order."""


def where(key: AuthorityKey) -> tuple[Any, ...]:
    table = AuthorityState
    return (
        table.modelo == key.modelo,
        table.autorizador == key.autorizador,
        table.ambiente == key.ambiente,
    )


def _write(
    row: AuthorityState, health: Health, seen: Observation, now: datetime, unhealthy: float
) -> None:
    if row.status != health.status:
        row.status, row.desde = health.status.value, now
    row.falhas_consecutivas, row.fora_anunciada = health.failures, health.fora_announced
    row.c_stat, row.motivo = seen.c_stat, (seen.motivo or None) and seen.motivo[:500]
    row.causa, row.respondido_em = seen.causa, now
    if seen.probe:
        row.verificado_em = now
    if not health.healthy:  # an authority in trouble is asked again sooner
        sooner = now + timedelta(seconds=unhealthy)
        due = row.proxima_verificacao
        row.proxima_verificacao = sooner if due is None or due > sooner else due
    row.updated_at = now
