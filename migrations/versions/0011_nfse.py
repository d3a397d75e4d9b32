"""nfse: what the national NFS-e adds to documents

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-24 11:00:00.000000

- `sefaz_code` grows to 10 characters on documents and events: the national system answers
  E-codes (`E0014`, `E0822`) and schema codes (`RNG6110`), not SEFAZ's 3-digit cStat.
- `detalhes` keeps every message of a refusal (`[{codigo, descricao}]`), answered again on
  a replay exactly as the first time.
- `resumo` keeps the family's own figures (NFS-e: `valor_servicos`, `valor_iss`,
  `numero_nfse`) so a list renders without parsing XML.
- `nao_recebido_desde` / `nao_recebido_consultas`: "not received" (DPS 404, cStat 217) is
  believed only after more than one lookup spanning the tolerance; then the same signed XML
  goes again. New nullable columns only: no existing row changes.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import service.db

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _code_length(table: str, old: int, new: int) -> None:
    """SQLite does not enforce VARCHAR lengths, and changing a type there would recreate the
    table, which the foreign keys of its children forbid once rows exist: nothing to do."""
    if op.get_bind().dialect.name == "sqlite":
        return
    op.alter_column(table, "sefaz_code", existing_type=sa.String(old), type_=sa.String(new))


def upgrade() -> None:
    _code_length("fiscal_documents", 4, 10)
    _code_length("document_events", 4, 10)
    with op.batch_alter_table("fiscal_documents", schema=None, recreate="never") as batch_op:
        batch_op.add_column(sa.Column("detalhes", sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column("resumo", sa.JSON(), nullable=True))
        batch_op.add_column(
            sa.Column("nao_recebido_desde", service.db.UTCDateTime(timezone=True), nullable=True)
        )
        batch_op.add_column(
            sa.Column("nao_recebido_consultas", sa.Integer(), nullable=False, server_default="0")
        )


def downgrade() -> None:
    with op.batch_alter_table("fiscal_documents", schema=None, recreate="never") as batch_op:
        batch_op.drop_column("nao_recebido_consultas")
        batch_op.drop_column("nao_recebido_desde")
        batch_op.drop_column("resumo")
        batch_op.drop_column("detalhes")
    _code_length("document_events", 10, 4)
    _code_length("fiscal_documents", 10, 4)
