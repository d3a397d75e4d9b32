"""A company is an issuer owned by one account, with its own environment and modules."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import JSON, Boolean, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from service.db import Base, UTCDateTime, utcnow


class Environment(StrEnum):
    """The company's authority environment; wire values of the API."""

    HOMOLOGACAO = "HOMOLOGACAO"
    PRODUCAO = "PRODUCAO"

    @property
    def tp_amb(self) -> int:
        return 1 if self is Environment.PRODUCAO else 2


class Module(StrEnum):
    NFE = "nfe"
    NFCE = "nfce"
    NFSE = "nfse"
    CTE = "cte"
    CTEOS = "cteos"
    MDFE = "mdfe"
    RURAL = "rural"


DEFAULT_MODULES = [Module.NFE.value, Module.NFCE.value]


class Company(Base):
    __tablename__ = "companies"
    __table_args__ = (UniqueConstraint("account_id", "codigo"),)

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    codigo: Mapped[str] = mapped_column(String(60))
    cnpj: Mapped[str | None] = mapped_column(String(14), nullable=True)
    cpf: Mapped[str | None] = mapped_column(String(11), nullable=True)
    razao_social: Mapped[str] = mapped_column(String(200))
    ativo: Mapped[bool] = mapped_column(Boolean, default=True)
    ambiente: Mapped[str] = mapped_column(String(12), default=Environment.HOMOLOGACAO.value)
    modulos: Mapped[list[str]] = mapped_column(JSON, default=lambda: list(DEFAULT_MODULES))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)
