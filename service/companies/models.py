"""A company is an issuer owned by one account, with its own environment and modules."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    ForeignKey,
    Integer,
    LargeBinary,
    Numeric,
    String,
    UniqueConstraint,
    true,
)
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
    DFE = "dfe"


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
    # Issuer data (issue 5): the company is the issuer of its documents.
    criado_por_chave_id: Mapped[str | None] = mapped_column(String(40), nullable=True)
    nome_fantasia: Mapped[str | None] = mapped_column(String(200), nullable=True)
    ie: Mapped[str | None] = mapped_column(String(25), nullable=True)
    iest: Mapped[str | None] = mapped_column(String(25), nullable=True)
    im: Mapped[str | None] = mapped_column(String(25), nullable=True)
    crt: Mapped[int | None] = mapped_column(Integer, nullable=True)
    apuracao: Mapped[str | None] = mapped_column(String(20), nullable=True)
    cnae: Mapped[str | None] = mapped_column(String(10), nullable=True)
    cnaes_secundarios: Mapped[list[str]] = mapped_column(JSON, default=list)
    cep: Mapped[str | None] = mapped_column(String(8), nullable=True)
    logradouro: Mapped[str | None] = mapped_column(String(200), nullable=True)
    numero: Mapped[str | None] = mapped_column(String(60), nullable=True)
    complemento: Mapped[str | None] = mapped_column(String(100), nullable=True)
    bairro: Mapped[str | None] = mapped_column(String(100), nullable=True)
    municipio: Mapped[str | None] = mapped_column(String(100), nullable=True)
    cod_municipio: Mapped[str | None] = mapped_column(String(7), nullable=True)
    uf: Mapped[str | None] = mapped_column(String(2), nullable=True)
    telefone: Mapped[str | None] = mapped_column(String(20), nullable=True)
    email: Mapped[str | None] = mapped_column(String(200), nullable=True)
    serie_nfe: Mapped[int] = mapped_column(Integer, default=1)
    serie_nfce: Mapped[int] = mapped_column(Integer, default=1)
    serie_cte: Mapped[int] = mapped_column(Integer, default=1)
    serie_cteos: Mapped[int] = mapped_column(Integer, default=1)
    serie_mdfe: Mapped[int] = mapped_column(Integer, default=1)
    csc_id: Mapped[str | None] = mapped_column(String(10), nullable=True)
    csc_cifrado: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    exige_ibs_cbs: Mapped[bool] = mapped_column(Boolean, default=False)
    origem_dados: Mapped[dict[str, str]] = mapped_column(JSON, default=dict)
    confirmado_em: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    rntrc: Mapped[str | None] = mapped_column(String(8), nullable=True)
    taf_cteos: Mapped[str | None] = mapped_column(String(12), nullable=True)
    reg_estadual_cteos: Mapped[str | None] = mapped_column(String(25), nullable=True)
    regime_especial_nfse: Mapped[int | None] = mapped_column(Integer, nullable=True)
    limite_revisao: Mapped[Decimal | None] = mapped_column(Numeric(4, 3), nullable=True)
    # Rural producer (issue 18): `PRODUTOR_RURAL` or null; a CPF issuer is always rural.
    contexto_fiscal: Mapped[str | None] = mapped_column(String(20), nullable=True)
    propriedades: Mapped[list[dict[str, str]]] = mapped_column(JSON, default=list)
    # Issue 19: bumped with every write to the registers an issuance reads (products,
    # customers, natures, certificates, webhooks); validates the per-process caches
    # (`service.companies.revision`).
    revisao_cadastros: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    revisao_regras: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """The company's rule revision (`rule_revisions.revisao`, written with it by
    `fiscal.rules.bump_revision`): read with the company, it validates the compiled rule set
    without a query of its own."""
    contingencia_automatica: Mapped[bool] = mapped_column(
        Boolean, default=True, server_default=true()
    )
    """Contingency entered by the service when the authority's breaker opens (the default);
    False: only `POST /configuracao-fiscal/contingencia` enters it."""
    contingencia: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The open contingency periods, by `<modelo>:<ambiente>` (`service.issuance.contingency`):
    read with the company on every issuance, so the decision costs no query."""

    @property
    def has_csc(self) -> bool:
        """NFC-e signs its QR Code with the CSC: both its id and the sealed token are needed."""
        return bool(self.csc_id) and self.csc_cifrado is not None
