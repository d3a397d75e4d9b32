"""Orders, numbers, fiscal documents and their events: the records every issuance writes.

An *order* is the caller's `pedido` within one company, module and environment; it is the
idempotency key (a unique constraint, never expiring) and owns the document number, so a
retry of the same order can only ever produce the same document. A *document* is one attempt
of an order: a rejected attempt may be followed by a corrected one (same order, same number,
new key), never by a document of another order.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any

from sqlalchemy import (
    JSON,
    Enum,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    Numeric,
    String,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column

from service.db import Base, UTCDateTime, utcnow


class DocumentStatus(StrEnum):
    """Wire values of a document's `status`.

    PROCESSANDO: number and signed XML fixed, transmission under way (a concurrent request for
    the same order gets 409). PENDENTE: the authority's answer is unknown; resolved only by
    querying the key. NAO_ENVIADA: the request never reached the authority (certificate refused
    in the TLS handshake, connection refused, unknown host): nothing to reconcile, nothing
    charged; the same order sends this document again (same number and key). AUTORIZADA,
    REJEITADA, DENEGADA, CANCELADA: official results.
    """

    PROCESSANDO = "PROCESSANDO"
    PENDENTE = "PENDENTE"
    NAO_ENVIADA = "NAO_ENVIADA"
    AUTORIZADA = "AUTORIZADA"
    REJEITADA = "REJEITADA"
    DENEGADA = "DENEGADA"
    CANCELADA = "CANCELADA"
    ENCERRADA = "ENCERRADA"
    """An MDF-e closed on arrival (event 110112); still authorized, no longer open."""
    CONTINGENCIA = "CONTINGENCIA"
    """Issued in contingency and handed out before its authorization (offline NFC-e, CT-e,
    MDF-e; an NF-e covered by its EPEC): valid to circulate, transmitted by the worker when
    the authority answers again, within the deadline in `contingencia_prazo`."""


def enum_column(values: type[StrEnum]) -> Enum:
    """A StrEnum stored as its wire value in a VARCHAR (no database enum type, so a new value
    needs no migration on either backend; the Python side only ever sees members)."""
    return Enum(
        values,
        native_enum=False,
        create_constraint=False,
        length=12,
        values_callable=lambda members: [m.value for m in members],
    )


UNRESOLVED = frozenset({DocumentStatus.PROCESSANDO, DocumentStatus.PENDENTE})
"""States whose truth lives at the authority until a query resolves them."""


class EventKind(StrEnum):
    CANCELAMENTO = "CANCELAMENTO"
    CCE = "CCE"
    DESACORDO = "DESACORDO"
    ENCERRAMENTO = "ENCERRAMENTO"
    INCLUSAO_CONDUTOR = "INCLUSAO_CONDUTOR"
    EPEC = "EPEC"
    """The prior event (110140) of an NF-e issued under EPEC, registered at the Ambiente
    Nacional before the note is handed out; its protocol is printed on the DANFE."""


class EventStatus(StrEnum):
    """An event's life: claimed and being sent, sent with an unknown answer, registered."""

    PROCESSANDO = "PROCESSANDO"
    PENDENTE = "PENDENTE"
    REGISTRADO = "REGISTRADO"


class Order(Base):
    """One `pedido` of one company, module and environment: the permanent idempotency key."""

    __tablename__ = "orders"
    __table_args__ = (
        UniqueConstraint("company_id", "modulo", "ambiente", "pedido"),
        Index("ix_orders_reservados", "updated_at", postgresql_where=text("reservado > 0"),
              sqlite_where=text("reservado > 0")),
    )  # fmt: skip

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    company_id: Mapped[str] = mapped_column(ForeignKey("companies.id"), index=True)
    modulo: Mapped[str] = mapped_column(String(10))
    ambiente: Mapped[str] = mapped_column(String(12))
    pedido: Mapped[str] = mapped_column(String(60))
    fingerprint: Mapped[str] = mapped_column(String(64))
    documento_id: Mapped[str | None] = mapped_column(String(40), nullable=True)
    serie: Mapped[int | None] = mapped_column(Integer, nullable=True)
    numero: Mapped[int | None] = mapped_column(Integer, nullable=True)
    tentativas: Mapped[int] = mapped_column(Integer, default=0)
    reservado: Mapped[Decimal] = mapped_column(
        Numeric(14, 2), default=Decimal("0.00"), server_default="0"
    )
    """The price held in the wallet when the order took its number (the claim holds it, so
    an order the wallet cannot pay never takes one), until its first attempt takes the hold
    over or the hold is given back (`wallet.order_holds`)."""
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)


