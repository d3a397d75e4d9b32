"""The immutable snapshot: canonical JSON of context, result and full rules used, and its hash.

Canonical = sorted keys, no insignificant whitespace, UTF-8, Decimals as strings, dates ISO.
The same inputs give the same bytes on any machine and run.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - the standard encoder gives the same bytes
    orjson = None  # type: ignore[assignment]

from engine.context import TaxContext
from engine.result import TaxResult
from engine.serialize import jsonable

SNAPSHOT_FORMAT = "fiscal-engine-snapshot/1"

_ENCODER = json.JSONEncoder(
    sort_keys=True, separators=(",", ":"), ensure_ascii=False, check_circular=False
)
"""The canonical encoder. Cycles cannot occur in JSON data built by `jsonable`, so the
circular-reference bookkeeping is skipped; everything else is `json.dumps`'s output."""


def canonical_bytes(data: object) -> bytes:
    """Deterministic JSON encoding."""
    return _encode(jsonable(data))


def _encode(json_data: Any) -> bytes:
    """Canonical bytes of data that is already JSON (dicts with text keys, lists, text...).

    orjson, when installed, writes the same bytes about six times faster: same separators,
    keys sorted by code point, only `"`, `\\` and control characters escaped, text left as
    UTF-8 (tests/unit/engine/test_engine_snapshot.py compares the two on every code point).
    What orjson refuses (an integer beyond 64 bits, a key that is a str subclass, very deep
    nesting) goes to the standard encoder, so the bytes never depend on which one ran.
    """
    if orjson is not None:
        try:
            return orjson.dumps(json_data, option=orjson.OPT_SORT_KEYS)
        except TypeError:
            pass
    return _ENCODER.encode(json_data).encode("utf-8")


def snapshot(ctx: TaxContext, result: TaxResult) -> tuple[bytes, str]:
    """(canonical bytes, SHA-256 hex) of what was computed, from what, with which rules.

    `result.to_dict()` is already JSON data, so only the context and the rules are converted.
    """
    payload = {
        "formato": SNAPSHOT_FORMAT,
        "contexto": jsonable(ctx),
        "resultado": result.to_dict(),
        "regras": jsonable(sorted(result._rules, key=lambda r: (r.id, r.versao))),
    }
    data = _encode(payload)
    return data, hashlib.sha256(data).hexdigest()
