"""Phase A of an issuance: one transaction claims the order, fixes number and key, charges the
wallet and stores the signed XML, all before the first byte goes to the authority."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from documents.errors import InvalidDocumentDataError, SchemaViolationError
from documents.keys import random_cnf
from documents.nfe.pipeline import SignedNFe, prepare_nfe
from service.accounts.models import Account
from service.companies.models import Company
from service.errors import ApiError
from service.ids import new_id
from service.issuance import idempotency, numbering
from service.issuance.credentials import CompanyCredentials
from service.issuance.idempotency import Decision
from service.issuance.models import DocumentStatus, FiscalDocument, Order
from service.nfe.assemble import Draft
from service.wallet.operations import InsufficientBalance, charge_issuance

KIND = {"55": "NFE", "65": "NFCE"}
MODULE = {"55": "nfe", "65": "nfce"}


@dataclass(frozen=True)
class Request:
    """One issuance request as accepted: who, for which company, with what content."""

    company: Company
    modulo: str
    modelo: str
    ambiente: str
    pedido: str
    body: dict[str, Any]
    fingerprint: str
    key_id: str
    price: Decimal


@dataclass(frozen=True)
class Accepted:
    document_id: str
    replay: bool


def find_order(session: Session, req: Request, *, lock: bool = False) -> Order | None:
    query = select(Order).where(
        Order.company_id == req.company.id,
        Order.modulo == req.modulo,
        Order.ambiente == req.ambiente,
        Order.pedido == req.pedido,
    )
    if lock:
        query = query.with_for_update()
    return session.execute(query).scalar_one_or_none()


def current_document(session: Session, order: Order) -> FiscalDocument | None:
    return session.get(FiscalDocument, order.documento_id) if order.documento_id else None


def serie_for(company: Company, modelo: str) -> int:
    """The company's configured series for NF-e (55) or NFC-e (65)."""
    return company.serie_nfe if modelo == "55" else company.serie_nfce


def _sign(draft: Draft, creds: CompanyCredentials, **numbered: Any) -> SignedNFe:
    try:
        return prepare_nfe(draft.numbered(**numbered), creds.signer, csc=draft.csc)
    except InvalidDocumentDataError as exc:
        raise ApiError(
            "VALIDATION_ERROR", errors=[{"field": exc.field, "message": str(exc)}]
        ) from exc
    except SchemaViolationError as exc:
        details = [
            {"linha": v.line, "caminho": v.path, "mensagem": v.message} for v in exc.violations
        ]
        raise ApiError(
            "VALIDATION_ERROR", "O XML gerado não passa no leiaute oficial.", details=details
        ) from exc


def _number(session: Session, order: Order, req: Request) -> tuple[int, int]:
    """The order's number: taken once, kept by every later attempt of the same order."""
    serie = serie_for(req.company, req.modelo)
    if order.numero is None or order.serie != serie:
        order.serie = serie
        order.numero = numbering.allocate_number(
            session, req.company.id, req.modelo, serie, req.ambiente
        )
    return serie, order.numero


def _charge(session: Session, req: Request, document_id: str) -> Decimal:
    account = session.get(Account, req.company.account_id)
    assert account is not None
    try:
        return charge_issuance(
            session,
            account.id,
            unlimited=account.unlimited_credits,
            price=req.price,
            tipo_documento=KIND[req.modelo],
            documento_id=document_id,
        )
    except InsufficientBalance as exc:
        raise ApiError(
            "SALDO_INSUFICIENTE", body={"saldo": str(exc.saldo), "preco": str(exc.preco)}
        ) from exc


def accept(
    session: Session,
    req: Request,
    draft: Draft,
    creds: CompanyCredentials,
    *,
    now: dt.datetime,
    stale_after: dt.timedelta,
) -> Accepted:
    """Claim (or re-attempt) the order and store a signed PROCESSANDO document."""
    order = find_order(session, req, lock=True)
    if order is None:
        order = Order(
            id=new_id("ord"),
            account_id=req.company.account_id,
            company_id=req.company.id,
            modulo=req.modulo,
            ambiente=req.ambiente,
            pedido=req.pedido,
            fingerprint=req.fingerprint,
        )
        session.add(order)
        session.flush()  # the unique constraint decides concurrent first requests here
    else:
        current = current_document(session, order)
        decision = idempotency.decide(
            order, current, req.fingerprint, now=now, stale_after=stale_after
        )
        if decision is Decision.REPLAY and current is not None:
            return Accepted(current.id, replay=True)
    serie, numero = _number(session, order, req)
    document_id = new_id(req.modulo)
    charged = _charge(session, req, document_id)
    signed = _sign(draft, creds, serie=serie, numero=numero, cnf=random_cnf(numero), issued_at=now)
    session.add(
        FiscalDocument(
            id=document_id,
            order_id=order.id,
            account_id=req.company.account_id,
            company_id=req.company.id,
            modulo=req.modulo,
            modelo=req.modelo,
            ambiente=req.ambiente,
            pedido=req.pedido,
            serie=serie,
            numero=numero,
            chave=signed.key.text,
            status=DocumentStatus.PROCESSANDO.value,
            fingerprint=req.fingerprint,
            requisicao=idempotency.plain(req.body),
            xml_assinado=signed.xml,
            digest_value=signed.digest_value,
            valor_total=draft.valor_total,
            preco=charged,
            snapshot=draft.snapshot,
            snapshot_sha256=draft.snapshot_sha256,
            criado_por_chave_id=req.key_id,
        )
    )
    order.documento_id, order.fingerprint = document_id, req.fingerprint
    order.tentativas += 1
    return Accepted(document_id, replay=False)
