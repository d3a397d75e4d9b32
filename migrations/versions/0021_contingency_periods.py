"""contingency periods: when a company issues in contingency, and what each document carries

Revision ID: 0021
Revises: 0020
Create Date: 2026-11-28 01:00:00.000000

Issue 37, "Entering contingency": a table of periods (company, model, environment, SVC / EPEC /
OFFLINE, tpEmis, the authority down and the one used meanwhile, origin, reason, start, end);
on companies the automatic setting (true by default) and the open periods read with the
company on each issuance; on documents their period and, for a document handed out before
its authorization, its transmission deadline. Nothing existing changes meaning.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import service.db

revision: str = "0021"
down_revision: str | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _moment(name: str, nullable: bool = True) -> sa.Column[object]:
    return sa.Column(name, service.db.UTCDateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "contingency_periods",
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("account_id", sa.String(length=40), nullable=False),
        sa.Column("company_id", sa.String(length=40), nullable=False),
        sa.Column("modelo", sa.String(length=2), nullable=False),
        sa.Column("ambiente", sa.String(length=12), nullable=False),
        sa.Column("tipo", sa.String(length=8), nullable=False),
        sa.Column("tp_emis", sa.String(length=1), nullable=False),
        sa.Column("autorizador", sa.String(length=8), nullable=False),
        sa.Column("autorizador_contingencia", sa.String(length=8), nullable=True),
        sa.Column("origem", sa.String(length=10), nullable=False),
        sa.Column("justificativa", sa.String(length=256), nullable=False),
        _moment("inicio", nullable=False),
        _moment("fim"),
        sa.Column("encerrado_por", sa.String(length=12), nullable=True),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name=op.f("fk_contingency_periods_account_id_accounts")
        ),
        sa.ForeignKeyConstraint(
            ["company_id"], ["companies.id"],
            name=op.f("fk_contingency_periods_company_id_companies"),
        ),  # fmt: skip
        sa.PrimaryKeyConstraint("id", name=op.f("pk_contingency_periods")),
    )
    op.create_index(
        op.f("ix_contingency_periods_account_id"), "contingency_periods", ["account_id"]
    )
    op.create_index(
        op.f("ix_contingency_periods_company_id"), "contingency_periods", ["company_id"]
    )
    with op.batch_alter_table("companies", recreate="never") as batch:
        batch.add_column(
            sa.Column(
                "contingencia_automatica", sa.Boolean(), nullable=False, server_default=sa.true()
            )
        )
        batch.add_column(sa.Column("contingencia", sa.JSON(), nullable=True))
    with op.batch_alter_table("fiscal_documents", recreate="never") as batch:
        batch.add_column(sa.Column("contingencia_id", sa.String(length=40), nullable=True))
        batch.add_column(_moment("contingencia_prazo"))
        batch.create_index(batch.f("ix_fiscal_documents_contingencia_id"), ["contingencia_id"])


def downgrade() -> None:
    with op.batch_alter_table("fiscal_documents", recreate="never") as batch:
        batch.drop_index(batch.f("ix_fiscal_documents_contingencia_id"))
        batch.drop_column("contingencia_prazo")
        batch.drop_column("contingencia_id")
    with op.batch_alter_table("companies", recreate="never") as batch:
        batch.drop_column("contingencia")
        batch.drop_column("contingencia_automatica")
    op.drop_index(op.f("ix_contingency_periods_company_id"), table_name="contingency_periods")
    op.drop_index(op.f("ix_contingency_periods_account_id"), table_name="contingency_periods")
    op.drop_table("contingency_periods")
