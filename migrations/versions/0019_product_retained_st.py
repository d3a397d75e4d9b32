"""product retained ST: the products register keeps `st_retido`

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-27 19:20:00.000000

`products.st_retido`: the ICMS-ST already withheld on the goods before they reached the
company (CST 60 / CSOSN 500), per unit, as JSON text values {`base`, `aliquota`,
`valor_substituto`, `valor`}: an NF-e of such a product writes vBCSTRet, pST,
vICMSSubstituto and vICMSSTRet without the request sending them each time (the request's
value still wins; issue 36). Nullable, so existing rows are untouched. `recreate="never"`: a
plain ALTER TABLE both ways.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0019"
down_revision: str | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("products", schema=None, recreate="never") as batch_op:
        batch_op.add_column(sa.Column("st_retido", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("products", schema=None, recreate="never") as batch_op:
        batch_op.drop_column("st_retido")
