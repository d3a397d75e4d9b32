"""DANFE (NF-e), DANFC-e (NFC-e), DACCe (CC-e), DACTE (CT-e) and DAMDFE (MDF-e) PDFs, rendered
from the stored authorized XML.

Rendering is delegated to `brazilfiscalreport` (fpdf2). The XML first goes through our hardened
parser, because the library parses with the standard library; what it receives is our own
re-serialization of a document we already accepted. A cancelled document's DANFE/DANFC-e
carries the library's CANCELADA watermark (`watermark_cancelled`).

A document issued in contingency (tpEmis other than 1) says so. brazilfiscalreport 1.3.1 already
does it on the DANFC-e ("EMITIDA EM CONTINGÊNCIA" among its notices) and on the DAMDFE ("EMISSÃO
EM CONTINGÊNCIA" watermark, and the 168-hour notice in the protocol box when there is no
protocol), but not on the A4 DANFE nor on the DACTE: those get `CONTINGENCY_STAMP` here (and the
DACTE OS in `documents.cte.dacte_os`), drawn where the library draws its watermarks, with the
EPEC's protocol and registration time under it when the caller has them (they come in the
EPEC's answer, not in the note). An EPEC DANFE in production with that protocol is the legal
document until the note is authorized, so it does not get SEM VALOR FISCAL (the library's own
label DANFE, `DanfeEtiqueta`, treats the EPEC protocol as the authorization the same way).
Likewise an offline CT-e / MDF-e (tpEmis 2) is printed from the bare signed document before it
is transmitted (that is what the mode is for), without SEM VALOR FISCAL in production; any other
DACTE / DAMDFE still needs the authorized wrapper.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from brazilfiscalreport.dacce import DaCCe
from brazilfiscalreport.dacte import Dacte, DacteConfig
from brazilfiscalreport.damdfe import Damdfe, DamdfeConfig
from brazilfiscalreport.danfce import Danfce, DanfceConfig
from brazilfiscalreport.danfe import DanfeConfig
from brazilfiscalreport.danfe.config import DanfeLayout
from brazilfiscalreport.danfe.danfe import resolve_layout
from brazilfiscalreport.danfe.danfe_moc_7_0 import DanfeMoc70
from brazilfiscalreport.danfe.danfe_nt_2026_010 import DanfeNt2026010
from fpdf import FPDF
from lxml import etree

from documents.cte.builder import CTE_NS
from documents.errors import PdfRenderError
from documents.mdfe.builder import MDFE_NS
from documents.nfe.builder import NFE_NS
from documents.nfe.danfe import add_danfe_notes
from documents.xml import parse_untrusted

_Q = f"{{{NFE_NS}}}"
CONTINGENCY_STAMP = "EMITIDA EM CONTINGÊNCIA"
NORMAL_EMISSION = ("", "1")
EPEC_TP_EMIS = "4"


def contingency_lines(
    tp_emis: str, epec_protocol: str | None = None, epec_registered_at: str | None = None
) -> tuple[str, ...]:
    """What the contingency stamp says: nothing for a normal document; else the stamp, and the
    EPEC's protocol (and when the AN registered it) when given."""
    if tp_emis in NORMAL_EMISSION:
        return ()
    if not epec_protocol:
        return (CONTINGENCY_STAMP,)
    when = f" DE {_br_time(epec_registered_at)}" if epec_registered_at else ""
    return CONTINGENCY_STAMP, f"PROTOCOLO EPEC {epec_protocol}{when}"


def _br_time(wire: str) -> str:
    """dhRegEvento (`AAAA-MM-DDThh:mm:ss-03:00`) as printed: `DD/MM/AAAA hh:mm:ss`; anything
    unreadable is printed as received rather than lost."""
    try:
        return dt.datetime.fromisoformat(wire).strftime("%d/%m/%Y %H:%M:%S")
    except ValueError:
        return wire


