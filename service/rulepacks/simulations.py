"""`POST /fiscal/simulacoes`: a company's candidate rules replayed over its issued documents.

The candidate rules are written as in a company pack (pack form: id, tipo, criterios,
resultado, vigência, versão, fonte); each replaces the company's rules of the same id, and
`retirar` leaves rules out. Up to `INLINE_DOCUMENTS` documents the answer comes in the request;
a larger range (or `Prefer: respond-async`) is a `rule_simulations` row worked by the queue
(kind `simulacao`, queue `simulacoes`) and read back with `GET /fiscal/simulacoes/{id}`.
Nothing but the simulation row is written: the documents and the rules stay as they are.
"""

from __future__ import annotations

import logging
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from engine import EngineError, Rule, RuleOrigin
from engine.loading import rule_from_dict
from engine.replay import report_dict
from engine.ruleset import compile_rule
from service import runtime
from service.companies.models import Company
from service.db import transaction, utcnow
from service.errors import ApiError, invalid_field
from service.ids import new_id
from service.issuance.models import FiscalDocument
from service.queue import lease
from service.queue.dispatch import WorkKind, after_commit
from service.rulepacks import replay, rows
from service.rulepacks.models import Simulation, SimulationStatus

log = logging.getLogger("service.rulepacks")

KIND = "simulacao"
QUEUE = "simulacoes"
INLINE_DOCUMENTS = 500
"""Up to this many documents a simulation is answered in the request (a few hundred
milliseconds); above it the queue works it."""
SHOWN_DOCUMENTS = 200
"""Changed documents listed in a simulation's answer (the totals count them all)."""
LEASE = timedelta(minutes=15)
"""Longer than the replay of a year of a large company's documents (bench/results/replay.md)."""
ATTEMPTS = 3
OPEN = Simulation.status == SimulationStatus.PENDENTE.value
PACK_NAME = "simulacao"


def candidate_rules(raw: list[dict[str, Any]]) -> tuple[Rule, ...]:
    """The body's rules as company rules, each compiled as the company's set will compile it;
    a refusal names `regras.<i>.<field>`."""
    out = []
    for i, data in enumerate(raw):
        try:
            rule = rule_from_dict(data, RuleOrigin.EMPRESA, PACK_NAME, "candidata")
            compile_rule(rule)
        except EngineError as exc:
            field = getattr(exc, "field", None) or "regra"
            raise invalid_field(f"regras.{i}.{field}", str(getattr(exc, "message", exc))) from exc
        out.append(rule)
    return tuple(out)


def check_candidate(session: Session, company: Company, candidate: replay.Candidate) -> None:
    """The company's set with the candidate in place must build (no id and version twice)."""
    try:
        replay.Layers(session, candidate).for_company(company.id)
    except EngineError as exc:
        raise invalid_field("regras", str(exc)) from exc
    except rows.UnreadableRulesError as exc:
        raise ApiError("FISCAL_CONFIGURATION_REQUIRED", str(exc)) from exc


def document_count(session: Session, company_id: str, since: date, until: date | None) -> int:
    query = (
        select(func.count())
        .select_from(FiscalDocument)
        .where(
            FiscalDocument.company_id == company_id,
            FiscalDocument.status.in_([s.value for s in replay.IN_FORCE]),
            FiscalDocument.created_at >= replay._midnight(since),
        )
    )
    if until is not None:
        query = query.where(FiscalDocument.created_at < replay._midnight(until))
    return int(session.execute(query).scalar_one())


def create(session: Session, company: Company, body: dict[str, Any], *, queued: bool) -> Simulation:
    """Validate, count the documents, and either answer now or leave the row to the queue."""
    rules = candidate_rules(body.get("regras") or [])
    candidate = replay.Candidate(rules=rules, retiradas=frozenset(body.get("retirar") or ()))
    check_candidate(session, company, candidate)
    since, until = body["desde"], body.get("ate")
    count = document_count(session, company.id, since, until)
    row = Simulation(
        id=new_id("sim"), account_id=company.account_id, company_id=company.id,
        status=SimulationStatus.PENDENTE.value, documentos=count,
        parametros=_stored(body),
    )  # fmt: skip
    session.add(row)
    if queued or count > INLINE_DOCUMENTS:
        session.flush()
        after_commit(session, KIND, row.id)
        return row
    _finish(row, run(session, row))
    return row


