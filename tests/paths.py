"""Where the tests find the shared material: `../shared` beside the repository (CI clones the
repository with `shared/` beside it)."""

from __future__ import annotations

from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]
SHARED = REPOSITORY.parent / "shared"
CORPUS = SHARED / "corpus"
