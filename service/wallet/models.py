"""Wallet: an append-only ledger, the account's credit split into slices, and the settled
balance.

No row is written by every issuance of an account (issue 41: one wallet row updated inside
each issuance serialized an account's documents as soon as anything slowed the holder):
- **slices** (`wallet_slices`): the credit the account can still spend, in a few rows. A hold
  takes the price from one slice, chosen at random among those not locked by another
  transaction (`SKIP LOCKED`); `disponivel >= 0` is a constraint, so credit is never spent twice
  and never goes negative;
- the **ledger** (`ledger_entries`) is insert-only: a debit is one new row, written with the
  document's answer; its `saldo_anterior`/`saldo_posterior` are left empty and filled, in
  (data, id) order, by the settlement (`operations.settle`), which is the only writer of the
  wallet row (`saldo`: the balance of the settled entries).

Invariants (tests): balance = settled saldo + pending entries = sum of the ledger;
sum(disponivel) = balance − what is held for requests not answered yet (`saldo_reservado`).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from enum import StrEnum

from sqlalchemy import (
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    Numeric,
    String,
    UniqueConstraint,
    text,
)
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
    """The account's wallet: its currency and the balance of its settled ledger entries."""

    __tablename__ = "wallets"

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    saldo: Mapped[Decimal] = mapped_column(MONEY, default=Decimal("0.00"))
    """Balance after the last settled entry (the pending ones add to it)."""
    moeda: Mapped[str] = mapped_column(String(3), default="BRL")
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)


class WalletSlice(Base):
    """A slice of the credit an account can still spend (`disponivel`, never negative)."""

    __tablename__ = "wallet_slices"
    __table_args__ = (CheckConstraint("disponivel >= 0", name="disponivel_nao_negativo"),)

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    fatia: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    disponivel: Mapped[Decimal] = mapped_column(MONEY, default=Decimal("0.00"))


class LedgerEntry(Base):
    """One movement. A document has at most one DEBITO_EMISSAO and one ESTORNO (unique).
    `saldo_anterior`/`saldo_posterior` are empty until the settlement fills them."""

    __tablename__ = "ledger_entries"
    __table_args__ = (
        UniqueConstraint("documento_id", "tipo"),
        Index(
            "ix_ledger_entries_pendentes", "account_id",
            postgresql_where=text("saldo_posterior IS NULL"),
            sqlite_where=text("saldo_posterior IS NULL"),
        ),
    )  # fmt: skip

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    tipo: Mapped[str] = mapped_column(String(20), index=True)
    valor: Mapped[Decimal] = mapped_column(MONEY)
    saldo_anterior: Mapped[Decimal | None] = mapped_column(MONEY, nullable=True)
    saldo_posterior: Mapped[Decimal | None] = mapped_column(MONEY, nullable=True)
    tipo_documento: Mapped[str | None] = mapped_column(String(10), nullable=True)
    documento_id: Mapped[str | None] = mapped_column(String(40), nullable=True, index=True)
    pagamento_id: Mapped[str | None] = mapped_column(String(60), nullable=True)
    referencia: Mapped[str | None] = mapped_column(String(120), nullable=True)
    descricao: Mapped[str | None] = mapped_column(String(255), nullable=True)
    data: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, index=True)
