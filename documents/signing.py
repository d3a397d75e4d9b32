"""XMLDSig in the SEFAZ profile: the one place where documents are signed and signatures checked.

Profile (protocol_facts.md §2.1; the NF-e, CT-e and MDF-e xmldsig XSDs fix it): enveloped
signature, inclusive C14N 1.0, RSA-SHA1, SHA-1 digest, exactly the transforms enveloped-signature
then C14N, one Reference to `#<Id>` of the signed element, KeyInfo with only the X509Certificate,
no namespace prefix, and `<Signature>` appended as the last child of the signed element's parent.

Signing is done here directly with lxml C14N and `cryptography` instead of signxml. signxml
re-serializes and re-parses the whole document on every signature (about 38 ms for a 990-item
NF-e against 6 ms here) and, with its defaults, canonicalizes SignedInfo in place where lxml
adds a spurious `xmlns=""` (bench/peers finding 1). Every signature made here is checked in the
tests by xmlsec1, an independent implementation, and by signxml.

Verification uses signxml through `SefazSignatureVerifier`, the single place where SHA-1 is
allowed for SEFAZ documents: signxml refuses SHA-1 by default, and the SEFAZ schemas still
require it. What the national NFS-e system signs has its own verifier with the same confinement
(`documents.nfse.authenticity.SefinSignatureVerifier`).
"""

from __future__ import annotations

import base64
import copy
import dataclasses
import datetime as dt
import hashlib
from dataclasses import dataclass
from typing import Any

from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric.padding import PKCS1v15
from cryptography.hazmat.primitives.serialization import Encoding
from lxml import etree
from signxml.algorithms import DigestAlgorithm, SignatureMethod
from signxml.exceptions import InvalidCertificate, InvalidDigest, InvalidInput, InvalidSignature
from signxml.verifier import SignatureConfiguration, XMLVerifier

from documents.certificates import A1Certificate
from documents.errors import SignatureError

DS_NS = "http://www.w3.org/2000/09/xmldsig#"
C14N_10 = "http://www.w3.org/TR/2001/REC-xml-c14n-20010315"
RSA_SHA1 = DS_NS + "rsa-sha1"
SHA1 = DS_NS + "sha1"
ENVELOPED = DS_NS + "enveloped-signature"
_DS = f"{{{DS_NS}}}"


def _ds(parent: etree._Element, tag: str, **attrib: str) -> etree._Element:
    return etree.SubElement(parent, _DS + tag, attrib)


class XmlSigner:
    """Signs documents with one company's A1 certificate; create it once per company.

    Holding the loaded key object matters: loading (and checking) an RSA key costs about 30 ms,
    more than everything else in signing a small document.
    """

    def __init__(self, cert: A1Certificate) -> None:
        self._key = cert.private_key
        self._certificate_b64 = base64.b64encode(cert.certificate.public_bytes(Encoding.DER))
        self.certificate = cert.certificate

    def sign(self, root: etree._Element, reference_id: str) -> etree._Element:
        """Sign the element whose `Id` is `reference_id` and append `<Signature>` to its parent.

        Returns `root`, modified in place. The signed element must not be signed already.
        """
        target = _find_by_id(root, reference_id)
        parent = target.getparent()
        if parent is None:
            raise SignatureError(
                "the signed element needs a parent to hold the enveloped Signature"
            )
        if parent.find(_DS + "Signature") is not None:
            raise SignatureError(f"{reference_id} is already signed")
        digest = base64.b64encode(hashlib.sha1(c14n_in_context(target)).digest())
        signed_info = _signed_info(reference_id, digest.decode("ascii"))
        value = self._key.sign(
            etree.tostring(signed_info, method="c14n"), PKCS1v15(), hashes.SHA1()
        )
        parent.append(self._signature(signed_info, value))
        return root

    def sign_bytes(self, data: bytes) -> str:
        """Base64 RSA-SHA1 signature of raw bytes (NFC-e QR code v3 offline, CT-e `&sign=`)."""
        return base64.b64encode(self._key.sign(data, PKCS1v15(), hashes.SHA1())).decode("ascii")

    def _signature(self, signed_info: etree._Element, value: bytes) -> etree._Element:
        signature = etree.Element(_DS + "Signature", nsmap={None: DS_NS})
        signature.append(signed_info)
        _ds(signature, "SignatureValue").text = base64.b64encode(value).decode("ascii")
        x509_data = _ds(_ds(signature, "KeyInfo"), "X509Data")
        _ds(x509_data, "X509Certificate").text = self._certificate_b64.decode("ascii")
        return signature


