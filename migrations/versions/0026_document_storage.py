"""document storage: signed XML once, compressed, optionally in an object store

Revision ID: 0026
Revises: 0025
Create Date: 2026-12-01 22:00:00.000000

Issue 41, "Scale" (placeholder while the change is written: nothing changes yet).
"""

from collections.abc import Sequence

revision: str = "0026"
down_revision: str | None = "0025"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
