"""A minimal, bounded DER reader.

Just enough ASN.1 to look inside a PKCS#12 file before handing it to OpenSSL (to refuse absurd
key-derivation iteration counts) and to read ICP-Brasil otherName values. It never allocates
more than the input and stops at a fixed depth, so hostile input costs linear time at most.
"""

from __future__ import annotations

from dataclasses import dataclass

SEQUENCE = 0x30
SET = 0x31
INTEGER = 0x02
OCTET_STRING = 0x04
OID = 0x06
UTF8_STRING = 0x0C
PRINTABLE_STRING = 0x13
IA5_STRING = 0x16
CONSTRUCTED = 0x20
MAX_DEPTH = 32


class DerError(ValueError):
    """The bytes are not the DER we expect."""


@dataclass(frozen=True)
class Tlv:
    """One DER element: its tag byte and content bytes."""

    tag: int
    content: bytes

    @property
    def constructed(self) -> bool:
        return bool(self.tag & CONSTRUCTED)


def read_one(data: bytes, offset: int = 0, depth: int = 0) -> tuple[Tlv, int]:
    """Read the element at `offset`; return it and the offset just after it.

    BER indefinite lengths (which some Windows and Java PKCS#12 exports use) are accepted for
    constructed elements; their content excludes the end-of-contents marker.
    """
    if depth > MAX_DEPTH:
        raise DerError("nesting too deep")
    if offset + 2 > len(data):
        raise DerError("truncated header")
    tag, first = data[offset], data[offset + 1]
    if tag & 0x1F == 0x1F:
        raise DerError("multi-byte tags are not used here")
    offset += 2
    if first == 0x80:
        return _read_indefinite(data, tag, offset, depth)
    length = first
    if first & 0x80:
        count = first & 0x7F
        if count > 4 or offset + count > len(data):
            raise DerError("unsupported length")
        length = int.from_bytes(data[offset : offset + count], "big")
        offset += count
    end = offset + length
    if end > len(data):
        raise DerError("element runs past the end of the input")
    return Tlv(tag, data[offset:end]), end


def _read_indefinite(data: bytes, tag: int, start: int, depth: int) -> tuple[Tlv, int]:
    if not tag & CONSTRUCTED:
        raise DerError("indefinite length on a primitive element")
    offset = start
    while data[offset : offset + 2] != b"\x00\x00":
        _, offset = read_one(data, offset, depth + 1)
    return Tlv(tag, data[start:offset]), offset + 2


def read_all(data: bytes, depth: int = 0) -> list[Tlv]:
    """Every element of a concatenation (the content of a SEQUENCE, for example)."""
    items, offset = [], 0
    while offset < len(data):
        item, offset = read_one(data, offset, depth)
        items.append(item)
    return items


def read_exact(data: bytes) -> Tlv:
    """Exactly one element spanning the whole input."""
    item, end = read_one(data)
    if end != len(data):
        raise DerError("trailing bytes after the element")
    return item


def octets(item: Tlv, depth: int = 0) -> bytes:
    """The bytes of an OCTET STRING, joining the chunks of a BER constructed one."""
    if item.tag == OCTET_STRING:
        return item.content
    if item.tag == OCTET_STRING | CONSTRUCTED:
        return b"".join(octets(chunk, depth + 1) for chunk in read_all(item.content, depth + 1))
    raise DerError(f"expected an OCTET STRING, found tag {item.tag:#x}")


def decode_oid(content: bytes) -> str:
    """Dotted text of an OBJECT IDENTIFIER's content."""
    if not content:
        raise DerError("empty OID")
    arcs, value = [], 0
    for byte in content:
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            arcs.append(value)
            value = 0
    first = min(arcs[0] // 40, 2)
    return ".".join(str(a) for a in [first, arcs[0] - 40 * first, *arcs[1:]])


def decode_int(content: bytes) -> int:
    return int.from_bytes(content, "big", signed=True)
