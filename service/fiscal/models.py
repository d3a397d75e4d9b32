"""A company's versioned base rules (`/configuracao-fiscal/regras-base`).

Global rules live in `rulepacks/` (git); these are the company's own, converted to the
engine's rule model when computing. Rows are never deleted: DELETE deactivates, and issued
documents keep the snapshot of the rules they used.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import JSON, Boolean, Date, ForeignKey, Integer, Numeric, String
from sqlalchemy.orm import Mapped, mapped_column

from service.db import Base, UTCDateTime, utcnow


class BaseRule(Base):
    __tablename__ = "base_rules"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    company_id: Mapped[str] = mapped_column(ForeignKey("companies.id"), index=True)
    tipo: Mapped[str] = mapped_column(String(30), index=True)
    criterios: Mapped[dict[str, Any]] = mapped_column(JSON)
    resultado: Mapped[dict[str, Any]] = mapped_column(JSON)
    condicao: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    vigencia_inicio: Mapped[date] = mapped_column(Date)
    vigencia_fim: Mapped[date | None] = mapped_column(Date, nullable=True)
    versao: Mapped[str] = mapped_column(String(40))
    fonte: Mapped[str] = mapped_column(String(500))
    descricao: Mapped[str | None] = mapped_column(String(255), nullable=True)
    referencia: Mapped[str | None] = mapped_column(String(255), nullable=True)
    prioridade: Mapped[int] = mapped_column(Integer, default=100)
    confianca: Mapped[Decimal] = mapped_column(Numeric(4, 3), default=Decimal("1"))
    tags: Mapped[list[str]] = mapped_column(JSON, default=list)
    ativo: Mapped[bool] = mapped_column(Boolean, default=True)
    revisao: Mapped[int] = mapped_column(Integer, default=1)
    origem: Mapped[str] = mapped_column(String(10), default="api", server_default="api")
    """`api` (written through `/configuracao-fiscal/regras-base`) or `pacote` (published from
    the company's pack, whose rule id is `regra_id`: one id may have several versions)."""
    regra_id: Mapped[str | None] = mapped_column(String(80), nullable=True)
    pacote: Mapped[str | None] = mapped_column(String(60), nullable=True)
    revisao_pacote: Mapped[str | None] = mapped_column(String(40), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)


class RuleRevision(Base):
    """A counter bumped in the same transaction as any change to a company's rules.

    Each API process caches the company's compiled engine rules under this number, so a
    change made through any process invalidates every cache without messaging.
    """

    __tablename__ = "rule_revisions"

    company_id: Mapped[str] = mapped_column(ForeignKey("companies.id"), primary_key=True)
    revisao: Mapped[int] = mapped_column(Integer, default=0)
