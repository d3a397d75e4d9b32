"""DANFE / DANFC-e: rendered from authorized XML, the PDF shows the access key.

Text is extracted with pypdf (a test dependency, see the final report).
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from types import ModuleType

import pytest
from lxml import etree

from documents.errors import PdfRenderError, UnsafeXMLError
from documents.nfce.qrcode import Csc
from documents.nfe.pipeline import SignedNFe, prepare_nfe
from documents.pdf import render_danfce, render_danfe
from documents.signing import XmlSigner
from documents.wrappers import nfe_proc
from tests.paths import CORPUS

pypdf = pytest.importorskip("pypdf", reason="pypdf extracts the PDF text (test dependency)")


NS = "http://www.portalfiscal.inf.br/nfe"


def pdf_digits(pdf: bytes) -> str:
    """All text of the PDF with whitespace removed (the key is printed in groups of four)."""
    assert pdf.startswith(b"%PDF-")
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    return re.sub(r"\s", "", "".join(page.extract_text() for page in reader.pages))


def authorized(signed: SignedNFe) -> bytes:
    prot = etree.Element(f"{{{NS}}}protNFe", nsmap={None: NS}, versao="4.00")
    info = etree.SubElement(prot, f"{{{NS}}}infProt")
    for name, value in [
        ("tpAmb", "2"), ("verAplic", "SIMULADOR"), ("chNFe", signed.key.text),
        ("dhRecbto", "2026-01-15T10:00:05-03:00"), ("nProt", "135260000000001"),
        ("digVal", signed.digest_value), ("cStat", "100"), ("xMotivo", "Autorizado o uso da NF-e"),
    ]:  # fmt: skip
        etree.SubElement(info, f"{{{NS}}}{name}").text = value
    return nfe_proc(signed.xml, prot)


def test_danfe_of_our_authorized_nfe(nfe_factory: ModuleType, signer: XmlSigner) -> None:
    signed = prepare_nfe(nfe_factory.nfe_data(30), signer)
    digits = pdf_digits(render_danfe(authorized(signed)))
    assert signed.key.text in digits
    assert "135260000000001" in digits  # the authorization protocol


def test_danfce_of_our_authorized_nfce(nfe_factory: ModuleType, signer: XmlSigner) -> None:
    signed = prepare_nfe(nfe_factory.nfce_data(3), signer, csc=Csc("000001", "SEGREDO-DE-TESTE"))
    assert signed.key.text in pdf_digits(render_danfce(authorized(signed)))


@pytest.mark.parametrize(
    ("name", "render"),
    [
        ("nfe/nfelib-wheel-3.2.0__nfelib_nfe_samples_v4_0_procNFe.xml", render_danfe),
        ("nfe/sped-nfe__tests_fixtures_xml_nfe_layout4_com_prot.xml", render_danfe),
        ("nfce/br_danfe__spec_fixtures_nfce_v4.00_nfce.xml", render_danfce),
    ],
)
def test_corpus_documents_render_with_their_key(name: str, render: object) -> None:
    path = CORPUS / name
    if not path.exists():
        pytest.skip("shared corpus not available")
    data = path.read_bytes()
    key = re.search(rb'Id="NFe([0-9A-Z]{44})"', data)
    assert key is not None
    assert key.group(1).decode() in pdf_digits(render(data))  # type: ignore[operator]


def test_wrong_model_and_wrong_document_are_refused(
    nfe_factory: ModuleType, signer: XmlSigner
) -> None:
    signed = prepare_nfe(nfe_factory.nfe_data(1), signer)
    with pytest.raises(PdfRenderError, match="not 65"):
        render_danfce(authorized(signed))
    with pytest.raises(PdfRenderError, match="expected nfeProc"):
        render_danfe(b'<retConsStatServ xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"/>')


def test_hostile_xml_never_reaches_the_renderer() -> None:
    hostile = Path(__file__).resolve().parents[2] / "data" / "hostile" / "billion_laughs.xml"
    with pytest.raises(UnsafeXMLError):
        render_danfe(hostile.read_bytes())


def test_cancelled_documents_are_marked(nfe_factory: ModuleType, signer: XmlSigner) -> None:
    def text(pdf: bytes) -> str:
        return "".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(pdf)).pages)

    nfe = authorized(prepare_nfe(nfe_factory.nfe_data(2), signer))
    assert "CANCELADA" not in text(render_danfe(nfe))
    assert "CANCELADA" in text(render_danfe(nfe, cancelled=True))
    csc = Csc("000001", "SEGREDO-DE-TESTE")
    nfce = authorized(prepare_nfe(nfe_factory.nfce_data(1), signer, csc=csc))
    assert "CANCELADA" in text(render_danfce(nfce, cancelled=True))
