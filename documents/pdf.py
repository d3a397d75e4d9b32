"""DANFE (NF-e) and DANFC-e (NFC-e) PDFs, rendered from the stored authorized XML.

Rendering is delegated to `brazilfiscalreport` (fpdf2). The XML first goes through our hardened
parser, because the library parses with the standard library; what it receives is our own
re-serialization of a document we already accepted.
"""

from __future__ import annotations

from typing import Any

from brazilfiscalreport.danfce import Danfce
from brazilfiscalreport.danfe import Danfe
from lxml import etree

from documents.errors import PdfRenderError
from documents.nfe.builder import NFE_NS
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


def _checked(xml: bytes, model: str) -> str:
    root = parse_untrusted(xml)
    found = _model_of(root)
    if found != model:
        raise PdfRenderError(f"document model {found or '?'} is not {model}")
    return str(etree.tostring(root, encoding="unicode"))


def render_danfe(nfe_proc_xml: bytes) -> bytes:
    """The DANFE PDF of an NF-e (model 55); pass the authorized `nfeProc`."""
    return _render(Danfe, _checked(nfe_proc_xml, "55"))


def render_danfce(nfe_proc_xml: bytes) -> bytes:
    """The DANFC-e PDF of an NFC-e (model 65); pass the authorized `nfeProc`."""
    return _render(Danfce, _checked(nfe_proc_xml, "65"))
