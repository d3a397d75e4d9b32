"""How stored XML is packed: one format byte, then the payload it names.

The byte lets a later codec (zstd, another dictionary scheme) be added without converting what
is stored: a reader dispatches on it, a writer uses the newest. Every format is deterministic
to read back; the document row keeps the SHA-256 of the unpacked signed XML, checked on read
(`service.storage.documents`).

- `RAW` (0x00): the bytes as they are.
- `ZLIB` (0x01): a zlib stream (RFC 1950) without a preset dictionary: self-contained (what
  the object store keeps).
- `ZLIB_DICTIONARY` (0x02): 16 bytes naming a dictionary (the start of its SHA-256), then a
  zlib stream with that preset dictionary (`xml_dicionarios`: one of the company's own
  earlier documents).
- `ZLIB_SIGNED` (0x03): a zlib stream whose preset dictionary is the document's signed XML
  (the rest of its authorized XML, which repeats its key, digest and namespaces).
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Callable

from service.storage.errors import StoredXmlError

RAW = 0x00
ZLIB = 0x01
ZLIB_DICTIONARY = 0x02
ZLIB_SIGNED = 0x03

LEVEL = 9
"""zlib's best: about 10 µs more than the default on a 7 KiB NF-e, for a few bytes less."""
WINDOW = 32 * 1024
"""zlib's window: a preset dictionary's last 32 KiB are all it can refer to."""
NAME_BYTES = 16
"""How much of a dictionary's SHA-256 names it in a packed payload."""
LIMIT = 16 * 1024 * 1024
"""No stored XML unpacks to more (the layouts' 10 MiB NF-e limit, with room)."""

Dictionaries = Callable[[bytes], bytes]
"""A dictionary's bytes by its name (`name_of`)."""


def name_of(dictionary: bytes) -> bytes:
    """The 16 bytes that name a dictionary: its content's SHA-256, so a name means the same
    bytes in every database and process."""
    return hashlib.sha256(dictionary).digest()[:NAME_BYTES]


def pack(data: bytes) -> bytes:
    """`ZLIB`: compressed on its own."""
    return bytes((ZLIB,)) + zlib.compress(data, LEVEL)


def pack_with(data: bytes, dictionary: bytes) -> bytes:
    """`ZLIB_DICTIONARY`: compressed against `dictionary` (a company's certificate, names
    and addresses recur in each of its documents: a 7 KiB NF-e takes about 650 bytes instead
    of 2.8 KiB alone)."""
    return b"".join((bytes((ZLIB_DICTIONARY,)), name_of(dictionary), _deflate(data, dictionary)))


def pack_against(data: bytes, signed: bytes) -> bytes:
    """`ZLIB_SIGNED`: compressed against the document's signed XML."""
    return bytes((ZLIB_SIGNED,)) + _deflate(data, signed[-WINDOW:])


def _deflate(data: bytes, dictionary: bytes) -> bytes:
    compressor = zlib.compressobj(LEVEL, zdict=dictionary[-WINDOW:])
    return compressor.compress(data) + compressor.flush()


def unpack(
    packed: bytes, *, dictionaries: Dictionaries | None = None, signed: bytes | None = None
) -> bytes:
    """The bytes `packed` holds. `dictionaries` answers a `ZLIB_DICTIONARY`'s dictionary,
    `signed` is a `ZLIB_SIGNED`'s signed XML. Raises `StoredXmlError` for an unknown format,
    a missing dictionary or a stream that does not inflate (zlib checks its dictionary's
    Adler-32 and its own)."""
    kind, body = packed[:1], packed[1:]
    if kind == bytes((RAW,)):
        return body
    if kind == bytes((ZLIB,)):
        return _inflate(body, b"")
    if kind == bytes((ZLIB_DICTIONARY,)) and dictionaries is not None:
        return _inflate(body[NAME_BYTES:], dictionaries(body[:NAME_BYTES]))
    if kind == bytes((ZLIB_SIGNED,)) and signed is not None:
        return _inflate(body, signed[-WINDOW:])
    raise StoredXmlError(f"stored XML format not readable here: {kind.hex() or 'empty'}")


def _inflate(stream: bytes, dictionary: bytes) -> bytes:
    """One whole zlib stream, at most `LIMIT` bytes."""
    try:
        inflater = (
            zlib.decompressobj(zdict=dictionary[-WINDOW:]) if dictionary else (zlib.decompressobj())
        )
        data = inflater.decompress(stream, LIMIT)
    except zlib.error as exc:
        raise StoredXmlError(f"stored XML does not inflate: {exc}") from exc
    if inflater.unconsumed_tail or not inflater.eof:
        raise StoredXmlError("stored XML truncated or over the limit")
    return data
