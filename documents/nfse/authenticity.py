"""Is this NFS-e (or registered event) really Sefin's? Its root signature, checked.

Sefin answers `POST /nfse` with an `NFSe` and a cancellation with an `evento`, each signed by the
national system: an enveloped `Signature`, child of the root, with one Reference to the root's
info element (`#NFS…` on `infNFSe`, `#EVT…` on `infEvento`). The XSD imports the generic
xmldsig schema, so no algorithm is fixed, and real answers differ (protocol_facts.md §2.2): the
homologation NFS-e in the corpus is RSA-SHA256 / SHA-256 / exclusive C14N with comments, another
sample inclusive C14N, and Sefin's event fixture RSA-SHA1 / SHA-1. So the profile accepted here is
RSA-SHA256 or RSA-SHA1, SHA-256 or SHA-1 digests, inclusive or exclusive C14N 1.0 (with or
without comments), transforms enveloped-signature then optionally one of those C14N.

The signer is the first `X509Certificate` of KeyInfo; it must be valid at the given time. When a
trust bundle is given, it must chain to one of its certificates, by issuer name and signature,
possibly through CA certificates embedded in KeyInfo. The signxml verifier with this profile is
`SefinSignatureVerifier`, the only place besides `documents.signing.SefazSignatureVerifier` that
accepts SHA-1 (signxml refuses it by default, and Sefin still uses it).
"""

from __future__ import annotations

import base64
import dataclasses
import datetime as dt
from pathlib import Path

from cryptography import x509
from cryptography.exceptions import InvalidSignature as InvalidCertificateSignature
from lxml import etree
from signxml.algorithms import DigestAlgorithm, SignatureMethod
from signxml.exceptions import InvalidCertificate, InvalidDigest, InvalidInput, InvalidSignature
from signxml.verifier import SignatureConfiguration, XMLVerifier

from documents.errors import DocumentError, SignatureError
from documents.signing import C14N_10, DS_NS, ENVELOPED, RSA_SHA1, SHA1, VerifiedSignature
from documents.xml import parse_untrusted

EXC_C14N_10 = "http://www.w3.org/2001/10/xml-exc-c14n#"
EXC_C14N_10_COMMENTS = "http://www.w3.org/2001/10/xml-exc-c14n#WithComments"
C14N_METHODS = frozenset({C14N_10, C14N_10 + "#WithComments", EXC_C14N_10, EXC_C14N_10_COMMENTS})
"""Inclusive and exclusive C14N 1.0, with or without comments (real Sefin answers vary)."""
RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"
SHA256 = "http://www.w3.org/2001/04/xmlenc#sha256"
SIGNATURE_METHODS = frozenset({RSA_SHA256, RSA_SHA1})
DIGEST_METHODS = frozenset({SHA256, SHA1})
MAX_CHAIN = 8
"""Intermediate certificates followed before giving up (ICP-Brasil chains have two or three)."""
_DS = f"{{{DS_NS}}}"

SEFIN_PROFILE = SignatureConfiguration(
    require_x509=True,
    location="./",
    expect_references=1,
    signature_methods=frozenset({SignatureMethod.RSA_SHA256, SignatureMethod.RSA_SHA1}),
    digest_algorithms=frozenset({DigestAlgorithm.SHA256, DigestAlgorithm.SHA1}),
)


class SefinSignatureVerifier(XMLVerifier):
    """signxml's verifier with Sefin's profile: RSA-SHA256 or RSA-SHA1, SHA-256 or SHA-1.

    Kept apart from signxml's defaults so SHA-1 is accepted only for what Sefin signs. Like
    `SefazSignatureVerifier`, it excises the `xmlns=""` lxml's in-place C14N may add.
    """

    excise_empty_xmlns_declarations = True

    def verify_sefin(self, data: bytes, certificate: x509.Certificate, at: dt.datetime) -> None:
        config = dataclasses.replace(SEFIN_PROFILE, verification_time=at)
        self.verify(data, x509_cert=certificate, expect_config=config, id_attribute="Id")


