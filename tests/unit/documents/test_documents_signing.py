"""SEFAZ-profile XMLDSig: our signatures pass xmlsec1 and signxml; bad ones are refused."""

from __future__ import annotations

import base64
import copy
import datetime as dt
import hashlib
from collections.abc import Callable

import pytest
import signxml
from cryptography.hazmat.primitives.serialization import Encoding
from lxml import etree
from signxml.exceptions import InvalidInput, InvalidSignature

from documents.certificates import A1Certificate
from documents.errors import SignatureError
from documents.schemas import validate
from documents.signing import DS_NS, XmlSigner, c14n_in_context, verify_signature
from documents.xml import parse_untrusted
from tests.paths import CORPUS

NFE = "{http://www.portalfiscal.inf.br/nfe}"
DS = f"{{{DS_NS}}}"

SAMPLE = (
    CORPUS
    / "nfe"
    / (
        "nfelib__nfelib_nfe_samples_v4_0_leiauteNFe_35180834128745000152550010000474281920007498-nfe.xml"
    )
)
REAL_CCE = (
    CORPUS
    / "events"
    / (
        "sped-da__examples_nfe_fixtures_110110-53181011028793000173550010000066701204276800-1-procEventoNfe.xml"
    )
)
KEY_ID = "NFe35180834128745000152550010000474281920007498"


def unsigned_sample() -> etree._Element:
    """The corpus NF-e, compacted, without its (pretty-printed, hence broken) signature."""
    if not SAMPLE.exists():
        pytest.skip("shared corpus not available")
    parser = etree.XMLParser(remove_blank_text=True)
    nfe = etree.fromstring(SAMPLE.read_bytes(), parser).find(NFE + "NFe")
    assert nfe is not None
    nfe.remove(nfe.find(DS + "Signature"))
    return etree.fromstring(etree.tostring(nfe))


def test_signed_corpus_nfe_passes_xmlsec1_xsd_and_our_verifier(
    signer: XmlSigner, company_a1: A1Certificate, xmlsec_verify: Callable[..., str]
) -> None:
    nfe = signer.sign(unsigned_sample(), KEY_ID)
    data = etree.tostring(nfe, encoding="UTF-8", xml_declaration=True)
    xmlsec_verify(data, "infNFe")
    assert validate(data, "nfe/4.00/NFe") == []
    verified = verify_signature(parse_untrusted(data), reference_id=KEY_ID)
    assert verified.certificate == company_a1.certificate
    assert verified.reference_uri == "#" + KEY_ID


def test_signature_layout_follows_the_profile(signer: XmlSigner) -> None:
    nfe = signer.sign(unsigned_sample(), KEY_ID)
    signature = nfe[-1]
    assert signature.tag == DS + "Signature" and signature.prefix is None
    assert [etree.QName(c).localname for c in signature] == [
        "SignedInfo",
        "SignatureValue",
        "KeyInfo",
    ]
    algorithms = [e.get("Algorithm") for e in signature.iter() if e.get("Algorithm")]
    assert algorithms == [
        "http://www.w3.org/TR/2001/REC-xml-c14n-20010315",
        "http://www.w3.org/2000/09/xmldsig#rsa-sha1",
        "http://www.w3.org/2000/09/xmldsig#enveloped-signature",
        "http://www.w3.org/TR/2001/REC-xml-c14n-20010315",
        "http://www.w3.org/2000/09/xmldsig#sha1",
    ]
    assert [etree.QName(e).localname for e in signature.find(DS + "KeyInfo").iter()] == [
        "KeyInfo", "X509Data", "X509Certificate",
    ]  # fmt: skip
    assert b'xmlns=""' not in etree.tostring(nfe)


def test_digest_is_the_c14n_of_the_document_reparsed(signer: XmlSigner) -> None:
    nfe = signer.sign(unsigned_sample(), KEY_ID)
    reparsed = etree.fromstring(etree.tostring(nfe))
    infnfe = etree.fromstring(etree.tostring(reparsed[0]))  # a root: lxml C14N is right there
    expected = base64.b64encode(hashlib.sha1(etree.tostring(infnfe, method="c14n")).digest())
    assert (
        nfe.findtext(f"{DS}Signature/{DS}SignedInfo/{DS}Reference/{DS}DigestValue")
        == expected.decode()
    )


def test_fast_and_general_c14n_paths_agree() -> None:
    nfe = unsigned_sample()
    fast = c14n_in_context(nfe[0])
    etree.SubElement(nfe, NFE + "infNFeSupl")  # a sibling forces the general path
    assert c14n_in_context(nfe[0]) == fast


