"""statement abort: `fiscal_abort(reason)`, which ends a statement with an error

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-25 09:00:00.000000

PostgreSQL only (SQLite takes the transactional path). A hot statement that runs as its own
transaction (`service.compiled.autocommitted`, issue 19) ends with `CASE WHEN <every part
wrote> THEN ... ELSE fiscal_abort('<reason>') END`: when a part did not write, the error
rolls the whole statement back, as the rollback of an explicit transaction would. A plain
SQL error (a cast, a division by zero) could be raised while the statement is planned, since
PostgreSQL folds constant expressions then; a VOLATILE function is only called when reached.
SQLSTATE `FSA01` (a class of our own) tells this abort from any other error.
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(
        "CREATE OR REPLACE FUNCTION fiscal_abort(reason text) RETURNS numeric "
        "LANGUAGE plpgsql VOLATILE AS $$ "
        "BEGIN RAISE EXCEPTION USING ERRCODE = 'FSA01', MESSAGE = reason; END $$"
    )


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("DROP FUNCTION IF EXISTS fiscal_abort(text)")
