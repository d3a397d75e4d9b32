"""Storing what the distribution brings: once per key, the whole XML replacing the summary,
events attached, and the webhooks written in the same transaction as the change.

Called inside the caller's transaction (the distribution job's, with its cursor's move; the
by-key query's): either every document of a batch is stored with the cursor past it, or
none is and the batch is asked again.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from lxml import etree
from sqlalchemy import select
from sqlalchemy.orm import Session

from documents.transmission.distribution import (
    CTE_NS,
    NFE_NS,
    DistributedDocument,
    DocumentKind,
    ResEvento,
    ResNFe,
)
from documents.transmission.nfse import AdnDocument
from documents.xml import parse_untrusted
from service import runtime
from service.accounts.models import Account
from service.ids import new_id
from service.notify.webhooks.events import DFE_KINDS
from service.notify.webhooks.outbox import record_event
from service.received.models import (
    ReceivedDocument,
    ReceivedEvent,
    Situacao,
    Tipo,
)
from service.wallet.models import LedgerType
from service.wallet.operations import ensure_available, post_entry

log = logging.getLogger("service.received")

CANCELLATIONS = frozenset({"110111", "110112"})
"""Cancellation and cancellation by substitution: the received note is no longer valid."""
RECEIVED, CANCELLED = DFE_KINDS
_SITUATIONS = {"1": Situacao.AUTORIZADA, "2": Situacao.DENEGADA, "3": Situacao.CANCELADA}
_Q = f"{{{NFE_NS}}}"
_C = f"{{{CTE_NS}}}"
_N = "{http://www.sped.fazenda.gov.br/nfse}"
NFSE_CANCELLATIONS = frozenset({"101101", "105102"})
"""The NFS-e's cancellation and cancellation by substitution (e101101, e105102)."""
_ADN_EVENTS = {"CANCELAMENTO": "101101", "CANCELAMENTO_POR_SUBSTITUICAO": "105102"}
_CTE_WHOLE = frozenset({DocumentKind.CTE_PROC, DocumentKind.CTE_OS_PROC})


RECEIVED_PRICE = "DFE"
"""The price table's kind of a received document (`PRICE_DFE`)."""


@dataclass(frozen=True)
class Owner:
    """Whose documents these are: the company, its account and the environment."""

    account_id: str
    company_id: str
    ambiente: str


def store_documents(session: Session, owner: Owner, documents: tuple[DistributedDocument, ...],
                    now: datetime) -> list[ReceivedDocument]:  # fmt: skip
    """Store each valid NF-e document; answers the rows touched. An invalid or foreign one is
    logged and passed (its NSU is behind the cursor all the same)."""
    touched: list[ReceivedDocument] = []
    for document in documents:
        row = _store_one(session, owner, document, now)
        if row is not None:
            touched.append(row)
    return touched


def _store_one(session: Session, owner: Owner, document: DistributedDocument,
               now: datetime) -> ReceivedDocument | None:  # fmt: skip
    if not document.valid or document.chave is None:
        log.warning("DF-e NSU %s not stored: %s", document.nsu, document.problem or "no key")
        return None
    if document.kind is DocumentKind.RES_NFE and isinstance(document.view, ResNFe):
        return _summary(session, owner, document, document.view, now)
    if document.kind is DocumentKind.NFE_PROC:
        return _whole(session, owner, document, now)
    if document.kind is DocumentKind.RES_EVENTO and isinstance(document.view, ResEvento):
        view = document.view
        return _event(session, owner, document, now, view.tp_evento, view.n_seq, view.n_prot)
    if document.kind is DocumentKind.PROC_EVENTO_NFE:
        tp_evento, n_seq, protocol = _event_fields(document.xml)
        return _event(session, owner, document, now, tp_evento, n_seq, protocol)
    if document.kind in _CTE_WHOLE:
        return _whole(session, owner, document, now, Tipo.CTE)
    if document.kind is DocumentKind.PROC_EVENTO_CTE:
        tp_evento, n_seq, protocol = _event_fields(document.xml, _C, "eventoCTe", "retEventoCTe")
        return _event(session, owner, document, now, tp_evento, n_seq, protocol, Tipo.CTE)
    log.info("DF-e NSU %s (%s) is not a document kept here: passed", document.nsu, document.kind)
    return None


