"""mdfe: the issuer's MDF-e series

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-24 12:30:00.000000

`serie_mdfe`: the series of the MDF-e (model 58), 0..999 like the other series; every existing
company gets series 1 (`server_default`). `recreate="never"`: a plain ALTER TABLE both ways
(recreating `companies` on SQLite is forbidden by the foreign keys of its children).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("companies", schema=None, recreate="never") as batch_op:
        batch_op.add_column(
            sa.Column("serie_mdfe", sa.Integer(), nullable=False, server_default="1")
        )


def downgrade() -> None:
    with op.batch_alter_table("companies", schema=None, recreate="never") as batch_op:
        batch_op.drop_column("serie_mdfe")
