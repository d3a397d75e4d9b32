"""Mail outbox rows and notification preferences.

One outbox row is one e-mail to one recipient. The unique constraint on (reference, kind,
recipient) is the deduplication: the same notice about the same document never reaches the
same address twice, however many attempts or state changes the fiscal side goes through.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from service.db import Base, UTCDateTime, utcnow
from service.queue.lease import Leased


class NotificationKind(StrEnum):
    """What happened, as preferences and the outbox spell it (wire values)."""

    AUTORIZADA = "autorizada"
    REJEITADA = "rejeitada"
    ACAO_NECESSARIA = "acao_necessaria"
    PENDENTE = "pendente"


KIND_ORDER: tuple[str, ...] = tuple(kind.value for kind in NotificationKind)


class MailStatus(StrEnum):
    PENDENTE = "PENDENTE"
    """Waiting for its (next) attempt."""
    ENVIADO = "ENVIADO"
    """Accepted by the SMTP server."""
    FALHOU = "FALHOU"
    """Refused permanently (5xx) or retries exhausted; kept for the operator."""


class MailMessage(Leased, Base):
    """One notification e-mail to one address; the document summary it renders, never XML."""

    __tablename__ = "mail_outbox"
    __table_args__ = (UniqueConstraint("referencia", "tipo", "destinatario"),)

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    company_id: Mapped[str] = mapped_column(ForeignKey("companies.id"), index=True)
    ambiente: Mapped[str] = mapped_column(String(12))
    referencia: Mapped[str] = mapped_column(String(60))
    tipo: Mapped[str] = mapped_column(String(20))
    destinatario: Mapped[str] = mapped_column(String(254))
    resumo: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    status: Mapped[str] = mapped_column(String(10), default=MailStatus.PENDENTE.value, index=True)
    tentativas: Mapped[int] = mapped_column(Integer, default=0)
    ultimo_erro: Mapped[str | None] = mapped_column(String(500), nullable=True)
    enviado_em: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, index=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)


ACCOUNT_SCOPE = "conta"
"""`escopo` of the account-wide preference (companies use their id)."""


class NotificationPreference(Base):
    """Which notices go to which addresses, for one company or for the whole account.

    `escopo` is the company id or `conta`: a NOT NULL key for the unique constraint (a
    nullable company id would let two account-wide rows coexist, NULLs being distinct).
    """

    __tablename__ = "notification_preferences"
    __table_args__ = (UniqueConstraint("account_id", "escopo"),)

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    company_id: Mapped[str | None] = mapped_column(ForeignKey("companies.id"), nullable=True)
    escopo: Mapped[str] = mapped_column(String(40))
    tipos: Mapped[list[str]] = mapped_column(JSON, default=list)
    emails: Mapped[list[str]] = mapped_column(JSON, default=list)
    ativo: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)
