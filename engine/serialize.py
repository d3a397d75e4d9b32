"""JSON-ready conversion: Decimals as strings, dates ISO, enums by wire value, None dropped.

One function so that `to_dict()` and the snapshot agree on every representation.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from enum import Enum
from typing import Any


def jsonable(value: Any) -> Any:
    """Convert a value tree to JSON data; dataclass fields that are None are omitted."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted(jsonable(v) for v in value)
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _dataclass_dict(value)
    raise TypeError(f"não serializável: {type(value).__name__}")


def _dataclass_dict(value: Any) -> dict[str, Any]:
    """Public fields only (a leading underscore marks internal state)."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(value):
        item = getattr(value, f.name)
        if item is not None and not f.name.startswith("_"):
            out[f.name] = jsonable(item)
    return out
