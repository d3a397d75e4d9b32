"""carrier: the issuer's CT-e and CT-e OS series

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-24 12:00:00.000000

- `serie_cte` / `serie_cteos`: the series of the CT-e (model 57) and the CT-e OS (model 67),
  0..999 like `serie_nfe`; every existing company gets series 1 (`server_default`), the value a
  new company gets too.
- The carrier's registrations (`rntrc`, `taf_cteos`, `reg_estadual_cteos`) already exist since
  0003 as nullable columns of the right width (RNTRC 8, which also holds "ISENTO"; TAF 12;
  state registry 25): nothing to change, existing values stay as they are.

`recreate="never"`: both directions are plain ALTER TABLE (SQLite >= 3.35 drops a column in
place). Recreating `companies` on SQLite would drop the old table, which the foreign keys of
orders and documents forbid once a company has any.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("companies", schema=None, recreate="never") as batch_op:
        batch_op.add_column(
            sa.Column("serie_cte", sa.Integer(), nullable=False, server_default="1")
        )
        batch_op.add_column(
            sa.Column("serie_cteos", sa.Integer(), nullable=False, server_default="1")
        )


def downgrade() -> None:
    with op.batch_alter_table("companies", schema=None, recreate="never") as batch_op:
        batch_op.drop_column("serie_cteos")
        batch_op.drop_column("serie_cte")