def store_nfse(session: Session, owner: Owner, own: str, documents: tuple[AdnDocument, ...],
               now: datetime) -> list[ReceivedDocument]:  # fmt: skip
    """Each NFS-e the ADN brought where the company is not the provider (it receives its own
    as provider too: those are its issued ones, not kept here), and the events on the ones
    kept; an unreadable one is logged and passed (the cursor moves past it all the same)."""
    touched: list[ReceivedDocument] = []
    for document in documents:
        if document.problem is not None:
            log.warning("ADN NSU %s not stored: %s", document.nsu, document.problem)
            continue
        nsu = f"{document.nsu:015d}"
        if document.tipo == "NFSE":
            fields = _nfse_fields(document.xml)
            if fields.get("cnpj") == own:
                continue
            row = find(session, owner, document.chave)
            created = row is None
            if row is None:
                row = _new(session, owner, document.chave, nsu, now, Tipo.NFSE)
            row.emitente_cnpj, row.emitente_nome = fields.get("cnpj"), fields.get("nome")
            row.valor, row.emitido_em = fields.get("valor"), fields.get("emitido_em")
            row.xml, row.nsu, row.atualizado_em = document.xml, nsu, now
            if created:
                _announce(session, RECEIVED, row)
            touched.append(row)
        elif document.tipo == "EVENTO":
            row = find(session, owner, document.chave)
            if row is None:  # an event on an NFS-e not received here (e.g. the company's own)
                continue
            tp_evento = _nfse_event_type(document.xml) or _ADN_EVENTS.get(
                document.tipo_evento or "", ""
            )
            _attach(session, row, tp_evento, 1, None, document.xml, now,
                    NFSE_CANCELLATIONS)  # fmt: skip
            touched.append(row)
    return touched


def _issuer(info: etree._Element, q: str) -> dict[str, Any]:
    """The issuer (`emit`) of an NF-e, CT-e or NFS-e in namespace `q`: CNPJ (or CPF), name."""
    issuer = info.find(f"{q}emit")
    if issuer is None:
        return {}
    return {
        "cnpj": issuer.findtext(f"{q}CNPJ") or issuer.findtext(f"{q}CPF"),
        "nome": (issuer.findtext(f"{q}xNome") or "")[:200] or None,
    }


def _nfse_fields(xml: bytes) -> dict[str, Any]:
    """Provider, value (vLiq, else the service's value) and date of issue of an NFSe."""
    root = parse_untrusted(xml)
    info = root.find(f"{_N}infNFSe")
    if info is None:
        return {}
    found = _issuer(info, _N)
    dps = info.find(f"{_N}DPS/{_N}infDPS")
    found["emitido_em"] = _moment(dps.findtext(f"{_N}dhEmi") or "") if dps is not None else None
    found["valor"] = _decimal(info.findtext(f"{_N}valores/{_N}vLiq")) or (
        _decimal(dps.findtext(f"{_N}valores/{_N}vServPrest/{_N}vServ")) if dps is not None
        else None)  # fmt: skip
    return found


def _nfse_event_type(xml: bytes) -> str | None:
    """The event's type from its detail element (`e101101`, ...)."""
    for element in parse_untrusted(xml).iter():
        name = etree.QName(element).localname if isinstance(element.tag, str) else ""
        if len(name) == 7 and name[0] == "e" and name[1:].isdigit():
            return name[1:]
    return None


def find(session: Session, owner: Owner, chave: str) -> ReceivedDocument | None:
    query = select(ReceivedDocument).where(
        ReceivedDocument.company_id == owner.company_id,
        ReceivedDocument.ambiente == owner.ambiente,
        ReceivedDocument.chave == chave,
    )
    return session.execute(query).scalar_one_or_none()


def _new(session: Session, owner: Owner, chave: str, nsu: str, now: datetime,
         tipo: Tipo = Tipo.NFE) -> ReceivedDocument:  # fmt: skip
    row = ReceivedDocument(
        id=new_id("rec"), account_id=owner.account_id, company_id=owner.company_id,
        ambiente=owner.ambiente, tipo=tipo.value, chave=chave, nsu=nsu,
        situacao=Situacao.AUTORIZADA.value, recebido_em=now, atualizado_em=now,
    )  # fmt: skip
    session.add(row)
    session.flush()
    _charge(session, owner, row)
    return row


