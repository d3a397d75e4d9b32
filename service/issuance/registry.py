"""The document families the service issues, looked up by module, by `documento` or by model.

Families register themselves when their package's `family` module is imported; `load()` imports
every known one (the app factory and the queue worker call it), so the lifecycle, the queue and
the notifications find a family without importing its package.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable

from service.issuance.family import Family

FAMILY_MODULES = (
    "service.nfe.family",
    "service.nfse.family",
    "service.cte.family",
    "service.mdfe.family",
)
"""Packages whose `family` module registers families; a new family adds its module here."""

_lock = threading.Lock()
_loaded = False
_by_module: dict[str, Family] = {}


class UnknownFamily(LookupError):
    """No registered family has that module, documento or model."""


def register(family: Family) -> Family:
    """Add a family (once per module; registering the same description again is harmless)."""
    with _lock:
        known = _by_module.get(family.module)
        if known is not None and known is not family:
            raise ValueError(f"family {family.module} registered twice")
        _by_module[family.module] = family
    return family


def load() -> tuple[Family, ...]:
    """Import every known family module; answers the registered families."""
    for name in FAMILY_MODULES:
        importlib.import_module(name)
    return families()


def families() -> tuple[Family, ...]:
    return tuple(_by_module.values())


def _find(matches: Callable[[Family], bool], name: str) -> Family:
    """The family that matches; the known family modules are imported once before a miss is
    believed (a process that never built the app still finds NF-e by its code)."""
    global _loaded
    for attempt in range(2):
        for family in _by_module.values():
            if matches(family):
                return family
        if attempt == 0 and not _loaded:
            _loaded = True
            load()
    raise UnknownFamily(name)


def by_module(module: str) -> Family:
    return _find(lambda family: family.module == module, module)


def by_documento(documento: str) -> Family:
    return _find(lambda family: family.documento == documento, documento)


def by_model(model: str) -> Family:
    return _find(lambda family: family.model == model, model)


def unregister(module: str) -> None:
    """Remove a family (tests that register a fake one clean up after themselves)."""
    with _lock:
        _by_module.pop(module, None)