def _signed_info(reference_id: str, digest: str) -> etree._Element:
    """SignedInfo built as its own root, so its C14N needs no context (and has no xmlns="")."""
    signed_info = etree.Element(_DS + "SignedInfo", nsmap={None: DS_NS})
    _ds(signed_info, "CanonicalizationMethod", Algorithm=C14N_10)
    _ds(signed_info, "SignatureMethod", Algorithm=RSA_SHA1)
    reference = _ds(signed_info, "Reference", URI="#" + reference_id)
    transforms = _ds(reference, "Transforms")
    _ds(transforms, "Transform", Algorithm=ENVELOPED)
    _ds(transforms, "Transform", Algorithm=C14N_10)
    _ds(reference, "DigestMethod", Algorithm=SHA1)
    _ds(reference, "DigestValue").text = digest
    return signed_info


def _find_by_id(root: etree._Element, reference_id: str) -> etree._Element:
    if root.get("Id") == reference_id:
        return root
    for child in root:  # the usual case: infNFe, infEvento, infInut right under the root
        if child.get("Id") == reference_id:
            return child
    found = root.xpath("//*[@Id=$ref]", ref=reference_id)
    if not isinstance(found, list) or len(found) != 1:
        raise SignatureError(f"expected exactly one element with Id {reference_id!r}")
    element = found[0]
    assert isinstance(element, etree._Element)
    return element


def c14n_in_context(element: etree._Element) -> bytes:
    """Inclusive C14N 1.0 of an element as XMLDSig sees it inside its document.

    lxml's C14N of a sub-element in place emits a spurious `xmlns=""` on grandchildren, so never
    call it directly. The fast path canonicalizes the parent (a root with one child and only a
    default namespace, the shape of every unsigned document here) and re-attaches the namespace
    declaration to the child; anything else goes through a detached copy.
    """
    parent = element.getparent()
    if parent is None:
        return bytes(etree.tostring(element, method="c14n"))
    if _simple_shape(parent, element):
        return _c14n_only_child(parent, element)
    return bytes(etree.tostring(copy.deepcopy(element), method="c14n"))


def _simple_shape(parent: etree._Element, element: etree._Element) -> bool:
    namespace = etree.QName(element).namespace
    return (
        parent.getparent() is None
        and len(parent) == 1
        and not parent.text
        and not element.tail
        and parent.nsmap == {None: namespace}
        and element.nsmap == {None: namespace}
        and not any(
            name.startswith("{http://www.w3.org/XML/1998/namespace}") for name in parent.attrib
        )
    )


def _c14n_only_child(parent: etree._Element, element: etree._Element) -> bytes:
    whole = bytes(etree.tostring(parent, method="c14n"))
    start = whole.index(b"<", 1)  # "<" never appears raw in a canonical attribute value
    end = len(whole) - len(b"</%s>" % etree.QName(parent).localname.encode())
    name = b"<" + etree.QName(element).localname.encode()
    namespace = (etree.QName(element).namespace or "").encode()
    inner = whole[start:end]
    return b'%s xmlns="%s"%s' % (name, namespace, inner[len(name) :])


# ---------------------------------------------------------------- verification


@dataclass(frozen=True)
class VerifiedSignature:
    """What a valid signature proves: who signed, which element, and its digest (for digVal)."""

    certificate: x509.Certificate
    reference_uri: str
    digest_value: str


SEFAZ_PROFILE = SignatureConfiguration(
    require_x509=True,
    location="./",
    expect_references=1,
    signature_methods=frozenset({SignatureMethod.RSA_SHA1}),
    digest_algorithms=frozenset({DigestAlgorithm.SHA1}),
)


class SefazSignatureVerifier(XMLVerifier):
    """signxml's verifier with the SEFAZ policy: RSA-SHA1 and SHA-1 are required, not refused.

    This subclass is the only place that accepts SHA-1. It also excises the `xmlns=""` that
    lxml's in-place C14N would otherwise add to SignedInfo (bench/peers finding 1).
    """

    excise_empty_xmlns_declarations = True

    def verify_sefaz(self, data: bytes, at: dt.datetime | None) -> Any:
        config = SEFAZ_PROFILE
        if at is not None:
            config = dataclasses.replace(SEFAZ_PROFILE, verification_time=at)
        certificate = _embedded_certificate(data)
        return self.verify(data, x509_cert=certificate, expect_config=config, id_attribute="Id")


