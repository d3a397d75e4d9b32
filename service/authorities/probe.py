"""The scheduled probe: each authority some company uses is asked its status service.

Runs from the worker's periodic work (`service.queue.sweeper.sweep` under the sweepers' Redis
lock in production; the in-process worker's prober thread in the embedded mode). Whatever
runs it, one probe of an authority at a time across processes: a prober claims the row by
moving `proxima_verificacao` forward in one conditional UPDATE (`claim`). Every
`authority_probe_seconds` while ONLINE, every `authority_probe_unhealthy_seconds` while
DEGRADADA or FORA. The status request needs a client certificate (mutual TLS): that of any
active company the authority serves with a usable one. The national NFS-e system has no
status service: its state comes from the issuances alone.
"""

from __future__ import annotations

import logging
import time
from dataclasses import replace
from datetime import datetime, timedelta

from flask import Flask, current_app
from sqlalchemy import case, literal, or_, select, update

from documents.transmission.cte import CteClient
from documents.transmission.mdfe import MdfeClient
from documents.transmission.nfe import NfeClient
from documents.transmission.transport import SoapTransport
from service import runtime
from service.authorities import breaker, defaults
from service.authorities.keys import (
    PROBED_MODELS,
    AuthorityKey,
    models_of,
    of_modules,
    ufs_served,
)
from service.authorities.models import AuthorityState, AuthorityStatus
from service.companies.models import Company
from service.db import UTCDateTime, transaction, utcnow
from service.errors import ApiError
from service.issuance.authority import route
from service.issuance.credential_cache import CompanyCredentials
from service.issuance.credentials import credentials_for
from service.runtime import Runtime

log = logging.getLogger("service.authorities")
_DISCOVERED = "fiscal_authorities_discovered"
"""The app extension holding when this process last looked for the authorities in use."""


def probe_in(app: Flask) -> int:
    """The periodic work's entry: probe what is due when the settings ask for probes; never
    raises (the sweep it rides on must go on). Answers how many authorities were asked."""
    with app.app_context():
        rt = runtime.current()
        if not rt.settings.probes_authorities:
            return 0
        try:
            return probe_due(rt)
        except Exception:
            log.exception("authority probe failed")
            return 0


def probe_due(rt: Runtime) -> int:
    """Ask every probed authority whose probe is due (claimed first); how many were asked.
    The authorities the companies use are looked for at most every
    `authority_probe_unhealthy_seconds` (`_discover`); the due ones are read every time."""
    now = utcnow()
    _discover(rt, now)
    asked = 0
    for key in _due(rt, now):
        if claim(rt, key, now) and ask(rt, key, _candidates(rt, key), now):
            asked += 1
    return asked


def _discover(rt: Runtime, now: datetime) -> None:
    """Create the rows of authorities some active company uses and no row names yet (due
    now). Reads three columns of the active companies, so not at every sweep."""
    last: datetime | None = current_app.extensions.get(_DISCOVERED)
    if last is not None and now - last < timedelta(seconds=_every(rt)):
        return
    current_app.extensions[_DISCOVERED] = now
    columns = (Company.uf, Company.ambiente, Company.modulos)
    query = select(*columns).where(Company.ativo.is_(True), Company.uf.is_not(None))
    with transaction(rt.sessions) as session:
        used = {
            key
            for uf, ambiente, modulos in session.execute(query)
            for key in of_modules(uf, modulos, ambiente)
            if key.probed
        }
        have = {AuthorityKey(*r) for r in session.execute(select(*breaker.KEY_COLUMNS))}
        for key in sorted(used - have):
            session.add(AuthorityState(**breaker.new_row(key, now, due=now)))


def _every(rt: Runtime) -> float:
    return rt.settings.authority_probe_unhealthy_seconds


def _due(rt: Runtime, now: datetime) -> list[AuthorityKey]:
    """The probed authorities whose next probe is due."""
    table = AuthorityState
    due = or_(table.proxima_verificacao.is_(None), table.proxima_verificacao <= now)
    query = select(*breaker.KEY_COLUMNS).where(due, table.modelo.in_(PROBED_MODELS))
    with transaction(rt.sessions) as session:
        return sorted(AuthorityKey(*row) for row in session.execute(query))


def _candidates(rt: Runtime, key: AuthorityKey) -> list[Company]:
    """Active companies the authority serves, whose certificate the probe may use (in either
    environment: a certificate is the same in both)."""
    query = (
        select(Company)
        .where(Company.ativo.is_(True), Company.uf.in_(ufs_served(key)))
        .order_by(Company.created_at)
        .limit(defaults.PROBE_CANDIDATES * 10)
    )
    with transaction(rt.sessions) as session:
        found = list(session.execute(query).scalars())
    return [c for c in found if key.modelo in models_of(c)][: defaults.PROBE_CANDIDATES]


def claim(rt: Runtime, key: AuthorityKey, now: datetime) -> bool:
    """Take the authority's due probe: its next one is scheduled in the same statement, so no
    other prober takes this one (True only for the prober whose UPDATE changed the row)."""
    settings = rt.settings
    table = AuthorityState
    healthy = literal(now + timedelta(seconds=settings.authority_probe_seconds), UTCDateTime())
    unhealthy = now + timedelta(seconds=settings.authority_probe_unhealthy_seconds)
    nxt = case(
        (table.status == AuthorityStatus.ONLINE.value, healthy),
        else_=literal(unhealthy, UTCDateTime()),
    )
    statement = (
        update(table)
        .where(*breaker.where(key))
        .where(or_(table.proxima_verificacao.is_(None), table.proxima_verificacao <= now))
        .values(proxima_verificacao=nxt)
    )
    with transaction(rt.sessions) as session:
        return bool(session.execute(statement).rowcount)  # type: ignore[attr-defined]


def ask(rt: Runtime, key: AuthorityKey, companies: list[Company], now: datetime) -> bool:
    """Ask the status service with the certificate of one of `companies` (in order) and
    record the answer; False when none has a usable certificate (or each was refused)."""
    for company in companies:
        creds = _credentials(company, now)
        if creds is None:
            continue
        started = time.monotonic()
        outcome = _status(rt, key, company, creds)
        elapsed = time.monotonic() - started
        seen = breaker.classify_status(outcome, elapsed, rt.settings.authority_slow_seconds)
        if seen is not None:
            breaker.record(rt, key, seen)
            return True
    return False


def _credentials(company: Company, now: datetime) -> CompanyCredentials | None:
    try:
        return credentials_for(company, now)
    except ApiError:
        return None
    finally:
        runtime.end_request_transaction()  # SQLite: the read must not keep the write lock


def _status(rt: Runtime, key: AuthorityKey, company: Company, creds: CompanyCredentials) -> object:
    return status(rt, key.modelo, str(company.uf), key.ambiente, creds)


def status(
    rt: Runtime, modelo: str, uf: str, ambiente: str, creds: CompanyCredentials,
    tp_emis: str = "1",
) -> object:  # fmt: skip
    """One status request, with the probe's own (short) timeouts; `tp_emis` of an SVC asks
    the SVC whether it serves the UF."""
    timeout = rt.settings.authority_probe_timeout
    settings = rt.authority.transmission
    settings = replace(settings, connect_timeout=min(settings.connect_timeout, timeout),
                       read_timeout=timeout)  # fmt: skip
    transport = SoapTransport(settings, creds.tls)
    where = route(uf, ambiente, modelo, tp_emis)
    if modelo in ("55", "65"):
        return NfeClient(transport, where).status()
    if modelo in ("57", "67"):
        return CteClient(transport, where).status()
    return MdfeClient(transport, where).status()
