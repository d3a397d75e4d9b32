"""Sefin's signature on the NFS-e and the registered event: verified, chained, refused when not."""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from cryptography import x509
from lxml import etree
from signxml.algorithms import CanonicalizationMethod, DigestAlgorithm, SignatureMethod
from signxml.exceptions import InvalidInput
from signxml.verifier import XMLVerifier

from documents.certificates import A1Certificate
from documents.errors import ProtocolMismatchError, SignatureError
from documents.nfse.authenticity import load_trusted, verify_authority_signature
from documents.nfse.received import accept_event, accept_nfse
from documents.signing import XmlSigner, verify_signature
from simulator.pki import (
    AUTHORITY_SIGNER_CNPJ,
    CertificateAuthority,
    SigningIdentity,
    create_ca,
    issue_holder_certificate,
)
from simulator.testing import running_simulator
from tests.paths import CORPUS
from tests.unit.documents.nfse.sefin_factories import (
    authority,
    info_id,
    intermediate_ca,
    sign_with_chain,
    unsigned,
)
from tests.unit.simulator.factories import make_company
from tests.unit.simulator.nfse_factories import SefinClient, build_dps, cancel_request, unpack

REAL = CORPUS / "nfse" / "nfse-php__tests_fixtures_nfse.xml"  # Sefin homologation, 2025
REAL_PROCESSED = dt.datetime(2025, 12, 3, 12, 51, 59, tzinfo=dt.UTC)
MUNICIPAL = CORPUS / "nfse" / "nfse-php__tests_fixtures_xml_ExemploPrestadorPessoaFisica.xml"
FIXTURE_EVENT = (
    CORPUS / "events" / "nfsen-php-sdk__tests_fixtures_responses_cancelar_sucesso.json_"
    "eventoXmlGZipB64.xml"
)
CNPJ = "11222333000181"
NS = "http://www.sped.fazenda.gov.br/nfse"


@dataclass(frozen=True)
class Answers:
    """What the simulated Sefin answered: an NFS-e, a registered event, and its CA bundle."""

    dps: bytes
    nfse: bytes
    request: bytes
    event: bytes
    ca_bundle: Path
    trusted: tuple[x509.Certificate, ...]


@pytest.fixture(scope="module")
def sefin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answers]:
    base = tmp_path_factory.mktemp("sefin")
    with running_simulator(base / "sim") as sim:
        client = SefinClient(sim, make_company(sim, base / "company", CNPJ))
        dps = build_dps(client.company, number=1)
        issued = client.issue(dps.xml)
        assert issued.status_code == 201, issued.text
        key = issued.json()["chaveAcesso"]
        request = cancel_request(client.company, key)
        cancelled = client.cancel(key, request)
        assert cancelled.status_code == 201, cancelled.text
        bundle = base / "ca.pem"
        bundle.write_bytes(sim.ca_bundle.read_bytes())
        trusted = load_trusted(str(bundle))
        assert trusted
        yield Answers(
            dps.xml, unpack(issued.json()["nfseXmlGZipB64"]),
            request, unpack(cancelled.json()["eventoXmlGZipB64"]), bundle, trusted,
        )  # fmt: skip