def load_trusted(pem_path: str | None) -> tuple[x509.Certificate, ...] | None:
    """The CA certificates of a PEM bundle that Sefin's signer must chain to (None: no bundle).

    An unreadable file raises `OSError`; a file without certificates raises `SignatureError`,
    so a misconfigured bundle is never taken for "trust nothing" or "trust anything".
    """
    if pem_path is None:
        return None
    data = Path(pem_path).read_bytes()
    try:
        certificates = tuple(x509.load_pem_x509_certificates(data))
    except ValueError as exc:
        raise SignatureError(f"{pem_path} is not a PEM certificate bundle: {exc}") from None
    return certificates


def verify_authority_signature(
    xml: bytes,
    *,
    trusted: tuple[x509.Certificate, ...] | None = None,
    at: dt.datetime | None = None,
) -> VerifiedSignature:
    """Verify the root signature of an NFS-e or event as Sefin signs it; raise `SignatureError`.

    `at` (default: now; naive means UTC) is when the signer certificate must be valid. With
    `trusted` None the signature is only checked against its embedded certificate; with a
    bundle, that certificate must also chain to one of the bundle's certificates.
    """
    when = _utc(at)
    root = _parse(xml)
    signature = _root_signature(root)
    info_id = _info_id(root)
    reference = _check_profile(signature, info_id)
    signer, *others = _embedded_certificates(signature)
    _check_validity(signer, when, "signer certificate")
    try:
        SefinSignatureVerifier().verify_sefin(etree.tostring(root), signer, when)
    except (InvalidSignature, InvalidDigest, InvalidInput, InvalidCertificate) as exc:
        raise SignatureError(f"the authority signature does not verify: {exc}") from None
    if trusted is not None:
        _check_chain(signer, others, trusted, when)
    digest = reference.findtext(_DS + "DigestValue") or ""
    return VerifiedSignature(signer, "#" + info_id, digest.strip())


def _utc(at: dt.datetime | None) -> dt.datetime:
    """The instant the signer's certificate must be valid at, in UTC as X.509 validity is
    written; nothing here is written into a document (those times are the issuer's local)."""
    if at is None:
        return dt.datetime.now(dt.UTC)
    return at.replace(tzinfo=dt.UTC) if at.tzinfo is None else at.astimezone(dt.UTC)


def _parse(xml: bytes) -> etree._Element:
    try:
        return parse_untrusted(xml)
    except DocumentError as exc:
        raise SignatureError(f"the signed document cannot be read: {exc}") from None


def _root_signature(root: etree._Element) -> etree._Element:
    signatures = root.findall(_DS + "Signature")
    if len(signatures) != 1:
        raise SignatureError(
            f"expected one Signature as a child of the root, found {len(signatures)}"
        )
    return signatures[0]


def _info_id(root: etree._Element) -> str:
    """The Id of the root's info element: besides the Signature, the root holds only that
    element (nothing unsigned beside it), and no other element carries its Id."""
    others = [c for c in root if isinstance(c.tag, str) and c.tag != _DS + "Signature"]
    if len(others) != 1 or not others[0].get("Id"):
        raise SignatureError("the root must hold one element with an Id, and its Signature")
    info_id = str(others[0].get("Id"))
    same = root.xpath("//*[@Id=$ref]", ref=info_id)
    if not isinstance(same, list) or len(same) != 1:
        raise SignatureError(f"the Id {info_id!r} appears more than once in the document")
    return info_id


