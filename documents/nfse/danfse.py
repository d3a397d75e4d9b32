"""DANFSe: the PDF of a national NFS-e, rendered from the NFSe XML the national system returned.

brazilfiscalreport (fpdf2) ships a DANFSe in the national layout (NT 008/2026): provider,
taker, service, values, ISSQN and withholdings, IBS/CBS, the 50-digit key and the QR code to the
national public consultation (`https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=<key>`).
As with the DANFE, the XML first goes through our hardened parser and the library receives our
re-serialization of a document we already accepted.
"""

from __future__ import annotations

from brazilfiscalreport.danfse import Danfse, DanfseConfig
from lxml import etree

from documents.errors import PdfRenderError
from documents.nfse.builder import NFSE_NS
from documents.xml import parse_untrusted


def render_danfse(nfse_xml: bytes, *, cancelled: bool = False) -> bytes:
    """The DANFSe PDF of an NFS-e (`NFSe` root, signed by Sefin); a cancelled one carries the
    library's CANCELADA watermark. Raises `PdfRenderError`."""
    root = parse_untrusted(nfse_xml)
    if root.tag != f"{{{NFSE_NS}}}NFSe":
        raise PdfRenderError(f"expected NFSe, got {etree.QName(root).localname}")
    xml = etree.tostring(root, encoding="unicode")
    try:
        return bytes(Danfse(xml, config=DanfseConfig(watermark_cancelled=cancelled)).output())
    except Exception as exc:  # the library raises whatever its parsing meets
        raise PdfRenderError(f"{type(exc).__name__}: {exc}") from exc
