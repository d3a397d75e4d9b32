"""One building style for every layout: the element order comes from the official XSD.

A builder maps its data to element names, as nested mappings, in any order; `write` puts the
elements where the schema wants them. The XSD (shipped by the pinned `nfelib`, found through
`xsd/catalogue.yaml`) is compiled once per catalogue key into a tree of `ElementLayout`s, so a
builder never hand-orders a walk of the schema and a new layout version is a catalogue entry.

Values a builder may give for an element:

- `str` (or `int`, or a `Decimal` already rounded): a simple element with that text;
- a `Mapping`: a complex element; keys are child names, `"@name"` keys are attributes and
  `"#text"` is the text of an element with simple content and attributes;
- a `list`/`tuple` of the above: the element repeated, in the list's order;
- an `lxml` element: placed as it is (the content of an `xs:any`, such as CT-e's `infModal`);
- `None`: the element is left out (an optional field the document does not carry).

A name the schema does not allow at that place raises `InvalidDocumentDataError` naming the
path: that is a builder bug, and the tests of each builder find it at once. Occurrence counts,
choices and simple types are left to the XSD validation every pipeline runs anyway.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from lxml import etree

from documents.errors import InvalidDocumentDataError, UnknownSchemaError
from documents.schemas import CatalogueEntry, PerSchema

XS = "http://www.w3.org/2001/XMLSchema"
_PARTICLES = frozenset({f"{{{XS}}}sequence", f"{{{XS}}}choice", f"{{{XS}}}all"})


@dataclass(eq=False)
class ElementLayout:
    """What may stand inside one element, in schema order.

    `children` maps a child's local name to its position and layout; `open` is true where the
    schema has an `xs:any` (a foreign fragment goes there as an lxml element).
    """

    tag: str
    children: dict[str, tuple[int, ElementLayout]] = field(default_factory=dict)
    attributes: frozenset[str] = frozenset()
    open: bool = False


class _SchemaSet:
    """The global declarations of one XSD and everything it includes or imports."""

    def __init__(self, path: Path) -> None:
        self.types: dict[tuple[str, str], etree._Element] = {}
        self.elements: dict[tuple[str, str], etree._Element] = {}
        self.groups: dict[tuple[str, str], etree._Element] = {}
        self._homes: dict[etree._Element, str] = {}
        self._read(path, set(), "")

    def _read(self, path: Path, seen: set[Path], including: str) -> None:
        path = path.resolve()
        if path in seen:
            return
        seen.add(path)
        parser = etree.XMLParser(no_network=True, resolve_entities=False)  # trusted nfelib file
        schema = etree.parse(str(path), parser).getroot()
        # A schema without targetNamespace takes its includer's ("chameleon" include), as
        # DFeTiposBasicos does inside CT-e.
        target = schema.get("targetNamespace", including)
        self._homes[schema] = target
        for node in schema:
            kind = etree.QName(node).localname if isinstance(node.tag, str) else ""
            if kind in ("include", "import") and node.get("schemaLocation"):
                inherited = target if kind == "include" else ""
                self._read(path.parent / node.get("schemaLocation", ""), seen, inherited)
            elif kind in ("complexType", "simpleType"):
                self.types[(target, node.get("name", ""))] = node
            elif kind == "element":
                self.elements[(target, node.get("name", ""))] = node
            elif kind == "group":
                self.groups[(target, node.get("name", ""))] = node

    def qname(self, context: etree._Element, prefixed: str) -> tuple[str, str]:
        """A reference (`type`, `ref`, `base`) as (namespace, local name)."""
        prefix, _, local = prefixed.rpartition(":")
        namespace = context.nsmap.get(prefix or None)
        if namespace is None:
            namespace = self._homes.get(context.getroottree().getroot(), "")
        return (namespace, local)


class _Compiler:
    """Turns declarations into `ElementLayout`s, sharing one layout per named type."""

    def __init__(self, schemas: _SchemaSet) -> None:
        self.schemas = schemas
        self.by_type: dict[tuple[str, str], ElementLayout] = {}

    def element(self, declaration: etree._Element, namespace: str) -> ElementLayout:
        if declaration.get("ref"):
            ref = self.schemas.qname(declaration, declaration.get("ref", ""))
            target = self.schemas.elements.get(ref)
            if target is None:  # e.g. ds:Signature: appended by the signer, never written here
                return ElementLayout(tag=f"{{{ref[0]}}}{ref[1]}")
            return self.element(target, ref[0])
        tag = f"{{{namespace}}}{declaration.get('name')}"
        type_name = declaration.get("type")
        if type_name is not None:
            return self._named(tag, self.schemas.qname(declaration, type_name))
        inline = declaration.find(f"{{{XS}}}complexType")
        layout = ElementLayout(tag=tag)
        if inline is not None:
            self._fill(layout, inline, namespace)
        return layout

    def _named(self, tag: str, type_qname: tuple[str, str]) -> ElementLayout:
        definition = self.schemas.types.get(type_qname)
        if definition is None or etree.QName(definition).localname == "simpleType":
            return ElementLayout(tag=tag)
        shared = self.by_type.get(type_qname)
        if shared is None:
            shared = ElementLayout(tag="")
            self.by_type[type_qname] = shared  # before filling: a recursive type ends here
            self._fill(shared, definition, type_qname[0])
        if shared.tag == tag:
            return shared
        return ElementLayout(tag, shared.children, shared.attributes, shared.open)

    def _fill(self, layout: ElementLayout, complex_type: etree._Element, namespace: str) -> None:
        attributes: set[str] = set()
        self._content(layout, complex_type, namespace, attributes)
        layout.attributes = frozenset(attributes)

    def _content(
        self, layout: ElementLayout, node: etree._Element, namespace: str, attributes: set[str]
    ) -> None:
        for child in node:
            if not isinstance(child.tag, str):
                continue
            kind = etree.QName(child).localname
            if child.tag in _PARTICLES:
                self._particle(layout, child, namespace)
            elif kind == "attribute":
                attributes.add(child.get("name") or child.get("ref", "").rpartition(":")[2])
            elif kind in ("complexContent", "simpleContent"):
                for derivation in child:
                    if isinstance(derivation.tag, str):
                        self._base(layout, derivation, attributes)
                        self._content(layout, derivation, namespace, attributes)
            elif kind == "group":
                self._group(layout, child, namespace)

    def _base(self, layout: ElementLayout, derivation: etree._Element, attrs: set[str]) -> None:
        base = self.schemas.types.get(self.schemas.qname(derivation, derivation.get("base", "")))
        if base is not None and etree.QName(base).localname == "complexType":
            self._content(
                layout, base, self.schemas.qname(derivation, derivation.get("base", ""))[0], attrs
            )

    def _particle(self, layout: ElementLayout, particle: etree._Element, namespace: str) -> None:
        for item in particle:
            if not isinstance(item.tag, str):
                continue
            kind = etree.QName(item).localname
            if item.tag in _PARTICLES:
                self._particle(layout, item, namespace)
            elif kind == "element":
                self._add(layout, item, namespace)
            elif kind == "any":
                layout.open = True
            elif kind == "group":
                self._group(layout, item, namespace)

    def _group(self, layout: ElementLayout, reference: etree._Element, namespace: str) -> None:
        group = self.schemas.groups.get(self.schemas.qname(reference, reference.get("ref", "")))
        if group is not None:
            self._particle(layout, group, namespace)

    def _add(self, layout: ElementLayout, declaration: etree._Element, namespace: str) -> None:
        name = declaration.get("name") or declaration.get("ref", "").rpartition(":")[2]
        if name not in layout.children:  # a name met again in another choice keeps its place
            child = self.element(declaration, namespace)
            layout.children[name] = (len(layout.children), child)


def _compile_layout(entry: CatalogueEntry) -> ElementLayout:
    schemas = _SchemaSet(entry.xsd)
    declaration = schemas.elements.get((entry.namespace, entry.root))
    if declaration is None:
        raise UnknownSchemaError(entry.key)
    return _Compiler(schemas).element(declaration, entry.namespace)


_layouts = PerSchema(_compile_layout)


def layout_for(schema_key: str) -> ElementLayout:
    """The compiled layout of a catalogue key's root element (compiled once per process)."""
    return _layouts.get(schema_key)