def _charge(session: Session, owner: Owner, row: ReceivedDocument) -> None:
    """A received document's price (`PRICE_DFE`, zero by default), once per document, in the
    transaction that stores it; an unlimited account pays nothing. A balance that cannot pay
    raises `InsufficientBalance`: the batch is not stored and waits for credit."""
    price = runtime.current().settings.prices.get(RECEIVED_PRICE, Decimal("0"))
    if price <= 0:
        return
    ensure_available(session, owner.account_id, price)
    if session.get(Account, owner.account_id).unlimited_credits:  # type: ignore[union-attr]
        return
    post_entry(
        session, owner.account_id, LedgerType.DEBITO_RECEBIMENTO, -price,
        descricao=f"Documento recebido {row.chave}", tipo_documento=RECEIVED_PRICE,
        documento_id=row.id,
    )  # fmt: skip


def _summary(session: Session, owner: Owner, document: DistributedDocument, view: ResNFe,
             now: datetime) -> ReceivedDocument:  # fmt: skip
    """A resNFe: the first sight of a note (webhook `dfe.recebido`), or a newer summary of
    one already known (its situation as of now)."""
    row = find(session, owner, view.chave)
    created = row is None
    if row is None:
        row = _new(session, owner, view.chave, document.nsu, now)
    row.emitente_cnpj, row.emitente_nome = view.cnpj_emitente, view.nome[:200]
    row.valor, row.emitido_em = view.v_nf, _moment(view.dh_emi)
    row.resumo_xml, row.nsu, row.atualizado_em = document.xml, document.nsu, now
    situation = _SITUATIONS.get(view.c_sit, Situacao.AUTORIZADA)
    cancelled_now = situation is Situacao.CANCELADA and row.situacao != Situacao.CANCELADA.value
    row.situacao = situation.value
    if created:
        _announce(session, RECEIVED, row)
    if cancelled_now:
        _announce(session, CANCELLED, row)
    return row


def _whole(session: Session, owner: Owner, document: DistributedDocument, now: datetime,
           tipo: Tipo = Tipo.NFE) -> ReceivedDocument:  # fmt: skip
    """The nfeProc (cteProc / cteOSProc, NFS-e): fills `xml` (and the fields the summary had,
    when it came first). A CT-e or an NFS-e has no summary: its whole XML is its first sight."""
    assert document.chave is not None
    row = find(session, owner, document.chave)
    if row is None:
        row = _new(session, owner, document.chave, document.nsu, now, tipo)
    fields = _FIELDS[tipo](document.xml)
    row.emitente_cnpj = row.emitente_cnpj or fields.get("cnpj")
    row.emitente_nome = row.emitente_nome or fields.get("nome")
    row.valor = row.valor if row.valor is not None else fields.get("valor")
    row.emitido_em = row.emitido_em or fields.get("emitido_em")
    row.xml, row.nsu, row.atualizado_em = document.xml, document.nsu, now
    _announce(session, RECEIVED, row)  # first sight, or the whole XML is now available
    return row


def _event(session: Session, owner: Owner, document: DistributedDocument, now: datetime,
           tp_evento: str, n_seq: int, protocol: str | None,
           tipo: Tipo = Tipo.NFE) -> ReceivedDocument:  # fmt: skip
    """An event on a received document, attached once; a cancellation cancels it."""
    assert document.chave is not None
    row = find(session, owner, document.chave)
    if row is None:  # an event on a document outside the window: keep both
        row = _new(session, owner, document.chave, document.nsu, now, tipo)
    whole = document.kind is not DocumentKind.RES_EVENTO
    _attach(session, row, tp_evento, n_seq, protocol, document.xml, now, CANCELLATIONS, whole)
    return row


