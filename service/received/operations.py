"""What the `/dfe` routes do: list, show and download received documents, manifest on one,
ask for one by key within the hourly budget, and the company's DF-e setting."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import case, literal, or_, select, update
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import ColumnElement

from documents.errors import PdfRenderError
from documents.nfse.danfse import render_danfse
from documents.pdf import render_dacte, render_danfe
from documents.transmission.distribution import DistributionBatch, DistributionClient
from documents.transmission.outcome import NotSent, Rejected, Throttled
from documents.transmission.services import Family
from service import clock, runtime
from service.companies.models import Company
from service.db import UTCDateTime, insert_ignoring_conflicts, transaction
from service.errors import ApiError
from service.issuance.authority import route
from service.issuance.credentials import credentials_for
from service.pagination import Ordering, paginate, within_period
from service.received import defaults
from service.received.disagreement import disagree
from service.received.manifestation import manifest
from service.received.models import (
    DfeSettings,
    DistributionCursor,
    Familia,
    ReceivedDocument,
    ReceivedEvent,
    Situacao,
    Tipo,
)
from service.received.store import Owner, find, store_documents, summary


def listing(session: Session, owner: Owner, args: dict[str, Any]) -> dict[str, Any]:
    """The company's received documents of the environment, newest issue first."""
    table = ReceivedDocument
    query = select(table).where(table.company_id == owner.company_id,
                                table.ambiente == owner.ambiente)  # fmt: skip
    for name in ("situacao", "manifestacao", "tipo"):
        if args.get(name):
            query = query.where(getattr(table, name) == args[name])
    if args.get("emitente"):
        text = str(args["emitente"]).strip()
        digits = "".join(ch for ch in text if ch.isdigit())
        by_name = table.emitente_nome.ilike(f"%{text}%")
        query = query.where(or_(table.emitente_cnpj == digits, by_name) if digits else by_name)
    query = within_period(query, table.emitido_em, args)
    page = paginate(session, query, args, Ordering("recebidos", table.emitido_em, table.id))
    return {**page.envelope(), "itens": [summary(row) for row in page.itens]}


def received(session: Session, owner: Owner, chave: str) -> ReceivedDocument:
    row = find(session, owner, chave)
    if row is None:
        raise ApiError("DOCUMENTO_NAO_ENCONTRADO", "Nenhum documento recebido com esta chave.")
    return row


def detail(session: Session, row: ReceivedDocument) -> dict[str, Any]:
    """The summary plus its events, oldest first."""
    query = (
        select(ReceivedEvent)
        .where(ReceivedEvent.received_id == row.id)
        .order_by(ReceivedEvent.created_at, ReceivedEvent.tp_evento)
    )
    events = [
        {"tp_evento": e.tp_evento, "n_seq": e.n_seq, "protocolo": e.protocolo,
         "registrado_em": e.created_at.isoformat()}
        for e in session.execute(query).scalars()
    ]  # fmt: skip
    return {**summary(row), "eventos": events}


def whole_xml(row: ReceivedDocument) -> bytes:
    if row.xml is None:
        raise ApiError(
            "XML_INDISPONIVEL",
            "Só o resumo da NF-e foi recebido: o XML completo chega na distribuição seguinte "
            "à ciência (ou outra manifestação) da empresa.",
        )
    return bytes(row.xml)


def disagreement(session: Session, company: Company, owner: Owner, chave: str,
                 observacao: str) -> dict[str, Any]:  # fmt: skip
    """The taker's 610110 on a received CT-e (`disagreement.disagree`)."""
    row = received(session, owner, chave)
    session.expunge(row)
    runtime.end_request_transaction()
    disagree(runtime.current(), company, row, observacao)
    session.expire_all()
    return detail(session, received(session, owner, chave))


