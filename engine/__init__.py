"""The tax engine: TaxContext in, TaxResult out, from declarative versioned rules.

Pure library (no Flask, database or network). See engine/README.md.
"""

from engine.compute import compute
from engine.context import (
    Company,
    Counterpart,
    DocumentType,
    IcmsComplement,
    IcmsStComplement,
    Importation,
    Item,
    Overrides,
    PersonType,
    RetainedSt,
    TaxContext,
    Transport,
)
from engine.errors import (
    ContextError,
    EngineError,
    InvalidRuleError,
    PackError,
    RuleConflictError,
    UnsupportedDocumentError,
)
from engine.result import TaxResult
from engine.rules import Rule, RuleOrigin, RuleType
from engine.ruleset import RuleSet
from engine.snapshot import CanonicalSnapshot, snapshot

__all__ = [
    "CanonicalSnapshot",
    "Company",
    "ContextError",
    "Counterpart",
    "DocumentType",
    "EngineError",
    "IcmsComplement",
    "IcmsStComplement",
    "Importation",
    "InvalidRuleError",
    "Item",
    "Overrides",
    "PackError",
    "PersonType",
    "RetainedSt",
    "Rule",
    "RuleConflictError",
    "RuleOrigin",
    "RuleSet",
    "RuleType",
    "TaxContext",
    "TaxResult",
    "Transport",
    "UnsupportedDocumentError",
    "compute",
    "snapshot",
]