def _attach(session: Session, row: ReceivedDocument, tp_evento: str, n_seq: int,
            protocol: str | None, xml: bytes, now: datetime, cancellations: frozenset[str],
            whole: bool = True) -> None:  # fmt: skip
    """The event once per (type, sequence), a whole event replacing its summary; a
    cancellation cancels the document (webhook `dfe.cancelado`)."""
    known = session.execute(
        select(ReceivedEvent).where(
            ReceivedEvent.received_id == row.id, ReceivedEvent.tp_evento == tp_evento,
            ReceivedEvent.n_seq == n_seq,
        )
    ).scalar_one_or_none()  # fmt: skip
    if known is None:
        session.add(ReceivedEvent(id=new_id("rev"), received_id=row.id, tp_evento=tp_evento,
                                  n_seq=n_seq, protocolo=protocol, xml=xml,
                                  created_at=now))  # fmt: skip
    elif whole:
        known.xml = xml
    if tp_evento in cancellations and row.situacao != Situacao.CANCELADA.value:
        row.situacao = Situacao.CANCELADA.value
        row.atualizado_em = now
        _announce(session, CANCELLED, row)


def _event_fields(xml: bytes, q: str = _Q, event: str = "evento",
                  answer_name: str = "retEvento") -> tuple[str, int, str | None]:  # fmt: skip
    """tpEvento, nSeqEvento and nProt of a procEventoNFe (or, with the CT-e's namespace and
    names, a procEventoCTe)."""
    root = parse_untrusted(xml)
    info = root.find(f"{q}{event}/{q}infEvento")
    answer = root.find(f"{q}{answer_name}/{q}infEvento")
    tp_evento = (info.findtext(f"{q}tpEvento") if info is not None else "") or ""
    n_seq = int((info.findtext(f"{q}nSeqEvento") if info is not None else "1") or "1")
    protocol = answer.findtext(f"{q}nProt") if answer is not None else None
    return tp_evento.strip(), n_seq, protocol


def _nfe_fields(xml: bytes) -> dict[str, Any]:
    """Issuer, value and date of an nfeProc (for a note whose summary never came)."""
    root = parse_untrusted(xml)
    info = root.find(f"{_Q}NFe/{_Q}infNFe")
    if info is None:
        return {}
    found = _issuer(info, _Q)
    found["emitido_em"] = _moment(info.findtext(f"{_Q}ide/{_Q}dhEmi") or "")
    try:
        found["valor"] = Decimal(info.findtext(f"{_Q}total/{_Q}ICMSTot/{_Q}vNF") or "")
    except InvalidOperation:
        found["valor"] = None
    return found


def _cte_fields(xml: bytes) -> dict[str, Any]:
    """Issuer, value (vTPrest) and date of a cteProc or cteOSProc."""
    root = parse_untrusted(xml)
    info = root.find(f"{_C}CTe/{_C}infCte")
    if info is None:
        info = root.find(f"{_C}CTeOS/{_C}infCte")
    if info is None:
        return {}
    found = _issuer(info, _C)
    found["emitido_em"] = _moment(info.findtext(f"{_C}ide/{_C}dhEmi") or "")
    found["valor"] = _decimal(info.findtext(f"{_C}vPrest/{_C}vTPrest"))
    return found


def _decimal(text: str | None) -> Decimal | None:
    try:
        return Decimal((text or "").strip())
    except InvalidOperation:
        return None


def _moment(text: str) -> datetime | None:
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        return None
    return moment if moment.tzinfo else None


_FIELDS = {Tipo.NFE: _nfe_fields, Tipo.CTE: _cte_fields}


def _announce(session: Session, kind: str, row: ReceivedDocument) -> None:
    record_event(session, tipo=kind, account_id=row.account_id, company_id=row.company_id,
                 ambiente=row.ambiente, data=lambda: summary(row))  # fmt: skip


def summary(row: ReceivedDocument) -> dict[str, Any]:
    """A received document as the API and the webhooks show it (never its XML)."""
    return {
        "id": row.id,
        "chave": row.chave,
        "tipo": row.tipo,
        "ambiente": row.ambiente,
        "nsu": row.nsu,
        "emitente_cnpj": row.emitente_cnpj,
        "emitente_nome": row.emitente_nome,
        "valor": None if row.valor is None else f"{Decimal(row.valor):.2f}",
        "emitido_em": row.emitido_em.isoformat() if row.emitido_em else None,
        "situacao": row.situacao,
        "manifestacao": row.manifestacao,
        "xml_disponivel": row.xml is not None,
        "recebido_em": row.recebido_em.isoformat() if row.recebido_em else None,
        "atualizado_em": row.atualizado_em.isoformat() if row.atualizado_em else None,
    }
