"""PDFs of documents issued in contingency (tpEmis != 1) say so: the DANFE (both layouts), the
DACTE and the DACTE OS get our "EMITIDA EM CONTINGÊNCIA" stamp (the DANFE with the EPEC's
protocol when given); the DANFC-e and the DAMDFE keep the library's own notice. Text is read
with pdftotext (poppler-utils), as the DACTE OS tests do; the library's rotated watermarks
(SEM VALOR FISCAL, CANCELADA), which pdftotext leaves out, with pypdf, as the DANFE tests do."""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
import shutil
import subprocess
from pathlib import Path
from types import ModuleType

import pytest
from lxml import etree

from documents.cte.builder import CTE_NS
from documents.cte.dacte_os import render_dacte_os
from documents.cte.model import Contingency as CteContingency
from documents.cte.model import TpEmisCte
from documents.cte.pipeline import SignedCte, prepare_cte, prepare_cteos
from documents.cte.wrappers import cte_proc, cteos_proc
from documents.errors import PdfRenderError
from documents.mdfe.builder import MDFE_NS
from documents.mdfe.model import TpEmisMdfe
from documents.mdfe.pipeline import prepare_mdfe
from documents.mdfe.wrappers import mdfe_proc
from documents.nfce.qrcode import Csc
from documents.nfe.model import Contingency, TpAmb, TpEmis
from documents.nfe.pipeline import SignedNFe, prepare_nfe
from documents.pdf import (
    CONTINGENCY_STAMP,
    contingency_lines,
    render_dacte,
    render_damdfe,
    render_danfce,
    render_danfe,
)
from documents.signing import XmlSigner
from documents.wrappers import nfe_proc
from tests.unit.documents.cte.data import cte_data, cteos_data
from tests.unit.documents.mdfe.data import mdfe_data

pytestmark = pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="poppler-utils not installed"
)
pypdf = pytest.importorskip("pypdf", reason="pypdf extracts the PDF text (test dependency)")

NFE_NS = "http://www.portalfiscal.inf.br/nfe"
BRT = dt.timezone(dt.timedelta(hours=-3))
REASON = "SEFAZ autorizadora e SVC fora do ar"
EPEC_PROTOCOL = "891260000000123"
EPEC_AT = "2026-01-15T10:02:05-03:00"
MOC_7_0 = dt.datetime(2026, 1, 15, 10, 0, tzinfo=BRT)  # printed in the MOC 7.0 layout
NT_2026_010 = dt.datetime(2026, 12, 15, 10, 0, tzinfo=BRT)  # in force from 2026-12-01


def pdf_text(pdf: bytes, tmp_path: Path) -> str:
    """pdftotext's reading, with runs of blanks collapsed (the stamp is one text run)."""
    assert pdf.startswith(b"%PDF-")
    target = tmp_path / "document.pdf"
    target.write_bytes(pdf)
    out = subprocess.run(["pdftotext", str(target), "-"], capture_output=True, check=True)
    return " ".join(out.stdout.decode("utf-8").split())


def watermarks(pdf: bytes) -> str:
    """Every text run pypdf finds, rotated ones included."""
    return "".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)


def _prot(namespace: str, tag: str, key: str, digest: str, version: str, **extra: str) -> bytes:
    fields = {
        "tpAmb": "2", "verAplic": "SIMULADOR", f"ch{tag}": key,
        "dhRecbto": "2026-01-15T10:30:05-03:00", "nProt": "135260000000001",
        "digVal": digest, "cStat": "100", "xMotivo": "Autorizado o uso",
    }  # fmt: skip
    fields.update(extra)
    prot = etree.Element(f"{{{namespace}}}prot{tag}", nsmap={None: namespace}, versao=version)
    info = etree.SubElement(prot, f"{{{namespace}}}infProt")
    for name, value in fields.items():
        etree.SubElement(info, f"{{{namespace}}}{name}").text = value
    return etree.tostring(prot)


def _epec_note(
    factory: ModuleType, signer: XmlSigner, issued: dt.datetime, **more: object
) -> SignedNFe:
    data = dataclasses.replace(
        factory.nfe_data(2), tp_emis=TpEmis.EPEC, issued_at=issued,
        contingency=Contingency(issued - dt.timedelta(minutes=10), REASON), **more,
    )  # fmt: skip
    return prepare_nfe(data, signer)


def test_stamp_lines() -> None:
    assert contingency_lines("1") == () and contingency_lines("") == ()
    assert contingency_lines("2") == (CONTINGENCY_STAMP,)
    assert contingency_lines("4", EPEC_PROTOCOL, EPEC_AT) == (
        CONTINGENCY_STAMP, f"PROTOCOLO EPEC {EPEC_PROTOCOL} DE 15/01/2026 10:02:05",
    )  # fmt: skip
    assert contingency_lines("4", EPEC_PROTOCOL) == (
        CONTINGENCY_STAMP,
        f"PROTOCOLO EPEC {EPEC_PROTOCOL}",
    )


