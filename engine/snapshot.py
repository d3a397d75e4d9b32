"""The immutable snapshot: canonical JSON of context, result and full rules used, and its hash.

Canonical = sorted keys, no insignificant whitespace, UTF-8, Decimals as strings, dates ISO.
The same inputs give the same bytes on any machine and run.
"""

from __future__ import annotations

import hashlib
import json

from engine.context import TaxContext
from engine.result import TaxResult
from engine.serialize import jsonable

SNAPSHOT_FORMAT = "fiscal-engine-snapshot/1"


def canonical_bytes(data: object) -> bytes:
    """Deterministic JSON encoding."""
    return json.dumps(
        jsonable(data), sort_keys=True, separators=(",", ":"), ensure_ascii=False
    ).encode("utf-8")


def snapshot(ctx: TaxContext, result: TaxResult) -> tuple[bytes, str]:
    """(canonical bytes, SHA-256 hex) of what was computed, from what, with which rules."""
    payload = {
        "formato": SNAPSHOT_FORMAT,
        "contexto": ctx,
        "resultado": result.to_dict(),
        "regras": sorted(result._rules, key=lambda r: (r.id, r.versao)),
    }
    data = canonical_bytes(payload)
    return data, hashlib.sha256(data).hexdigest()
