"""list indexes and keyset pagination

Revision ID: 0025
Revises: 0024
Create Date: 2026-12-01 22:00:00.000000

Issue 41, "Scale": one composite index per list order (the equality columns of the list's
scope and filter, then the sort key and the id, then the columns a list may also filter on),
so a page at any depth, by `pagina` or after a cursor `apos`, is a range of one index read
without visiting the table (`service/pagination.py`; sizes and plans in
bench/results/lists.md).

On PostgreSQL each index is built `CONCURRENTLY` outside the migration's transaction
(`autocommit_block`): a production upgrade keeps writing documents while tens of millions of
rows are indexed (a plain `CREATE INDEX` would lock the table against writes for minutes).
A build that fails leaves an INVALID index behind; the upgrade drops any index of the same
name first (`IF EXISTS`), so running it again repairs it. SQLite gets plain indexes.

PostgreSQL also gets extended statistics on the documents' company, module and status (their
most common combinations) and an ANALYZE: above `LIST_EXACT_TOTAL` a list answers the
planner's estimate as its `total`, and the planner, taking the columns as independent, missed
a company's documents of one module by half (a retailer's NFC-e are 85 % of its documents,
not the platform's share) and a carrier's closed MDF-e by 95 % (only MDF-e are ENCERRADA).
The default target (100 combinations) holds every company big enough to be estimated and
keeps planning cheap (1,000 made each statement's planning 1-2 ms longer). The models do not
declare statistics (SQLAlchemy has no such object), so autogenerate neither sees nor drops
them.
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0025"
down_revision: str | None = "0024"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INDEXES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("ix_fiscal_documents_list", "fiscal_documents", ("company_id", "modulo", "created_at", "id")),
    ("ix_fiscal_documents_list_status", "fiscal_documents",
     ("company_id", "modulo", "status", "created_at", "id")),
    ("ix_fiscal_documents_list_ambiente", "fiscal_documents",
     ("company_id", "modulo", "ambiente", "created_at", "id", "status")),
    ("ix_fiscal_tasks_list", "fiscal_tasks", ("company_id", "created_at", "id", "documento")),
    ("ix_fiscal_tasks_list_status", "fiscal_tasks",
     ("company_id", "status", "created_at", "id", "documento")),
    ("ix_fiscal_tasks_list_ambiente", "fiscal_tasks",
     ("company_id", "ambiente", "created_at", "id", "status", "documento")),
    ("ix_ledger_entries_list", "ledger_entries", ("account_id", "data", "id")),
    ("ix_ledger_entries_list_tipo", "ledger_entries", ("account_id", "tipo", "data", "id")),
    ("ix_audit_log_list", "audit_log", ("company_id", "criado_em", "id")),
    ("ix_audit_log_list_entidade", "audit_log", ("company_id", "entidade", "criado_em", "id")),
    ("ix_received_documents_list", "received_documents",
     ("company_id", "ambiente", "emitido_em", "id")),
    ("ix_webhook_deliveries_list", "webhook_deliveries", ("subscription_id", "created_at", "id")),
)  # fmt: skip
"""(name, table, columns) of every list index; the models declare the same (`__table_args__`,
and `service/wallet/indexes.py` for the ledger)."""
STATISTICS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("st_fiscal_documents_list", "fiscal_documents", ("company_id", "modulo", "status")),
)
"""(name, table, columns) of the PostgreSQL statistics objects behind the estimated totals
(the other lists' scope is one column, whose own statistics suffice)."""


def _postgresql() -> bool:
    return op.get_context().dialect.name == "postgresql"


def upgrade() -> None:
    if not _postgresql():
        for name, table, columns in INDEXES:
            op.create_index(name, table, list(columns))
        return
    with op.get_context().autocommit_block():
        for name, table, columns in INDEXES:
            op.drop_index(name, table_name=table, postgresql_concurrently=True, if_exists=True)
            op.create_index(name, table, list(columns), postgresql_concurrently=True)
        for name, table, columns in STATISTICS:
            op.execute(f"CREATE STATISTICS IF NOT EXISTS {name} (mcv) ON {', '.join(columns)} "
                       f"FROM {table}")  # fmt: skip
            op.execute(f"ANALYZE {table}")


def downgrade() -> None:
    if not _postgresql():
        for name, table, _ in reversed(INDEXES):
            op.drop_index(name, table_name=table)
        return
    with op.get_context().autocommit_block():
        for name, _, _ in STATISTICS:
            op.execute(f"DROP STATISTICS IF EXISTS {name}")
        for name, table, _ in reversed(INDEXES):
            op.drop_index(name, table_name=table, postgresql_concurrently=True, if_exists=True)
