"""The company's contingency: its setting, manual entry and exit, the periods' history and
the documents still to be authorized (the gap report). Changes are one audited transaction."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from service import clock
from service.audit.operations import record
from service.auth import Credential
from service.companies.models import Company
from service.companies.resolver import effective_environment
from service.db import utcnow
from service.errors import ApiError
from service.issuance import contingency, registry
from service.issuance.contingency import Closure, Entry, Origem
from service.issuance.models import ContingencyPeriod, DocumentStatus, FiscalDocument
from service.pagination import Ordering, Page, paginate

WAITING = (
    DocumentStatus.CONTINGENCIA, DocumentStatus.PROCESSANDO, DocumentStatus.PENDENTE,
    DocumentStatus.NAO_ENVIADA,
)  # fmt: skip
"""A contingency document in any of these is not authorized yet."""


def _iso(moment: dt.datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def render(period: ContingencyPeriod, documentos: int | None = None) -> dict[str, Any]:
    shown: dict[str, Any] = {
        "id": period.id, "empresa_id": period.company_id, "modelo": period.modelo,
        "ambiente": period.ambiente, "tipo": period.tipo, "tp_emis": period.tp_emis,
        "autorizador": period.autorizador,
        "autorizador_contingencia": period.autorizador_contingencia, "origem": period.origem,
        "justificativa": period.justificativa, "inicio": _iso(period.inicio),
        "fim": _iso(period.fim), "encerrado_por": period.encerrado_por,
    }  # fmt: skip
    if documentos is not None:
        shown["documentos"] = documentos
    return shown


def settings(session: Session, company: Company) -> dict[str, Any]:
    """The setting and the periods in force."""
    ids = [shown["id"] for shown in (company.contingencia or {}).values()]
    periods = [session.get(ContingencyPeriod, i) for i in sorted(ids)]
    return {
        "modo": "automatica" if company.contingencia_automatica else "manual",
        "em_vigor": [render(p, _count(session, p.id)) for p in periods if p is not None],
    }


def set_mode(session: Session, company: Company, credential: Credential, modo: str) -> None:
    locked = contingency.locked_company(session, company.id)
    before = "automatica" if locked.contingencia_automatica else "manual"
    locked.contingencia_automatica = modo == "automatica"
    record(session, account_id=company.account_id, company_id=company.id,
           acao="CONTINGENCIA_MODO", entidade="empresa", registro_id=company.id,
           antes={"modo": before}, depois={"modo": modo},
           actor_key_id=credential.key_id)  # fmt: skip


def enter(
    session: Session, company: Company, credential: Credential, body: dict[str, Any]
) -> ContingencyPeriod:
    """A manual period: the mode must exist for the model in the company's UF; one period
    per model and environment at a time (409 while one is open)."""
    family = registry.by_model(body["modelo"])
    if family.module not in (company.modulos or []):
        raise ApiError("MODULO_NAO_HABILITADO")
    uf = str(company.uf or "")
    mode = contingency.mode_named(family, uf, body["tipo"])
    ambiente = effective_environment(company, credential).value
    locked = contingency.locked_company(session, company.id)
    if contingency.slot(family.model, ambiente) in (locked.contingencia or {}):
        raise ApiError("CONTINGENCIA_EM_VIGOR")
    normal = contingency.authoriser_of(family, uf)
    entry = Entry(
        ambiente=ambiente, mode=mode, origem=Origem.MANUAL,
        justificativa=body["justificativa"], autorizador=normal,
        autorizador_contingencia=contingency.used_by(mode, family, uf), now=utcnow(),
    )  # fmt: skip
    period = contingency.enter(session, locked, family, entry)
    session.flush()
    record(session, account_id=company.account_id, company_id=company.id,
           acao="CONTINGENCIA_ENTRADA", entidade="contingencia", registro_id=period.id,
           depois=render(period), actor_key_id=credential.key_id)  # fmt: skip
    return period


def leave(
    session: Session, company: Company, credential: Credential, modelo: str
) -> ContingencyPeriod:
    """Close the model's open period (manual or automatic); 404 when none is open."""
    ambiente = effective_environment(company, credential).value
    locked = contingency.locked_company(session, company.id)
    period = contingency.leave(session, locked, modelo, ambiente, Closure.MANUAL, utcnow())
    if period is None:
        raise ApiError("NAO_ENCONTRADO", "Nenhuma contingência em vigor para este modelo.")
    record(session, account_id=company.account_id, company_id=company.id,
           acao="CONTINGENCIA_SAIDA", entidade="contingencia", registro_id=period.id,
           depois=render(period), actor_key_id=credential.key_id)  # fmt: skip
    return period


def _count(session: Session, period_id: str) -> int:
    query = select(func.count()).where(FiscalDocument.contingencia_id == period_id)
    return int(session.execute(query).scalar_one())


def history(session: Session, company: Company, args: dict[str, Any]) -> dict[str, Any]:
    """Each period of the company, newest first, with how many documents it issued."""
    query = select(ContingencyPeriod).where(ContingencyPeriod.company_id == company.id)
    if args.get("modelo"):
        query = query.where(ContingencyPeriod.modelo == args["modelo"])
    order = Ordering("contingencias", ContingencyPeriod.inicio, ContingencyPeriod.id)
    page: Page = paginate(session, query, args, order)
    itens = [render(p, _count(session, p.id)) for p in page.itens]
    return {**page.envelope(), "itens": itens}


def pending(session: Session, company: Company, args: dict[str, Any]) -> dict[str, Any]:
    """Documents issued in contingency not yet authorized, the nearest deadline first."""
    query = select(FiscalDocument).where(
        FiscalDocument.company_id == company.id, FiscalDocument.contingencia_id.is_not(None),
        FiscalDocument.status.in_(WAITING),
    )  # fmt: skip
    if args.get("modelo"):
        query = query.where(FiscalDocument.modelo == args["modelo"])
    found = session.execute(query).scalars().all()
    now = clock.utc_now()
    far = dt.datetime.max.replace(tzinfo=dt.UTC)
    ordered = sorted(found, key=lambda d: (d.contingencia_prazo or far, d.serie, d.numero))
    itens = [_pending(d, now) for d in ordered]
    return {"total": len(itens), "itens": itens}


def _pending(document: FiscalDocument, now: dt.datetime) -> dict[str, Any]:
    deadline = document.contingencia_prazo
    left = None if deadline is None else round((deadline - now).total_seconds() / 3600, 2)
    return {
        "id": document.id, "modulo": document.modulo, "modelo": document.modelo,
        "serie": document.serie, "numero": document.numero, "chave": document.chave,
        "status": document.status, "tp_emis": document.tp_emis,
        "periodo_id": document.contingencia_id, "emitido_em": _iso(document.created_at),
        "prazo": _iso(deadline), "horas_restantes": left,
    }  # fmt: skip