def _stored(body: dict[str, Any]) -> dict[str, Any]:
    return {
        "regras": body.get("regras") or [], "retirar": list(body.get("retirar") or ()),
        "desde": body["desde"].isoformat(),
        "ate": body["ate"].isoformat() if body.get("ate") else None,
    }  # fmt: skip


def run(session: Session, row: Simulation) -> dict[str, Any]:
    """Replay the stored parameters over the company's documents (the report's JSON)."""
    params = row.parametros
    candidate = replay.Candidate(
        rules=candidate_rules(params["regras"]), retiradas=frozenset(params["retirar"])
    )
    since = date.fromisoformat(params["desde"])
    until = date.fromisoformat(params["ate"]) if params.get("ate") else None
    report = replay.replay_candidate(session, candidate, since, [row.company_id], until)
    return report_dict(report, limit=SHOWN_DOCUMENTS)


def _finish(row: Simulation, result: dict[str, Any]) -> None:
    row.status, row.resultado, row.concluida_em = SimulationStatus.CONCLUIDA.value, result, utcnow()
    row.documentos = int(result["documentos"])
    lease.release(row)


def render(row: Simulation) -> dict[str, Any]:
    from service.urls import API_PREFIX

    return {
        "id": row.id, "status": row.status, "empresa_id": row.company_id,
        "documentos": row.documentos, "desde": row.parametros.get("desde"),
        "ate": row.parametros.get("ate"), "resultado": row.resultado, "erro": row.erro,
        "criada_em": row.created_at.isoformat() if row.created_at else None,
        "concluida_em": row.concluida_em.isoformat() if row.concluida_em else None,
        "links": {"self": f"{API_PREFIX}/fiscal/simulacoes/{row.id}"},
    }  # fmt: skip


def find(session: Session, company: Company, simulation_id: str) -> Simulation:
    row = session.get(Simulation, simulation_id)
    if row is None or row.company_id != company.id:
        raise ApiError("NAO_ENCONTRADO", "Simulação não encontrada nesta empresa.")
    return row


# -- the queue's kind ----------------------------------------------------------------------


def _due(session: Session, now: datetime, limit: int) -> list[str]:
    return lease.due_ids(session, Simulation, OPEN, now, limit)


def perform(row_id: str) -> None:
    """Claim (committed), replay (a read), record: no transaction stays open while the engine
    works, and a worker that dies mid-way leaves a lease that expires, so the simulation is
    replayed again (it only reads, so a repeat is harmless)."""
    rt = runtime.current()
    with transaction(rt.sessions) as session:
        row = lease.claim(session, Simulation, row_id, OPEN, now=utcnow(), duration=LEASE)
        if row is None:
            return
        owner = row.lease_dono
    result: dict[str, Any] | None = None
    failure = None
    try:
        with transaction(rt.sessions) as session:
            claimed = session.get(Simulation, row_id)
            assert claimed is not None
            result = run(session, claimed)
    except Exception as exc:  # recorded on the row; the next attempt may succeed
        log.exception("simulation failed", extra={"row_id": row_id})
        failure = f"{type(exc).__name__}: {exc}"[:500]
    with transaction(rt.sessions) as session:
        _record(session, row_id, owner, result, failure)


def _record(
    session: Session, row_id: str, owner: str | None, result: dict[str, Any] | None,
    failure: str | None,
) -> None:  # fmt: skip
    row = session.execute(
        select(Simulation).where(Simulation.id == row_id).with_for_update()
    ).scalar_one_or_none()
    if row is None or row.lease_dono != owner or row.status != SimulationStatus.PENDENTE.value:
        return
    row.tentativas += 1
    if result is not None:
        _finish(row, result)
    elif row.tentativas >= ATTEMPTS:
        row.status, row.erro = SimulationStatus.ERRO.value, failure
        lease.release(row)
    else:
        row.erro = failure
        lease.release(row, next_at=utcnow() + timedelta(seconds=30 * row.tentativas))


SIMULATION = WorkKind(KIND, QUEUE, _due, perform)
