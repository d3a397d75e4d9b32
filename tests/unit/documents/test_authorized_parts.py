"""An authorized XML as the signed XML plus its parts: joined again, byte for byte the XML the
wrapper built (our `nfeProc`, the corpus's authorized documents of other producers, and one
that does not hold the signed XML at all)."""

from __future__ import annotations

from types import ModuleType

import pytest
from lxml import etree

from documents import authorized_parts
from documents.nfe.pipeline import SignedNFe, prepare_nfe
from documents.signing import XmlSigner
from documents.wrappers import nfe_proc
from tests.paths import CORPUS
from tests.unit.documents.test_documents_events import prot_nfe

PROCS = sorted((CORPUS / "nfe").glob("*-procNFe.xml"))


@pytest.fixture(scope="module")
def signed_nfe(nfe_factory: ModuleType, signer: XmlSigner) -> SignedNFe:
    return prepare_nfe(nfe_factory.nfe_data(3), signer)


def _round_trip(signed: bytes, authorized: bytes) -> authorized_parts.Parts:
    parts = authorized_parts.split(signed, authorized)
    again = authorized_parts.decode(authorized_parts.encode(parts))
    assert authorized_parts.join(signed, again) == authorized
    return parts


def test_our_nfe_proc_is_the_signed_nfe_between_a_head_and_the_protocol(
    signed_nfe: SignedNFe,
) -> None:
    proc = nfe_proc(signed_nfe.xml, prot_nfe(signed_nfe))
    parts = _round_trip(signed_nfe.xml, proc)
    assert not parts.whole and parts.end == len(signed_nfe.xml)
    assert parts.head.endswith(b"<NFe") and parts.tail.startswith(b"<protNFe")
    assert len(parts.head) + len(parts.tail) < 600


@pytest.mark.parametrize("path", PROCS, ids=lambda p: p.name[:60])
def test_authorized_documents_of_other_producers_split_too(path) -> None:
    proc = path.read_bytes()
    nfe = etree.fromstring(proc).find("{http://www.portalfiscal.inf.br/nfe}NFe")
    assert nfe is not None
    signed = etree.tostring(nfe, encoding="unicode").encode()
    parts = _round_trip(signed, proc)
    assert not parts.whole and len(parts.head) + len(parts.tail) < len(proc) / 2


def test_an_authorized_xml_without_the_signed_one_is_kept_whole() -> None:
    parts = _round_trip(b"<NFe><infNFe>a</infNFe></NFe>", b"<outro>b</outro>")
    assert parts.whole
    assert _round_trip(b"", b"<outro/>").whole


def test_parts_that_do_not_fit_their_signed_xml_are_refused() -> None:
    parts = authorized_parts.Parts(b"<a>", 0, 100, b"</a>")
    with pytest.raises(authorized_parts.PartsError):
        authorized_parts.join(b"<short/>", parts)
    with pytest.raises(authorized_parts.PartsError):
        authorized_parts.decode(b"\x09rest")
