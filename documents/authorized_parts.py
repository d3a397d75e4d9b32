"""The authorized XML as the signed XML it holds plus what the authority's wrapper adds.

Every authorized XML the service keeps holds the signed document's own bytes: `nfeProc`,
`cteProc`, `cteOSProc` and `mdfeProc` put the signed document between a head (the declaration,
the wrapper's start tag and the document's start tag less the namespace the wrapper declares)
and a tail (the protocol and the wrapper's end tag); the national NFS-e system embeds our DPS
in the NFS-e it signs. So an authorized XML is stored as the signed XML (once) and `Parts`: the
span of the signed XML it holds and the bytes before and after that span, and rebuilt by joining
them, byte for byte the XML the wrapper built, whatever its serialization. One that does not
hold the signed XML's content is kept whole in `Parts` (none is known; the rebuilt bytes are
the same either way).

Pure bytes: nothing is parsed, so nothing from outside reaches an XML parser here.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

from documents.errors import DocumentError

SPLICED = 1
"""`Parts` layout: head, span and tail (`>BIII`: layout, span start, span end, head length)."""
WHOLE = 0
"""`Parts` layout: the authorized XML itself follows (it does not hold the signed XML)."""
_HEADER = struct.Struct(">BIII")


class PartsError(DocumentError):
    """Stored parts that do not fit the signed XML they are joined to (corrupt or not its
    own): never joined into something that is not the authorized XML."""


@dataclass(frozen=True)
class Parts:
    """What an authorized XML adds to the signed XML: `head + signed[start:end] + tail`."""

    head: bytes
    start: int
    end: int
    tail: bytes
    whole: bool = False
    """`head` is the whole authorized XML (the signed XML's span is empty)."""


def split(signed: bytes, authorized: bytes) -> Parts:
    """The parts of `authorized` around the longest run of `signed` it holds: the signed
    XML's content after its root's start tag (and before trailing white space) is looked up,
    then widened byte by byte while both agree (the end of the start tag, a trailing newline).
    Checked by joining them again before it is answered."""
    start, end = _content(signed)
    at = authorized.find(signed[start:end]) if end > start else -1
    if at < 0:
        return Parts(authorized, 0, 0, b"", whole=True)
    while start > 0 and at > 0 and signed[start - 1] == authorized[at - 1]:
        start, at = start - 1, at - 1
    stop = at + (end - start)
    while end < len(signed) and stop < len(authorized) and signed[end] == authorized[stop]:
        end, stop = end + 1, stop + 1
    parts = Parts(authorized[:at], start, end, authorized[stop:])
    if join(signed, parts) != authorized:  # by construction; the check keeps it a promise
        return Parts(authorized, 0, 0, b"", whole=True)
    return parts


def _content(signed: bytes) -> tuple[int, int]:
    """Where the signed XML's root content starts (after its start tag, past a declaration,
    comments and processing instructions) and ends (before trailing white space)."""
    at = 0
    while True:
        at = signed.find(b"<", at)
        if at < 0 or signed[at + 1 : at + 2] not in (b"?", b"!"):
            break
        at = signed.find(b">", at) + 1
        if at == 0:
            return 0, 0
    tag_end = signed.find(b">", at) if at >= 0 else -1
    if tag_end < 0:
        return 0, 0
    return tag_end + 1, len(signed.rstrip())


def join(signed: bytes, parts: Parts) -> bytes:
    """The authorized XML again: `head + signed[start:end] + tail`."""
    if parts.whole:
        return parts.head
    if not 0 <= parts.start <= parts.end <= len(signed):
        raise PartsError(f"span {parts.start}:{parts.end} outside a {len(signed)}-byte XML")
    return b"".join((parts.head, signed[parts.start : parts.end], parts.tail))


def encode(parts: Parts) -> bytes:
    """`parts` as bytes: a layout byte, then (spliced) the span and the head's length, the head
    and the tail; (whole) the authorized XML."""
    if parts.whole:
        return bytes((WHOLE,)) + parts.head
    header = _HEADER.pack(SPLICED, parts.start, parts.end, len(parts.head))
    return b"".join((header, parts.head, parts.tail))


def decode(data: bytes) -> Parts:
    """The `Parts` that `encode` wrote."""
    if data[:1] == bytes((WHOLE,)):
        return Parts(data[1:], 0, 0, b"", whole=True)
    if data[:1] != bytes((SPLICED,)) or len(data) < _HEADER.size:
        raise PartsError(f"unknown parts layout {data[:1]!r}")
    _, start, end, head = _HEADER.unpack_from(data)
    body = data[_HEADER.size :]
    if head > len(body):
        raise PartsError("head longer than the stored parts")
    return Parts(body[:head], start, end, body[head:])
