"""The distribution job: each company's NSU cursors walked forward, on a schedule that obeys the
authority. One cursor per (company, environment, familia): the AN's NF-e (NFeDistribuicaoDFe)
and CT-e (CTeDistribuicaoDFe) distributions, each with its own sequence and its own 137/138/656
rules, and the national NFS-e's ADN (`GET /contribuintes/DFe/{NSU}`), all under the same lease,
schedule and one-transaction-per-batch rules below. The ADN has no consumption limit and answers
404 when nothing is new: that is caught up, asked again after the same hour as the AN's 137.

Rules (NT 2014.002; `defaults`):
- one caller per CNPJ across workers and nodes: a cursor is claimed by one conditional UPDATE
  (due, and no live lease → lease it), like the queue's rows;
- 138 with more to come: ask again at once, at most `BATCHES_PER_ROUND` times a round;
- 137, or ultNSU = maxNSU: the next call an hour later, never sooner;
- 656: blocked for an hour and nothing asked before it ends (the offending call is not
  repeated, since a call inside the hour restarts it);
- NotSent / Uncertain / a refusal: a short backoff (`RETRY_SECONDS`);
- each batch is stored in one transaction with the cursor's move, so a crash loses or
  duplicates nothing: the batch is asked again from the same NSU.

Runs from the periodic work: the sweep (`service.queue.sweeper`) and the in-process worker's
thread of its own. Every time is `service.clock.utc_now()` (tests move it).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from flask import Flask
from sqlalchemy import or_, select, update
from sqlalchemy.sql.elements import ColumnElement

from documents.transmission.distribution import DistributionBatch, DistributionClient
from documents.transmission.nfse import AdnBatch, AdnDocument, NfseClient, NfseRejected
from documents.transmission.outcome import NotFound, Rejected, Throttled
from documents.transmission.services import Family
from service import clock, runtime
from service.companies.models import Company, Module
from service.db import insert_ignoring_conflicts, transaction
from service.errors import ApiError
from service.issuance.authority import route, tp_amb
from service.issuance.credential_cache import CompanyCredentials
from service.issuance.credentials import credentials_for
from service.received import defaults
from service.received.models import DistributionCursor, Familia
from service.received.store import Owner, store_documents, store_nfse
from service.runtime import Runtime
from service.wallet.operations import InsufficientBalance

log = logging.getLogger("service.received")


@dataclass(frozen=True)
class CursorKey:
    company_id: str
    ambiente: str
    familia: str = Familia.NFE.value

    def where(self) -> tuple[ColumnElement[bool], ...]:
        table = DistributionCursor
        return (table.company_id == self.company_id, table.ambiente == self.ambiente,
                table.familia == self.familia)  # fmt: skip


FAMILIES: tuple[Familia, ...] = (Familia.NFE, Familia.CTE, Familia.NFSE)
"""The distributions walked for every company with the `dfe` module."""
_CLIENT_FAMILY = {Familia.NFE.value: (Family.NFE, "55"), Familia.CTE.value: (Family.CTE, "57")}


@dataclass(frozen=True)
class AdnRound:
    """An ADN answer as the cursor sees it: documents (cStat-like "138"), or the 404 of nothing
    new ("137", caught up: the next call an hour later, as the AN's). `own` is the company's
    CNPJ (its own NFS-e, as provider, are not kept as received)."""

    cStat: str
    xMotivo: str
    ult_nsu: str
    max_nsu: str
    documents: tuple[AdnDocument, ...]
    own: str

    @property
    def caught_up(self) -> bool:
        return not self.documents

    @property
    def wait_seconds(self) -> int:
        return defaults.IDLE_SECONDS if self.caught_up else 0


Batch = DistributionBatch | AdnRound


def run_due(app: Flask, familias: tuple[Familia, ...] = FAMILIES) -> int:
    """The periodic work's entry; never raises (the sweep it rides on must go on). Answers
    how many distribution calls were made."""
    with app.app_context():
        try:
            return distribute_due(runtime.current(), familias)
        except Exception:
            log.exception("DF-e distribution failed")
            return 0


def distribute_due(rt: Runtime, familias: tuple[Familia, ...] = FAMILIES) -> int:
    """Every due cursor of an active company with the `dfe` module: claimed, then walked."""
    now = clock.utc_now()
    companies = _enabled(rt)
    _open_cursors(rt, companies, now, familias)
    asked = 0
    for key in _due(rt, now, set(companies), familias):
        company = companies.get(key.company_id)
        lease = claim(rt, key, now) if company is not None else None
        if company is not None and lease is not None:
            asked += _walk_guarded(rt, company, key, lease)
    return asked


def _walk_guarded(rt: Runtime, company: Company, key: CursorKey, lease: datetime) -> int:
    """One company's failure must not stop the others' distribution: logged, and its cursor
    tried again after the short backoff."""
    try:
        return walk(rt, company, key, lease)
    except Exception:
        log.exception("DF-e distribution of company %s failed", company.id)
        _finish(rt, key, lease, defaults.RETRY_SECONDS, "Erro interno na distribuição")
        return 0


def _enabled(rt: Runtime) -> dict[str, Company]:
    """Active companies with the `dfe` module and a CNPJ and UF (the request needs both)."""
    query = select(Company).where(Company.ativo.is_(True), Company.uf.is_not(None))
    with transaction(rt.sessions) as session:
        found = list(session.execute(query).scalars())
        session.expunge_all()
    return {c.id: c for c in found if Module.DFE.value in (c.modulos or []) and c.cnpj}


def _open_cursors(rt: Runtime, companies: dict[str, Company], now: datetime,
                  familias: tuple[Familia, ...]) -> None:  # fmt: skip
    """A cursor for each enabled company's environment and family, due now, from NSU 0 (the
    AN then answers the last 3 months). Racing creators are harmless: the insert ignores
    conflicts."""
    if not companies:
        return
    table = DistributionCursor
    with transaction(rt.sessions) as session:
        have = {tuple(row) for row in session.execute(
            select(table.company_id, table.ambiente, table.familia))}  # fmt: skip
        for company in companies.values():
            for familia in familias:
                if (company.id, company.ambiente, familia.value) in have:
                    continue
                statement = insert_ignoring_conflicts(
                    session, table, ["company_id", "ambiente", "familia"]
                ).values(company_id=company.id, ambiente=company.ambiente, familia=familia.value,
                         ult_nsu="0", max_nsu="0", proxima_consulta=now,
                         consultas_chave_contagem=0, updated_at=now)  # fmt: skip
                session.execute(statement)


def _due(rt: Runtime, now: datetime, enabled: set[str],
         familias: tuple[Familia, ...]) -> list[CursorKey]:  # fmt: skip
    """Due, unleased cursors of the enabled companies (a company that left the module keeps
    its cursor, not asked, for when it comes back), the longest waiting first."""
    if not enabled:
        return []
    table = DistributionCursor
    query = (
        select(table.company_id, table.ambiente, table.familia)
        .where(table.familia.in_([f.value for f in familias]), table.proxima_consulta <= now)
        .where(table.company_id.in_(sorted(enabled)))
        .where(or_(table.lease_ate.is_(None), table.lease_ate < now))
        .order_by(table.proxima_consulta)
        .limit(defaults.COMPANIES_PER_ROUND)
    )
    with transaction(rt.sessions) as session:
        return [CursorKey(*row) for row in session.execute(query)]


def claim(rt: Runtime, key: CursorKey, now: datetime) -> datetime | None:
    """Lease the cursor if it is due and nobody holds it: one statement, so of two workers
    (or nodes) only the one whose UPDATE changed the row asks. Answers the lease (the
    caller's token for its writes), or None."""
    table = DistributionCursor
    lease = now + timedelta(seconds=defaults.LEASE_SECONDS)
    statement = (
        update(table)
        .where(*key.where(), table.proxima_consulta <= now)
        .where(or_(table.lease_ate.is_(None), table.lease_ate < now))
        .values(lease_ate=lease)
    )
    with transaction(rt.sessions) as session:
        changed = session.execute(statement).rowcount  # type: ignore[attr-defined]
    return lease if changed else None


NO_CREDIT = "Saldo insuficiente para o preço dos documentos recebidos (PRICE_DFE)"


def walk(rt: Runtime, company: Company, key: CursorKey, lease: datetime) -> int:
    """One round of one company: distNSU from its cursor until caught up, blocked, failed or
    out of batches; the lease is released with the last write. Answers the calls made."""
    creds = _credentials(company)
    if creds is None:
        _finish(rt, key, lease, defaults.IDLE_SECONDS, "Certificado A1 ausente ou vencido")
        return 0
    ask = _source(rt, creds, company, key)
    owner = Owner(company.account_id, company.id, key.ambiente)
    ult_nsu = _cursor(rt, key).ult_nsu
    calls = 0
    for _ in range(defaults.BATCHES_PER_ROUND):
        outcome = ask(ult_nsu)
        calls += 1
        if not isinstance(outcome, DistributionBatch | AdnRound):
            _failed(rt, key, lease, outcome)
            return calls
        try:
            stored = _stored(rt, key, lease, owner, outcome)
        except InsufficientBalance:
            _finish(rt, key, lease, defaults.IDLE_SECONDS, NO_CREDIT)
            return calls
        if stored is not True:
            if stored is False:  # not stored: asked again, not within the AN's hour
                _finish(rt, key, lease, _after_loss(outcome), "Lote não gravado")
            return calls  # (None: the lease was lost, whoever holds it now goes on)
        if outcome.caught_up:
            break
        ult_nsu = outcome.ult_nsu
    else:
        _finish(rt, key, lease, 0, None)  # more to come: due again at the next run
        return calls
    _finish(rt, key, lease, max(defaults.IDLE_SECONDS, outcome.wait_seconds), None)
    if key.familia == Familia.NFE.value:
        from service.received.manifestation import automatic_awareness

        automatic_awareness(rt, company, key.ambiente)
    return calls


def _source(rt: Runtime, creds: CompanyCredentials, company: Company,
            key: CursorKey) -> Callable[[str], object]:  # fmt: skip
    """The call that asks the family's distribution for what follows an NSU."""
    cnpj = str(company.cnpj)
    if key.familia == Familia.NFSE.value:
        adn = NfseClient(rt.authority.transmission, creds.tls, tp_amb(key.ambiente))
        return lambda ult_nsu: _ask_adn(adn, cnpj, ult_nsu)
    family, model = _CLIENT_FAMILY[key.familia]
    client = DistributionClient(
        rt.authority.transport(creds), route(str(company.uf), key.ambiente, model), family
    )
    return lambda ult_nsu: client.by_nsu(cnpj, ult_nsu)


def _ask_adn(client: NfseClient, cnpj: str, ult_nsu: str) -> object:
    """The ADN from the NSU after the last one read (it answers from the NSU given on)."""
    last = int(ult_nsu)
    outcome = client.distribution(last + 1, cnpj)
    if isinstance(outcome, NotFound):
        here = f"{last:015d}"
        return AdnRound("137", "NENHUM_DOCUMENTO_LOCALIZADO", here, here, (), cnpj)
    if isinstance(outcome, AdnBatch):
        moved = f"{max(last, outcome.last_nsu):015d}"
        return AdnRound("138", "DOCUMENTOS_LOCALIZADOS", moved, moved, outcome.documents, cnpj)
    return outcome


def _credentials(company: Company) -> CompanyCredentials | None:
    try:
        return credentials_for(company, clock.utc_now())
    except ApiError:
        return None
    finally:
        runtime.end_request_transaction()  # SQLite: the read must not keep the write lock


def _cursor(rt: Runtime, key: CursorKey) -> DistributionCursor:
    with transaction(rt.sessions) as session:
        cursor = session.execute(select(DistributionCursor).where(*key.where())).scalar_one()
        session.expunge(cursor)
    return cursor


def _after_loss(batch: Batch) -> float:
    """A batch that could not be stored is asked again from the same NSU: at once is fine
    while the AN has more, but a batch that caught up started the AN's hour."""
    return defaults.IDLE_SECONDS if batch.caught_up else defaults.RETRY_SECONDS


def _stored(rt: Runtime, key: CursorKey, lease: datetime, owner: Owner,
            batch: Batch) -> bool | None:  # fmt: skip
    """The batch's documents and the cursor's move in one transaction, only while the lease
    is still this caller's (a conditional UPDATE; otherwise everything is rolled back).
    True stored; False failed (rolled back); None the lease was lost."""
    now = clock.utc_now()
    table = DistributionCursor
    motivo = f"{batch.cStat} {batch.xMotivo}"[:300]
    move = (
        update(table)
        .where(*key.where(), table.lease_ate == lease)
        .values(ult_nsu=batch.ult_nsu, max_nsu=batch.max_nsu, motivo=motivo, updated_at=now)
    )
    try:
        with transaction(rt.sessions) as session:
            if not session.execute(move).rowcount:  # type: ignore[attr-defined]
                raise _LeaseLost
            if isinstance(batch, AdnRound):
                store_nfse(session, owner, batch.own, batch.documents, now)
            else:
                store_documents(session, owner, batch.documents, now)
    except _LeaseLost:
        log.warning("DF-e cursor of %s lost its lease; batch left to its holder", key)
        return None
    except InsufficientBalance:
        raise  # the round stops; the cursor waits for credit
    except Exception:  # a crash between the documents and the cursor: neither is kept
        log.exception("DF-e batch of %s not stored; asked again from the same NSU", key)
        return False
    return True


class _LeaseLost(Exception):
    """The cursor's lease expired and another caller took it."""


def _failed(rt: Runtime, key: CursorKey, lease: datetime, outcome: object) -> None:
    """656: blocked for the hour (or more, when the AN says so). Anything else: a short
    backoff, its reason kept."""
    if isinstance(outcome, Throttled):
        seconds = max(defaults.THROTTLE_SECONDS, outcome.retry_after)
        _finish(rt, key, lease, seconds, f"{outcome.cStat} {outcome.xMotivo}", blocked=True)
        return
    if isinstance(outcome, Rejected):
        motivo = f"{outcome.cStat} {outcome.xMotivo}"
    elif isinstance(outcome, NfseRejected):
        codes = "; ".join(f"{e.codigo} {e.descricao}" for e in outcome.errors)
        motivo = f"HTTP {outcome.http_status} {codes}"
    else:
        motivo = f"{type(outcome).__name__}: {getattr(outcome, 'detail', '')}"
    _finish(rt, key, lease, defaults.RETRY_SECONDS, motivo)


def _finish(rt: Runtime, key: CursorKey, lease: datetime, wait_seconds: float,
            motivo: str | None, *, blocked: bool = False) -> None:  # fmt: skip
    """Schedule the next call `wait_seconds` from now and release the lease (if still ours)."""
    now = clock.utc_now()
    table = DistributionCursor
    values: dict[str, object] = {
        "proxima_consulta": now + timedelta(seconds=wait_seconds),
        "lease_ate": None,
        "updated_at": now,
    }
    if motivo is not None:
        values["motivo"] = motivo[:300]
    if blocked:
        values["bloqueado_ate"] = values["proxima_consulta"]
    statement = update(table).where(*key.where(), table.lease_ate == lease).values(**values)
    with transaction(rt.sessions) as session:
        session.execute(statement)
