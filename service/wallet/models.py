"""Wallet balance and its append-only ledger.

The balance column is a cache of the ledger's sum kept in the same transaction as each
entry; tests check the invariant balance = sum(entries) >= 0.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from enum import StrEnum

from sqlalchemy import ForeignKey, Numeric, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from service.db import Base, UTCDateTime, utcnow

MONEY = Numeric(14, 2)


class LedgerType(StrEnum):
    CREDITO_COMPRA = "CREDITO_COMPRA"
    CREDITO_ADMIN = "CREDITO_ADMIN"
    DEBITO_EMISSAO = "DEBITO_EMISSAO"
    ESTORNO = "ESTORNO"
    AJUSTE_ADMIN = "AJUSTE_ADMIN"
    REEMBOLSO = "REEMBOLSO"
    DEBITO_RECEBIMENTO = "DEBITO_RECEBIMENTO"
    """A document received through the DF-e distribution, when `PRICE_DFE` is above zero."""


class Wallet(Base):
    __tablename__ = "wallets"

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    saldo: Mapped[Decimal] = mapped_column(MONEY, default=Decimal("0.00"))
    reservado: Mapped[Decimal] = mapped_column(MONEY, default=Decimal("0.00"))
    moeda: Mapped[str] = mapped_column(String(3), default="BRL")
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)


class LedgerEntry(Base):
    """One movement. A document has at most one DEBITO_EMISSAO and one ESTORNO (unique)."""

    __tablename__ = "ledger_entries"
    __table_args__ = (UniqueConstraint("documento_id", "tipo"),)

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    tipo: Mapped[str] = mapped_column(String(20), index=True)
    valor: Mapped[Decimal] = mapped_column(MONEY)
    saldo_anterior: Mapped[Decimal] = mapped_column(MONEY)
    saldo_posterior: Mapped[Decimal] = mapped_column(MONEY)
    tipo_documento: Mapped[str | None] = mapped_column(String(10), nullable=True)
    documento_id: Mapped[str | None] = mapped_column(String(40), nullable=True, index=True)
    pagamento_id: Mapped[str | None] = mapped_column(String(60), nullable=True)
    referencia: Mapped[str | None] = mapped_column(String(120), nullable=True)
    descricao: Mapped[str | None] = mapped_column(String(255), nullable=True)
    data: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, index=True)
