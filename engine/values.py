"""Frozen dataclasses that are cheap to build, read and free: the engine makes several per item.

Result groups are `@fast_init @dataclass(frozen=True, slots=True)`. Slots keep the fields in
the object itself: an 18-field ICMS group is one 176-byte object instead of an object plus a
dict of its own (about 600 bytes, freed key by key), reads are the interpreter's fastest
attribute loads, and there is one object for the garbage collector instead of two. A frozen
dataclass's own `__init__` stores each field through `object.__setattr__` (about 4 µs for
that group on the dev machine); `fast_init` replaces it with one that stores through the slot
descriptors directly (about 2 µs; building and freeing 1,000 groups: 1.0 ms against 2.5 ms
for the earlier dict-based `fast_init`, which filled `__dict__` from one dict display).
Everything else stays what `dataclass` made: assignment still raises FrozenInstanceError, and
eq, hash, repr, `fields`, `replace` and pickling behave the same. Only for slotted frozen
classes without `__post_init__`, `init=False` fields, keyword-only fields or default factories
(checked).
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")


def fast_init(cls: type[T]) -> type[T]:
    """Give a frozen, slotted dataclass an `__init__` that stores through the slots."""
    params = dataclasses.fields(cls)  # type: ignore[arg-type]
    params_of = getattr(cls, "__dataclass_params__", None)
    if params_of is None or not params_of.frozen or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: fast_init is for frozen dataclasses only")
    if "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__}: fast_init needs dataclass(slots=True)")
    scope: dict[str, Any] = {}
    signature = []
    body = []
    for f in params:
        if not f.init or f.default_factory is not dataclasses.MISSING or f.kw_only:
            raise TypeError(f"{cls.__name__}.{f.name}: unsupported field for fast_init")
        if f.default is dataclasses.MISSING:
            signature.append(f.name)
        else:
            scope[f"_d_{f.name}"] = f.default
            signature.append(f"{f.name}=_d_{f.name}")
        scope[f"_set_{f.name}"] = cls.__dict__[f.name].__set__  # the slot's member descriptor
        body.append(f"    _set_{f.name}(self, {f.name})")
    source = f"def __init__(self, {', '.join(signature)}):\n" + "\n".join(body or ["    pass"])
    namespace: dict[str, Any] = {}
    exec(source + "\n", scope, namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    setattr(cls, "__init__", init)  # noqa: B010 - replacing the generated method
    setattr(cls, "_evolve", _evolver(cls, [f.name for f in params]))  # noqa: B010
    return cls


_KEEP = object()
"""`evolve`'s default: the field keeps the instance's value."""


def _evolver(cls: type, names: list[str]) -> Any:
    """`replace` for one fast_init class, straight-line: each field the change or the
    instance's own, then the fast `__init__` (`dataclasses.replace` walks `fields()` in a loop
    and builds a dict first: about three times the work on a 45-field ICMS group)."""
    args = ", ".join(f"{n}=_KEEP" for n in names)
    values = ", ".join(f"self.{n} if {n} is _KEEP else {n}" for n in names)
    source = f"def _evolve(self, *, {args}):\n    return cls({values})\n"
    namespace: dict[str, Any] = {}
    exec(source, {"cls": cls, "_KEEP": _KEEP}, namespace)
    return namespace["_evolve"]


def evolve(obj: T, **changes: Any) -> T:
    """`dataclasses.replace` for a `fast_init` class, without its per-field loop."""
    return type(obj)._evolve(obj, **changes)  # type: ignore[attr-defined, no-any-return]
