"""list indexes and keyset pagination

Revision ID: 0025
Revises: 0024
Create Date: 2026-12-01 22:00:00.000000

Issue 41, "Scale" (placeholder while the change is written: nothing changes yet).
"""

from collections.abc import Sequence

revision: str = "0025"
down_revision: str | None = "0024"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
