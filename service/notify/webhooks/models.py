"""Subscriptions, events (the outbox), deliveries (one per event and subscription) and attempts.

An event's body is serialized once, when it is recorded, and stored as bytes: every attempt of
every delivery sends exactly those bytes, so a signature a receiver verified once keeps meaning
the same document. Secrets are stored sealed (`SecretBox`) and never answered again.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import (
    JSON,
    Boolean,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from service.db import Base, UTCDateTime, utcnow
from service.queue.lease import Leased


class DeliveryStatus(StrEnum):
    """Wire values of a delivery's `status`."""

    PENDENTE = "PENDENTE"
    """Waiting for its first attempt or for a retry."""
    ENTREGUE = "ENTREGUE"
    """The receiver answered 2xx."""
    FALHOU = "FALHOU"
    """Every retry failed, the receiver answered 410, or the webhook was deactivated; may be
    sent again with `reenviar`."""


class WebhookSubscription(Base):
    """One receiver URL of an account, the events it wants and its signing secret(s)."""

    __tablename__ = "webhook_subscriptions"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    company_id: Mapped[str | None] = mapped_column(
        ForeignKey("companies.id"), nullable=True, index=True
    )
    url: Mapped[str] = mapped_column(String(2000))
    eventos: Mapped[list[str]] = mapped_column(JSON)
    ambientes: Mapped[list[str]] = mapped_column(JSON)
    modo: Mapped[str] = mapped_column(String(4))
    """`live` or `test`: the mode of the key that created it. A test subscription only ever
    receives homologation events; test keys see only test subscriptions."""
    descricao: Mapped[str | None] = mapped_column(String(200), nullable=True)
    ativo: Mapped[bool] = mapped_column(Boolean, default=True, index=True)
    segredo: Mapped[bytes] = mapped_column(LargeBinary)
    segredo_anterior: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    segredo_anterior_expira_em: Mapped[datetime | None] = mapped_column(
        UTCDateTime(), nullable=True
    )
    segredo_rotacionado_em: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    desativado_em: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    motivo_desativacao: Mapped[str | None] = mapped_column(String(200), nullable=True)
    criado_por_chave_id: Mapped[str | None] = mapped_column(String(40), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, index=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)


class WebhookEvent(Base):
    """One thing that happened, with the exact body every delivery of it sends."""

    __tablename__ = "webhook_events"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    company_id: Mapped[str | None] = mapped_column(
        ForeignKey("companies.id"), nullable=True, index=True
    )
    tipo: Mapped[str] = mapped_column(String(40))
    ambiente: Mapped[str] = mapped_column(String(12))
    corpo: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class WebhookDelivery(Leased, Base):
    """The event sent to one subscription: its state, schedule and lease (the queue's row)."""

    __tablename__ = "webhook_deliveries"
    __table_args__ = (
        UniqueConstraint("event_id", "subscription_id"),
        Index("ix_webhook_deliveries_list", "subscription_id", "created_at", "id"),
    )

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    event_id: Mapped[str] = mapped_column(ForeignKey("webhook_events.id"), index=True)
    subscription_id: Mapped[str] = mapped_column(ForeignKey("webhook_subscriptions.id"), index=True)
    status: Mapped[str] = mapped_column(
        String(10), default=DeliveryStatus.PENDENTE.value, index=True
    )
    tentativas: Mapped[int] = mapped_column(Integer, default=0)
    """Attempts made, over every cycle."""
    falhas: Mapped[int] = mapped_column(Integer, default=0)
    """Failures in the current cycle (a `reenviar` starts a new cycle)."""
    ultimo_status_http: Mapped[int | None] = mapped_column(Integer, nullable=True)
    ultimo_erro: Mapped[str | None] = mapped_column(String(500), nullable=True)
    entregue_em: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, index=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)


class WebhookAttempt(Base):
    """One HTTP attempt of a delivery (append-only): when, answer code, latency, error."""

    __tablename__ = "webhook_attempts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    delivery_id: Mapped[str] = mapped_column(ForeignKey("webhook_deliveries.id"), index=True)
    numero: Mapped[int] = mapped_column(Integer)
    em: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    timestamp: Mapped[int] = mapped_column(Integer)
    """The `X-Webhook-Timestamp` this attempt was signed with."""
    status_http: Mapped[int | None] = mapped_column(Integer, nullable=True)
    latencia_ms: Mapped[int] = mapped_column(Integer)
    erro: Mapped[str | None] = mapped_column(String(500), nullable=True)
