"""The official XSDs of the DF-e distribution and of the recipient's manifestation events.

`xsd/catalogue.yaml` does not list them yet; until it does, the keys below (named as catalogue
keys are: `<family>/<version>/<root>[-<tpEvento>]`) are compiled here from the same pinned
nfelib package, once per process. A key the catalogue holds is validated by
`documents.schemas`, so moving these entries into the catalogue changes nothing for callers.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from lxml import etree

from documents.errors import SchemaViolation, SchemaViolationError, UnknownSchemaError
from documents.schemas import NFELIB_ROOT, catalogue
from documents.schemas import validate as catalogue_validate
from documents.xml import parse_untrusted

MANIFESTATION_TYPES = ("210200", "210210", "210220", "210240")

_MANIFESTATION_XSDS = (
    ("evento", "confRecebto"), ("envEvento", "envConfRecebto"),
    ("retEnvEvento", "retEnvConfRecebto"), ("procEventoNFe", "procConfRecebtoNFe"),
)  # fmt: skip
"""Root element -> XSD of nfelib's `nfe_evento_mde` package (one set for the four events)."""

PENDING_ENTRIES: dict[str, str] = {
    "nfe/1.01/distDFeInt": "nfe_dist_dfe/schemas/v1_0/distDFeInt_v1.01.xsd",
    "nfe/1.01/retDistDFeInt": "nfe_dist_dfe/schemas/v1_0/retDistDFeInt_v1.01.xsd",
    "nfe/1.01/resNFe": "nfe_dist_dfe/schemas/v1_0/resNFe_v1.01.xsd",
    "nfe/1.01/resEvento": "nfe_dist_dfe/schemas/v1_0/resEvento_v1.01.xsd",
    "cte/1.00/distDFeInt": "cte_dist_dfe/schemas/v1_0/distDFeInt_v1.00.xsd",
    "cte/1.00/retDistDFeInt": "cte_dist_dfe/schemas/v1_0/retDistDFeInt_v1.00.xsd",
    **{
        f"nfe/1.00/{root}-{event}": f"nfe_evento_mde/schemas/v1_0/{xsd}_v1.00.xsd"
        for event in MANIFESTATION_TYPES
        for root, xsd in _MANIFESTATION_XSDS
    },
    **{
        f"nfe/1.00/detEvento-{event}": f"nfe_evento_mde/schemas/v1_0/e{event}_v1.00.xsd"
        for event in MANIFESTATION_TYPES
    },
}
"""Catalogue key -> XSD path inside nfelib, for the entries `xsd/catalogue.yaml` still lacks."""


@dataclass(frozen=True)
class _Compiled:
    schema: etree.XMLSchema
    lock: threading.Lock


_compiled: dict[str, _Compiled] = {}
_compiling = threading.Lock()


def _schema(key: str) -> _Compiled:
    found = _compiled.get(key)
    if found is not None:
        return found
    if key not in PENDING_ENTRIES:
        raise UnknownSchemaError(key)
    with _compiling:
        if key not in _compiled:
            # Local, trusted files of the pinned nfelib; no network even so.
            parser = etree.XMLParser(no_network=True, resolve_entities=False)
            path = NFELIB_ROOT / PENDING_ENTRIES[key]
            schema = etree.XMLSchema(etree.parse(str(path), parser))
            _compiled[key] = _Compiled(schema, threading.Lock())
        return _compiled[key]


def validate(xml: bytes | etree._Element, key: str) -> list[SchemaViolation]:
    """Violations of `xml` against `key` (empty when valid); bytes go through the hardened
    parser. A key of `xsd/catalogue.yaml` is validated by `documents.schemas.validate`."""
    if key in catalogue():
        return catalogue_validate(xml, key)
    compiled = _schema(key)
    root = parse_untrusted(xml) if isinstance(xml, bytes) else xml
    with compiled.lock:  # the error log lives on the schema object
        if compiled.schema.validate(root):
            return []
        return [
            SchemaViolation(int(error.line or 0), str(error.path or ""), str(error.message))
            for error in compiled.schema.error_log
        ]


def assert_valid(xml: bytes | etree._Element, key: str) -> None:
    """Raise `SchemaViolationError` with every violation unless `xml` is valid against `key`."""
    violations = validate(xml, key)
    if violations:
        raise SchemaViolationError(violations)
