"""A1 (PKCS#12) certificates: safe loading and the ICP-Brasil holder identifiers.

`load_pkcs12` looks at the file's key-derivation parameters before OpenSSL does any work: a
PKCS#12 file chooses its own PBKDF/MAC iteration counts, so a crafted 2 KB upload asking for 10^9
iterations would otherwise pin a CPU for minutes. Loading also runs the RSA key consistency check
(about 30 ms), which is why a company's certificate is loaded once and kept, not per document.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from dataclasses import dataclass

from cryptography import x509
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import NameOID

from documents import _der
from documents.errors import CertificateError

DEFAULT_MAX_BYTES = 64_000
"""Largest accepted PKCS#12 file. Real A1 files are 3 to 10 KB (certificate, key, chain)."""

DEFAULT_MAX_ITERATIONS = 200_000
"""Highest accepted PBKDF/MAC iteration count. OpenSSL 3 writes 2048, Java 10000, Windows 2000;
200,000 keeps the worst legitimate load under a second."""

INVALID = "CERTIFICADO_INVALIDO"
EXPIRED = "CERTIFICADO_VENCIDO"
NOT_YET_VALID = "CERTIFICADO_AINDA_NAO_VALIDO"

OID_CNPJ = "2.16.76.1.3.3"
"""ICP-Brasil otherName: CNPJ of the legal person holding the certificate (14 characters)."""
OID_PERSON = "2.16.76.1.3.1"
"""ICP-Brasil otherName: natural person data, birth date ddmmaaaa followed by the 11-digit CPF."""

_PBKDF2 = "1.2.840.113549.1.5.12"
_PKCS7_DATA = "1.2.840.113549.1.7.1"
_PASSWORD_BASED = ("1.2.840.113549.1.12.1.", "1.2.840.113549.1.5.")  # PKCS#12 PBE and PBES1
_CNPJ = re.compile(r"[0-9A-Z]{12}[0-9]{2}")
_CPF = re.compile(r"[0-9]{11}")


@dataclass(frozen=True)
class A1Certificate:
    """An A1 certificate with its private key, loaded once per company."""

    certificate: x509.Certificate
    private_key: rsa.RSAPrivateKey
    chain: tuple[x509.Certificate, ...] = ()


@dataclass(frozen=True)
class HolderIds:
    """Who the certificate belongs to: the CNPJ of a company or the CPF of a person."""

    cnpj: str | None
    cpf: str | None


def load_pkcs12(
    data: bytes,
    password: str,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_iterations: int = DEFAULT_MAX_ITERATIONS,
    require_valid_at: dt.datetime | None = None,
) -> A1Certificate:
    """Load an A1 file, refusing oversized files and absurd iteration counts before any KDF runs.

    With `require_valid_at`, also refuse a certificate outside its validity window at that instant
    (`CERTIFICADO_VENCIDO` / `CERTIFICADO_AINDA_NAO_VALIDO`).
    """
    if len(data) > max_bytes:
        raise CertificateError(INVALID, f"PKCS#12 file of {len(data)} bytes exceeds {max_bytes}")
    _check_iterations(data, max_iterations)
    a1 = _load(data, password)
    if require_valid_at is not None:
        ensure_valid_at(a1.certificate, require_valid_at)
    return a1


def _check_iterations(data: bytes, max_iterations: int) -> None:
    try:
        counts = list(_iteration_counts(data))
    except _der.DerError as exc:
        raise CertificateError(INVALID, f"not a PKCS#12 file ({exc})") from None
    too_many = [c for c in counts if c > max_iterations or c < 1]
    if too_many:
        raise CertificateError(
            INVALID, f"PKCS#12 iteration count {too_many[0]} outside 1..{max_iterations}"
        )


def _iteration_counts(data: bytes) -> Iterator[int]:
    """Every MAC and password-based-encryption iteration count visible without decrypting.

    Bags inside an encrypted SafeContents are only visible after decryption; OpenSSL decrypts
    those with the outer parameters, which we have checked.
    """
    pfx = _der.read_exact(data)
    parts = _der.read_all(pfx.content)
    if pfx.tag != _der.SEQUENCE or len(parts) < 2:
        raise _der.DerError("PFX is not a SEQUENCE of version, authSafe[, macData]")
    yield from _walk(parts[1], 0)
    if len(parts) > 2:
        yield from _mac_iterations(parts[2])


def _mac_iterations(mac_data: _der.Tlv) -> Iterator[int]:
    fields = _der.read_all(mac_data.content)
    yield from _walk(fields[0], 0)  # PBMAC1 (RFC 9579) puts PBKDF2 parameters here
    last = fields[-1]
    yield _der.decode_int(last.content) if last.tag == _der.INTEGER else 1


