"""Fiscal tasks (`solicitacoes`): a request to issue a document, worked in the background.

The task is the source of truth of the queue: its status, its next due time and its lease live
in this table; Redis only announces it. One task exists per company + document type +
environment + `pedido` (a unique constraint), so a re-sent request can only find the same task.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, Integer, Numeric, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from service.db import Base, UTCDateTime, utcnow
from service.queue.lease import Leased


class TaskStatus(StrEnum):
    """Wire values of a task's `status` (spec "States and transitions")."""

    RECEBIDA = "RECEBIDA"
    AGUARDANDO_TRANSMISSAO = "AGUARDANDO_TRANSMISSAO"
    TRANSMITINDO = "TRANSMITINDO"
    AGUARDANDO_RETORNO = "AGUARDANDO_RETORNO"
    AUTORIZADA = "AUTORIZADA"
    REJEITADA = "REJEITADA"
    FALHA_TEMPORARIA = "FALHA_TEMPORARIA"
    ACAO_NECESSARIA = "ACAO_NECESSARIA"
    CANCELADA = "CANCELADA"
    ERRO = "ERRO"
    """The request can never be issued as sent (the same 422 a synchronous call answers), or
    its preparation failed past the retry schedule: final, nothing numbered, sent or charged;
    a corrected re-send of the same `pedido` re-opens it (as after REJEITADA)."""


class TaskOrigin(StrEnum):
    API = "API"
    """Asked for by a client (`Prefer: respond-async` or `POST /fiscal/solicitacoes`)."""
    RECONCILIACAO = "RECONCILIACAO"
    """Opened by the sweeper for a synchronous document left PENDENTE."""


class FiscalTask(Leased, Base):
    """One queued issuance and everything the worker needs to carry it out.

    `/fiscal/solicitacoes` reads a company's tasks newest first, by (created_at, id), as the
    documents' list does (`FiscalDocument`): the three list indexes are that order after the
    equality columns, then what a list may also filter on (`operations.listed`)."""

    __tablename__ = "fiscal_tasks"
    __table_args__ = (
        UniqueConstraint("company_id", "documento", "ambiente", "pedido"),
        Index("ix_fiscal_tasks_list", "company_id", "created_at", "id", "documento"),
        Index("ix_fiscal_tasks_list_status", "company_id", "status", "created_at", "id",
              "documento"),
        Index("ix_fiscal_tasks_list_ambiente", "company_id", "ambiente", "created_at", "id",
              "status", "documento"),
    )  # fmt: skip

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    company_id: Mapped[str] = mapped_column(ForeignKey("companies.id"), index=True)
    documento: Mapped[str] = mapped_column(String(10), index=True)
    ambiente: Mapped[str] = mapped_column(String(12))
    pedido: Mapped[str] = mapped_column(String(60), index=True)
    origem: Mapped[str] = mapped_column(String(14), default=TaskOrigin.API.value)
    fingerprint: Mapped[str] = mapped_column(String(64))
    requisicao: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    status: Mapped[str] = mapped_column(String(24), index=True)
    preco: Mapped[Decimal] = mapped_column(Numeric(14, 2), default=Decimal("0.00"))
    reservado: Mapped[Decimal] = mapped_column(Numeric(14, 2), default=Decimal("0.00"))
    tentativas: Mapped[int] = mapped_column(Integer, default=0)
    falhas: Mapped[int] = mapped_column(Integer, default=0)
    nao_recebido_desde: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    nao_recebido_vezes: Mapped[int] = mapped_column(Integer, default=0)
    ultimo_erro_codigo: Mapped[str | None] = mapped_column(String(40), nullable=True)
    ultimo_erro_mensagem: Mapped[str | None] = mapped_column(String(500), nullable=True)
    ultimo_erro_detalhes: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    documento_id: Mapped[str | None] = mapped_column(String(40), nullable=True, index=True)
    criado_por_chave_id: Mapped[str | None] = mapped_column(String(40), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, index=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)
    finalizada_em: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


class TaskTransition(Base):
    """One step of a task's history: from, to, why and when (append-only)."""

    __tablename__ = "fiscal_task_transitions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    task_id: Mapped[str] = mapped_column(ForeignKey("fiscal_tasks.id"), index=True)
    de: Mapped[str | None] = mapped_column(String(24), nullable=True)
    para: Mapped[str] = mapped_column(String(24))
    motivo: Mapped[str] = mapped_column(String(500))
    em: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