def _embedded_certificate(data: bytes) -> x509.Certificate:
    root = etree.fromstring(data)
    node = root.find(f"{_DS}Signature/{_DS}KeyInfo/{_DS}X509Data/{_DS}X509Certificate")
    if node is None or not node.text:
        raise SignatureError("the signature carries no X509Certificate")
    try:
        return x509.load_der_x509_certificate(base64.b64decode("".join(node.text.split())))
    except ValueError as exc:
        raise SignatureError(f"the X509Certificate cannot be read: {exc}") from None


def verify_signature(
    root: etree._Element, *, reference_id: str | None = None, at: dt.datetime | None = None
) -> VerifiedSignature:
    """Verify the enveloped SEFAZ-profile signature of `root` (or of the element `reference_id`).

    Checks the profile (algorithms, transforms, URI), the digest and the RSA value against the
    embedded certificate, and the certificate's validity at `at` (default: now). Trust in the
    certificate (ICP-Brasil chain, CNPJ) is the caller's decision: the certificate is returned.
    Raises `SignatureError`.
    """
    holder = _signature_holder(root, reference_id)
    signature = holder.find(_DS + "Signature")
    assert signature is not None
    reference = _check_profile(signature)
    uri = reference.get("URI", "")
    _check_reference(holder, uri, reference_id)
    data = etree.tostring(holder)  # a standalone copy with the in-scope namespaces
    try:
        SefazSignatureVerifier().verify_sefaz(data, at)
    except (InvalidSignature, InvalidDigest, InvalidInput, InvalidCertificate) as exc:
        raise SignatureError(f"signature does not verify: {exc}") from None
    digest = reference.findtext(_DS + "DigestValue") or ""
    return VerifiedSignature(_embedded_certificate(data), uri, digest.strip())


def _signature_holder(root: etree._Element, reference_id: str | None) -> etree._Element:
    """The element whose last child is the Signature to check."""
    if reference_id is not None:
        holder = _find_by_id(root, reference_id).getparent()
        if holder is None:
            raise SignatureError(f"{reference_id} has no parent holding a Signature")
        return holder
    if root.find(_DS + "Signature") is not None:
        return root
    first = next(root.iter(_DS + "Signature"), None)
    if first is None or first.getparent() is None:
        raise SignatureError("no Signature element found")
    parent = first.getparent()
    assert parent is not None
    return parent


def _check_profile(signature: etree._Element) -> etree._Element:
    """Refuse anything outside the SEFAZ profile before any cryptography runs."""
    signed_info = signature.find(_DS + "SignedInfo")
    if signed_info is None:
        raise SignatureError("Signature has no SignedInfo")
    algorithms = {
        "CanonicalizationMethod": C14N_10,
        "SignatureMethod": RSA_SHA1,
    }
    for tag, expected in algorithms.items():
        node = signed_info.find(_DS + tag)
        if node is None or node.get("Algorithm") != expected:
            raise SignatureError(f"{tag} must be {expected}")
    references = signed_info.findall(_DS + "Reference")
    if len(references) != 1:
        raise SignatureError("exactly one Reference is required")
    reference = references[0]
    transforms = [t.get("Algorithm") for t in reference.iter(_DS + "Transform")]
    if transforms != [ENVELOPED, C14N_10]:
        raise SignatureError("transforms must be enveloped-signature then C14N 1.0")
    method = reference.find(_DS + "DigestMethod")
    if method is None or method.get("Algorithm") != SHA1:
        raise SignatureError(f"DigestMethod must be {SHA1}")
    return reference


def _check_reference(holder: etree._Element, uri: str, reference_id: str | None) -> None:
    if reference_id is not None and uri != "#" + reference_id:
        raise SignatureError(f"the signature covers {uri!r}, not #{reference_id}")
    ids = {child.get("Id") for child in holder}
    if not uri.startswith("#") or uri[1:] not in ids:
        raise SignatureError(f"Reference {uri!r} does not point at a sibling of the Signature")