def write(layout: ElementLayout, data: Mapping[str, Any]) -> etree._Element:
    """The element `layout` describes, filled from `data` in schema order."""
    namespace = etree.QName(layout.tag).namespace
    root = etree.Element(layout.tag, nsmap={None: namespace} if namespace else None)
    _fill_element(root, layout, data, etree.QName(layout.tag).localname)
    return root


def _fill_element(
    element: etree._Element, layout: ElementLayout, data: Mapping[str, Any], path: str
) -> None:
    children = layout.children
    placed: list[tuple[int, str, Any]] = []
    for name, value in data.items():
        if value is None:
            continue
        if name in children:
            placed.append((children[name][0], name, value))
        elif name[0] == "@":
            _attribute(element, layout, name[1:], value, path)
        elif name == "#text":
            element.text = _text(value, path)
        elif layout.open and _is_fragment(value):
            placed.append((len(children), name, value))
        else:
            raise InvalidDocumentDataError(f"{path}/{name}", _NOT_IN_LAYOUT)
    placed.sort(key=_position)
    for position, name, value in placed:
        if position == len(children):  # a fragment built by its own layout (xs:any)
            _append_fragment(element, value)
        else:
            _append(element, children[name][1], value, path, name)


_NOT_IN_LAYOUT = "elemento não previsto neste ponto do leiaute"


