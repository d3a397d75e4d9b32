"""Products, customers, services, vehicles and drivers; each one's key (code, plate, CPF) is
unique per company and rows are only deactivated."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, Numeric, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

from service.db import Base, UTCDateTime, utcnow


class ExactDecimal(TypeDecorator[Decimal]):
    """NUMERIC that gives back the stored decimal on SQLite too.

    SQLite keeps NUMERIC as a double and SQLAlchemy prints it with the column's scale, which
    exposes the double's error (1234567.89 comes back as 1234567.8899999999). Reading the
    double and taking its shortest repr restores the decimal exactly for up to 15 significant
    digits, which request validation enforces. PostgreSQL keeps real decimals untouched.
    """

    impl = Numeric
    cache_ok = True

    def load_dialect_impl(self, dialect: Any) -> Any:
        if dialect.name == "sqlite":
            impl: Any = self.impl
            return dialect.type_descriptor(Numeric(impl.precision, impl.scale, asdecimal=False))
        return dialect.type_descriptor(self.impl)

    def process_result_value(self, value: Any, dialect: Any) -> Decimal | None:
        if value is None or isinstance(value, Decimal):
            return value
        return Decimal(repr(value)) if isinstance(value, float) else Decimal(value)


class Product(Base):
    __tablename__ = "products"
    __table_args__ = (UniqueConstraint("company_id", "codigo"),)

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    company_id: Mapped[str] = mapped_column(ForeignKey("companies.id"), index=True)
    codigo: Mapped[str] = mapped_column(String(60))
    descricao: Mapped[str] = mapped_column(String(120))
    ncm: Mapped[str | None] = mapped_column(String(8), nullable=True)
    cest: Mapped[str | None] = mapped_column(String(7), nullable=True)
    origem: Mapped[int] = mapped_column(Integer, default=0)
    unidade: Mapped[str] = mapped_column(String(6), default="UN")
    preco: Mapped[Decimal] = mapped_column(ExactDecimal(21, 10), default=Decimal("0"))
    gtin: Mapped[str | None] = mapped_column(String(14), nullable=True)
    categoria: Mapped[str | None] = mapped_column(String(60), nullable=True)
    st_retido: Mapped[dict[str, str] | None] = mapped_column(JSON, nullable=True)
    """ICMS-ST withheld before the goods reached the company (CST 60 / CSOSN 500), per unit:
    {`base`, `aliquota`, `valor_substituto`, `valor`} as decimal text (migration 0019)."""
    ativo: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)


class Customer(Base):
    __tablename__ = "customers"
    __table_args__ = (UniqueConstraint("company_id", "codigo"),)

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    company_id: Mapped[str] = mapped_column(ForeignKey("companies.id"), index=True)
    codigo: Mapped[str] = mapped_column(String(60))
    cpf_cnpj: Mapped[str] = mapped_column(String(14))
    nome: Mapped[str] = mapped_column(String(60))
    ie: Mapped[str | None] = mapped_column(String(25), nullable=True)
    indicador_ie: Mapped[int] = mapped_column(Integer, default=9)
    email: Mapped[str | None] = mapped_column(String(200), nullable=True)
    telefone: Mapped[str | None] = mapped_column(String(20), nullable=True)
    logradouro: Mapped[str | None] = mapped_column(String(200), nullable=True)
    numero: Mapped[str | None] = mapped_column(String(60), nullable=True)
    complemento: Mapped[str | None] = mapped_column(String(100), nullable=True)
    bairro: Mapped[str | None] = mapped_column(String(100), nullable=True)
    municipio: Mapped[str | None] = mapped_column(String(100), nullable=True)
    cod_municipio: Mapped[str | None] = mapped_column(String(7), nullable=True)
    uf: Mapped[str | None] = mapped_column(String(2), nullable=True)
    cep: Mapped[str | None] = mapped_column(String(8), nullable=True)
    ativo: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)


class Service(Base):
    """A service the company provides (NFS-e). `aliquota_iss` and `iss_retido` are the
    company's own configuration, kept as given; empty means the engine's versioned base.
    `c_ind_op` is the IBS/CBS operation indicator the provider declares for the service, so an
    NFS-e request need not repeat it."""

    __tablename__ = "services"
    __table_args__ = (UniqueConstraint("company_id", "codigo"),)

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    company_id: Mapped[str] = mapped_column(ForeignKey("companies.id"), index=True)
    codigo: Mapped[str] = mapped_column(String(60))
    descricao: Mapped[str] = mapped_column(String(2000))
    lc116: Mapped[str | None] = mapped_column(String(5), nullable=True)
    c_trib_nac: Mapped[str | None] = mapped_column(String(6), nullable=True)
    c_trib_mun: Mapped[str | None] = mapped_column(String(3), nullable=True)
    nbs: Mapped[str | None] = mapped_column(String(9), nullable=True)
    cnae: Mapped[str | None] = mapped_column(String(7), nullable=True)
    preco: Mapped[Decimal | None] = mapped_column(ExactDecimal(15, 2), nullable=True)
    aliquota_iss: Mapped[Decimal | None] = mapped_column(ExactDecimal(5, 2), nullable=True)
    iss_retido: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    municipio_incidencia: Mapped[str | None] = mapped_column(String(7), nullable=True)
    c_ind_op: Mapped[str | None] = mapped_column(String(6), nullable=True)
    ativo: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)


class Vehicle(Base):
    """A road vehicle of the MDF-e (`veicTracao` / `veicReboque`). The `proprietario_*` columns
    are the layout's `prop` group, filled only when the company does not own the vehicle."""

    __tablename__ = "vehicles"
    __table_args__ = (UniqueConstraint("company_id", "placa"),)

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    company_id: Mapped[str] = mapped_column(ForeignKey("companies.id"), index=True)
    placa: Mapped[str] = mapped_column(String(7))
    tara: Mapped[int] = mapped_column(Integer)
    uf_licenciamento: Mapped[str] = mapped_column(String(2))
    renavam: Mapped[str | None] = mapped_column(String(11), nullable=True)
    cap_kg: Mapped[int | None] = mapped_column(Integer, nullable=True)
    cap_m3: Mapped[int | None] = mapped_column(Integer, nullable=True)
    tp_rod: Mapped[str | None] = mapped_column(String(2), nullable=True)
    tp_car: Mapped[str | None] = mapped_column(String(2), nullable=True)
    tipo: Mapped[str] = mapped_column(String(7), default="TRACAO")
    proprietario_doc: Mapped[str | None] = mapped_column(String(14), nullable=True)
    proprietario_nome: Mapped[str | None] = mapped_column(String(60), nullable=True)
    proprietario_rntrc: Mapped[str | None] = mapped_column(String(8), nullable=True)
    proprietario_ie: Mapped[str | None] = mapped_column(String(14), nullable=True)
    proprietario_uf: Mapped[str | None] = mapped_column(String(2), nullable=True)
    proprietario_tp_prop: Mapped[int | None] = mapped_column(Integer, nullable=True)
    ativo: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)


class Driver(Base):
    """A driver of the MDF-e (`condutor`): name and CPF (11 digits), the CPF unique per company."""

    __tablename__ = "drivers"
    __table_args__ = (UniqueConstraint("company_id", "cpf"),)

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    company_id: Mapped[str] = mapped_column(ForeignKey("companies.id"), index=True)
    nome: Mapped[str] = mapped_column(String(60))
    cpf: Mapped[str] = mapped_column(String(11))
    ativo: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)