def pdf(row: ReceivedDocument) -> tuple[bytes, str]:
    """The DANFE of a received NF-e, the DACTE of a received CT-e or the DANFSe of a received
    NFS-e, from its whole XML (409 `XML_INDISPONIVEL` while only the summary came), marked
    when cancelled; answers the PDF and its file name. A CT-e OS has none here (409)."""
    xml = whole_xml(row)
    cancelled = row.situacao == Situacao.CANCELADA.value
    try:
        if row.tipo == Tipo.NFE.value:
            return render_danfe(xml, cancelled=cancelled), f"{row.chave}-danfe.pdf"
        if row.tipo == Tipo.CTE.value and row.chave[20:22] == "57":
            return render_dacte(xml, cancelled=cancelled), f"{row.chave}-dacte.pdf"
        if row.tipo == Tipo.NFSE.value:
            return render_danfse(xml, cancelled=cancelled), f"{row.chave}-danfse.pdf"
    except PdfRenderError as exc:
        raise ApiError("ERRO_INTERNO", f"Não foi possível gerar o PDF: {exc}") from exc
    raise ApiError("XML_INDISPONIVEL", "Este documento recebido não tem representação em PDF "
                   "aqui (o CT-e OS): baixe o XML.")  # fmt: skip


def manifestation(session: Session, company: Company, owner: Owner, chave: str,
                  body: dict[str, Any]) -> dict[str, Any]:  # fmt: skip
    row = received(session, owner, chave)
    session.expunge(row)
    runtime.end_request_transaction()
    manifest(runtime.current(), company, row, body["tipo"], body.get("justificativa"))
    session.expire_all()
    return detail(session, received(session, owner, chave))


# -- the company's setting and cursor ---------------------------------------------------------


def settings(session: Session, owner: Owner) -> dict[str, Any]:
    setting = session.get(DfeSettings, owner.company_id)
    cursor = session.get(DistributionCursor, (owner.company_id, owner.ambiente, Familia.NFE.value))
    now = clock.utc_now()
    answer: dict[str, Any] = {
        "ciencia_automatica": bool(setting and setting.ciencia_automatica),
        "ult_nsu": cursor.ult_nsu if cursor else "0",
        "max_nsu": cursor.max_nsu if cursor else "0",
        "proxima_consulta": _iso(cursor.proxima_consulta) if cursor else None,
        "bloqueado_ate": _iso(cursor.bloqueado_ate) if cursor else None,
        "ultima_resposta": cursor.motivo if cursor else None,
        "consultas_chave_restantes": defaults.KEY_QUERIES_PER_HOUR - _used(cursor, now),
        "cursores": [_cursor_state(session, owner, familia) for familia in Familia],
    }
    return answer


def _cursor_state(session: Session, owner: Owner, familia: Familia) -> dict[str, Any]:
    """One family's distribution as its cursor stands (NSU 0 before its first round)."""
    cursor = session.get(DistributionCursor, (owner.company_id, owner.ambiente, familia.value))
    return {
        "familia": familia.value,
        "ult_nsu": cursor.ult_nsu if cursor else "0",
        "max_nsu": cursor.max_nsu if cursor else "0",
        "proxima_consulta": _iso(cursor.proxima_consulta) if cursor else None,
        "bloqueado_ate": _iso(cursor.bloqueado_ate) if cursor else None,
        "ultima_resposta": cursor.motivo if cursor else None,
    }


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def _used(cursor: DistributionCursor | None, now: datetime) -> int:
    if cursor is None or cursor.consultas_chave_inicio is None:
        return 0
    if cursor.consultas_chave_inicio + _window() <= now:
        return 0
    return int(cursor.consultas_chave_contagem)


def _window() -> timedelta:
    return timedelta(seconds=defaults.KEY_WINDOW_SECONDS)


def set_awareness(session: Session, company: Company, enabled: bool) -> None:
    setting = session.get(DfeSettings, company.id)
    if setting is None:
        session.add(DfeSettings(company_id=company.id, ciencia_automatica=enabled,
                                updated_at=clock.utc_now()))  # fmt: skip
    else:
        setting.ciencia_automatica = enabled
        setting.updated_at = clock.utc_now()


# -- by key ---------------------------------------------------------------------------------------


