"""The checks a real authority makes on what it receives, each failing with the authority's code.

XML parsing, schema validation, signature verification, access keys and certificate holder ids are
the product's own ``documents/`` helpers: the simulator calls them, so a divergence between the
product and an independent implementation (``xmlsec1`` in the tests) shows up on both sides.
"""

from __future__ import annotations

import base64
import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from cryptography import x509
from lxml import etree
from signxml.algorithms import DigestAlgorithm, SignatureMethod
from signxml.exceptions import InvalidCertificate, InvalidDigest, InvalidInput, InvalidSignature
from signxml.verifier import SignatureConfiguration

from documents.certificates import holder_ids
from documents.errors import (
    AccessKeyError,
    MalformedXMLError,
    SignatureError,
    UnknownSchemaError,
    UnsafeXMLError,
)
from documents.keys import AccessKey
from documents.schemas import schema_key_for, validate
from documents.signing import SefazSignatureVerifier, verify_signature
from documents.xml import parse_untrusted
from simulator.clock import parse_wire
from simulator.errors import Rejection
from simulator.pki import chains_to

DSIG = "http://www.w3.org/2000/09/xmldsig#"


@dataclass(frozen=True)
class Signer:
    """Who signed a message: the certificate in KeyInfo, its holder id and the DigestValue."""

    certificate: x509.Certificate
    holder: str
    digest_value: str


def parse(data: bytes) -> etree._Element:
    """Parse a payload with the product's hardened parser; refusal or malformation is 243."""
    try:
        return parse_untrusted(data)
    except (MalformedXMLError, UnsafeXMLError) as exc:
        raise Rejection("243", f"Rejeicao: XML Mal Formado ({exc})") from exc


def schema(root: etree._Element, expected_key: str | None = None, code: str = "215") -> None:
    """Validate against the official XSD chosen by root tag and versao (225/215 on failure)."""
    key = schema_key_for(root)
    if key is None or (expected_key is not None and key.split("-")[0] != expected_key):
        raise Rejection(
            code,
            f"Rejeicao: Falha no Schema XML (mensagem {etree.QName(root).localname}"
            f" versao {root.get('versao')} nao esperada)",
        )
    try:
        violations = validate(root, key)
    except UnknownSchemaError as exc:
        raise Rejection(code, f"Rejeicao: Falha no Schema XML ({exc})") from exc
    if violations:
        first = violations[0]
        raise Rejection(code, f"Rejeicao: Falha no Schema XML [{first.path}] {first.message}")


def signature(
    signed_parent: etree._Element,
    reference_id: str,
    *,
    trusted: tuple[x509.Certificate, ...],
    now: dt.datetime,
) -> Signer:
    """Verify the enveloped signature and its certificate (297/298, 290-293)."""
    if signed_parent.find(f"{{{DSIG}}}Signature") is None:
        raise Rejection("298", "Rejeicao: Assinatura difere do padrao do Sistema (ausente)")
    embedded = _key_info_certificate(signed_parent)
    holder = certificate(embedded, trusted=trusted, now=now, base="29")
    try:
        verified = verify_signature(signed_parent, reference_id=reference_id, at=now)
    except SignatureError as exc:
        raise Rejection("297", f"Rejeicao: Assinatura difere do calculado ({exc.reason})") from exc
    return Signer(verified.certificate, holder, verified.digest_value)


NFSE_SIGNATURE_METHODS = frozenset({SignatureMethod.RSA_SHA1, SignatureMethod.RSA_SHA256})
NFSE_DIGESTS = frozenset({DigestAlgorithm.SHA1, DigestAlgorithm.SHA256})


