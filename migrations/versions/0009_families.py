"""families: documents ready for every family (50-position keys, DPS id)

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-24 08:00:00.000000

The access key column grows from 44 to 50 positions (the national NFS-e key), so does the
protocol (the national system answers the key where SEFAZ gives a protocol), and documents get
the NFS-e's DPS id. Statuses stay VARCHAR(12): the Python side maps them to enums, so a new
status needs no migration on SQLite or PostgreSQL. Existing rows are kept as they are.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0009'
down_revision: str | None = '0008'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('fiscal_documents') as batch:
        batch.alter_column(
            'chave', existing_type=sa.String(length=44), type_=sa.String(length=50),
            existing_nullable=False,
        )
        batch.alter_column(
            'protocolo', existing_type=sa.String(length=20), type_=sa.String(length=50),
            existing_nullable=True,
        )
        batch.add_column(sa.Column('dps_id', sa.String(length=45), nullable=True))
        batch.create_index('ix_fiscal_documents_dps_id', ['dps_id'])


def downgrade() -> None:
    with op.batch_alter_table('fiscal_documents') as batch:
        batch.drop_index('ix_fiscal_documents_dps_id')
        batch.drop_column('dps_id')
        batch.alter_column(
            'protocolo', existing_type=sa.String(length=50), type_=sa.String(length=20),
            existing_nullable=True,
        )
        batch.alter_column(
            'chave', existing_type=sa.String(length=50), type_=sa.String(length=44),
            existing_nullable=False,
        )
