"""service operation indicator: the services register keeps `c_ind_op`

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-27 18:30:00.000000

`services.c_ind_op`: the IBS/CBS operation indicator (cIndOp, 6 digits, annex VII of the NFS-e
technical note) a provider declares for the service. Kept on the register, an NFS-e request no
longer has to send it each time (the request's value still wins). Nullable, so existing rows
are untouched. `recreate="never"`: a plain ALTER TABLE both ways.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("services", schema=None, recreate="never") as batch_op:
        batch_op.add_column(sa.Column("c_ind_op", sa.String(length=6), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("services", schema=None, recreate="never") as batch_op:
        batch_op.drop_column("c_ind_op")
