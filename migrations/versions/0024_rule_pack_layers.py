"""rule pack layers: published platform and company packs, pack rules beside API rules, simulations

Revision ID: 0024
Revises: 0023
Create Date: 2026-12-01 21:00:00.000000

Issue 39, "Rule packs as a tax specialist's git workflow":
- `rule_packs`: each published revision of a platform pack (its rules, the companies it is
  attached to) or of a company pack (a record of what was published), with its digest and who
  published it.
- `tax_rules`, `iva_rules` and `base_rules` gain `origem` (`api`, every existing row, or
  `pacote`) and what a rule published from a pack carries that the API's fields do not: its
  stable id and version (one id may have several versions), condition, source, confidence and
  the pack revision it came from.
- `rule_simulations`: a company's candidate rules replayed over its documents by the queue.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import service.db

revision: str = "0024"
down_revision: str | None = "0023"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

COMPANY_RULE_TABLES = ("tax_rules", "iva_rules")


def _moment(name: str, nullable: bool = True) -> sa.Column[object]:
    return sa.Column(name, service.db.UTCDateTime(timezone=True), nullable=nullable)


def _owner_fks(table: str) -> list[sa.ForeignKeyConstraint]:
    return [
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name=op.f(f"fk_{table}_account_id_accounts")
        ),
        sa.ForeignKeyConstraint(
            ["company_id"], ["companies.id"], name=op.f(f"fk_{table}_company_id_companies")
        ),
    ]


def _origin_columns() -> list[sa.Column[object]]:
    return [
        sa.Column("origem", sa.String(length=10), server_default="api", nullable=False),
        sa.Column("regra_id", sa.String(length=80), nullable=True),
        sa.Column("pacote", sa.String(length=60), nullable=True),
        sa.Column("revisao_pacote", sa.String(length=40), nullable=True),
    ]


def _pack_rule_columns() -> list[sa.Column[object]]:
    return [
        sa.Column("versao", sa.String(length=40), nullable=True),
        sa.Column("fonte", sa.String(length=500), nullable=True),
        sa.Column("condicao", sa.JSON(), nullable=True),
        sa.Column("confianca", sa.Numeric(precision=4, scale=3), nullable=True),
    ]


def upgrade() -> None:
    op.create_table(
        "rule_packs",
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("account_id", sa.String(length=40), nullable=False),
        sa.Column("camada", sa.String(length=12), nullable=False),
        sa.Column("nome", sa.String(length=60), nullable=False),
        sa.Column("revisao", sa.String(length=40), nullable=False),
        sa.Column("company_id", sa.String(length=40), nullable=True),
        sa.Column("empresas", sa.JSON(), nullable=False),
        sa.Column("todas_empresas", sa.Boolean(), nullable=False),
        sa.Column("manifesto", sa.JSON(), nullable=False),
        sa.Column("regras", sa.JSON(), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("vigente", sa.Boolean(), nullable=False),
        _moment("publicado_em", nullable=False),
        sa.Column("publicado_por", sa.String(length=120), nullable=False),
        _moment("substituido_em"),
        *_owner_fks("rule_packs"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rule_packs")),
    )
    for column in ("account_id", "company_id", "vigente"):
        op.create_index(op.f(f"ix_rule_packs_{column}"), "rule_packs", [column])
    op.create_table(
        "rule_simulations",
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("account_id", sa.String(length=40), nullable=False),
        sa.Column("company_id", sa.String(length=40), nullable=False),
        sa.Column("status", sa.String(length=12), nullable=False),
        sa.Column("parametros", sa.JSON(), nullable=False),
        sa.Column("resultado", sa.JSON(), nullable=True),
        sa.Column("erro", sa.String(length=500), nullable=True),
        sa.Column("documentos", sa.Integer(), nullable=False),
        sa.Column("tentativas", sa.Integer(), nullable=False),
        _moment("created_at", nullable=False),
        _moment("concluida_em"),
        _moment("proxima_tentativa_em", nullable=False),
        _moment("lease_ate"),
        sa.Column("lease_dono", sa.String(length=120), nullable=True),
        *_owner_fks("rule_simulations"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rule_simulations")),
    )
    for column in ("account_id", "company_id", "created_at", "proxima_tentativa_em"):
        op.create_index(op.f(f"ix_rule_simulations_{column}"), "rule_simulations", [column])
    with op.batch_alter_table("base_rules", schema=None) as batch_op:
        for column in _origin_columns():
            batch_op.add_column(column)
    for table in COMPANY_RULE_TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            for column in _origin_columns() + _pack_rule_columns():
                batch_op.add_column(column)


def downgrade() -> None:
    for table in COMPANY_RULE_TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            for column in _origin_columns() + _pack_rule_columns():
                batch_op.drop_column(column.name)
    with op.batch_alter_table("base_rules", schema=None) as batch_op:
        for column in _origin_columns():
            batch_op.drop_column(column.name)
    op.drop_table("rule_simulations")
    op.drop_table("rule_packs")