def draw_contingency_stamp(pdf: FPDF, lines: tuple[str, ...], font: str) -> None:
    """The stamp across the upper half of the current page, horizontal and in grey, so that it
    never covers the rotated CANCELADA / SEM VALOR FISCAL watermarks at the page's centre."""
    y = pdf.h * 0.32
    for index, line in enumerate(lines):
        size = 30 if index == 0 else 13
        pdf.set_font(font, "B", size)
        pdf.set_text_color(170, 170, 170)
        pdf.text((pdf.w - pdf.get_string_width(line)) / 2, y, line)
        y += size * 0.45
    pdf.set_text_color(0, 0, 0)


class _ContingencyDanfe:
    """The stamp on every page the DANFE starts (mixed into the library's layout classes)."""

    default_font: str

    def __init__(
        self, xml: str, config: DanfeConfig, stamp: tuple[str, ...], epec_valid: bool
    ) -> None:
        self.stamp = stamp  # set first: the library draws everything inside its __init__
        self.epec_valid = epec_valid
        super().__init__(xml, config=config)  # type: ignore[call-arg]

    def _draw_void_watermark(self) -> None:
        if not self.epec_valid:
            super()._draw_void_watermark()  # type: ignore[misc]
        if self.stamp:
            draw_contingency_stamp(self, self.stamp, self.default_font)  # type: ignore[arg-type]


class _DanfeNt(_ContingencyDanfe, DanfeNt2026010):  # type: ignore[misc]
    """The NT 2026.010 layout, stamped."""


class _DanfeMoc(_ContingencyDanfe, DanfeMoc70):  # type: ignore[misc]
    """The MOC 7.0 layout (notes issued before 2026-12-01), stamped."""


def _danfe(xml: str, config: DanfeConfig, stamp: tuple[str, ...], epec_valid: bool) -> Any:
    """What the library's `Danfe` factory does (the layout in force on dhEmi), stamped."""
    layout = resolve_layout(xml, config.layout)
    kind = _DanfeMoc if layout == DanfeLayout.MOC_7_0 else _DanfeNt
    return kind(xml, config, stamp, epec_valid)


def _model_of(root: etree._Element) -> str:
    """The `mod` of an nfeProc or a bare NFe (55 or 65)."""
    if root.tag not in (_Q + "nfeProc", _Q + "NFe"):
        raise PdfRenderError(f"expected nfeProc or NFe, got {etree.QName(root).localname}")
    return str(root.findtext(f".//{_Q}infNFe/{_Q}ide/{_Q}mod") or "")


def _render(factory: Any, xml: str) -> bytes:
    try:
        return bytes(factory(xml).output())
    except Exception as exc:  # the library raises whatever its parsing meets
        raise PdfRenderError(f"{type(exc).__name__}: {exc}") from exc


def _checked_root(xml: bytes, model: str) -> etree._Element:
    root = parse_untrusted(xml)
    found = _model_of(root)
    if found != model:
        raise PdfRenderError(f"document model {found or '?'} is not {model}")
    return root


def _checked(xml: bytes, model: str) -> str:
    return str(etree.tostring(_checked_root(xml, model), encoding="unicode"))


def render_danfe(
    nfe_proc_xml: bytes,
    *,
    cancelled: bool = False,
    epec_protocol: str | None = None,
    epec_registered_at: str | None = None,
) -> bytes:
    """The DANFE PDF of an NF-e (model 55); pass the authorized `nfeProc` (or, for an EPEC
    DANFE printed before the note reaches its UF, the signed `NFe`).

    The library's copy gets the purpose, references, extra volumes and trailers appended to its
    additional information (`documents.nfe.danfe`), since the library does not draw them. A
    contingency note (tpEmis != 1) is stamped "EMITIDA EM CONTINGÊNCIA", with `epec_protocol`
    (the EPEC's nProt) and `epec_registered_at` (its dhRegEvento) under it when given.
    """
    config = DanfeConfig(watermark_cancelled=cancelled)
    root = _checked_root(nfe_proc_xml, "55")
    add_danfe_notes(root)
    ide = f".//{_Q}infNFe/{_Q}ide/{_Q}"
    tp_emis = str(root.findtext(ide + "tpEmis") or "")
    stamp = contingency_lines(tp_emis, epec_protocol, epec_registered_at)
    epec_valid = _epec_stands_for_authorization(root, tp_emis, epec_protocol, cancelled)
    xml = str(etree.tostring(root, encoding="unicode"))
    return _render(lambda text: _danfe(text, config, stamp, epec_valid), xml)


