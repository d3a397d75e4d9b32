"""The one hardened XML parser for everything that comes from outside.

Authority answers, client uploads, stored documents re-read for a PDF: all of them go through
`parse_untrusted`. It refuses any DOCTYPE (so no DTD, no internal or external entity, no billion
laughs and no quadratic blowup), never touches the network or the file system, and caps the size
and nesting depth, because a fiscal document is flat and small: a 990-item NF-e is about 700 KB
and 8 levels deep.
"""

from __future__ import annotations

import re
import threading

from lxml import etree

from documents.errors import MalformedXMLError, UnsafeXMLError

DEFAULT_MAX_BYTES = 5_000_000
"""Largest accepted document. SEFAZ itself refuses NF-e batches above 500 KB; stored nfeProc
documents of 990 items are about 0.7 MB, so 5 MB leaves room without inviting memory abuse."""

DEFAULT_MAX_DEPTH = 64
"""Deepest accepted element nesting. Official layouts stay under 12 levels (SOAP envelope
included); libxml2's own limit without `huge_tree` is 256, which we tighten."""

_DTD_MARKERS = re.compile(rb"<!\s*(DOCTYPE|ENTITY|ELEMENT|ATTLIST|NOTATION)", re.IGNORECASE)
_LIBXML2_LIMITS = ("Excessive depth", "XML_PARSE_HUGE", "amplification", "Maximum entity")
"""libxml2 messages that mean one of its safety limits fired, i.e. an attack, not a typo."""
_local = threading.local()


def _parser() -> etree.XMLParser:
    """One parser per thread: lxml parser objects must not be shared between threads."""
    parser: etree.XMLParser | None = getattr(_local, "parser", None)
    if parser is None:
        parser = etree.XMLParser(
            resolve_entities=False,
            no_network=True,
            load_dtd=False,
            dtd_validation=False,
            huge_tree=False,
        )
        _local.parser = parser
    return parser


def _depth_probe(depth: int) -> etree.XPath:
    """An XPath that matches any element nested deeper than `depth`, evaluated in C."""
    return etree.XPath("/*" + "/*" * depth)


_PROBES: dict[int, etree.XPath] = {}


def _too_deep(root: etree._Element, max_depth: int) -> bool:
    probe = _PROBES.get(max_depth)
    if probe is None:
        probe = _PROBES[max_depth] = _depth_probe(max_depth)
    return bool(probe(root.getroottree()))


def parse_untrusted(
    data: bytes, *, max_bytes: int = DEFAULT_MAX_BYTES, max_depth: int = DEFAULT_MAX_DEPTH
) -> etree._Element:
    """Parse XML that came from outside; return its root element.

    Raises `UnsafeXMLError` for anything we refuse on principle (size, DOCTYPE or entity
    declarations, depth) and `MalformedXMLError` when the bytes are not well-formed XML.
    """
    if not isinstance(data, bytes | bytearray | memoryview):
        raise UnsafeXMLError("XML must be given as bytes")
    if len(data) > max_bytes:
        raise UnsafeXMLError(f"document of {len(data)} bytes exceeds the limit of {max_bytes}")
    if _DTD_MARKERS.search(data):
        raise UnsafeXMLError("DOCTYPE and entity declarations are not accepted")
    root = _parse(bytes(data))
    _refuse_dtd(root)
    if _too_deep(root, max_depth):
        raise UnsafeXMLError(f"element nesting deeper than {max_depth} levels")
    return root


def parse_written(data: bytes) -> etree._Element:
    """Parse XML this service wrote itself (the NF-e builder's text, a request's payload).

    The same hardened parser, though nothing here comes from outside: no DTD, no entity, no
    network even if an escaping bug let one through. Raises `etree.XMLSyntaxError`."""
    return etree.fromstring(data, _parser())


def _parse(data: bytes) -> etree._Element:
    try:
        return etree.fromstring(data, _parser())
    except etree.XMLSyntaxError as exc:
        message = str(exc.msg)
        if any(limit in message for limit in _LIBXML2_LIMITS):
            raise UnsafeXMLError(message) from None
        line = exc.lineno if isinstance(exc.lineno, int) else 0
        raise MalformedXMLError(message, line) from None
    except ValueError as exc:  # e.g. a str with an encoding declaration, or empty input
        raise MalformedXMLError(str(exc)) from None


def _refuse_dtd(root: etree._Element) -> None:
    """Second line of defence for encodings the byte scan cannot see (UTF-16, UTF-32)."""
    info = root.getroottree().docinfo
    if info.doctype or info.internalDTD is not None or info.externalDTD is not None:
        raise UnsafeXMLError("DOCTYPE and entity declarations are not accepted")