@pytest.fixture(scope="module")
def sefin_ca(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[CertificateAuthority, SigningIdentity]:
    return authority(tmp_path_factory.mktemp("authority"))


def changed(xml: bytes, path: str, value: str) -> bytes:
    root = etree.fromstring(xml)
    node = root.find("/".join(f"{{{NS}}}{part}" for part in path.split("/")))
    assert node is not None, path
    node.text = value
    return bytes(etree.tostring(root))


def reason(xml: bytes, **options: object) -> str:
    with pytest.raises(SignatureError) as refused:
        verify_authority_signature(xml, **options)  # type: ignore[arg-type]
    return refused.value.reason


# ---------------------------------------------------------------- what the simulator signs


def test_a_simulator_nfse_verifies_with_and_without_its_ca(sefin: Answers) -> None:
    alone = verify_authority_signature(sefin.nfse)
    chained = verify_authority_signature(sefin.nfse, trusted=sefin.trusted)
    assert alone == chained
    nfse_id = info_id(etree.fromstring(sefin.nfse))
    assert chained.reference_uri == f"#{nfse_id}" and nfse_id.startswith("NFS")
    assert AUTHORITY_SIGNER_CNPJ in chained.certificate.subject.rfc4514_string()
    received = accept_nfse(sefin.dps, sefin.nfse, trusted=sefin.trusted)
    assert received.key == nfse_id[3:]


def test_the_registered_event_verifies_too(sefin: Answers) -> None:
    verified = verify_authority_signature(sefin.event, trusted=sefin.trusted)
    assert verified.reference_uri.startswith("#EVT")
    event = accept_event(sefin.request, sefin.event, trusted=sefin.trusted)
    assert verified.reference_uri == f"#{event.event_id}"


def xmlsec1_accepts(xml: bytes, bundle: Path, id_node: str, tmp: Path) -> bool:
    """xmlsec1 (another implementation) on the root's own Signature, trusting `bundle`."""
    if shutil.which("xmlsec1") is None:
        pytest.skip("xmlsec1 is not installed (apt-get install xmlsec1)")
    document = tmp / f"{id_node}.xml"
    document.write_bytes(xml)
    result = subprocess.run(
        ["xmlsec1", "--verify", "--trusted-pem", str(bundle), "--id-attr:Id", id_node,
         "--node-xpath", "/*/*[local-name()='Signature']", str(document)],
        capture_output=True, check=False, timeout=60,
    )  # fmt: skip
    return result.returncode == 0


def test_xmlsec1_agrees_on_the_nfse_the_event_and_a_tampered_nfse(
    sefin: Answers, tmp_path: Path
) -> None:
    assert xmlsec1_accepts(sefin.nfse, sefin.ca_bundle, "infNFSe", tmp_path)
    assert xmlsec1_accepts(sefin.event, sefin.ca_bundle, "infEvento", tmp_path)
    tampered = changed(sefin.nfse, "infNFSe/DPS/infDPS/valores/vServPrest/vServ", "1.00")
    assert not xmlsec1_accepts(tampered, sefin.ca_bundle, "infNFSe", tmp_path)
    other = tmp_path / "other.pem"
    other.write_bytes(create_ca("Outra AC").pem())
    assert not xmlsec1_accepts(sefin.nfse, other, "infNFSe", tmp_path)


# ---------------------------------------------------------------- refusals


def test_a_tampered_value_fails(sefin: Answers) -> None:
    for path in ("infNFSe/DPS/infDPS/valores/vServPrest/vServ", "infNFSe/nNFSe"):
        tampered = changed(sefin.nfse, path, "1.00")
        assert "Digest mismatch" in reason(tampered)
        with pytest.raises(ProtocolMismatchError) as refused:
            accept_nfse(sefin.dps, tampered)
        assert (refused.value.field, refused.value.expected) == (
            "Signature", "assinatura da autoridade")  # fmt: skip
    with pytest.raises(ProtocolMismatchError) as refused:
        accept_event(sefin.request, changed(sefin.event, "infEvento/nDFSe", "1"))
    assert refused.value.field == "Signature"


def test_a_certificate_of_another_ca_fails_the_chain_check(sefin: Answers) -> None:
    stranger = create_ca("Outra AC").certificate
    assert "does not chain to a trusted CA" in reason(sefin.nfse, trusted=(stranger,))
    assert "does not chain to a trusted CA" in reason(sefin.event, trusted=())
    with pytest.raises(ProtocolMismatchError) as refused:
        accept_nfse(sefin.dps, sefin.nfse, trusted=(stranger,))
    assert "does not chain" in refused.value.actual


def test_a_signer_outside_its_validity_fails(sefin: Answers) -> None:
    signer = verify_authority_signature(sefin.nfse).certificate
    after = signer.not_valid_after_utc + dt.timedelta(days=1)
    before = signer.not_valid_before_utc - dt.timedelta(days=1)
    for when in (after, before, before.replace(tzinfo=None)):
        assert "is not valid at" in reason(sefin.nfse, at=when)
    with pytest.raises(ProtocolMismatchError) as refused:
        accept_event(sefin.request, sefin.event, at=after)
    assert "is not valid at" in refused.value.actual


def test_an_unsigned_nfse_fails(sefin: Answers) -> None:
    bare = etree.tostring(unsigned(sefin.nfse))
    assert reason(bare) == "expected one Signature as a child of the root, found 0"
    with pytest.raises(ProtocolMismatchError) as refused:
        accept_nfse(sefin.dps, bare)
    assert refused.value.field == "Signature"


def test_a_signature_over_something_else_or_a_second_id_fails(sefin: Answers) -> None:
    assert "must point at" in reason(MUNICIPAL.read_bytes())  # municipal NFS-e: URI=""
    root = etree.fromstring(sefin.nfse)
    copy = etree.SubElement(root[0], f"{{{NS}}}xOutro", Id=info_id(root))
    copy.text = "wrapping"
    assert "appears more than once" in reason(etree.tostring(root))
    assert "cannot be read" in reason(b"<NFSe")
    root = etree.fromstring(sefin.nfse)
    etree.SubElement(root, f"{{{NS}}}infExtra").text = "not signed"
    assert "one element with an Id" in reason(etree.tostring(root))
    root = etree.fromstring(sefin.nfse)
    transforms = root.find("{*}Signature/{*}SignedInfo/{*}Reference/{*}Transforms")
    assert transforms is not None
    transforms.remove(transforms[0])  # no enveloped-signature transform
    assert "transforms must be" in reason(etree.tostring(root))


def test_without_dhproc_there_is_no_default_time(sefin: Answers) -> None:
    root = etree.fromstring(sefin.nfse)
    processed = root.find(f"{{{NS}}}infNFSe/{{{NS}}}dhProc")
    assert processed is not None
    processed.text = "2026-11-24T10:00:00"
    with pytest.raises(ProtocolMismatchError) as refused:
        accept_nfse(sefin.dps, etree.tostring(root))
    assert refused.value.field == "dhProc"


# ---------------------------------------------------------------- real Sefin documents


def test_a_real_sefin_nfse_verifies_cryptographically() -> None:
    """rsa-sha256 / sha256 / exclusive C14N with comments, an ICP-Brasil SSL certificate."""
    real = REAL.read_bytes()
    verified = verify_authority_signature(real, at=REAL_PROCESSED)
    assert "33683111000107" in verified.certificate.subject.rfc4514_string()
    assert "ICP-Brasil" in verified.certificate.issuer.rfc4514_string()
    assert "is not valid at" in reason(real, at=dt.datetime(2026, 7, 9, tzinfo=dt.UTC))
    assert "Digest mismatch" in reason(changed(real, "infNFSe/nNFSe", "9"), at=REAL_PROCESSED)
    assert "does not chain" in reason(real, at=REAL_PROCESSED, trusted=(create_ca().certificate,))


def test_corpus_documents_whose_signature_is_not_intact_fail() -> None:
    """nfelib's 2022 Sefin NFS-e (RSA-SHA1, SERPRO certificate) was edited after signing; the
    nfsen-php-sdk event fixture carries placeholders (xmlsec1 refuses both too)."""
    edited = CORPUS / "nfse" / "nfelib__nfelib_nfse_samples_v1_0_ConsultarNFSeEnvio-ped-sitnfse.xml"
    processed = dt.datetime.fromisoformat("2022-09-28T17:07:52-03:00")  # its dhProc
    assert "does not verify" in reason(edited.read_bytes(), at=processed)
    assert "X509Certificate cannot be read" in reason(FIXTURE_EVENT.read_bytes())


# ---------------------------------------------------------------- profile and chain


def sha1_signed(xml: bytes, ca: CertificateAuthority) -> bytes:
    """The SEFAZ profile of our own signer: RSA-SHA1, SHA-1, inclusive C14N."""
    certificate, key = issue_holder_certificate(ca, cnpj=AUTHORITY_SIGNER_CNPJ, name="SEFIN")
    root = unsigned(xml)
    return bytes(
        etree.tostring(XmlSigner(A1Certificate(certificate, key)).sign(root, info_id(root)))
    )


def test_rsa_sha1_is_accepted_here_but_only_through_the_sefin_profile(
    sefin: Answers, sefin_ca: tuple[CertificateAuthority, SigningIdentity]
) -> None:
    ca, _ = sefin_ca
    signed = sha1_signed(sefin.nfse, ca)
    assert b"rsa-sha1" in signed
    verify_authority_signature(signed, trusted=(ca.certificate,))
    with pytest.raises(InvalidInput, match="forbidden"):  # signxml's own default refuses SHA-1
        XMLVerifier().verify(signed, x509_cert=verify_authority_signature(signed).certificate)
    with pytest.raises(SignatureError):  # and the SEFAZ profile stays RSA-SHA1 only
        verify_signature(etree.fromstring(sefin.nfse))


@pytest.mark.parametrize(
    "c14n",
    [
        CanonicalizationMethod.CANONICAL_XML_1_0,
        CanonicalizationMethod.CANONICAL_XML_1_0_WITH_COMMENTS,
        CanonicalizationMethod.EXCLUSIVE_XML_CANONICALIZATION_1_0,
        CanonicalizationMethod.EXCLUSIVE_XML_CANONICALIZATION_1_0_WITH_COMMENTS,
    ],
)
def test_inclusive_and_exclusive_c14n_with_or_without_comments_verify(
    sefin: Answers,
    sefin_ca: tuple[CertificateAuthority, SigningIdentity],
    c14n: CanonicalizationMethod,
) -> None:
    ca, identity = sefin_ca
    signed = sign_with_chain(sefin.nfse, identity.private_key, [identity.certificate], c14n=c14n)
    verify_authority_signature(signed, trusted=(ca.certificate,))


SHA256_RSA, SHA256, C14N = (
    SignatureMethod.RSA_SHA256,
    DigestAlgorithm.SHA256,
    CanonicalizationMethod.CANONICAL_XML_1_0,
)


@pytest.mark.parametrize(
    ("method", "digest", "c14n", "message"),
    [
        (SignatureMethod.RSA_SHA512, SHA256, C14N, "signature algorithm"),
        (SHA256_RSA, DigestAlgorithm.SHA512, C14N, "digest algorithm"),
        (SHA256_RSA, SHA256, CanonicalizationMethod.CANONICAL_XML_1_1, "C14N algorithm"),
    ],
)
def test_other_algorithms_are_refused(
    sefin: Answers,
    sefin_ca: tuple[CertificateAuthority, SigningIdentity],
    method: SignatureMethod,
    digest: DigestAlgorithm,
    c14n: CanonicalizationMethod,
    message: str,
) -> None:
    _, identity = sefin_ca
    key, chain = identity.private_key, [identity.certificate]
    signed = sign_with_chain(sefin.nfse, key, chain, method=method, digest=digest, c14n=c14n)
    assert message in reason(signed)


def test_the_chain_may_go_through_a_ca_embedded_in_keyinfo(
    sefin: Answers, sefin_ca: tuple[CertificateAuthority, SigningIdentity]
) -> None:
    root_ca, _ = sefin_ca
    middle = intermediate_ca(root_ca)
    leaf, key = issue_holder_certificate(middle, cnpj=AUTHORITY_SIGNER_CNPJ, name="SEFIN")
    with_middle = sign_with_chain(sefin.nfse, key, [leaf, middle.certificate])
    verify_authority_signature(with_middle, trusted=(root_ca.certificate,))
    verify_authority_signature(with_middle, trusted=(middle.certificate,))
    without_middle = sign_with_chain(sefin.nfse, key, [leaf])
    assert "does not chain" in reason(without_middle, trusted=(root_ca.certificate,))
    later = dt.datetime.now(dt.UTC) + dt.timedelta(days=60)  # the leaf still valid, not `middle`
    assert "the intermediate certificate" in reason(
        with_middle, trusted=(root_ca.certificate,), at=later
    )


def test_a_leaf_cannot_stand_in_for_an_intermediate_ca(
    sefin: Answers, sefin_ca: tuple[CertificateAuthority, SigningIdentity]
) -> None:
    root_ca, _ = sefin_ca
    not_a_ca = intermediate_ca(root_ca, is_ca=False)
    leaf, key = issue_holder_certificate(not_a_ca, cnpj=AUTHORITY_SIGNER_CNPJ, name="SEFIN")
    signed = sign_with_chain(sefin.nfse, key, [leaf, not_a_ca.certificate])
    assert "does not chain" in reason(signed, trusted=(root_ca.certificate,))


def test_load_trusted_reads_a_pem_bundle(sefin: Answers, tmp_path: Path) -> None:
    assert load_trusted(None) is None
    assert sefin.trusted == tuple(x509.load_pem_x509_certificates(sefin.ca_bundle.read_bytes()))
    broken = tmp_path / "broken.pem"
    broken.write_bytes(b"not a certificate")
    with pytest.raises(SignatureError, match="not a PEM certificate bundle"):
        load_trusted(str(broken))
