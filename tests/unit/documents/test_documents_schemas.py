"""Schema catalogue and validation: official XSDs, violations as data, corpus verdicts."""

from __future__ import annotations

import re

import pytest
from lxml import etree

from documents.errors import SchemaViolationError, UnknownSchemaError, UnsafeXMLError
from documents.schemas import (
    SchemaViolation,
    assert_valid,
    catalogue,
    schema_key_for,
    validate,
)
from documents.xml import parse_untrusted
from tests.paths import CORPUS

CONTRACT_KEYS = [
    "nfe/4.00/enviNFe", "nfe/4.00/NFe", "nfe/4.00/nfeProc", "nfe/4.00/consSitNFe",
    "nfe/4.00/consStatServ", "nfe/4.00/consReciNFe", "nfe/4.00/inutNFe",
    "nfe/1.00/envEvento-110111", "nfe/1.00/envEvento-110110", "cte/4.00/CTe", "cte/4.00/CTeOS",
    "cte/4.00/eventoCTe", "mdfe/3.00/MDFe", "mdfe/3.00/eventoMDFe", "nfse/1.00/DPS",
    "nfse/1.00/pedRegEvento",
]  # fmt: skip


def corpus_verdicts() -> list[tuple[str, str]]:
    """(file, PASS|FAIL) for the NF-e family files of corpus/PROVENANCE.md."""
    provenance = CORPUS / "PROVENANCE.md"
    if not provenance.exists():
        return []
    pattern = r"^\| `((?:nfe|nfce|events|inutilizacao)/[^`]+)` \|.*?\| \*\*(PASS|FAIL)\*\* \|"
    return re.findall(pattern, provenance.read_text(encoding="utf-8"), re.MULTILINE)


def test_contract_keys_are_in_the_catalogue() -> None:
    assert set(CONTRACT_KEYS) <= set(catalogue())


@pytest.mark.parametrize("key", sorted(catalogue()))
def test_every_entry_names_an_existing_xsd_declaring_its_root(key: str) -> None:
    entry = catalogue()[key]
    assert entry.xsd.is_file(), entry.xsd
    xsd = etree.parse(str(entry.xsd)).getroot()
    assert xsd.get("targetNamespace") == entry.namespace
    roots = {e.get("name") for e in xsd.findall("{http://www.w3.org/2001/XMLSchema}element")}
    assert entry.root in roots
    assert isinstance(validate(etree.Element(f"{{{entry.namespace}}}{entry.root}"), key), list)


def test_violations_come_back_as_data() -> None:
    data = (
        b'<consStatServ xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">\n'
        b"<tpAmb>3</tpAmb>\n<cUF>35</cUF>\n<xServ>STATUS</xServ>\n</consStatServ>"
    )
    violations = validate(data, "nfe/4.00/consStatServ")
    assert violations and all(isinstance(v, SchemaViolation) for v in violations)
    first = violations[0]
    assert first.line == 2 and "tpAmb" in first.path and "'3'" in first.message


def test_valid_message_has_no_violations() -> None:
    data = (
        b'<consStatServ xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">'
        b"<tpAmb>2</tpAmb><cUF>35</cUF><xServ>STATUS</xServ></consStatServ>"
    )
    assert validate(data, "nfe/4.00/consStatServ") == []
    assert_valid(data, "nfe/4.00/consStatServ")


def test_assert_valid_raises_with_every_violation() -> None:
    data = b'<consStatServ xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"/>'
    with pytest.raises(SchemaViolationError) as caught:
        assert_valid(data, "nfe/4.00/consStatServ")
    assert caught.value.violations and "tpAmb" in caught.value.violations[0].message


def test_unknown_key_is_a_domain_error() -> None:
    with pytest.raises(UnknownSchemaError):
        validate(b"<a/>", "nfe/9.99/NFe")


def test_bytes_go_through_the_hardened_parser() -> None:
    data = b'<!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]><consStatServ>&e;</consStatServ>'
    with pytest.raises(UnsafeXMLError):
        validate(data, "nfe/4.00/consStatServ")


@pytest.mark.parametrize(("name", "verdict"), corpus_verdicts(), ids=lambda v: str(v)[:60])
def test_corpus_verdicts_match_provenance(name: str, verdict: str) -> None:
    """Our catalogue reproduces the recorded verdicts; outdated layouts have no key at all."""
    root = parse_untrusted((CORPUS / name).read_bytes())
    key = schema_key_for(root)
    if verdict == "PASS":
        assert key is not None and validate(root, key) == []
    else:
        assert key is None or validate(root, key) != []


def test_a_known_bad_corpus_document_reports_line_and_path() -> None:
    path = CORPUS / "inutilizacao" / "sped-nfe__tests_fixtures_xml_request_inut_cpf.xml"
    if not path.exists():
        pytest.skip("shared corpus not available")
    violations = validate(path.read_bytes(), "nfe/4.00/inutNFe")
    assert violations[0].line == 7 and "CPF" in violations[0].message


@pytest.mark.parametrize(
    ("xml", "key"),
    [
        (
            b'<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe versao="4.00"/></NFe>',
            "nfe/4.00/NFe",
        ),
        (
            b'<enviNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"/>',
            "nfe/4.00/enviNFe",
        ),
        (
            b'<ProcInutNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"/>',
            "nfe/4.00/ProcInutNFe",
        ),
        (
            b'<envEvento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><evento>'
            b"<infEvento><tpEvento>110111</tpEvento></infEvento></evento></envEvento>",
            "nfe/1.00/envEvento-110111",
        ),
        (
            b'<envEvento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><evento>'
            b"<infEvento><tpEvento>210200</tpEvento></infEvento></evento></envEvento>",
            "nfe/1.00/envEvento",
        ),
        (
            b'<CTe xmlns="http://www.portalfiscal.inf.br/cte"><infCte versao="4.00"/></CTe>',
            "cte/4.00/CTe",
        ),
        (
            b'<MDFe xmlns="http://www.portalfiscal.inf.br/mdfe"><infMDFe versao="3.00"/></MDFe>',
            "mdfe/3.00/MDFe",
        ),
        (b'<DPS xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.01"/>', "nfse/1.00/DPS"),
        (b'<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe versao="3.10"/></NFe>', None),
        (b"<NFe><infNFe versao='4.00'/></NFe>", None),
    ],
)
def test_schema_key_for(xml: bytes, key: str | None) -> None:
    assert schema_key_for(parse_untrusted(xml)) == key