def _walk(item: _der.Tlv, depth: int) -> Iterator[int]:
    if not item.constructed:
        return
    children = _der.read_all(item.content, depth)
    if item.tag == _der.SEQUENCE and len(children) >= 2 and children[0].tag == _der.OID:
        yield from _algorithm_iterations(_der.decode_oid(children[0].content), children[1], depth)
    for child in children:
        yield from _walk(child, depth + 1)


def _algorithm_iterations(oid: str, params: _der.Tlv, depth: int) -> Iterator[int]:
    """Iterations of a PBE AlgorithmIdentifier; descend into plain PKCS#7 data content."""
    if oid == _PKCS7_DATA and params.tag == 0xA0:
        inner = _der.octets(_der.read_exact(params.content), depth)
        yield from _walk(_der.read_exact(inner), depth + 1)
    elif (oid == _PBKDF2 or oid.startswith(_PASSWORD_BASED)) and params.tag == _der.SEQUENCE:
        fields = _der.read_all(params.content, depth)
        if len(fields) >= 2 and fields[1].tag == _der.INTEGER:
            yield _der.decode_int(fields[1].content)


def _load(data: bytes, password: str) -> A1Certificate:
    try:
        key, cert, extra = pkcs12.load_key_and_certificates(data, password.encode("utf-8"))
    except ValueError:
        raise CertificateError(INVALID, "wrong password or damaged PKCS#12 file") from None
    if cert is None or key is None:
        raise CertificateError(INVALID, "PKCS#12 file lacks the certificate or its private key")
    if not isinstance(key, rsa.RSAPrivateKey):
        raise CertificateError(INVALID, "the SEFAZ signature profile needs an RSA key")
    if key.public_key().public_numbers() != cert.public_key().public_numbers():  # type: ignore[union-attr]
        raise CertificateError(INVALID, "the private key does not match the certificate")
    return A1Certificate(certificate=cert, private_key=key, chain=tuple(extra))


def ensure_valid_at(cert: x509.Certificate, when: dt.datetime) -> None:
    """Raise `CertificateError` unless `when` lies inside the certificate's validity window."""
    if when < cert.not_valid_before_utc:
        raise CertificateError(NOT_YET_VALID, f"valid only from {cert.not_valid_before_utc}")
    if when > cert.not_valid_after_utc:
        raise CertificateError(EXPIRED, f"expired on {cert.not_valid_after_utc}")


def holder_ids(cert: x509.Certificate) -> HolderIds:
    """CNPJ and/or CPF of the holder, from the ICP-Brasil otherNames or else the common name."""
    names = _other_names(cert)
    cnpj = _match(_CNPJ, names.get(OID_CNPJ, ""))
    cpf = _match(_CPF, names.get(OID_PERSON, "")[8:19])
    if cnpj is None and cpf is None:
        return _from_common_name(cert)
    return HolderIds(cnpj=cnpj, cpf=cpf)


def _match(pattern: re.Pattern[str], value: str) -> str | None:
    value = value.strip().upper()
    return value if pattern.fullmatch(value) else None


def _other_names(cert: x509.Certificate) -> dict[str, str]:
    try:
        san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return {}
    found: dict[str, str] = {}
    for name in san.get_values_for_type(x509.OtherName):
        text = _other_name_text(name.value)
        if text is not None:
            found[name.type_id.dotted_string] = text
    return found


_TEXT_TAGS = {_der.OCTET_STRING, _der.PRINTABLE_STRING, _der.UTF8_STRING, _der.IA5_STRING}


def _other_name_text(value: bytes) -> str | None:
    """The otherName value as text, whichever string type the CA chose to encode it with."""
    try:
        item = _der.read_exact(value)
    except _der.DerError:
        return None
    if item.tag == 0xA0:  # some encoders keep the [0] EXPLICIT wrapper in the value
        return _other_name_text(item.content)
    if item.tag not in _TEXT_TAGS:
        return None
    return item.content.decode("latin-1")


def _from_common_name(cert: x509.Certificate) -> HolderIds:
    """The `NAME:CNPJ` / `NAME:CPF` convention of ICP-Brasil common names."""
    for attribute in cert.subject.get_attributes_for_oid(NameOID.COMMON_NAME):
        tail = str(attribute.value).rpartition(":")[2]
        cnpj, cpf = _match(_CNPJ, tail), _match(_CPF, tail)
        if cnpj or cpf:
            return HolderIds(cnpj=cnpj, cpf=cpf)
    return HolderIds(cnpj=None, cpf=None)
