"""Accounts and API keys.

An account is a platform user: it owns companies and one wallet. An API key belongs to an
account; a *service* key is a credential with no platform user behind it (an integration):
it acts on the account's companies but cannot create companies and has no wallet.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from service.db import Base, UTCDateTime, utcnow


class KeyMode(StrEnum):
    """Wire values of the key prefix: `fiscal_live_` or `fiscal_test_`."""

    LIVE = "live"
    TEST = "test"


class KeyKind(StrEnum):
    USER = "user"
    SERVICE = "service"


class Account(Base):
    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    email: Mapped[str] = mapped_column(String(254), unique=True)
    unlimited_credits: Mapped[bool] = mapped_column(Boolean, default=False)
    max_companies: Mapped[int] = mapped_column(Integer, default=10)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class ApiKey(Base):
    __tablename__ = "api_keys"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    digest: Mapped[str] = mapped_column(String(64), unique=True)
    prefix: Mapped[str] = mapped_column(String(24))
    name: Mapped[str] = mapped_column(String(120))
    mode: Mapped[str] = mapped_column(String(8))
    kind: Mapped[str] = mapped_column(String(10), default=KeyKind.USER.value)
    scopes: Mapped[list[str]] = mapped_column(JSON)
    created_by: Mapped[str | None] = mapped_column(String(40), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)

    @property
    def active(self) -> bool:
        return self.revoked_at is None