class NumberSequence(Base):
    """The next number of one (company, model, series, environment), taken under a row lock."""

    __tablename__ = "number_sequences"

    company_id: Mapped[str] = mapped_column(ForeignKey("companies.id"), primary_key=True)
    modelo: Mapped[str] = mapped_column(String(2), primary_key=True)
    serie: Mapped[int] = mapped_column(Integer, primary_key=True)
    ambiente: Mapped[str] = mapped_column(String(12), primary_key=True)
    proximo: Mapped[int] = mapped_column(Integer, default=1)


class FiscalDocument(Base):
    """One attempt of an order: its signed XML is fixed before the first byte is sent.

    A family's list reads a company's documents newest first, by (created_at, id): every
    environment (a live key), optionally of one status, or homologation's (a test key). Each
    list index is that order after the equality columns (the last one also carries the status
    a test key may filter on), so a page is one range of one of them, read without visiting
    the table (`documents.listed`)."""

    __tablename__ = "fiscal_documents"
    __table_args__ = (
        Index("ix_fiscal_documents_list", "company_id", "modulo", "created_at", "id"),
        Index("ix_fiscal_documents_list_status", "company_id", "modulo", "status", "created_at",
              "id"),
        Index("ix_fiscal_documents_list_ambiente", "company_id", "modulo", "ambiente",
              "created_at", "id", "status"),
    )  # fmt: skip

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    order_id: Mapped[str] = mapped_column(ForeignKey("orders.id"), index=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    company_id: Mapped[str] = mapped_column(ForeignKey("companies.id"), index=True)
    modulo: Mapped[str] = mapped_column(String(10), index=True)
    modelo: Mapped[str] = mapped_column(String(2))
    ambiente: Mapped[str] = mapped_column(String(12), index=True)
    pedido: Mapped[str] = mapped_column(String(60), index=True)
    serie: Mapped[int] = mapped_column(Integer)
    numero: Mapped[int] = mapped_column(Integer)
    chave: Mapped[str] = mapped_column(String(50), unique=True)
    """The access key: 44 positions (SEFAZ families) or the NFS-e's 50; for an NFS-e not yet
    authorized, its DPS id stands here until the national system answers the key."""
    dps_id: Mapped[str | None] = mapped_column(String(45), nullable=True, index=True)
    """NFS-e: the DPS id (`DPS` + 42 digits), how an uncertain NFS-e is looked up."""
    tp_emis: Mapped[str] = mapped_column(String(1), default="1")
    status: Mapped[DocumentStatus] = mapped_column(enum_column(DocumentStatus), index=True)
    fingerprint: Mapped[str] = mapped_column(String(64))
    requisicao: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    xml_dados: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    """The signed XML packed (`service.storage.codec`: a format byte, then zlib, in the
    database store against one of the company's dictionaries); NULL when it is in the object
    store under `xml_objeto`. Read it with `service.storage.documents.signed_xml`."""
    xml_objeto: Mapped[str | None] = mapped_column(String(300), nullable=True)
    """The object store's key of the packed signed XML (written before this row)."""
    xml_sha256: Mapped[str] = mapped_column(String(64))
    """SHA-256 (hex) of the signed XML itself: every read is checked against it."""
    xml_tamanho: Mapped[int] = mapped_column(Integer)
    """Bytes of the signed XML itself."""
    digest_value: Mapped[str] = mapped_column(String(40))
    xml_protocolo: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    """Once authorized (or denied): what the authorized XML adds to the signed one (the
    protocol and the wrapper around it, `documents.authorized_parts`), packed against the
    signed XML; `service.storage.documents.authorized_xml` rebuilds the whole, byte for byte."""
    protocolo: Mapped[str | None] = mapped_column(String(50), nullable=True)
    """The authorization protocol (15 digits at SEFAZ; the national NFS-e answers its key)."""
    recebido_em: Mapped[str | None] = mapped_column(String(40), nullable=True)
    sefaz_code: Mapped[str | None] = mapped_column(String(10), nullable=True)
    """cStat (SEFAZ) or the first E-code of the national system."""
    sefaz_mensagem: Mapped[str | None] = mapped_column(String(500), nullable=True)
    detalhes: Mapped[list[dict[str, str]] | None] = mapped_column(JSON, nullable=True)
    """Every message of a refusal, `[{codigo, descricao}]` (the national system sends several)."""
    resumo: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The family's own figures as text (NFS-e: valor_servicos, valor_iss, numero_nfse)."""
    recibo: Mapped[str | None] = mapped_column(String(20), nullable=True)
    valor_total: Mapped[Decimal] = mapped_column(Numeric(15, 2))
    preco: Mapped[Decimal] = mapped_column(Numeric(14, 2), default=Decimal("0.00"))
    snapshot: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    snapshot_sha256: Mapped[str] = mapped_column(String(64))
    cce_sequencia: Mapped[int] = mapped_column(Integer, default=0)
    consultas_janela_inicio: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    consultas_na_janela: Mapped[int] = mapped_column(Integer, default=0)
    nao_recebido_desde: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    """First lookup that answered "not received" (DPS 404, cStat 217) since the last sending."""
    nao_recebido_consultas: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    criado_por_chave_id: Mapped[str | None] = mapped_column(String(40), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, index=True)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)
    autorizado_em: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    cancelado_em: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    contingencia_id: Mapped[str | None] = mapped_column(String(40), nullable=True, index=True)
    """The contingency period it was issued in (`ContingencyPeriod`), else null."""
    contingencia_prazo: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    """A document handed out before its authorization: by when it must be transmitted."""


