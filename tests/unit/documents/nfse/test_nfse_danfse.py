"""DANFSe rendered from real NFS-e of the corpus (the national system's XML)."""

from __future__ import annotations

import io
import re

import pytest
from lxml import etree

from documents.errors import PdfRenderError, UnsafeXMLError
from documents.nfse.builder import NFSE_NS
from documents.nfse.danfse import render_danfse
from documents.nfse.model import NationalAddress
from tests.paths import CORPUS

pypdf = pytest.importorskip("pypdf", reason="pypdf extracts the PDF text (test dependency)")

SAMPLES = [
    "nfse-php__tests_fixtures_nfse.xml",  # real Sefin homologation NFS-e (Pacajá, 2025)
    "nfsen-php-sdk__tests_fixtures_danfse_nfse-ibscbs.xml",
    "BrazilFiscalReport__tests_fixtures_danfse_nfse_test_minimal.xml",
]


def compact_text(pdf: bytes) -> str:
    """The PDF's text without whitespace (the key may be printed in groups)."""
    assert pdf.startswith(b"%PDF-")
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    return re.sub(r"\s", "", "".join(page.extract_text() for page in reader.pages))


@pytest.mark.parametrize("sample", SAMPLES)
def test_danfse_shows_the_key_and_the_provider(sample: str) -> None:
    xml = (CORPUS / "nfse" / sample).read_bytes()
    root = etree.fromstring(xml)
    info = root.find(f"{{{NFSE_NS}}}infNFSe")
    assert info is not None
    key = (info.get("Id") or "").removeprefix("NFS")
    provider = info.findtext(f"{{{NFSE_NS}}}emit/{{{NFSE_NS}}}xNome") or ""
    assert len(key) == 50 and provider
    text = compact_text(render_danfse(xml))
    assert key in text
    assert re.sub(r"\s", "", provider).upper() in text.upper()


def test_cancelled_danfse_carries_the_watermark() -> None:
    xml = (CORPUS / "nfse" / SAMPLES[0]).read_bytes()
    assert "CANCELADA" in compact_text(render_danfse(xml, cancelled=True))
    assert "CANCELADA" not in compact_text(render_danfse(xml))


def test_anything_but_an_nfse_is_refused() -> None:
    dps = (CORPUS / "nfse" / "nfelib__nfelib_nfse_samples_v1_0_dps-simples.xml").read_bytes()
    with pytest.raises(PdfRenderError):
        render_danfse(dps)
    with pytest.raises(UnsafeXMLError):
        render_danfse(b'<!DOCTYPE x [<!ENTITY a "b">]><NFSe/>')


def test_what_the_national_register_gave_is_printed_as_given() -> None:
    """A real NFS-e carries the CNC's address and Sefin's municipality names: the company's
    registered address (for an NFS-e without one) and the IBGE table change nothing."""
    xml = (CORPUS / "nfse" / SAMPLES[0]).read_bytes()
    elsewhere = NationalAddress(municipality="3550308", cep="01310100", street="AV PAULISTA",
                                number="1000", district="BELA VISTA")  # fmt: skip
    text = compact_text(render_danfse(xml, provider_address=elsewhere))
    assert "RUAINÊSSOARES" in text and "68.485-000" in text and "Pacajá" in text
    assert "PAULISTA" not in text and "SãoPaulo" not in text
