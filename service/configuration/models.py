"""Stored configuration records. Rows are never deleted: DELETE deactivates, so an issued
document can always point to the rule (by its stable id) it was computed with."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    ForeignKey,
    Integer,
    LargeBinary,
    Numeric,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from service.db import Base, UTCDateTime, utcnow


class Certificate(Base):
    """An uploaded A1; the PKCS#12 and its password are sealed separately."""

    __tablename__ = "certificates"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    company_id: Mapped[str] = mapped_column(ForeignKey("companies.id"), index=True)
    pkcs12_cifrado: Mapped[bytes] = mapped_column(LargeBinary)
    senha_cifrada: Mapped[bytes] = mapped_column(LargeBinary)
    titular: Mapped[str] = mapped_column(String(300))
    emissor: Mapped[str] = mapped_column(String(300))
    numero_serie: Mapped[str] = mapped_column(String(80))
    cnpj: Mapped[str | None] = mapped_column(String(14), nullable=True)
    cpf: Mapped[str | None] = mapped_column(String(11), nullable=True)
    valido_desde: Mapped[datetime] = mapped_column(UTCDateTime())
    valido_ate: Mapped[datetime] = mapped_column(UTCDateTime())
    ativo: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class Nature(Base):
    """A nature of operation (`natOp`); its CFOP is informative, rules decide the CFOP."""

    __tablename__ = "natures"
    __table_args__ = (UniqueConstraint("company_id", "codigo"),)

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    company_id: Mapped[str] = mapped_column(ForeignKey("companies.id"), index=True)
    codigo: Mapped[str] = mapped_column(String(60))
    descricao: Mapped[str] = mapped_column(String(60))
    tipo_operacao: Mapped[int] = mapped_column(Integer, default=1)
    finalidade: Mapped[int] = mapped_column(Integer, default=1)
    operacao_interna: Mapped[bool] = mapped_column(Boolean, default=True)
    operacao_interestadual: Mapped[bool] = mapped_column(Boolean, default=True)
    consumidor_final: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    contribuinte: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    cfop: Mapped[str | None] = mapped_column(String(4), nullable=True)
    observacoes: Mapped[str | None] = mapped_column(String(2000), nullable=True)
    padrao_nfe: Mapped[bool] = mapped_column(Boolean, default=False)
    padrao_nfce: Mapped[bool] = mapped_column(Boolean, default=False)
    tags: Mapped[list[str]] = mapped_column(JSON, default=list)
    ativo: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)


class _CompanyRule:
    """Columns shared by tax and IVA rules: criteria and results as JSON, like engine rules."""

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    descricao: Mapped[str | None] = mapped_column(String(255), nullable=True)
    prioridade: Mapped[int] = mapped_column(Integer, default=100)
    vigencia_inicio: Mapped[date] = mapped_column(Date)
    vigencia_fim: Mapped[date | None] = mapped_column(Date, nullable=True)
    criterios: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    resultado: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    tags: Mapped[list[str]] = mapped_column(JSON, default=list)
    ativo: Mapped[bool] = mapped_column(Boolean, default=True)
    revisao: Mapped[int] = mapped_column(Integer, default=1)
    origem: Mapped[str] = mapped_column(String(10), default="api", server_default="api")
    """`api`: written through the API, criteria and results in the register's fields. `pacote`:
    published from the company's pack (`fiscal rulepacks sync`): criteria in the engine's
    vocabulary, and the pack's id, version, condition, source and confidence below."""
    regra_id: Mapped[str | None] = mapped_column(String(80), nullable=True)
    versao: Mapped[str | None] = mapped_column(String(40), nullable=True)
    fonte: Mapped[str | None] = mapped_column(String(500), nullable=True)
    condicao: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    confianca: Mapped[Decimal | None] = mapped_column(Numeric(4, 3), nullable=True)
    pacote: Mapped[str | None] = mapped_column(String(60), nullable=True)
    revisao_pacote: Mapped[str | None] = mapped_column(String(40), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)


class TaxRule(_CompanyRule, Base):
    """Traditional taxes of an NF-e/NFC-e item (CFOP, ICMS, PIS, COFINS)."""

    __tablename__ = "tax_rules"

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    company_id: Mapped[str] = mapped_column(ForeignKey("companies.id"), index=True)


class IvaRule(_CompanyRule, Base):
    """IBS/CBS classification and rates of an item (CST, cClassTrib)."""

    __tablename__ = "iva_rules"

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    company_id: Mapped[str] = mapped_column(ForeignKey("companies.id"), index=True)
