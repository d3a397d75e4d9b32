"""Validation against the official XSDs shipped by the pinned `nfelib` package.

Which XSD validates what is data, in `xsd/catalogue.yaml`; this module loads it once, compiles
each schema on first use and keeps it (compiling the NF-e schema costs tens of milliseconds,
validating a document with it well under one). Violations come back as data, so that the API can
show them and the simulator can answer with the authority's schema-failure status.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Generic, TypeVar

import nfelib
import yaml
from lxml import etree

from documents.errors import SchemaViolation, SchemaViolationError, UnknownSchemaError
from documents.xml import parse_untrusted

CATALOGUE_PATH = Path(__file__).resolve().parent.parent / "xsd" / "catalogue.yaml"
NFELIB_ROOT = Path(nfelib.__file__).resolve().parent


@dataclass(frozen=True)
class CatalogueEntry:
    """One catalogue key: its XSD file and the root element and versions it stands for."""

    key: str
    xsd: Path
    namespace: str
    root: str
    versions: tuple[str, ...]
    event_type: str | None
    notes: str


@dataclass(frozen=True)
class _Compiled:
    schema: etree.XMLSchema
    lock: threading.Lock


def _entry(key: str, raw: Mapping[str, Any], families: Mapping[str, str]) -> CatalogueEntry:
    family, version, root = key.split("/")
    element, _, event_type = root.partition("-")
    return CatalogueEntry(
        key=key,
        xsd=NFELIB_ROOT / str(raw["xsd"]),
        namespace=families[family],
        root=element,
        versions=tuple(str(v) for v in raw.get("versions", [version])),
        event_type=event_type or None,
        notes=" ".join(str(raw.get("notes", "")).split()),
    )


@cache
def catalogue() -> Mapping[str, CatalogueEntry]:
    """Every catalogue entry by key, read once from `xsd/catalogue.yaml`."""
    data = yaml.safe_load(CATALOGUE_PATH.read_text(encoding="utf-8"))
    families: dict[str, str] = data["families"]
    return {key: _entry(key, raw, families) for key, raw in data["schemas"].items()}


@cache
def _index() -> Mapping[tuple[str, str, str, str | None], str]:
    """(namespace, root element, versao, tpEvento or None) -> key, for `schema_key_for`."""
    index: dict[tuple[str, str, str, str | None], str] = {}
    for entry in catalogue().values():
        for version in entry.versions:
            index[(entry.namespace, entry.root, version, entry.event_type)] = entry.key
    return index


@cache
def _discriminated_roots() -> frozenset[tuple[str, str]]:
    return frozenset((e.namespace, e.root) for e in catalogue().values() if e.event_type)


T = TypeVar("T")


class PerSchema(Generic[T]):
    """Something compiled from a catalogue entry's XSD, once per key and process (the XSD
    validator here, the element layout in `documents.layout`)."""

    def __init__(self, build: Callable[[CatalogueEntry], T]) -> None:
        self._build = build
        self._lock = threading.Lock()
        self._made: dict[str, T] = {}

    def get(self, schema_key: str) -> T:
        made = self._made.get(schema_key)
        if made is not None:
            return made
        entry = catalogue().get(schema_key)
        if entry is None:
            raise UnknownSchemaError(schema_key)
        with self._lock:
            if schema_key not in self._made:
                self._made[schema_key] = self._build(entry)
            return self._made[schema_key]


def _compile(entry: CatalogueEntry) -> _Compiled:
    # Local, trusted files of the pinned nfelib; no network even so.
    parser = etree.XMLParser(no_network=True, resolve_entities=False)
    return _Compiled(etree.XMLSchema(etree.parse(str(entry.xsd), parser)), threading.Lock())


_compiled = PerSchema(_compile)


def preload() -> int:
    """Compile every catalogued XSD now (a process about to validate documents of any family
    pays it before its first request, not during it); answers how many."""
    for key in catalogue():
        _compiled.get(key)
    return len(catalogue())


def _schema(schema_key: str) -> _Compiled:
    return _compiled.get(schema_key)


def validate(xml: bytes | etree._Element, schema_key: str) -> list[SchemaViolation]:
    """Validate a document (bytes go through the hardened parser) and return its violations.

    An empty list means valid. Unknown keys raise `UnknownSchemaError`; bytes that are not
    well-formed raise `MalformedXMLError`, because that is a different failure for the authority
    (rejection 243 rather than 225).
    """
    compiled = _schema(schema_key)
    root = parse_untrusted(xml) if isinstance(xml, bytes) else xml
    with compiled.lock:  # the error log lives on the schema object
        if compiled.schema.validate(root):
            return []
        return [_violation(root, error) for error in compiled.schema.error_log]


def _violation(root: etree._Element, error: Any) -> SchemaViolation:
    path = _readable_path(root, str(error.path or ""))
    return SchemaViolation(line=int(error.line or 0), path=path, message=str(error.message))


def _readable_path(root: etree._Element, path: str) -> str:
    """Turn libxml2's `/*/*[3]` into `/NFe/infNFe/ide/cUF` (local names, positions kept)."""
    try:
        found = root.getroottree().xpath(path) if path else []
    except etree.XPathError:
        return path
    if not isinstance(found, list) or not found or not isinstance(found[0], etree._Element):
        return path
    names = [_step(e) for e in reversed([found[0], *found[0].iterancestors()])]
    return "/" + "/".join(names)


def _step(element: etree._Element) -> str:
    name = str(etree.QName(element).localname)
    parent = element.getparent()
    if parent is None:
        return name
    same = [s for s in parent if isinstance(s.tag, str) and etree.QName(s).localname == name]
    return name if len(same) == 1 else f"{name}[{same.index(element) + 1}]"


def assert_valid(xml: bytes | etree._Element, schema_key: str) -> None:
    """Raise `SchemaViolationError` carrying every violation unless the document is valid."""
    violations = validate(xml, schema_key)
    if violations:
        raise SchemaViolationError(violations)


def schema_key_for(root: etree._Element) -> str | None:
    """The catalogue key for a parsed document, from its root tag, `versao` and tpEvento.

    `versao` is read from the root, or from its first child for NF-e, CT-e and MDF-e, whose
    version sits on infNFe/infCte/infMDFe. Returns None when nothing in the catalogue matches.
    """
    qname = etree.QName(root)
    namespace, name = qname.namespace or "", qname.localname
    version = _version_of(root)
    if version is None:
        return None
    event_type = _event_type(root, namespace, name)
    index = _index()
    if event_type is not None and (namespace, name, version, event_type) in index:
        return index[(namespace, name, version, event_type)]
    found: str | None = index.get((namespace, name, version, None))
    return found


def _version_of(root: etree._Element) -> str | None:
    version = root.get("versao")
    if version is None and len(root):
        version = root[0].get("versao")
    return None if version is None else str(version)


def _event_type(root: etree._Element, namespace: str, name: str) -> str | None:
    if (namespace, name) not in _discriminated_roots():
        return None
    found = root.find(f".//{{{namespace}}}tpEvento")
    return None if found is None or found.text is None else found.text.strip()
