"""Small helpers to build answer XML in the authority's default namespace, without prefixes."""

from __future__ import annotations

from lxml import etree


def root(namespace: str, tag: str, **attributes: str) -> etree._Element:
    element = etree.Element(f"{{{namespace}}}{tag}", nsmap={None: namespace})
    for name, value in attributes.items():
        element.set(name, value)
    return element


def child(
    parent: etree._Element, tag: str, text: str | None = None, **attributes: str
) -> etree._Element:
    """Append ``<tag>`` in the parent's namespace; None text leaves the element empty."""
    namespace = etree.QName(parent).namespace
    element = etree.SubElement(parent, f"{{{namespace}}}{tag}" if namespace else tag)
    for name, value in attributes.items():
        element.set(name, value)
    if text is not None:
        element.text = text
    return element


def fields(parent: etree._Element, *pairs: tuple[str, str | None]) -> etree._Element:
    """Append several simple children in order, skipping the None ones (optional fields)."""
    for tag, value in pairs:
        if value is not None:
            child(parent, tag, value)
    return parent


def to_bytes(element: etree._Element) -> bytes:
    data: bytes = etree.tostring(element, encoding="utf-8")
    return data


def from_bytes(data: bytes) -> etree._Element:
    """Re-read XML the simulator itself stored (trusted: it was produced or verified here)."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    return etree.fromstring(data, parser)