def _epec_stands_for_authorization(
    root: etree._Element, tp_emis: str, epec_protocol: str | None, cancelled: bool
) -> bool:
    """A production EPEC note not yet authorized, whose EPEC the AN registered."""
    production = root.findtext(f".//{_Q}infNFe/{_Q}ide/{_Q}tpAmb") == "1"
    unauthorized = root.find(f"{_Q}protNFe") is None
    return (
        tp_emis == EPEC_TP_EMIS
        and bool(epec_protocol)
        and production
        and unauthorized
        and (not cancelled)
    )


def render_danfce(nfe_proc_xml: bytes, *, cancelled: bool = False) -> bytes:
    """The DANFC-e PDF of an NFC-e (model 65); pass the authorized `nfeProc`."""
    config = DanfceConfig(watermark_cancelled=cancelled)
    return _render(lambda xml: Danfce(xml, config=config), _checked(nfe_proc_xml, "65"))


CCE_EVENT = "110110"


def render_dacce(proc_evento_xml: bytes, issuer: Mapping[str, str | None]) -> bytes:
    """The DACCe PDF of a correction letter; pass the registered `procEventoNFe`.

    The event carries only the issuer's CNPJ, so the issuer box comes from `issuer` (keys
    `nome`, `end`, `bairro`, `cep`, `cidade`, `uf`, `fone`, `ie`, as the library names them).
    """
    root = parse_untrusted(proc_evento_xml)
    if root.tag != _Q + "procEventoNFe":
        raise PdfRenderError(f"expected procEventoNFe, got {etree.QName(root).localname}")
    kind = root.findtext(f"{_Q}evento/{_Q}infEvento/{_Q}tpEvento")
    if kind != CCE_EVENT:
        raise PdfRenderError(f"event {kind or '?'} is not a CC-e ({CCE_EVENT})")
    emitente = {k: v for k, v in issuer.items() if v}
    xml = str(etree.tostring(root, encoding="unicode"))
    return _render(lambda text: DaCCe(text, emitente=emitente), xml)


_CTE = f"{{{CTE_NS}}}"


OFFLINE_TP_EMIS = "2"
"""CT-e / MDF-e offline contingency: the document travels (printed) before it is transmitted."""


def _offline_document(root: etree._Element, tag: str) -> bool:
    """A bare signed CT-e / MDF-e issued offline: its DACTE / DAMDFE is printed before the
    authority sees it (that is what the offline mode is for), so it has no protocol yet; any
    other document is printed from its authorized wrapper."""
    namespace = etree.QName(root).namespace
    tp_emis = root.findtext(f".//{{{namespace}}}ide/{{{namespace}}}tpEmis")
    return bool(root.tag == f"{{{namespace}}}{tag}" and tp_emis == OFFLINE_TP_EMIS)


def _valid_while_offline(root: etree._Element, cancelled: bool) -> bool:
    """An offline production document not yet transmitted is the legal document meanwhile:
    no SEM VALOR FISCAL, which the library draws on anything without a protocol."""
    namespace = etree.QName(root).namespace
    production = root.findtext(f".//{{{namespace}}}ide/{{{namespace}}}tpAmb") == "1"
    return production and not cancelled


