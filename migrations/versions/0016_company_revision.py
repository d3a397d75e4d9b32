"""company revision: the number that validates the per-process caches of a company's registers

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-24 14:00:00.000000

`revisao_cadastros`: bumped in the transaction of every write to what an issuance reads by
company (products, customers, natures, certificates, webhook subscriptions); every existing
company starts at 0. `revisao_regras`: a copy of `rule_revisions.revisao` kept on the company
row (written with it), so an issuance validates its compiled rule set with the company it reads
anyway; existing companies get their current rule revision. `recreate="never"`: a plain ALTER TABLE both ways (recreating `companies`
on SQLite is forbidden by the foreign keys of its children).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("companies", schema=None, recreate="never") as batch_op:
        batch_op.add_column(
            sa.Column("revisao_cadastros", sa.Integer(), nullable=False, server_default="0")
        )
        batch_op.add_column(
            sa.Column("revisao_regras", sa.Integer(), nullable=False, server_default="0")
        )
    op.execute(
        "UPDATE companies SET revisao_regras = COALESCE((SELECT r.revisao FROM rule_revisions r "
        "WHERE r.company_id = companies.id), 0)"
    )


def downgrade() -> None:
    with op.batch_alter_table("companies", schema=None, recreate="never") as batch_op:
        batch_op.drop_column("revisao_regras")
        batch_op.drop_column("revisao_cadastros")
