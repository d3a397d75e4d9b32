"""received documents: what the DF-e distribution brings, its events and the NSU cursors

Revision ID: 0022
Revises: 0021
Create Date: 2026-11-28 02:00:00.000000

Issue 38, "Documents received": one row per received key (summary, then the whole XML), the
events on them (cancellations, the company's manifestations), the NSU cursor of each company,
environment and family with its schedule, block, lease and by-key budget, and the company's
DF-e setting (automatic ciência). Nothing existing changes.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import service.db

revision: str = "0022"
down_revision: str | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _moment(name: str, nullable: bool = True) -> sa.Column[object]:
    return sa.Column(name, service.db.UTCDateTime(timezone=True), nullable=nullable)


def _company_fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["company_id"], ["companies.id"], name=op.f(f"fk_{table}_company_id_companies")
    )


def upgrade() -> None:
    op.create_table(
        "received_documents",
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("account_id", sa.String(length=40), nullable=False),
        sa.Column("company_id", sa.String(length=40), nullable=False),
        sa.Column("ambiente", sa.String(length=12), nullable=False),
        sa.Column("tipo", sa.String(length=4), nullable=False),
        sa.Column("chave", sa.String(length=44), nullable=False),
        sa.Column("nsu", sa.String(length=15), nullable=True),
        sa.Column("emitente_cnpj", sa.String(length=14), nullable=True),
        sa.Column("emitente_nome", sa.String(length=200), nullable=True),
        sa.Column("valor", sa.Numeric(precision=15, scale=2), nullable=True),
        _moment("emitido_em"),
        sa.Column("situacao", sa.String(length=10), nullable=False),
        sa.Column("manifestacao", sa.String(length=14), nullable=False),
        sa.Column("resumo_xml", sa.LargeBinary(), nullable=True),
        sa.Column("xml", sa.LargeBinary(), nullable=True),
        _moment("recebido_em", nullable=False),
        _moment("atualizado_em", nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name=op.f("fk_received_documents_account_id_accounts")
        ),
        _company_fk("received_documents"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_received_documents")),
        sa.UniqueConstraint(
            "company_id", "ambiente", "chave",
            name=op.f("uq_received_documents_company_id"),
        ),  # fmt: skip
    )
    op.create_index(op.f("ix_received_documents_account_id"), "received_documents", ["account_id"])
    op.create_index(op.f("ix_received_documents_company_id"), "received_documents", ["company_id"])
    op.create_table(
        "received_events",
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("received_id", sa.String(length=40), nullable=False),
        sa.Column("tp_evento", sa.String(length=6), nullable=False),
        sa.Column("n_seq", sa.Integer(), nullable=False),
        sa.Column("protocolo", sa.String(length=20), nullable=True),
        sa.Column("xml", sa.LargeBinary(), nullable=True),
        _moment("created_at", nullable=False),
        sa.ForeignKeyConstraint(
            ["received_id"], ["received_documents.id"],
            name=op.f("fk_received_events_received_id_received_documents"),
        ),  # fmt: skip
        sa.PrimaryKeyConstraint("id", name=op.f("pk_received_events")),
        sa.UniqueConstraint(
            "received_id", "tp_evento", "n_seq",
            name=op.f("uq_received_events_received_id"),
        ),  # fmt: skip
    )
    op.create_index(op.f("ix_received_events_received_id"), "received_events", ["received_id"])
    op.create_table(
        "distribution_cursors",
        sa.Column("company_id", sa.String(length=40), nullable=False),
        sa.Column("ambiente", sa.String(length=12), nullable=False),
        sa.Column("familia", sa.String(length=4), nullable=False),
        sa.Column("ult_nsu", sa.String(length=15), nullable=False),
        sa.Column("max_nsu", sa.String(length=15), nullable=False),
        _moment("proxima_consulta", nullable=False),
        _moment("bloqueado_ate"),
        sa.Column("motivo", sa.String(length=300), nullable=True),
        _moment("lease_ate"),
        _moment("consultas_chave_inicio"),
        sa.Column("consultas_chave_contagem", sa.Integer(), nullable=False),
        _moment("updated_at", nullable=False),
        _company_fk("distribution_cursors"),
        sa.PrimaryKeyConstraint(
            "company_id", "ambiente", "familia", name=op.f("pk_distribution_cursors")
        ),
    )
    op.create_table(
        "dfe_settings",
        sa.Column("company_id", sa.String(length=40), nullable=False),
        sa.Column("ciencia_automatica", sa.Boolean(), nullable=False),
        _moment("updated_at", nullable=False),
        _company_fk("dfe_settings"),
        sa.PrimaryKeyConstraint("company_id", name=op.f("pk_dfe_settings")),
    )


def downgrade() -> None:
    op.drop_table("dfe_settings")
    op.drop_table("distribution_cursors")
    op.drop_index(op.f("ix_received_events_received_id"), table_name="received_events")
    op.drop_table("received_events")
    op.drop_index(op.f("ix_received_documents_company_id"), table_name="received_documents")
    op.drop_index(op.f("ix_received_documents_account_id"), table_name="received_documents")
    op.drop_table("received_documents")
