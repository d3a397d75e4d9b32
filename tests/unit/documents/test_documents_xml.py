"""The hardened parser: hostile input is refused, ordinary fiscal XML is parsed."""

from __future__ import annotations

from pathlib import Path

import pytest

from documents.errors import MalformedXMLError, UnsafeXMLError
from documents.xml import DEFAULT_MAX_BYTES, parse_untrusted

HOSTILE = Path(__file__).resolve().parents[2] / "data" / "hostile"
HOSTILE_FILES = sorted(p for p in HOSTILE.glob("*.xml"))


def test_the_hostile_corpus_is_present() -> None:
    assert len(HOSTILE_FILES) >= 10


@pytest.mark.parametrize("path", HOSTILE_FILES, ids=lambda p: p.name)
def test_hostile_documents_are_refused(path: Path) -> None:
    with pytest.raises(UnsafeXMLError):
        parse_untrusted(path.read_bytes())


def test_external_entity_content_never_reaches_the_tree() -> None:
    data = (HOSTILE / "external_entity_file.xml").read_bytes()
    with pytest.raises(UnsafeXMLError) as caught:
        parse_untrusted(data)
    assert "root:" not in str(caught.value)


def test_oversized_document_is_refused_before_parsing() -> None:
    data = b"<a>" + b"x" * DEFAULT_MAX_BYTES + b"</a>"
    with pytest.raises(UnsafeXMLError, match="exceeds"):
        parse_untrusted(data)


def test_the_size_cap_is_configurable() -> None:
    with pytest.raises(UnsafeXMLError):
        parse_untrusted(b"<cStat>100</cStat>", max_bytes=10)


def test_text_is_refused_because_the_encoding_must_come_from_the_bytes() -> None:
    with pytest.raises(UnsafeXMLError):
        parse_untrusted("<a/>")  # type: ignore[arg-type]


@pytest.mark.parametrize("data", [b"", b"<a>", b"<a></b>", b"not xml", b"<a>&undefined;</a>"])
def test_malformed_documents_raise_malformed_error(data: bytes) -> None:
    with pytest.raises(MalformedXMLError):
        parse_untrusted(data)


def test_malformed_error_carries_the_line() -> None:
    with pytest.raises(MalformedXMLError) as caught:
        parse_untrusted(b"<a>\n<b>\n</a>")
    assert caught.value.line == 3


def test_an_ordinary_authority_answer_is_parsed() -> None:
    data = (
        b'<?xml version="1.0" encoding="UTF-8"?>'
        b'<retConsStatServ xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">'
        b"<tpAmb>2</tpAmb><cStat>107</cStat>"
        b"<xMotivo>Servi\xc3\xa7o em Opera\xc3\xa7\xc3\xa3o</xMotivo>"
        b"</retConsStatServ>"
    )
    root = parse_untrusted(data)
    assert root.findtext("{http://www.portalfiscal.inf.br/nfe}xMotivo") == "Serviço em Operação"


def test_nesting_up_to_the_cap_is_accepted() -> None:
    data = b"<a>" * 64 + b"</a>" * 64
    assert parse_untrusted(data).tag == "a"
    with pytest.raises(UnsafeXMLError):
        parse_untrusted(b"<a>" * 65 + b"</a>" * 65)


def test_every_corpus_document_parses() -> None:
    from tests.paths import CORPUS as corpus

    if not corpus.exists():
        pytest.skip("shared corpus not available")
    files = [
        p
        for family in ("nfe", "nfce", "events", "inutilizacao")
        for p in (corpus / family).glob("*.xml")
    ]
    assert files
    for path in files:
        assert parse_untrusted(path.read_bytes()) is not None, path.name
