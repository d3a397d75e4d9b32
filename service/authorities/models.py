"""The state of each tax authority, one row per (model, authoriser, environment)."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import Boolean, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from service.db import Base, UTCDateTime, utcnow


class AuthorityStatus(StrEnum):
    """Wire values of `status` in `GET /fiscal/autoridades` and the webhooks."""

    ONLINE = "ONLINE"
    DEGRADADA = "DEGRADADA"
    FORA = "FORA"


class AuthorityState(Base):
    """What the breaker knows of one authority. Written only on a change or a failure
    (`breaker`), and by each probe (`verificado_em`); read by the listing and the metrics."""

    __tablename__ = "authority_states"

    modelo: Mapped[str] = mapped_column(String(2), primary_key=True)
    autorizador: Mapped[str] = mapped_column(String(8), primary_key=True)
    ambiente: Mapped[str] = mapped_column(String(12), primary_key=True)
    status: Mapped[str] = mapped_column(String(9), default=AuthorityStatus.ONLINE.value)
    desde: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    """Since when the authority is in `status`."""
    c_stat: Mapped[str | None] = mapped_column(String(10), nullable=True)
    """The last answer recorded: the status service's cStat, or the answer's that failed."""
    motivo: Mapped[str | None] = mapped_column(String(500), nullable=True)
    """Its xMotivo, or in Portuguese why the request was not delivered."""
    causa: Mapped[str | None] = mapped_column(String(30), nullable=True)
    """`NotSentReason` / `UncertainReason` of the last failure recorded, else null."""
    respondido_em: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    """When the last answer (or failure) was recorded."""
    verificado_em: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    """When the status service was last asked."""
    falhas_consecutivas: Mapped[int] = mapped_column(Integer, default=0)
    proxima_verificacao: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    """When the next probe is due; a prober claims it by moving it forward (one statement)."""
    fora_anunciada: Mapped[bool] = mapped_column(Boolean, default=False)
    """`autoridade.fora` was sent and `autoridade.normalizada` not yet."""
    contingencia: Mapped[str | None] = mapped_column(String(20), nullable=True)
    """The contingency in force (issue 37's next part); null for now."""
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)
