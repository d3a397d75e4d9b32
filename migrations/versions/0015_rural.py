"""rural: the rural producer's fiscal context and properties

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-24 12:00:00.000000

`contexto_fiscal`: `PRODUTOR_RURAL` or null (every existing company: null, no context).
`propriedades`: the producer's rural properties, a JSON list (every existing company: `[]`).
`recreate="never"`: a plain ALTER TABLE both ways (recreating `companies` on SQLite is forbidden
by the foreign keys of its children).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("companies", schema=None, recreate="never") as batch_op:
        batch_op.add_column(sa.Column("contexto_fiscal", sa.String(length=20), nullable=True))
        batch_op.add_column(
            sa.Column("propriedades", sa.JSON(), nullable=False, server_default="[]")
        )


def downgrade() -> None:
    with op.batch_alter_table("companies", schema=None, recreate="never") as batch_op:
        batch_op.drop_column("propriedades")
        batch_op.drop_column("contexto_fiscal")