def any_signature(
    signed_parent: etree._Element,
    reference_id: str,
    *,
    trusted: tuple[x509.Certificate, ...],
    now: dt.datetime,
) -> Signer:
    """The national NFS-e profile: the XSD imports the generic xmldsig, and Sefin accepts RSA-SHA1
    (sped-common, nfelib) and RSA-SHA256 (pynfse-nacional) with any standard C14N. The SEFAZ
    profile goes through the product's verifier; anything else through signxml with the wider
    policy. Same codes as :func:`signature` (298, 290-293, 297)."""
    signed_info = f"{{{DSIG}}}Signature/{{{DSIG}}}SignedInfo"
    method = signed_parent.find(f"{signed_info}/{{{DSIG}}}SignatureMethod")
    if method is None or method.get("Algorithm") == SignatureMethod.RSA_SHA1.value:
        return signature(signed_parent, reference_id, trusted=trusted, now=now)
    embedded = _key_info_certificate(signed_parent)
    holder = certificate(embedded, trusted=trusted, now=now, base="29")
    reference = signed_parent.find(f"{signed_info}/{{{DSIG}}}Reference")
    if reference is None or reference.get("URI") != f"#{reference_id}":
        raise Rejection("297", "Rejeicao: Assinatura difere do calculado (Reference)")
    config = SignatureConfiguration(
        require_x509=True, location="./", expect_references=1,
        signature_methods=NFSE_SIGNATURE_METHODS, digest_algorithms=NFSE_DIGESTS,
        verification_time=now,
    )  # fmt: skip
    try:
        SefazSignatureVerifier().verify(
            etree.tostring(signed_parent), x509_cert=embedded, expect_config=config,
            id_attribute="Id",
        )  # fmt: skip
    except (InvalidSignature, InvalidDigest, InvalidInput, InvalidCertificate) as exc:
        raise Rejection("297", f"Rejeicao: Assinatura difere do calculado ({exc})") from exc
    digest = reference.findtext(f"{{{DSIG}}}DigestValue") or ""
    return Signer(embedded, holder, digest.strip())


def _key_info_certificate(signed_parent: etree._Element) -> x509.Certificate:
    """The certificate in KeyInfo, checked (290-293) before the signature itself (297)."""
    path = f"{{{DSIG}}}Signature/{{{DSIG}}}KeyInfo/{{{DSIG}}}X509Data/{{{DSIG}}}X509Certificate"
    node = signed_parent.find(path)
    try:
        assert node is not None and node.text
        return x509.load_der_x509_certificate(base64.b64decode("".join(node.text.split())))
    except (AssertionError, ValueError) as exc:
        raise Rejection("290", "Rejeicao: Certificado Assinatura invalido") from exc


def certificate(
    cert: x509.Certificate, *, trusted: tuple[x509.Certificate, ...], now: dt.datetime, base: str
) -> str:
    """Chain, validity and ICP-Brasil holder id; ``base`` "29" is the signer, "28" the transmitter.

    Codes: x0 invalid, x1 validity, x2 no CNPJ/CPF, x3 chain (MOC 280-286 / 290-296).
    """
    role = "Assinatura" if base == "29" else "Transmissor"
    if not chains_to(cert, trusted):
        raise Rejection(f"{base}3", f"Rejeicao: Certificado {role} - erro Cadeia de Certificacao")
    if not cert.not_valid_before_utc <= now <= cert.not_valid_after_utc:
        raise Rejection(f"{base}1", f"Rejeicao: Certificado {role} Data Validade")
    ids = holder_ids(cert)
    holder = ids.cnpj or ids.cpf
    if not holder:
        raise Rejection(f"{base}2", f"Rejeicao: Certificado {role} sem CNPJ/CPF")
    return holder


def same_holder(certificate_holder: str, issuer: str, code: str = "213") -> None:
    """CNPJ root (first 8 characters) of the certificate must be the issuer's; a CPF must match."""
    if len(issuer) == 14 and len(certificate_holder) == 14:
        if issuer[:8] == certificate_holder[:8]:
            return
    elif issuer == certificate_holder:
        return
    raise Rejection(
        code, "Rejeicao: CNPJ-Base do Emitente difere do CNPJ-Base do Certificado Digital"
    )


def natural_person_caller(caller: str | None, key: str, code: str = "213") -> None:
    """An e-CPF transmitter (a rural producer, tax_domain.md §6) sends only its own documents:
    positions 7..20 of the key are its CPF left-padded with three zeros (protocol_facts §1.1).
    An e-CNPJ transmitter may send for others (accountants do), so it is not checked here."""
    if caller is None or len(caller) != 11:
        return
    if key[6:20] != caller.zfill(14):
        raise Rejection(
            code, "Rejeicao: CPF do Certificado de Transmissao difere do CPF da Chave de Acesso"
        )


def access_key(text: str, code: str = "236") -> str:
    """Well-formed 44-position key with the right check digit (236; CT-e/MDF-e documents 253)."""
    try:
        AccessKey.parse(text)
    except AccessKeyError as exc:
        raise Rejection(code, KEY_DIGIT_REASONS.get(code, KEY_DIGIT_REASONS["236"])) from exc
    return text


