"""received documents: room for the national NFS-e's 50-position key

Revision ID: 0023
Revises: 0022
Create Date: 2026-11-28 03:00:00.000000

Issue 38, received NFS-e: `received_documents.chave` grows from 44 to 50 characters (the NF-e
and CT-e keys have 44, the national NFS-e's 50). Nothing else changes.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0023"
down_revision: str | None = "0022"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("received_documents", schema=None) as batch_op:
        batch_op.alter_column(
            "chave", existing_type=sa.String(length=44), type_=sa.String(length=50),
            existing_nullable=False,
        )  # fmt: skip


def downgrade() -> None:
    with op.batch_alter_table("received_documents", schema=None) as batch_op:
        batch_op.alter_column(
            "chave", existing_type=sa.String(length=50), type_=sa.String(length=44),
            existing_nullable=False,
        )  # fmt: skip