def _check_profile(signature: etree._Element, info_id: str) -> etree._Element:
    """Refuse anything outside Sefin's profile before any cryptography runs."""
    signed_info = signature.find(_DS + "SignedInfo")
    if signed_info is None:
        raise SignatureError("the Signature has no SignedInfo")
    _expect_algorithm(signed_info.find(_DS + "CanonicalizationMethod"), C14N_METHODS, "C14N")
    _expect_algorithm(signed_info.find(_DS + "SignatureMethod"), SIGNATURE_METHODS, "signature")
    references = signed_info.findall(_DS + "Reference")
    if len(references) != 1:
        raise SignatureError(f"expected exactly one Reference, found {len(references)}")
    reference = references[0]
    if reference.get("URI") != "#" + info_id:
        raise SignatureError(
            f"the Reference must point at #{info_id}, not {reference.get('URI')!r}"
        )
    transforms = [t.get("Algorithm") for t in reference.iter(_DS + "Transform")]
    if transforms not in ([ENVELOPED], *([ENVELOPED, c14n] for c14n in C14N_METHODS)):
        raise SignatureError("transforms must be enveloped-signature, then at most one C14N 1.0")
    _expect_algorithm(reference.find(_DS + "DigestMethod"), DIGEST_METHODS, "digest")
    return reference


def _expect_algorithm(node: etree._Element | None, allowed: frozenset[str], what: str) -> None:
    algorithm = None if node is None else node.get("Algorithm")
    if algorithm not in allowed:
        raise SignatureError(f"{what} algorithm {algorithm!r} is not accepted for Sefin")


def _embedded_certificates(signature: etree._Element) -> list[x509.Certificate]:
    """The KeyInfo certificates, signer first (the order signxml and xmlsec1 also assume)."""
    path = f"{_DS}KeyInfo/{_DS}X509Data/{_DS}X509Certificate"
    texts = ["".join((node.text or "").split()) for node in signature.findall(path)]
    if not texts or not all(texts):
        raise SignatureError("the Signature carries no X509Certificate")
    try:
        return [x509.load_der_x509_certificate(base64.b64decode(text)) for text in texts]
    except ValueError as exc:
        raise SignatureError(f"an X509Certificate cannot be read: {exc}") from None


def _check_validity(certificate: x509.Certificate, at: dt.datetime, what: str) -> None:
    start, end = certificate.not_valid_before_utc, certificate.not_valid_after_utc
    if not start <= at <= end:
        raise SignatureError(
            f"the {what} ({certificate.subject.rfc4514_string()}) is not valid at "
            f"{at.isoformat()}: valid from {start.isoformat()} to {end.isoformat()}"
        )


def _check_chain(
    signer: x509.Certificate,
    embedded: list[x509.Certificate],
    trusted: tuple[x509.Certificate, ...],
    at: dt.datetime,
) -> None:
    """Walk from the signer up through embedded CA certificates until a trusted one issues it."""
    current, pool = signer, list(embedded)
    for _ in range(MAX_CHAIN):
        if any(current == anchor or _issued_by(current, anchor) for anchor in trusted):
            return
        issuer = next((c for c in pool if _is_ca(c) and _issued_by(current, c)), None)
        if issuer is None:
            raise SignatureError(
                f"the signer certificate ({signer.subject.rfc4514_string()}, issued by "
                f"{signer.issuer.rfc4514_string()}) does not chain to a trusted CA"
            )
        _check_validity(issuer, at, "intermediate certificate")
        pool.remove(issuer)
        current = issuer
    raise SignatureError(f"the certificate chain is longer than {MAX_CHAIN}")


def _issued_by(certificate: x509.Certificate, issuer: x509.Certificate) -> bool:
    """Issuer name matches and the issuer's key verifies the certificate's signature."""
    try:
        certificate.verify_directly_issued_by(issuer)
    except (ValueError, TypeError, InvalidCertificateSignature):
        return False
    return True


def _is_ca(certificate: x509.Certificate) -> bool:
    """Only a CA certificate may sit between the signer and a trusted one (no leaf-made leaves)."""
    try:
        constraints = certificate.extensions.get_extension_for_class(x509.BasicConstraints)
    except x509.ExtensionNotFound:
        return False
    return constraints.value.ca