KEY_DIGIT_REASONS = {
    "236": "Rejeicao: Chave de Acesso com digito verificador invalido",
    "253": "Rejeicao: Digito Verificador da chave de acesso composta invalido",
}
KEY_MISMATCH_REASONS = {
    "502": "Rejeicao: Erro na Chave de Acesso - Campo Id nao corresponde a concatenacao "
    "dos campos correspondentes",
    "227": "Rejeicao: Erro na Chave de Acesso - Campo Id nao corresponde a concatenacao "
    "dos campos correspondentes",
}


@dataclass(frozen=True)
class KeyFields:
    """Document fields that the 44-position key repeats (protocol_facts.md §1.1)."""

    cuf: str
    emission: dt.datetime
    issuer: str
    model: str
    series: str
    number: str
    tp_emis: str
    code: str
    check_digit: str

    def expected(self) -> str:
        return (
            f"{int(self.cuf):02d}{self.emission:%y%m}{self.issuer.zfill(14)}{int(self.model):02d}"
            f"{int(self.series):03d}{int(self.number):09d}{self.tp_emis}{int(self.code):08d}"
            f"{self.check_digit}"
        )


def key_matches(
    key: str, fields: KeyFields, *, mismatch_code: str = "502", digit_code: str = "236"
) -> None:
    """The key must be the concatenation of the document's fields (NF-e 502, CT-e/MDF-e 227)."""
    access_key(key, digit_code)
    if key != fields.expected():
        raise Rejection(mismatch_code, KEY_MISMATCH_REASONS[mismatch_code])


def environment(document_tp_amb: str, endpoint_tp_amb: str) -> None:
    """tpAmb of the message must be the environment of the endpoint that received it (252)."""
    if document_tp_amb != endpoint_tp_amb:
        raise Rejection("252", "Rejeicao: Ambiente informado diverge do Ambiente de recebimento")


def emission_time(
    dh_emi: str,
    now: dt.datetime,
    *,
    future_tolerance: dt.timedelta,
    max_age: dt.timedelta,
    late_code: str,
    future_code: str = "703",
) -> dt.datetime:
    """dhEmi not after the reception (NF-e 703, CT-e/MDF-e 212) nor older than the family's
    limit (228/704)."""
    emitted = parse_wire(dh_emi)
    if emitted > now + future_tolerance:
        raise Rejection(
            future_code, "Rejeicao: Data-Hora de Emissao posterior ao horario de recebimento"
        )
    if emitted < now - max_age:
        raise Rejection(late_code, "Rejeicao: Data-Hora de Emissao atrasada")
    return emitted


def text(element: etree._Element, path: str, namespaces: dict[str, str]) -> str:
    """Text of a required child; absent means the schema let it through (225)."""
    found = element.find(path, namespaces)
    if found is None or found.text is None:
        raise Rejection("225", f"Rejeicao: Falha no Schema XML (campo {path} ausente)")
    value: str = found.text.strip()
    return value


def reader(element: etree._Element, namespaces: dict[str, str]) -> Callable[[str], str]:
    """``read("tag")`` = required text of a direct child in the document namespace."""
    prefix = next(iter(namespaces))

    def read(tag: str) -> str:
        return text(element, f"{prefix}:{tag}", namespaces)

    return read


def optional_text(element: etree._Element, path: str, namespaces: dict[str, str]) -> str | None:
    found = element.find(path, namespaces)
    return None if found is None or found.text is None else found.text.strip()


def element_schema(element: etree._Element, key: str, code: str, what: str) -> None:
    """Second-pass validation of a part the message XSD skips (infModal, detEvento content)."""
    violations = validate(element, key)
    if violations:
        first = violations[0]
        raise Rejection(
            code, f"Rejeicao: Falha no Schema XML especifico para {what} [{first.path}] "
            f"{first.message}",
        )  # fmt: skip


def cpf_is_valid(cpf: str) -> bool:
    """CPF check digits (weights 10..2 then 11..2, remainder < 2 gives 0); repeated digits fail."""
    if len(cpf) != 11 or not cpf.isdigit() or len(set(cpf)) == 1:
        return False
    for size in (9, 10):
        total = sum(int(d) * w for d, w in zip(cpf[:size], range(size + 1, 1, -1), strict=True))
        digit = 0 if total % 11 < 2 else 11 - total % 11
        if int(cpf[size]) != digit:
            return False
    return True
