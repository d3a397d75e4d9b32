"""wallet credit slices and deferred ledger balances

Revision ID: 0027
Revises: 0026
Create Date: 2026-12-01 22:00:00.000000

Issue 41, "Scale" (placeholder while the change is written: nothing changes yet).
"""

from collections.abc import Sequence

revision: str = "0027"
down_revision: str | None = "0026"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
