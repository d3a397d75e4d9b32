"""DACTE OS (`documents.cte.dacte_os`): the PDF of an authorized CT-e OS, drawn with fpdf2.

Rendered from a CT-e OS our pipeline built, signed and wrapped with its protocol, and from the
corpus CT-e OS (an unsigned Unimake resource with IBS/CBS, wrapped here with a protocol); the
text is read back with pypdf (and pdftotext when installed).
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from decimal import Decimal
from pathlib import Path

import pytest
from lxml import etree

from documents.cte.builder import CTE_NS
from documents.cte.code128 import bar_runs, code128c_modules, code128c_symbols
from documents.cte.dacte_os import grouped_key, render_dacte_os
from documents.cte.model import Component, RoadOS, TpAmb
from documents.cte.pipeline import SignedCte, prepare_cte, prepare_cteos
from documents.cte.wrappers import cte_proc, cteos_proc
from documents.errors import PdfRenderError
from documents.signing import XmlSigner

from .data import cte_data, cteos_data, with_ibs_cbs
from .test_cte_events_wrappers_pdf import PROTOCOL, prot_cte

pypdf = pytest.importorskip("pypdf", reason="pypdf extracts the PDF text (test dependency)")

Q = f"{{{CTE_NS}}}"
CORPUS = (
    Path(__file__).resolve().parents[4].parent
    / "shared/corpus/cteos/DFe__source_Unimake.DFe.Test_CTeOS_Resources_RTC_CTeOS_CST000.xml"
)


def pdf_text(pdf: bytes) -> str:
    assert pdf.startswith(b"%PDF-")
    return "".join(page.extract_text() or "" for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)


def digits(text: str) -> str:
    """As `tests/api/nfe/helpers.py::pdf_digits`: the key is printed in groups of four."""
    return re.sub(r"\D", "", text)


def authorized(signer: XmlSigner, **changes: object) -> tuple[SignedCte, bytes]:
    signed = prepare_cteos(cteos_data(**changes), signer)
    prot = {"tpAmb": "1"} if changes.get("tp_amb") is TpAmb.PRODUCAO else {}
    return signed, cteos_proc(signed.xml, prot_cte(signed, **prot))


def test_dacte_os_prints_the_authorized_ct_e_os(signer: XmlSigner) -> None:
    signed, stored = authorized(signer, observations="PARADA EM RESENDE")
    text = pdf_text(render_dacte_os(stored))
    assert signed.key.text in digits(text)
    assert grouped_key(signed.key.text) in text
    for expected in (
        "DACTE OS", PROTOCOL, "EMPRESA CONTRATANTE SA", "44.555.666/0001-77", "3.500,00",
        "TRANSPORTES TESTE LTDA", "11.222.333/0001-81", "123456789012", "6357 - TRANSPORTE DE "
        "PASSAGEIROS", "TRANSPORTE DE PESSOAS", "SAO PAULO - SP", "RIO DE JANEIRO - RJ",
        "FRETAMENTO SAO PAULO RIO", "42,00", "00 - TRIBUTAÇÃO NORMAL", "420,00", "12,00",
        "ABC1D23", "PARADA EM RESENDE", "DOC. 77", "15/01/2026 10:00:00", "SEM VALOR FISCAL",
    ):  # fmt: skip
        assert expected in text, expected
    assert "CANCELADO" not in text


def test_cancelled_dacte_os_carries_the_watermark(signer: XmlSigner) -> None:
    _, stored = authorized(signer)
    text = pdf_text(render_dacte_os(stored, cancelled=True))
    assert "CANCELADO" in text
    assert "SEM VALOR FISCAL" in text  # still homologation


def test_production_dacte_os_has_no_homologation_marker(signer: XmlSigner) -> None:
    signed, stored = authorized(signer, tp_amb=TpAmb.PRODUCAO)
    text = pdf_text(render_dacte_os(stored))
    assert signed.key.text in digits(text)
    assert "SEM VALOR FISCAL" not in text
    assert "CANCELADO" in pdf_text(render_dacte_os(stored, cancelled=True))


def test_state_registration_without_vehicle_and_ibs_cbs(signer: XmlSigner) -> None:
    road = RoadOS(state_registration="1234567890123456789012345")
    taxes = with_ibs_cbs(cteos_data().taxes)
    _, stored = authorized(signer, road=road, taxes=taxes)
    text = pdf_text(render_dacte_os(stored))
    assert "Nº DE REGISTRO ESTADUAL" in text and "1234567890123456789012345" in text
    assert "TERMO DE AUTORIZAÇÃO" not in text
    assert "CBS (% / R$)" in text and "0,90% / 9,00" in text and "000001" in text


def test_many_components_and_a_long_note_flow_onto_a_second_page(signer: XmlSigner) -> None:
    components = tuple(Component(f"ITEM {n:02d}", Decimal("100.00")) for n in range(35))
    note = " ".join(f"OBSERVACAO{n:03d}" for n in range(140))[:2000]
    signed, stored = authorized(signer, components=components, observations=note)
    pdf = render_dacte_os(stored, cancelled=True)
    pages = pypdf.PdfReader(io.BytesIO(pdf)).pages
    assert len(pages) == 2
    assert f"{grouped_key(signed.key.text)} - FOLHA 2" in (pages[1].extract_text() or "")
    assert all("CANCELADO" in (page.extract_text() or "") for page in pages)
    text = pdf_text(pdf)
    assert "ITEM 00" in text and "ITEM 34" in text and "OBSERVACAO139" in text


def _corpus_proc() -> tuple[str, bytes]:
    if not CORPUS.exists():
        pytest.skip("the shared corpus is not beside the repository")
    document = etree.fromstring(CORPUS.read_bytes())
    key = str(document.find(Q + "infCte").get("Id"))[3:]  # type: ignore[union-attr]
    proc = etree.Element(Q + "cteOSProc", nsmap={None: CTE_NS}, versao="4.00")
    proc.append(document)
    info = etree.SubElement(etree.SubElement(proc, Q + "protCTe", versao="4.00"), Q + "infProt")
    fields = {"tpAmb": "2", "chCTe": key, "dhRecbto": "2025-08-04T12:01:00-03:00",
              "nProt": "141250000000861", "cStat": "100"}  # fmt: skip
    for name, value in fields.items():
        etree.SubElement(info, Q + name).text = value
    return key, etree.tostring(proc)


def test_corpus_ct_e_os_renders() -> None:
    """A CT-e OS written by another issuer (Simples Nacional, IBS/CBS, no QR code supplement)."""
    key, stored = _corpus_proc()
    text = pdf_text(render_dacte_os(stored))
    assert key in digits(text)
    for expected in ("141250000000861", "TESTE DE CTEOS COM IBSCBS", "50,00",
                     "90 - SIMPLES NACIONAL", "PARANAVAI - PR", "SAO JOAO DE MERITI - RJ",
                     "XXX999", "999999999999", "2,50% / 25,00"):  # fmt: skip
        assert expected in text, expected


def test_text_outside_the_core_fonts_is_replaced_not_fatal() -> None:
    _, stored = _corpus_proc()
    stored = stored.replace(b"<xDescServ>TRANSPORTE", "<xDescServ>ŁÓDŹ ☃ TRANSPORTE".encode())
    assert "TRANSPORTE DE PASSAGEIROS" in pdf_text(render_dacte_os(stored))


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")
def test_pdftotext_reads_the_key_and_the_total(signer: XmlSigner, tmp_path: Path) -> None:
    signed, stored = authorized(signer)
    target = tmp_path / "dacteos.pdf"
    target.write_bytes(render_dacte_os(stored))
    text = subprocess.run(
        ["pdftotext", "-layout", str(target), "-"], capture_output=True, check=True, text=True
    ).stdout
    assert grouped_key(signed.key.text) in text
    assert "EMPRESA CONTRATANTE SA" in text and "3.500,00" in text and PROTOCOL in text


def _without(stored: bytes, path: str) -> bytes:
    root = etree.fromstring(stored)
    element = root.find("/".join(Q + step for step in path.split("/")))
    assert element is not None
    element.getparent().remove(element)  # type: ignore[union-attr]
    return etree.tostring(root)


@pytest.mark.parametrize(
    "garbage",
    [b"", b"not xml", b"<cteOSProc", b"<a/>", b'<!DOCTYPE x [<!ENTITY e "e">]><x>&e;</x>'],
)
def test_garbage_raises_pdf_render_error(garbage: bytes) -> None:
    with pytest.raises(PdfRenderError):
        render_dacte_os(garbage)


def test_what_is_not_an_authorized_ct_e_os_is_refused(signer: XmlSigner) -> None:
    signed, stored = authorized(signer)
    with pytest.raises(PdfRenderError, match="cteOSProc"):
        render_dacte_os(signed.xml)  # a bare CTeOS, no protocol
    with pytest.raises(PdfRenderError, match="protCTe"):
        render_dacte_os(_without(stored, "protCTe"))
    with pytest.raises(PdfRenderError, match="toma"):
        render_dacte_os(_without(stored, "CTeOS/infCte/toma"))
    with pytest.raises(PdfRenderError, match="not a value"):
        render_dacte_os(stored.replace(b"<vTPrest>3500.00", b"<vTPrest>abc"))


def test_a_ct_e_of_model_57_is_refused(signer: XmlSigner) -> None:
    cte = prepare_cte(cte_data(), signer)
    with pytest.raises(PdfRenderError, match="cteOSProc"):
        render_dacte_os(cte_proc(cte.xml, prot_cte(cte)))
    _, stored = authorized(signer)
    with pytest.raises(PdfRenderError, match="model 57"):
        render_dacte_os(stored.replace(b"<mod>67</mod>", b"<mod>57</mod>"))


def test_code128c_matches_an_independent_encoder() -> None:
    codex = pytest.importorskip("barcode.codex", reason="python-barcode (brazilfiscalreport's)")
    key = "35260111222333000181670010000000011482135770"
    assert code128c_modules(key) == codex.Code128(key).build()[0]
    assert code128c_symbols("1234") == [105, 12, 34, (105 + 12 + 2 * 34) % 103]
    with pytest.raises(ValueError):
        code128c_modules("123")
    assert bar_runs("0110111") == [(1, 2), (4, 3)]