def _position(item: tuple[int, str, Any]) -> int:
    return item[0]


def _is_fragment(value: Any) -> bool:
    """A ready element (or several) for an `xs:any`, such as the modal inside `infModal`."""
    if isinstance(value, list | tuple):
        return all(isinstance(item, etree._Element) for item in value)
    return isinstance(value, etree._Element)


def _append_fragment(parent: etree._Element, value: Any) -> None:
    for item in value if isinstance(value, list | tuple) else (value,):
        parent.append(item)


def _attribute(
    element: etree._Element, layout: ElementLayout, name: str, value: Any, path: str
) -> None:
    if name not in layout.attributes:
        raise InvalidDocumentDataError(f"{path}/@{name}", "atributo não previsto no leiaute")
    element.set(name, _text(value, f"{path}/@{name}"))


def _append(
    parent: etree._Element, layout: ElementLayout, value: Any, path: str, name: str
) -> None:
    kind = type(value)
    if kind is str:  # the common case first: a simple element
        etree.SubElement(parent, layout.tag).text = value
    elif kind is dict or isinstance(value, Mapping):
        _fill_element(etree.SubElement(parent, layout.tag), layout, value, f"{path}/{name}")
    elif kind is list or kind is tuple:
        for item in value:
            _append(parent, layout, item, path, name)
    elif isinstance(value, etree._Element):
        parent.append(value)  # built elsewhere (e.g. by the signer), placed in schema order
    else:
        etree.SubElement(parent, layout.tag).text = _text(value, f"{path}/{name}")


def _text(value: Any, path: str) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    raise InvalidDocumentDataError(path, f"valor de tipo {type(value).__name__} não é texto")


def to_mapping(element: etree._Element) -> dict[str, Any]:
    """The mapping `write` would need to produce `element` again (tests and measurements).

    Repeated children become lists; elements without children become text.
    """
    data: dict[str, Any] = {f"@{k}": v for k, v in element.attrib.items()}
    for child in element:
        if not isinstance(child.tag, str):
            continue
        name = etree.QName(child).localname
        value: Any = to_mapping(child) if len(child) or child.attrib else (child.text or "")
        if isinstance(value, dict) and not len(child) and child.text:
            value["#text"] = child.text
        if name in data:
            existing = data[name]
            data[name] = [*existing, value] if isinstance(existing, list) else [existing, value]
        else:
            data[name] = value
    return data


def element_names(layout: ElementLayout) -> Sequence[str]:
    """The child names of an element in schema order (documentation and tests)."""
    return [name for name, _ in sorted(layout.children.items(), key=lambda item: item[1][0])]
