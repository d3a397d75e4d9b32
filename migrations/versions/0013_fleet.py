"""fleet: the MDF-e vehicles and drivers registers

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-24 11:00:00.000000

Two new tables only (no existing row changes). A plate is unique per company among vehicles, a
CPF among drivers; rows are only deactivated, never deleted (an MDF-e keeps pointing at them).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import service.db

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _owned() -> list[sa.Column[str]]:
    """The columns every register starts with (id, account, company)."""
    return [
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("account_id", sa.String(length=40), nullable=False),
        sa.Column("company_id", sa.String(length=40), nullable=False),
    ]


def _tail(table: str, key: str) -> list[sa.schema.SchemaItem]:
    """`ativo`, timestamps, keys and the per-company unique `key`."""
    return [
        sa.Column("ativo", sa.Boolean(), nullable=False),
        sa.Column("created_at", service.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", service.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name=op.f(f"fk_{table}_account_id_accounts")
        ),
        sa.ForeignKeyConstraint(
            ["company_id"], ["companies.id"], name=op.f(f"fk_{table}_company_id_companies")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f(f"pk_{table}")),
        sa.UniqueConstraint("company_id", key, name=op.f(f"uq_{table}_company_id")),
    ]


def _indexes(table: str) -> None:
    with op.batch_alter_table(table, schema=None) as batch_op:
        batch_op.create_index(batch_op.f(f"ix_{table}_account_id"), ["account_id"], unique=False)
        batch_op.create_index(batch_op.f(f"ix_{table}_company_id"), ["company_id"], unique=False)


def upgrade() -> None:
    op.create_table(
        "vehicles",
        *_owned(),
        sa.Column("placa", sa.String(length=7), nullable=False),
        sa.Column("tara", sa.Integer(), nullable=False),
        sa.Column("uf_licenciamento", sa.String(length=2), nullable=False),
        sa.Column("renavam", sa.String(length=11), nullable=True),
        sa.Column("cap_kg", sa.Integer(), nullable=True),
        sa.Column("cap_m3", sa.Integer(), nullable=True),
        sa.Column("tp_rod", sa.String(length=2), nullable=True),
        sa.Column("tp_car", sa.String(length=2), nullable=True),
        sa.Column("tipo", sa.String(length=7), nullable=False),
        sa.Column("proprietario_doc", sa.String(length=14), nullable=True),
        sa.Column("proprietario_nome", sa.String(length=60), nullable=True),
        sa.Column("proprietario_rntrc", sa.String(length=8), nullable=True),
        sa.Column("proprietario_ie", sa.String(length=14), nullable=True),
        sa.Column("proprietario_uf", sa.String(length=2), nullable=True),
        sa.Column("proprietario_tp_prop", sa.Integer(), nullable=True),
        *_tail("vehicles", "placa"),
    )
    _indexes("vehicles")
    op.create_table(
        "drivers",
        *_owned(),
        sa.Column("nome", sa.String(length=60), nullable=False),
        sa.Column("cpf", sa.String(length=11), nullable=False),
        *_tail("drivers", "cpf"),
    )
    _indexes("drivers")


def downgrade() -> None:
    for table in ("drivers", "vehicles"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_index(batch_op.f(f"ix_{table}_company_id"))
            batch_op.drop_index(batch_op.f(f"ix_{table}_account_id"))
        op.drop_table(table)