@pytest.mark.parametrize("issued", [MOC_7_0, NT_2026_010], ids=["moc-7.0", "nt-2026.010"])
def test_epec_danfe_printed_before_authorization_shows_the_stamp_and_the_epec_protocol(
    nfe_factory: ModuleType, signer: XmlSigner, tmp_path: Path, issued: dt.datetime
) -> None:
    note = _epec_note(nfe_factory, signer, issued)
    text = pdf_text(
        render_danfe(note.xml, epec_protocol=EPEC_PROTOCOL, epec_registered_at=EPEC_AT), tmp_path
    )
    assert "EMITIDA EM CONTINGÊNCIA" in text
    assert f"PROTOCOLO EPEC {EPEC_PROTOCOL} DE 15/01/2026 10:02:05" in text


def test_authorized_contingency_danfe_keeps_the_stamp_and_a_normal_one_has_none(
    nfe_factory: ModuleType, signer: XmlSigner, tmp_path: Path
) -> None:
    note = _epec_note(nfe_factory, signer, MOC_7_0)
    stored = nfe_proc(note.xml, _prot(NFE_NS, "NFe", note.key.text, note.digest_value, "4.00"))
    text = pdf_text(render_danfe(stored), tmp_path)
    assert "EMITIDA EM CONTINGÊNCIA" in text and "PROTOCOLO EPEC" not in text
    normal = prepare_nfe(dataclasses.replace(nfe_factory.nfe_data(2), issued_at=MOC_7_0), signer)
    plain = nfe_proc(normal.xml, _prot(NFE_NS, "NFe", normal.key.text, normal.digest_value, "4.00"))
    assert "CONTINGÊNCIA" not in pdf_text(render_danfe(plain), tmp_path)


def test_a_production_epec_danfe_with_its_protocol_has_fiscal_value(
    nfe_factory: ModuleType, signer: XmlSigner, tmp_path: Path
) -> None:
    note = _epec_note(nfe_factory, signer, MOC_7_0, tp_amb=TpAmb.PRODUCAO)
    with_epec = render_danfe(note.xml, epec_protocol=EPEC_PROTOCOL)
    assert "EMITIDA EM CONTINGÊNCIA" in pdf_text(with_epec, tmp_path)
    assert "SEM VALOR FISCAL" not in watermarks(with_epec)
    assert "SEM VALOR FISCAL" in watermarks(render_danfe(note.xml))  # no EPEC yet
    cancelled = render_danfe(note.xml, cancelled=True, epec_protocol=EPEC_PROTOCOL)
    assert "CANCELADA" in watermarks(cancelled)
    homologation = _epec_note(nfe_factory, signer, MOC_7_0)
    marks = watermarks(render_danfe(homologation.xml, epec_protocol=EPEC_PROTOCOL))
    assert marks.startswith("SEM VALOR FISCAL\n")  # the watermark, the first run of the page


def test_offline_danfce_keeps_the_library_notice(
    nfe_factory: ModuleType, signer: XmlSigner, tmp_path: Path
) -> None:
    data = dataclasses.replace(
        nfe_factory.nfce_data(1), tp_emis=TpEmis.OFFLINE_NFCE, issued_at=MOC_7_0,
        contingency=Contingency(MOC_7_0 - dt.timedelta(minutes=10), REASON),
    )  # fmt: skip
    note = prepare_nfe(data, signer, csc=Csc("000001", "SEGREDO-DE-TESTE"))
    assert "EMITIDA EM CONTINGÊNCIA" in pdf_text(render_danfce(note.xml), tmp_path)


def _cte_proc(signed: SignedCte, wrap: object) -> bytes:
    prot = _prot(CTE_NS, "CTe", signed.key.text, signed.digest_value, "4.00")
    return wrap(signed.xml, prot)  # type: ignore[operator, no-any-return]


@pytest.mark.parametrize("tp_emis", [TpEmisCte.OFFLINE, TpEmisCte.SVC_RS])
def test_contingency_dacte_and_dacte_os_are_stamped(
    signer: XmlSigner, tmp_path: Path, tp_emis: TpEmisCte
) -> None:
    contingency = CteContingency(MOC_7_0 - dt.timedelta(minutes=10), REASON)
    cte = prepare_cte(cte_data(tp_emis=tp_emis, contingency=contingency), signer)
    assert "EMITIDA EM CONTINGÊNCIA" in pdf_text(render_dacte(_cte_proc(cte, cte_proc)), tmp_path)
    cteos = prepare_cteos(cteos_data(tp_emis=tp_emis, contingency=contingency), signer)
    text = pdf_text(render_dacte_os(_cte_proc(cteos, cteos_proc)), tmp_path)
    assert "EMITIDA EM CONTINGÊNCIA" in text


