"""Published pack revisions and the simulations of candidate rules.

A platform pack's rules live here (they are no company's rows); a company pack's rules live in
the company's rule tables beside the rules written through the API (`origem` pacote | api), and
its revision row records what was published, when and by whom. A published revision is never
changed: new content is a new revision.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from service.db import Base, UTCDateTime, utcnow
from service.queue.lease import Leased


class RulePack(Base):
    """One published revision of a platform or company pack of an account."""

    __tablename__ = "rule_packs"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    camada: Mapped[str] = mapped_column(String(12))
    """`plataforma` or `empresa` (global packs ship with the product and are not stored)."""
    nome: Mapped[str] = mapped_column(String(60))
    revisao: Mapped[str] = mapped_column(String(40))
    company_id: Mapped[str | None] = mapped_column(
        ForeignKey("companies.id"), nullable=True, index=True
    )
    """A company pack's company; null for a platform pack."""
    empresas: Mapped[list[str]] = mapped_column(JSON, default=list)
    """A platform pack's companies (ids), as its manifest named them when it was published."""
    todas_empresas: Mapped[bool] = mapped_column(Boolean, default=False)
    """A platform pack attached to every company of the account, present and future."""
    manifesto: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    regras: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    """Every rule of the revision in its pack form (a platform pack's layer is read from here)."""
    digest: Mapped[str] = mapped_column(String(64))
    """SHA-256 of the canonical manifest and rules: the same files give the same digest."""
    vigente: Mapped[bool] = mapped_column(Boolean, default=True, index=True)
    """The revision in force for its pack name (one per account, layer, company and name)."""
    publicado_em: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    publicado_por: Mapped[str] = mapped_column(String(120))
    substituido_em: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


class SimulationStatus(StrEnum):
    PENDENTE = "PENDENTE"
    CONCLUIDA = "CONCLUIDA"
    ERRO = "ERRO"


class Simulation(Leased, Base):
    """A replay of a company's candidate rules over its issued documents (`/fiscal/simulacoes`).

    Small ranges are answered in the request; a large one is this row, worked by the queue
    (kind `simulacao`), and read back with GET until it is CONCLUIDA."""

    __tablename__ = "rule_simulations"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    company_id: Mapped[str] = mapped_column(ForeignKey("companies.id"), index=True)
    status: Mapped[str] = mapped_column(String(12), default=SimulationStatus.PENDENTE.value)
    parametros: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    resultado: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    erro: Mapped[str | None] = mapped_column(String(500), nullable=True)
    documentos: Mapped[int] = mapped_column(Integer, default=0)
    tentativas: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, index=True)
    concluida_em: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