def test_signing_inside_a_batch_wrapper(
    signer: XmlSigner, xmlsec_verify: Callable[..., str]
) -> None:
    envi = etree.Element(NFE + "enviNFe", nsmap={None: NFE[1:-1]}, versao="4.00")
    etree.SubElement(envi, NFE + "idLote").text = "1"
    etree.SubElement(envi, NFE + "indSinc").text = "1"
    envi.append(unsigned_sample())
    signer.sign(envi, KEY_ID)
    data = etree.tostring(envi)
    xmlsec_verify(data, "infNFe")
    assert validate(data, "nfe/4.00/enviNFe") == []


def test_signing_twice_is_refused(signer: XmlSigner) -> None:
    nfe = signer.sign(unsigned_sample(), KEY_ID)
    with pytest.raises(SignatureError, match="already signed"):
        signer.sign(nfe, KEY_ID)


def test_unknown_reference_is_refused(signer: XmlSigner) -> None:
    with pytest.raises(SignatureError, match="exactly one element"):
        signer.sign(unsigned_sample(), "NFe0000")


def test_tampered_content_is_refused(signer: XmlSigner) -> None:
    nfe = signer.sign(unsigned_sample(), KEY_ID)
    nfe.find(f"{NFE}infNFe/{NFE}ide/{NFE}natOp").text = "Outra operacao"
    with pytest.raises(SignatureError, match="does not verify"):
        verify_signature(nfe)


def test_foreign_key_is_refused(signer: XmlSigner, test_ca: object, pki: object) -> None:
    nfe = signer.sign(unsigned_sample(), KEY_ID)
    _key, cert = pki.make_leaf(test_ca, name="OUTRA:11444777000161", cnpj="11444777000161")  # type: ignore[attr-defined]
    x509_node = nfe.find(f"{DS}Signature/{DS}KeyInfo/{DS}X509Data/{DS}X509Certificate")
    x509_node.text = base64.b64encode(cert.public_bytes(Encoding.DER)).decode()
    with pytest.raises(SignatureError):
        verify_signature(nfe)


def test_wrong_reference_id_is_refused(signer: XmlSigner) -> None:
    nfe = signer.sign(unsigned_sample(), KEY_ID)
    with pytest.raises(SignatureError):
        verify_signature(nfe, reference_id="NFe35180834128745000152550010000474281920007499")


def test_sha256_signature_is_outside_the_profile(company_a1: A1Certificate) -> None:
    nfe = unsigned_sample()
    signed = signxml.XMLSigner(
        c14n_algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"
    ).sign(
        nfe, key=company_a1.private_key, cert=[company_a1.certificate], reference_uri="#" + KEY_ID
    )
    with pytest.raises(SignatureError, match="SignatureMethod"):
        verify_signature(signed)


def test_signxml_default_refuses_sha1(signer: XmlSigner, company_a1: A1Certificate) -> None:
    """Why the SHA-1 policy needs its own subclass: signxml's defaults refuse the SEFAZ profile."""
    with pytest.raises(InvalidInput, match="SHA1"):
        signxml.XMLSigner(signature_algorithm="rsa-sha1", digest_algorithm="sha1").sign(
            unsigned_sample(), key=company_a1.private_key, cert=[company_a1.certificate]
        )
    data = etree.tostring(signer.sign(unsigned_sample(), KEY_ID))
    with pytest.raises((InvalidInput, InvalidSignature)):
        signxml.XMLVerifier().verify(data, x509_cert=company_a1.certificate)


def test_a_real_authority_signature_verifies() -> None:
    """A CC-e signed by a real issuer in 2018 (sped-da fixture): xmlsec1 accepts it too."""
    if not REAL_CCE.exists():
        pytest.skip("shared corpus not available")
    root = parse_untrusted(REAL_CCE.read_bytes())
    at = dt.datetime(2018, 10, 15, tzinfo=dt.UTC)
    verified = verify_signature(root, at=at)
    assert verified.reference_uri.startswith("#ID110110")
    assert "CN=" in verified.certificate.subject.rfc4514_string()


def test_expired_certificate_is_refused_now() -> None:
    if not REAL_CCE.exists():
        pytest.skip("shared corpus not available")
    with pytest.raises(SignatureError):
        verify_signature(parse_untrusted(REAL_CCE.read_bytes()))


def test_signer_keeps_the_tree_independent(signer: XmlSigner) -> None:
    original = unsigned_sample()
    before = etree.tostring(original[0])
    signer.sign(copy.deepcopy(original), KEY_ID)
    assert etree.tostring(original[0]) == before
