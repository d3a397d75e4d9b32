"""services: the NFS-e services register

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-24 09:00:00.000000

A new table only (no existing row changes); codes are unique per company, rows are only
deactivated. Money and rates are NUMERIC (exact on PostgreSQL; read back exactly on SQLite by
`service.registers.models.ExactDecimal`).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import service.db

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "services",
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("account_id", sa.String(length=40), nullable=False),
        sa.Column("company_id", sa.String(length=40), nullable=False),
        sa.Column("codigo", sa.String(length=60), nullable=False),
        sa.Column("descricao", sa.String(length=2000), nullable=False),
        sa.Column("lc116", sa.String(length=5), nullable=True),
        sa.Column("c_trib_nac", sa.String(length=6), nullable=True),
        sa.Column("c_trib_mun", sa.String(length=3), nullable=True),
        sa.Column("nbs", sa.String(length=9), nullable=True),
        sa.Column("cnae", sa.String(length=7), nullable=True),
        sa.Column("preco", sa.Numeric(precision=15, scale=2), nullable=True),
        sa.Column("aliquota_iss", sa.Numeric(precision=5, scale=2), nullable=True),
        sa.Column("iss_retido", sa.Boolean(), nullable=True),
        sa.Column("municipio_incidencia", sa.String(length=7), nullable=True),
        sa.Column("ativo", sa.Boolean(), nullable=False),
        sa.Column("created_at", service.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", service.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name=op.f("fk_services_account_id_accounts")
        ),
        sa.ForeignKeyConstraint(
            ["company_id"], ["companies.id"], name=op.f("fk_services_company_id_companies")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_services")),
        sa.UniqueConstraint("company_id", "codigo", name=op.f("uq_services_company_id")),
    )
    with op.batch_alter_table("services", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_services_account_id"), ["account_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_services_company_id"), ["company_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("services", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_services_company_id"))
        batch_op.drop_index(batch_op.f("ix_services_account_id"))
    op.drop_table("services")