def render_dacte(cte_proc_xml: bytes, *, cancelled: bool = False) -> bytes:
    """The DACTE PDF of a CT-e (model 57); pass the authorized `cteProc` (or, for a CT-e issued
    offline, tpEmis 2, the signed `CTe` before it is transmitted).

    brazilfiscalreport 1.3.1 draws the model 57 DACTE only: it has no DACTE OS (its service
    types stop at 4 and it needs `toma3`/`toma4`), so a `cteOSProc` raises `PdfRenderError`
    rather than a DACTE drawn for another model; `documents.cte.dacte_os.render_dacte_os`
    draws it (docs "CT-e and CT-e OS"). A contingency CT-e (tpEmis 2, 7, 8) is stamped
    "EMITIDA EM CONTINGÊNCIA".
    """
    root = parse_untrusted(cte_proc_xml)
    if root.tag == _CTE + "cteOSProc":
        raise PdfRenderError("a CT-e OS (model 67) has a DACTE OS: use render_dacte_os")
    offline = _offline_document(root, "CTe")
    if root.tag != _CTE + "cteProc" and not offline:
        raise PdfRenderError(f"expected cteProc, got {etree.QName(root).localname}")
    config = DacteConfig(watermark_cancelled=cancelled)
    stamp = contingency_lines(str(root.findtext(f".//{_CTE}ide/{_CTE}tpEmis") or ""))
    valid = offline and _valid_while_offline(root, cancelled)
    xml = str(etree.tostring(root, encoding="unicode"))
    return _render(lambda text: _StampedDacte(text, config, stamp, valid), xml)


class _StampedDacte(Dacte):  # type: ignore[misc]
    """brazilfiscalreport's DACTE plus the contingency stamp, drawn with its watermark."""

    def __init__(
        self, xml: str, config: DacteConfig, stamp: tuple[str, ...], valid_offline: bool
    ) -> None:
        self.stamp = stamp  # set first: the library draws everything inside its __init__
        self.valid_offline = valid_offline
        super().__init__(xml, config=config)

    def _draw_void_watermark(self) -> None:
        if not self.valid_offline:
            super()._draw_void_watermark()
        if self.stamp:
            draw_contingency_stamp(self, self.stamp, self.default_font)


_MDFE = f"{{{MDFE_NS}}}"


class _StampedDamdfe(Damdfe):  # type: ignore[misc]
    """brazilfiscalreport's DAMDFE plus a CANCELADO / ENCERRADO stamp.

    Its `DamdfeConfig` has no cancelled watermark (unlike the DANFE and DACTE configs): it only
    draws SEM VALOR FISCAL outside production or without a protocol. The stamp is drawn where
    the library draws that watermark, on every page it starts, in the DACTE's style.
    """

    def __init__(self, xml: str, stamp: str | None, valid_offline: bool = False) -> None:
        self.stamp = stamp  # set first: the library draws everything inside its __init__
        self.valid_offline = valid_offline
        super().__init__(xml, config=DamdfeConfig())

    def _draw_void_watermark(self) -> None:
        if not self.valid_offline:
            super()._draw_void_watermark()
        if not self.stamp:
            return
        self.set_font(self.default_font, "B", 50)
        width = self.get_string_width(self.stamp)
        self.set_text_color(r=220, g=150, b=150)
        x_center, y_center = (self.w - width) / 2, self.h / 2 + 40
        with self.rotation(55, x_center + width / 2, y_center):
            self.text(x_center, y_center, self.stamp)
        self.set_text_color(r=0, g=0, b=0)


def render_damdfe(mdfe_proc_xml: bytes, *, cancelled: bool = False, closed: bool = False) -> bytes:
    """The DAMDFE PDF of an MDF-e; pass the authorized `mdfeProc` (or, for a manifest issued in
    contingency, tpEmis 2, the signed `MDFe` before it is transmitted).

    `cancelled` stamps CANCELADO and `closed` ENCERRADO (cancelled wins: a manifest is never
    both). Outside production the library adds SEM VALOR FISCAL, and on a manifest in
    contingency (tpEmis 2) its own "EMISSÃO EM CONTINGÊNCIA" watermark (so none is added here),
    with, before the authorization, "Obrigatória a autorização em 168 horas" in the protocol box.
    """
    root = parse_untrusted(mdfe_proc_xml)
    offline = _offline_document(root, "MDFe")
    if root.tag != _MDFE + "mdfeProc" and not offline:
        raise PdfRenderError(f"expected mdfeProc, got {etree.QName(root).localname}")
    stamp = "CANCELADO" if cancelled else "ENCERRADO" if closed else None
    valid = offline and _valid_while_offline(root, cancelled)
    xml = str(etree.tostring(root, encoding="unicode"))
    return _render(lambda text: _StampedDamdfe(text, stamp, valid), xml)
