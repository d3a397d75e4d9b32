"""The compression dictionaries of the documents kept in the database.

A company's documents repeat its certificate, name, address, products and customers; zlib
packs a document against a preset dictionary made of one of the company's own earlier signed
documents (`codec.ZLIB_DICTIONARY`) in about a quarter of what it takes alone. A dictionary is
immutable and named by its content (`codec.name_of`), so a name means the same bytes in every
process; a company gets a new one when its certificate changes (the old one stays: documents
refer to it).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from service.db import Base, UTCDateTime, utcnow


class XmlDictionary(Base):
    """One dictionary: `dados` is its bytes packed on their own (`codec.ZLIB`)."""

    __tablename__ = "xml_dicionarios"
    __table_args__ = (Index("ix_xml_dicionarios_empresa_modulo", "company_id", "modulo"),)

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    nome: Mapped[str] = mapped_column(String(32), index=True)
    """`codec.name_of(dictionary)` in hex: how a packed document names it."""
    company_id: Mapped[str] = mapped_column(ForeignKey("companies.id"))
    modulo: Mapped[str] = mapped_column(String(10))
    dados: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