def by_key(company: Company, owner: Owner, chave: str) -> dict[str, Any]:
    """consChNFe within the hourly budget: counted before the call (a call that fails still
    counted at the AN), refused with when it frees once spent or while a 656 block lasts."""
    rt = runtime.current()
    runtime.end_request_transaction()
    now = clock.utc_now()
    _take_budget(rt, owner, now)
    creds = credentials_for(company, now)
    client = DistributionClient(
        rt.authority.transport(creds), route(str(company.uf), owner.ambiente, "55"), Family.NFE
    )
    outcome = client.by_key(str(company.cnpj), chave)
    if isinstance(outcome, Throttled):
        _blocked(rt, owner, clock.utc_now(), outcome)
    if isinstance(outcome, Rejected | Throttled):
        raise ApiError("SEFAZ_REJECTION", f"{outcome.cStat} - {outcome.xMotivo}",
                       sefaz_code=outcome.cStat)  # fmt: skip
    if isinstance(outcome, NotSent):
        raise ApiError("AUTORIDADE_INACESSIVEL")
    if not isinstance(outcome, DistributionBatch):
        raise ApiError("SERVICO_INDISPONIVEL", "A resposta da autoridade não chegou.")
    with transaction(rt.sessions) as session:
        store_documents(session, owner, outcome.documents, clock.utc_now())
    with transaction(rt.sessions) as session:
        row = find(session, owner, chave)
        if row is None:
            raise ApiError("DOCUMENTO_NAO_ENCONTRADO",
                           "A autoridade não localizou esta NF-e para a empresa.")  # fmt: skip
        return detail(session, row)


def _cursor_key(owner: Owner) -> tuple[ColumnElement[bool], ...]:
    table = DistributionCursor
    return (table.company_id == owner.company_id, table.ambiente == owner.ambiente,
            table.familia == Familia.NFE.value)  # fmt: skip


def _take_budget(rt: runtime.Runtime, owner: Owner, now: datetime) -> None:
    """One of the hour's by-key queries, taken by conditional UPDATEs (two requests never
    both take the last one): a window past its hour starts again at 1; else one more while
    under the limit; else 422 naming when the window frees."""
    table = DistributionCursor
    with transaction(rt.sessions) as session:
        session.execute(
            insert_ignoring_conflicts(session, table, ["company_id", "ambiente", "familia"])
            .values(company_id=owner.company_id, ambiente=owner.ambiente,
                    familia=Familia.NFE.value, ult_nsu="0", max_nsu="0", proxima_consulta=now,
                    consultas_chave_contagem=0, updated_at=now)
        )  # fmt: skip
        cursor = session.execute(select(table).where(*_cursor_key(owner))).scalar_one()
        if cursor.bloqueado_ate is not None and cursor.bloqueado_ate > now:
            raise _spent(cursor.bloqueado_ate, "A autoridade bloqueou as consultas da empresa "
                         "(656, consumo indevido)")  # fmt: skip
        fresh = or_(table.consultas_chave_inicio.is_(None),
                    table.consultas_chave_inicio <= now - _window())  # fmt: skip
        restart = update(table).where(*_cursor_key(owner), fresh).values(
            consultas_chave_inicio=now, consultas_chave_contagem=1)  # fmt: skip
        if session.execute(restart).rowcount:  # type: ignore[attr-defined]
            return
        under = table.consultas_chave_contagem < defaults.KEY_QUERIES_PER_HOUR
        more = update(table).where(*_cursor_key(owner), under).values(
            consultas_chave_contagem=table.consultas_chave_contagem + 1)  # fmt: skip
        if session.execute(more).rowcount:  # type: ignore[attr-defined]
            return
        start = cursor.consultas_chave_inicio or now
    raise _spent(start + _window(), f"As {defaults.KEY_QUERIES_PER_HOUR} consultas por chave "
                 "da hora foram usadas")  # fmt: skip


def _spent(frees_at: datetime, reason: str) -> ApiError:
    moment = frees_at.replace(microsecond=0).isoformat()
    seconds = max(1, int((frees_at - clock.utc_now()).total_seconds()))
    return ApiError("DFE_CONSULTAS_ESGOTADAS", f"{reason}; nova consulta a partir de {moment}.",
                    details=[{"disponivel_em": moment}],
                    headers={"Retry-After": str(seconds)})  # fmt: skip


def _blocked(rt: runtime.Runtime, owner: Owner, now: datetime, outcome: Throttled) -> None:
    """A 656 to a by-key query blocks the CNPJ: the distribution waits out the hour too."""
    until = now + timedelta(seconds=max(defaults.THROTTLE_SECONDS, outcome.retry_after))
    table = DistributionCursor
    with transaction(rt.sessions) as session:
        session.execute(update(table).where(*_cursor_key(owner)).values(
            bloqueado_ate=until, motivo=f"{outcome.cStat} {outcome.xMotivo}"[:300],
            proxima_consulta=case((table.proxima_consulta < until,
                                   literal(until, UTCDateTime())),
                                  else_=table.proxima_consulta),
            updated_at=now))  # fmt: skip
