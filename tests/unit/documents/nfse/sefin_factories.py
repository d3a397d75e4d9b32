"""Sefin-signed documents for the tests: a test CA, the simulator's authority signer, re-signing.

Re-signing goes through the simulator's own `nfse_build.sign` (RSA-SHA256, inclusive C14N, no
prefix), so what these tests verify is what the simulated Sefin writes.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.x509.oid import NameOID
from lxml import etree
from signxml.algorithms import CanonicalizationMethod, DigestAlgorithm, SignatureMethod
from signxml.signer import XMLSigner

from simulator.nfse_build import sign
from simulator.pki import (
    CertificateAuthority,
    SigningIdentity,
    create_ca,
    load_or_issue_authority_signer,
)

DS = "http://www.w3.org/2000/09/xmldsig#"


def authority(directory: Path) -> tuple[CertificateAuthority, SigningIdentity]:
    """A fresh test CA and the certificate the simulated Sefin signs with, issued by it."""
    directory.mkdir(parents=True, exist_ok=True)
    ca = create_ca("Sefin Test CA")
    return ca, load_or_issue_authority_signer(ca, directory)


def unsigned(xml: bytes) -> etree._Element:
    """The document without its root Signature (embedded signatures stay)."""
    root = etree.fromstring(xml)
    for signature in root.findall(f"{{{DS}}}Signature"):
        root.remove(signature)
    return root


def info_id(root: etree._Element) -> str:
    return next(str(child.get("Id")) for child in root if child.get("Id"))


def resign(xml: bytes, identity: SigningIdentity) -> bytes:
    """Replace the root Signature by the simulator's signature with `identity`."""
    root = unsigned(xml)
    return bytes(etree.tostring(sign(root, info_id(root), identity)))


def intermediate_ca(ca: CertificateAuthority, *, is_ca: bool = True) -> CertificateAuthority:
    """A certificate issued by `ca` that may (or, `is_ca=False`, may not) issue others."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    now = dt.datetime.now(dt.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "AC Intermediaria")]))
        .issuer_name(ca.certificate.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=30))
        .add_extension(x509.BasicConstraints(ca=is_ca, path_length=None), critical=True)
        .sign(ca.private_key, hashes.SHA256())
    )
    return CertificateAuthority(certificate, key)


def sign_with_chain(
    xml: bytes,
    key: rsa.RSAPrivateKey,
    chain: list[x509.Certificate],
    *,
    method: SignatureMethod = SignatureMethod.RSA_SHA256,
    digest: DigestAlgorithm = DigestAlgorithm.SHA256,
    c14n: CanonicalizationMethod = CanonicalizationMethod.CANONICAL_XML_1_0,
) -> bytes:
    """Sign like the simulator, but with every certificate of `chain` in KeyInfo (signer first)
    and, when asked, other algorithms."""
    root = unsigned(xml)
    signer = XMLSigner(signature_algorithm=method, digest_algorithm=digest, c14n_algorithm=c14n)
    signer.namespaces = {None: DS}  # type: ignore[dict-item]  # no ds: prefix, as Sefin
    signed = signer.sign(
        root, key=key, cert=chain, reference_uri=f"#{info_id(root)}", id_attribute="Id"
    )
    return bytes(etree.tostring(signed))
