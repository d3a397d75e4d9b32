"""DANFSe: the PDF of a national NFS-e, rendered from the NFSe XML the national system returned.

brazilfiscalreport (fpdf2) ships a DANFSe in the national layout (NT 008/2026): provider,
taker, service, values, ISSQN and withholdings, IBS/CBS, the 50-digit key and the QR code to the
national public consultation (`https://www.nfse.gov.br/ConsultaPublica/?tpc=1&chave=<key>`).
As with the DANFE, the XML first goes through our hardened parser and the library receives our
re-serialization of a document we already accepted.

Two things people read are not always in the NFS-e. The DPS leaves the provider's address out
(Sefin copies it from its register, the CNC), and a CNC without it answers "NAO INFORMADO" and
CEP 00000000; municipality names come from Sefin's tables, and an authority without them (the
simulator) writes the code where the name goes. The copy we render is completed for print
only: the provider's address the company registered with us, and the IBGE name of each code.
The stored NFS-e is never changed.
"""

from __future__ import annotations

from brazilfiscalreport.danfse import Danfse, DanfseConfig
from lxml import etree

from documents.errors import PdfRenderError
from documents.municipalities import municipality_name, municipality_uf
from documents.nfse.builder import NFSE_NS
from documents.nfse.model import NationalAddress
from documents.xml import parse_untrusted

N = {"n": NFSE_NS}
UNREGISTERED = frozenset({"", "NAO INFORMADO"})
"""What a CNC without the provider's address writes in `xLgr`/`xBairro` (with CEP 00000000)."""
PLACES = (
    ("n:infNFSe/n:xLocEmi", "n:infNFSe/n:DPS/n:infDPS/n:cLocEmi"),
    ("n:infNFSe/n:xLocPrestacao", "n:infNFSe/n:DPS/n:infDPS/n:serv/n:locPrest/n:cLocPrestacao"),
    ("n:infNFSe/n:xLocIncid", "n:infNFSe/n:cLocIncid"),
    ("n:infNFSe/n:IBSCBS/n:xLocalidadeIncid", "n:infNFSe/n:IBSCBS/n:cLocalidadeIncid"),
)
"""Each municipality name of the NFS-e and the element holding its IBGE code."""


def render_danfse(
    nfse_xml: bytes, *, cancelled: bool = False, provider_address: NationalAddress | None = None
) -> bytes:
    """The DANFSe PDF of an NFS-e (`NFSe` root, signed by Sefin); a cancelled one carries the
    library's CANCELADA watermark. `provider_address` is the company's registered address,
    printed when the NFS-e has none. Raises `PdfRenderError`."""
    root = parse_untrusted(nfse_xml)
    if root.tag != f"{{{NFSE_NS}}}NFSe":
        raise PdfRenderError(f"expected NFSe, got {etree.QName(root).localname}")
    if provider_address is not None:
        _complete_provider_address(root, provider_address)
    _name_municipalities(root)
    xml = etree.tostring(root, encoding="unicode")
    try:
        return bytes(Danfse(xml, config=DanfseConfig(watermark_cancelled=cancelled)).output())
    except Exception as exc:  # the library raises whatever its parsing meets
        raise PdfRenderError(f"{type(exc).__name__}: {exc}") from exc


def _complete_provider_address(root: etree._Element, address: NationalAddress) -> None:
    """`emit/enderNac` as the CNC gave it, unless it gave none (placeholders, CEP of zeros):
    then the address the company registered, which is where the provider is."""
    ender = root.find("n:infNFSe/n:emit/n:enderNac", N)
    if ender is None or not _unregistered(ender):
        return
    for tag, value in (
        ("xLgr", address.street),
        ("nro", address.number),
        ("xCpl", address.complement),
        ("xBairro", address.district),
        ("cMun", address.municipality),
        ("UF", municipality_uf(address.municipality)),
        ("CEP", address.cep),
    ):
        _put(ender, tag, value)


def _unregistered(ender: etree._Element) -> bool:
    street = (ender.findtext("n:xLgr", "", N) or "").strip().upper()
    cep = (ender.findtext("n:CEP", "", N) or "").strip()
    return street in UNREGISTERED or not cep.strip("0")


def _put(parent: etree._Element, tag: str, value: str | None) -> None:
    """Set (or add, or with None remove) the child `tag`; order does not matter to the
    renderer, which finds each element by name."""
    found = parent.find(f"n:{tag}", N)
    if value is None:
        if found is not None:
            parent.remove(found)
        return
    if found is None:
        found = etree.SubElement(parent, f"{{{NFSE_NS}}}{tag}")
    found.text = value


def _name_municipalities(root: etree._Element) -> None:
    """Each municipality name that is missing or is a code (a name has no digits) becomes the
    IBGE name of the code beside it; a real name is printed as the authority wrote it."""
    for name_path, code_path in PLACES:
        written = root.find(name_path, N)
        code = (root.findtext(code_path, "", N) or "").strip()
        known = municipality_name(code) if code else None
        if written is None or known is None:
            continue
        text = written.text or ""
        if not text.strip() or any(char.isdigit() for char in text):
            written.text = known