def test_normal_dacte_and_dacte_os_are_not_stamped(signer: XmlSigner, tmp_path: Path) -> None:
    cte = prepare_cte(cte_data(), signer)
    assert "CONTINGÊNCIA" not in pdf_text(render_dacte(_cte_proc(cte, cte_proc)), tmp_path)
    cteos = prepare_cteos(cteos_data(), signer)
    assert "CONTINGÊNCIA" not in pdf_text(render_dacte_os(_cte_proc(cteos, cteos_proc)), tmp_path)


def test_offline_damdfe_shows_the_library_contingency_watermark(
    signer: XmlSigner, tmp_path: Path
) -> None:
    signed = prepare_mdfe(mdfe_data(tp_emis=TpEmisMdfe.OFFLINE), signer)
    prot = _prot(MDFE_NS, "MDFe", signed.key.text, signed.digest_value, "3.00")
    text = pdf_text(render_damdfe(mdfe_proc(signed.xml, prot)), tmp_path)
    assert "EMISSÃO EM" in text and "CONTINGÊNCIA" in text
    normal = prepare_mdfe(mdfe_data(), signer)
    prot = _prot(MDFE_NS, "MDFe", normal.key.text, normal.digest_value, "3.00")
    assert "CONTINGÊNCIA" not in pdf_text(render_damdfe(mdfe_proc(normal.xml, prot)), tmp_path)


@pytest.mark.parametrize("tp_amb", [TpAmb.HOMOLOGACAO, TpAmb.PRODUCAO])
def test_offline_dacte_and_dacte_os_print_before_transmission(
    signer: XmlSigner, tmp_path: Path, tp_amb: TpAmb
) -> None:
    """The offline mode exists to print first: the bare signed CT-e / CT-e OS renders, stamped,
    and in production without SEM VALOR FISCAL (it is the legal document until authorized)."""
    contingency = CteContingency(MOC_7_0 - dt.timedelta(minutes=10), REASON)
    changes = {"tp_emis": TpEmisCte.OFFLINE, "contingency": contingency, "tp_amb": tp_amb}
    cte = prepare_cte(cte_data(**changes), signer)  # type: ignore[arg-type]
    dacte = render_dacte(cte.xml)
    assert "EMITIDA EM CONTINGÊNCIA" in pdf_text(dacte, tmp_path)
    assert ("SEM VALOR FISCAL" in watermarks(dacte)) == (tp_amb is TpAmb.HOMOLOGACAO)
    cteos = prepare_cteos(cteos_data(**changes), signer)  # type: ignore[arg-type]
    dacte_os = render_dacte_os(cteos.xml)
    assert "EMITIDA EM CONTINGÊNCIA" in pdf_text(dacte_os, tmp_path)
    assert ("SEM VALOR FISCAL" in watermarks(dacte_os)) == (tp_amb is TpAmb.HOMOLOGACAO)


def test_a_bare_svc_or_normal_cte_still_needs_its_authorization(signer: XmlSigner) -> None:
    for data in (cte_data(tp_emis=TpEmisCte.SVC_SP), cte_data()):
        with pytest.raises(PdfRenderError, match="cteProc"):
            render_dacte(prepare_cte(data, signer).xml)
    with pytest.raises(PdfRenderError, match="cteOSProc"):
        render_dacte_os(prepare_cteos(cteos_data(tp_emis=TpEmisCte.SVC_RS), signer).xml)


@pytest.mark.parametrize("tp_amb", [TpAmb.HOMOLOGACAO, TpAmb.PRODUCAO])
def test_offline_damdfe_prints_before_transmission_with_the_168_hour_notice(
    signer: XmlSigner, tmp_path: Path, tp_amb: TpAmb
) -> None:
    signed = prepare_mdfe(mdfe_data(tp_emis=TpEmisMdfe.OFFLINE, tp_amb=tp_amb), signer)
    pdf = render_damdfe(signed.xml)
    text = pdf_text(pdf, tmp_path)
    assert "CONTINGÊNCIA" in text and "168 horas" in text
    assert ("SEM VALOR FISCAL" in watermarks(pdf)) == (tp_amb is TpAmb.HOMOLOGACAO)
    with pytest.raises(PdfRenderError, match="mdfeProc"):
        render_damdfe(prepare_mdfe(mdfe_data(), signer).xml)
