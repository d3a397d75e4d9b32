"""authority states: what the circuit breaker knows of each tax authority

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-27 21:40:00.000000

One new table only (issue 37, "Knowing the authority's state"): a row per (model, authoriser
as the endpoint tables resolve it, environment) with its status ONLINE/DEGRADADA/FORA, since
when, the last answer recorded, consecutive failures, the probe's schedule and the
contingency in force (null until the next part). Rows are created by the breaker and the
prober as authorities are met; nothing existing changes.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import service.db

revision: str = "0020"
down_revision: str | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _moment(name: str, nullable: bool = True) -> sa.Column[object]:
    return sa.Column(name, service.db.UTCDateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "authority_states",
        sa.Column("modelo", sa.String(length=2), nullable=False),
        sa.Column("autorizador", sa.String(length=8), nullable=False),
        sa.Column("ambiente", sa.String(length=12), nullable=False),
        sa.Column("status", sa.String(length=9), nullable=False),
        _moment("desde", nullable=False),
        sa.Column("c_stat", sa.String(length=10), nullable=True),
        sa.Column("motivo", sa.String(length=500), nullable=True),
        sa.Column("causa", sa.String(length=30), nullable=True),
        _moment("respondido_em"),
        _moment("verificado_em"),
        sa.Column("falhas_consecutivas", sa.Integer(), nullable=False),
        _moment("proxima_verificacao"),
        sa.Column("fora_anunciada", sa.Boolean(), nullable=False),
        sa.Column("contingencia", sa.String(length=20), nullable=True),
        _moment("updated_at", nullable=False),
        sa.PrimaryKeyConstraint(
            "modelo", "autorizador", "ambiente", name=op.f("pk_authority_states")
        ),
    )


def downgrade() -> None:
    op.drop_table("authority_states")
