"""JSON-ready conversion: Decimals as strings, dates ISO, enums by wire value, None dropped.

Finite floats stay JSON numbers: the only one the engine makes is `confidence_score` (a 0..1
score with two places, not money: the spec makes it a number). Rates and amounts are Decimals,
and a float in a rule is refused when the rule is loaded (`validation.py`).

One function so that `to_dict()` and the snapshot agree on every representation. The
converter of each type is chosen once (in the order of the rules below) and cached, and a
dataclass's public fields are listed once per class: a result of 990 items has about 100,000
values to convert.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from datetime import date
from decimal import Decimal
from enum import Enum
from typing import Any

Converter = Callable[[Any], Any]


def jsonable(value: Any) -> Any:
    """Convert a value tree to JSON data; dataclass fields that are None are omitted.

    None, bool, int, str (subclasses included) and finite floats stay as they are; Decimal
    becomes its string; other enums their value; dates ISO; mappings dicts with text keys;
    sets sorted lists; lists and tuples lists; dataclass instances dicts of their public (no leading
    underscore) non-None fields. Anything else is a TypeError.
    """
    convert = _CONVERTERS.get(type(value))
    if convert is None:
        convert = _CONVERTERS[type(value)] = _converter_for(type(value))
    return convert(value)


def _same(value: Any) -> Any:
    return value


def _text(value: Any) -> str:
    return str(value)


def _number(value: float) -> float:
    if value != value or value in (float("inf"), float("-inf")):
        raise TypeError("não serializável: float não finito")
    return value


def _enum(value: Enum) -> Any:
    return value.value


def _iso(value: date) -> str:
    return value.isoformat()


def _mapping(value: Mapping[Any, Any]) -> dict[str, Any]:
    """Text keys; text, numbers and None (most values: codes of the classifications) are
    copied without a call, Decimals written in place."""
    out = {}
    for k, v in value.items():
        t = type(v)
        if t is str or t is int or t is bool or v is None:
            out[k if type(k) is str else str(k)] = v
        elif t is Decimal:
            out[k if type(k) is str else str(k)] = str(v)
        else:
            out[k if type(k) is str else str(k)] = jsonable(v)
    return out


def _set(value: frozenset[Any] | set[Any]) -> list[Any]:
    if not value:  # most sets of a context (an item's `enquadramentos`) are empty
        return []
    return sorted(jsonable(v) for v in value)


def _sequence(value: list[Any] | tuple[Any, ...]) -> list[Any]:
    """Text, numbers and None (most elements: criteria names, ids) are copied without a call."""
    out = []
    for v in value:
        t = type(v)
        if t is str or t is int or t is bool or v is None:
            out.append(v)
        elif t is Decimal:
            out.append(str(v))
        else:
            out.append(jsonable(v))
    return out


def _converter_for(kind: type) -> Converter:
    """The rule that applies to a type, in the documented order."""
    if kind is type(None) or issubclass(kind, bool | int | str):
        return _same
    if issubclass(kind, Decimal):
        return _text
    if issubclass(kind, float):
        return _number
    if issubclass(kind, Enum):
        return _enum
    if issubclass(kind, date):
        return _iso
    if issubclass(kind, Mapping):
        return _mapping
    if issubclass(kind, frozenset | set):
        return _set
    if issubclass(kind, list | tuple):
        return _sequence
    if dataclasses.is_dataclass(kind):
        return _dataclass_converter(kind)
    return _unsupported


def _unsupported(value: Any) -> Any:
    raise TypeError(f"não serializável: {type(value).__name__}")


def _dataclass_converter(kind: type) -> Converter:
    """Public fields only (a leading underscore marks internal state), None omitted.

    The converter is generated per class, one straight block per field (plain attribute
    reads instead of a loop of getattr calls), the way `dataclasses` builds `__init__`.
    """
    body = ["def convert(value):", "    out = {}"]
    for f in dataclasses.fields(kind):
        if f.name.startswith("_"):
            continue
        key = repr(f.name)
        same = ("t is str or t is int or t is bool", f"out[{key}] = v")
        text = ("t is Decimal", f"out[{key}] = str(v)")
        # the check the declared type makes likely comes first (same outcome in any order)
        first, second = (text, same) if "Decimal" in str(f.type) else (same, text)
        body += [
            f"    v = value.{f.name}",
            "    if v is not None:",
            "        t = type(v)",
            f"        if {first[0]}:",
            f"            {first[1]}",
            f"        elif {second[0]}:",
            f"            {second[1]}",
            "        else:",
            f"            out[{key}] = (converters.get(t) or jsonable)(v)",
        ]
    body.append("    return out")
    namespace: dict[str, Any] = {}
    scope = {"Decimal": Decimal, "jsonable": jsonable, "converters": _CONVERTERS}
    exec("\n".join(body), scope, namespace)
    convert: Converter = namespace["convert"]
    return convert


_CONVERTERS: dict[type, Converter] = {
    type(None): _same, bool: _same, int: _same, str: _same, Decimal: _text, dict: _mapping,
    list: _sequence, tuple: _sequence,
}  # fmt: skip
