"""The packed formats: each reads back what was packed, names what it needs, and refuses what
it cannot read (an unknown format byte, a missing or wrong dictionary, a damaged stream)."""

from __future__ import annotations

import pytest

from service.storage import codec
from service.storage.errors import StoredXmlError

SIGNED = b'<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe Id="NFe1">' + b"<det/>" * 200
DICTIONARY = SIGNED.replace(b"NFe1", b"NFe0")


def test_each_format_reads_back_its_bytes() -> None:
    assert codec.unpack(bytes((codec.RAW,)) + SIGNED) == SIGNED
    assert codec.unpack(codec.pack(SIGNED)) == SIGNED
    packed = codec.pack_with(SIGNED, DICTIONARY)
    names = {codec.name_of(DICTIONARY): DICTIONARY}
    assert codec.unpack(packed, dictionaries=names.__getitem__) == SIGNED
    rest = b"<protNFe><chNFe>NFe1</chNFe></protNFe>"
    assert codec.unpack(codec.pack_against(rest, SIGNED), signed=SIGNED) == rest


def test_the_format_byte_comes_first_and_a_dictionary_is_named_by_its_content() -> None:
    packed = codec.pack_with(SIGNED, DICTIONARY)
    assert packed[0] == codec.ZLIB_DICTIONARY
    assert packed[1 : 1 + codec.NAME_BYTES] == codec.name_of(DICTIONARY)
    assert len(packed) < len(codec.pack(SIGNED))  # what the company repeats costs nothing


def test_what_cannot_be_read_is_an_error_never_other_bytes() -> None:
    with pytest.raises(StoredXmlError, match="not readable"):
        codec.unpack(b"\x7f" + SIGNED)
    with pytest.raises(StoredXmlError):
        codec.unpack(codec.pack_with(SIGNED, DICTIONARY))  # no dictionaries given
    wrong = {codec.name_of(DICTIONARY): SIGNED}
    with pytest.raises(StoredXmlError):
        codec.unpack(codec.pack_with(SIGNED, DICTIONARY), dictionaries=wrong.__getitem__)
    damaged = bytearray(codec.pack(SIGNED))
    damaged[len(damaged) // 2] ^= 0xFF
    with pytest.raises(StoredXmlError):
        codec.unpack(bytes(damaged))
    with pytest.raises(StoredXmlError):
        codec.unpack(codec.pack(SIGNED)[:-4])
