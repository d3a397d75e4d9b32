"""One audit entry per configuration change, written in the change's own transaction."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from service.db import Base, UTCDateTime, utcnow


class AuditEntry(Base):
    """One change. A company's log is read newest first, by (criado_em, id), optionally of
    one `entidade`: the two list indexes are that order after the equality columns."""

    __tablename__ = "audit_log"
    __table_args__ = (
        Index("ix_audit_log_list", "company_id", "criado_em", "id"),
        Index("ix_audit_log_list_entidade", "company_id", "entidade", "criado_em", "id"),
    )

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    company_id: Mapped[str | None] = mapped_column(String(40), nullable=True, index=True)
    acao: Mapped[str] = mapped_column(String(40))
    entidade: Mapped[str] = mapped_column(String(40), index=True)
    registro_id: Mapped[str | None] = mapped_column(String(60), nullable=True)
    valor_anterior: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    valor_novo: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    ip: Mapped[str | None] = mapped_column(String(64), nullable=True)
    actor_key_id: Mapped[str | None] = mapped_column(String(40), nullable=True)
    criado_em: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, index=True)
