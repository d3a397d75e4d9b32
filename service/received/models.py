"""Received documents, their events, the NSU cursors and the company's DF-e setting."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from enum import StrEnum

from sqlalchemy import (
    Boolean,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    Numeric,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from service.db import Base, UTCDateTime, utcnow


class Tipo(StrEnum):
    NFE = "NFE"
    CTE = "CTE"
    NFSE = "NFSE"


class Situacao(StrEnum):
    AUTORIZADA = "AUTORIZADA"
    CANCELADA = "CANCELADA"
    DENEGADA = "DENEGADA"


class Manifestacao(StrEnum):
    NENHUMA = "NENHUMA"
    CIENCIA = "CIENCIA"
    CONFIRMADA = "CONFIRMADA"
    DESCONHECIDA = "DESCONHECIDA"
    NAO_REALIZADA = "NAO_REALIZADA"


class Familia(StrEnum):
    """Which distribution a cursor walks: the AN's NF-e or CT-e, or the national NFS-e ADN."""

    NFE = "NFE"
    CTE = "CTE"
    NFSE = "NFSE"


class ReceivedDocument(Base):
    """One document of interest to the company, once per key: the summary (`resumo_xml`)
    first, the whole authorized XML (`xml`) once the AN distributes it."""

    __tablename__ = "received_documents"
    __table_args__ = (
        UniqueConstraint("company_id", "ambiente", "chave"),
        Index("ix_received_documents_list", "company_id", "ambiente", "emitido_em", "id"),
    )

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    company_id: Mapped[str] = mapped_column(ForeignKey("companies.id"), index=True)
    ambiente: Mapped[str] = mapped_column(String(12))
    tipo: Mapped[str] = mapped_column(String(4), default=Tipo.NFE.value)
    chave: Mapped[str] = mapped_column(String(50))
    """44 positions (NF-e, CT-e), 50 for the national NFS-e."""
    nsu: Mapped[str | None] = mapped_column(String(15), nullable=True)
    """The NSU that last brought the document (its summary or the whole XML)."""
    emitente_cnpj: Mapped[str | None] = mapped_column(String(14), nullable=True)
    emitente_nome: Mapped[str | None] = mapped_column(String(200), nullable=True)
    valor: Mapped[Decimal | None] = mapped_column(Numeric(15, 2), nullable=True)
    emitido_em: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    situacao: Mapped[str] = mapped_column(String(10), default=Situacao.AUTORIZADA.value)
    manifestacao: Mapped[str] = mapped_column(String(14), default=Manifestacao.NENHUMA.value)
    resumo_xml: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    xml: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    """The whole procNFe; null until the AN distributes it (after a manifestation)."""
    recebido_em: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    atualizado_em: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class ReceivedEvent(Base):
    """An event on a received document: the issuer's (a cancellation) as distributed, or the
    company's own manifestation as the AN registered it (`xml` = procEventoNFe, or the
    resEvento summary)."""

    __tablename__ = "received_events"
    __table_args__ = (UniqueConstraint("received_id", "tp_evento", "n_seq"),)

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    received_id: Mapped[str] = mapped_column(ForeignKey("received_documents.id"), index=True)
    tp_evento: Mapped[str] = mapped_column(String(6))
    n_seq: Mapped[int] = mapped_column(Integer, default=1)
    protocolo: Mapped[str | None] = mapped_column(String(20), nullable=True)
    xml: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class DistributionCursor(Base):
    """Where a company's distribution stands at the AN, and when it may ask again. A caller
    claims it by setting `lease_ate` in one conditional UPDATE (`distribution.claim`)."""

    __tablename__ = "distribution_cursors"

    company_id: Mapped[str] = mapped_column(ForeignKey("companies.id"), primary_key=True)
    ambiente: Mapped[str] = mapped_column(String(12), primary_key=True)
    familia: Mapped[str] = mapped_column(String(4), primary_key=True)
    ult_nsu: Mapped[str] = mapped_column(String(15), default="0")
    max_nsu: Mapped[str] = mapped_column(String(15), default="0")
    proxima_consulta: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    bloqueado_ate: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    """End of a 656 block: nothing is asked before it."""
    motivo: Mapped[str | None] = mapped_column(String(300), nullable=True)
    """The last answer: cStat and xMotivo, or why the call did not happen."""
    lease_ate: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    consultas_chave_inicio: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    consultas_chave_contagem: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class DfeSettings(Base):
    """The company's DF-e preferences (issue 38): automatic ciência so full XMLs arrive."""

    __tablename__ = "dfe_settings"

    company_id: Mapped[str] = mapped_column(ForeignKey("companies.id"), primary_key=True)
    ciencia_automatica: Mapped[bool] = mapped_column(Boolean, default=False)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
