"""The immutable snapshot: canonical JSON of context, result and full rules used, and its hash.

Canonical = sorted keys, no insignificant whitespace, UTF-8, Decimals as strings, dates ISO.
The same inputs give the same bytes on any machine and run.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
from operator import attrgetter
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - the standard encoder gives the same bytes
    orjson = None  # type: ignore[assignment]

from engine.context import TaxContext
from engine.result import TaxResult
from engine.serialize import jsonable

SNAPSHOT_FORMAT = "fiscal-engine-snapshot/1"
_IDENTITY = attrgetter("identity")

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


def snapshot(
    ctx: TaxContext, result: TaxResult, result_data: Mapping[str, Any] | None = None
) -> tuple[bytes, str]:
    """(canonical bytes, SHA-256 hex) of what was computed, from what, with which rules.

    `result_data` is `result.to_dict()` when the caller has already made it (an API answer):
    it must be unchanged, since it is what gets hashed. `to_dict()` output is already JSON
    data, so only the context and the rules are converted, each rule once per RuleSet.
    """
    payload = {
        "formato": SNAPSHOT_FORMAT,
        "contexto": jsonable(ctx),
        "resultado": result.to_dict() if result_data is None else result_data,
        "regras": _rules_data(result),
    }
    data = _encode(payload)
    return data, hashlib.sha256(data).hexdigest()


class CanonicalSnapshot(Mapping[str, Any]):
    """A snapshot as it was hashed: its canonical bytes, decoded only when read.

    An issuance stores the snapshot it hashed; keeping the bytes lets the store write exactly
    them (the stored text then hashes to the document's `snapshot_sha256`, which anyone can
    check) instead of decoding them into a dict here and encoding that dict again there."""

    __slots__ = ("_data", "canonical")

    def __init__(self, canonical: bytes) -> None:
        self.canonical = canonical
        self._data: dict[str, Any] | None = None

    def _decoded(self) -> dict[str, Any]:
        if self._data is None:
            self._data = json.loads(self.canonical)
        return self._data

    def __getitem__(self, key: str) -> Any:
        return self._decoded()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._decoded())

    def __len__(self) -> int:
        return len(self._decoded())


def _rules_data(result: TaxResult) -> list[Any]:
    """Full content of every rule used, sorted by (id, versao).

    A rule's JSON depends on the rule alone, so it is made once and kept with the compiled
    rule (the service keeps a RuleSet per company and rule revision, and snapshots every
    computation): only this module reads it, and it never leaves the encoder.
    """
    compiled = result._compiled
    rules = result._rules
    if len(compiled) != len(rules) or any(
        cr.rule is not r for cr, r in zip(compiled, rules, strict=True)
    ):  # a TaxResult assembled by hand
        return [jsonable(r) for r in sorted(rules, key=lambda r: (r.id, r.versao))]
    out = []
    for cr in sorted(compiled, key=_IDENTITY):
        found = cr.derived.get("json")
        if found is None:
            found = cr.derived["json"] = jsonable(cr.rule)
        out.append(found)
    return out