class DocumentEvent(Base):
    """An event registered on a document (cancellation, CC-e), with its authorized XML."""

    __tablename__ = "document_events"
    __table_args__ = (UniqueConstraint("documento_id", "tipo", "sequencia"),)

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    documento_id: Mapped[str] = mapped_column(ForeignKey("fiscal_documents.id"), index=True)
    company_id: Mapped[str] = mapped_column(ForeignKey("companies.id"), index=True)
    tipo: Mapped[str] = mapped_column(String(20))
    tp_evento: Mapped[str] = mapped_column(String(6))
    sequencia: Mapped[int] = mapped_column(Integer, default=1)
    status: Mapped[EventStatus] = mapped_column(
        enum_column(EventStatus), default=EventStatus.REGISTRADO
    )
    texto: Mapped[str] = mapped_column(String(1000))
    protocolo: Mapped[str | None] = mapped_column(String(20), nullable=True)
    sefaz_code: Mapped[str | None] = mapped_column(String(10), nullable=True)
    xml: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class NumberVoiding(Base):
    """A voided range of numbers (inutilização) and the authority's answer."""

    __tablename__ = "number_voidings"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    company_id: Mapped[str] = mapped_column(ForeignKey("companies.id"), index=True)
    modelo: Mapped[str] = mapped_column(String(2))
    serie: Mapped[int] = mapped_column(Integer)
    ambiente: Mapped[str] = mapped_column(String(12))
    numero_inicial: Mapped[int] = mapped_column(Integer)
    numero_final: Mapped[int] = mapped_column(Integer)
    justificativa: Mapped[str] = mapped_column(String(255))
    status: Mapped[str] = mapped_column(String(12))
    protocolo: Mapped[str | None] = mapped_column(String(20), nullable=True)
    sefaz_code: Mapped[str | None] = mapped_column(String(4), nullable=True)
    sefaz_mensagem: Mapped[str | None] = mapped_column(String(500), nullable=True)
    xml: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class ContingencyPeriod(Base):
    """One period in which a company issued (or may issue) documents of one model in
    contingency: entered by the company (`MANUAL`) or by the service when the authority's
    breaker opened (`AUTOMATICA`); closed by the company, or when the authority answers again."""

    __tablename__ = "contingency_periods"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    company_id: Mapped[str] = mapped_column(ForeignKey("companies.id"), index=True)
    modelo: Mapped[str] = mapped_column(String(2))
    ambiente: Mapped[str] = mapped_column(String(12))
    tipo: Mapped[str] = mapped_column(String(8))
    """SVC, EPEC or OFFLINE."""
    tp_emis: Mapped[str] = mapped_column(String(1))
    autorizador: Mapped[str] = mapped_column(String(8))
    """The authority that was down (the normal one of the company's UF)."""
    autorizador_contingencia: Mapped[str | None] = mapped_column(String(8), nullable=True)
    """Where the documents go meanwhile: the SVC (SVC-AN, SVC-RS, SVC-SP), AN for an EPEC;
    null offline."""
    origem: Mapped[str] = mapped_column(String(10))
    justificativa: Mapped[str] = mapped_column(String(256))
    inicio: Mapped[datetime] = mapped_column(UTCDateTime())
    fim: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    encerrado_por: Mapped[str | None] = mapped_column(String(12), nullable=True)
    """MANUAL (the company left it) or NORMALIZADA (the authority answered again)."""
