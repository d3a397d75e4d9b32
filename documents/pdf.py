"""DANFE (NF-e), DANFC-e (NFC-e), DACCe (CC-e), DACTE (CT-e) and DAMDFE (MDF-e) PDFs, rendered
from the stored authorized XML.

Rendering is delegated to `brazilfiscalreport` (fpdf2). The XML first goes through our hardened
parser, because the library parses with the standard library; what it receives is our own
re-serialization of a document we already accepted. A cancelled document's DANFE/DANFC-e
carries the library's CANCELADA watermark (`watermark_cancelled`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from brazilfiscalreport.dacce import DaCCe
from brazilfiscalreport.dacte import Dacte, DacteConfig
from brazilfiscalreport.damdfe import Damdfe, DamdfeConfig
from brazilfiscalreport.danfce import Danfce, DanfceConfig
from brazilfiscalreport.danfe import Danfe, DanfeConfig
from lxml import etree

from documents.cte.builder import CTE_NS
from documents.errors import PdfRenderError
from documents.mdfe.builder import MDFE_NS
from documents.nfe.builder import NFE_NS
from documents.nfe.danfe import add_danfe_notes
from documents.xml import parse_untrusted

_Q = f"{{{NFE_NS}}}"


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


def render_danfe(nfe_proc_xml: bytes, *, cancelled: bool = False) -> bytes:
    """The DANFE PDF of an NF-e (model 55); pass the authorized `nfeProc`.

    The library's copy gets the purpose, references, extra volumes and trailers appended to its
    additional information (`documents.nfe.danfe`), since the library does not draw them.
    """
    config = DanfeConfig(watermark_cancelled=cancelled)
    root = _checked_root(nfe_proc_xml, "55")
    add_danfe_notes(root)
    xml = str(etree.tostring(root, encoding="unicode"))
    return _render(lambda text: Danfe(text, config=config), xml)


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


def render_dacte(cte_proc_xml: bytes, *, cancelled: bool = False) -> bytes:
    """The DACTE PDF of a CT-e (model 57); pass the authorized `cteProc`.

    brazilfiscalreport 1.3.1 draws the model 57 DACTE only: it has no DACTE OS (its service
    types stop at 4 and it needs `toma3`/`toma4`), so a `cteOSProc` raises `PdfRenderError`
    rather than a DACTE drawn for another model; `documents.cte.dacte_os.render_dacte_os`
    draws it (docs "CT-e and CT-e OS").
    """
    root = parse_untrusted(cte_proc_xml)
    if root.tag == _CTE + "cteOSProc":
        raise PdfRenderError("a CT-e OS (model 67) has a DACTE OS: use render_dacte_os")
    if root.tag != _CTE + "cteProc":
        raise PdfRenderError(f"expected cteProc, got {etree.QName(root).localname}")
    config = DacteConfig(watermark_cancelled=cancelled)
    xml = str(etree.tostring(root, encoding="unicode"))
    return _render(lambda text: Dacte(text, config=config), xml)


_MDFE = f"{{{MDFE_NS}}}"


class _StampedDamdfe(Damdfe):  # type: ignore[misc]
    """brazilfiscalreport's DAMDFE plus a CANCELADO / ENCERRADO stamp.

    Its `DamdfeConfig` has no cancelled watermark (unlike the DANFE and DACTE configs): it only
    draws SEM VALOR FISCAL outside production or without a protocol. The stamp is drawn where
    the library draws that watermark, on every page it starts, in the DACTE's style.
    """

    def __init__(self, xml: str, stamp: str | None) -> None:
        self.stamp = stamp  # set first: the library draws everything inside its __init__
        super().__init__(xml, config=DamdfeConfig())

    def _draw_void_watermark(self) -> None:
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
    """The DAMDFE PDF of an MDF-e; pass the authorized `mdfeProc`.

    `cancelled` stamps CANCELADO and `closed` ENCERRADO (cancelled wins: a manifest is never
    both). Outside production the library adds SEM VALOR FISCAL.
    """
    root = parse_untrusted(mdfe_proc_xml)
    if root.tag != _MDFE + "mdfeProc":
        raise PdfRenderError(f"expected mdfeProc, got {etree.QName(root).localname}")
    stamp = "CANCELADO" if cancelled else "ENCERRADO" if closed else None
    xml = str(etree.tostring(root, encoding="unicode"))
    return _render(lambda text: _StampedDamdfe(text, stamp), xml)
