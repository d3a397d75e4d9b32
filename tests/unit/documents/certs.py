"""Test PKI for the documents tests: a CA and ICP-Brasil-like A1 files, made with `cryptography`.

Until `simulator/pki.py` exists these stand in for it. The A1 carries the ICP-Brasil
subjectAltName otherName the way real CAs write it (CNPJ under 2.16.76.1.3.3, person data under
2.16.76.1.3.1) with a selectable string type, because CAs differ there.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.serialization import Encoding, PrivateFormat, pkcs12
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

STRING_TAGS = {"octet": 0x04, "printable": 0x13, "utf8": 0x0C, "ia5": 0x16}


@dataclass(frozen=True)
class TestCA:
    key: rsa.RSAPrivateKey
    certificate: x509.Certificate

    @property
    def pem(self) -> bytes:
        return self.certificate.public_bytes(Encoding.PEM)


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _name(common_name: str) -> x509.Name:
    return x509.Name(
        [
            x509.NameAttribute(NameOID.COUNTRY_NAME, "BR"),
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "ICP-Brasil TESTE"),
            x509.NameAttribute(NameOID.COMMON_NAME, common_name),
        ]
    )


def make_ca() -> TestCA:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = _name("AC TESTE DOCUMENTOS")
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(_now() - dt.timedelta(days=1))
        .not_valid_after(_now() + dt.timedelta(days=3650))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(False, False, False, False, False, True, True, False, False),
            critical=True,
        )
        .sign(key, hashes.SHA256())
    )
    return TestCA(key, cert)


def der_string(text: str, kind: str = "utf8") -> bytes:
    data = text.encode("latin-1")
    assert len(data) < 128
    return bytes([STRING_TAGS[kind], len(data)]) + data


def other_names(cnpj: str | None, cpf: str | None, kind: str) -> list[x509.GeneralName]:
    names: list[x509.GeneralName] = []
    if cnpj is not None:
        names.append(x509.OtherName(x509.ObjectIdentifier("2.16.76.1.3.3"), der_string(cnpj, kind)))
    if cpf is not None:
        person = "01011980" + cpf + "0" * 11 + "0" * 15 + "SSPSP "
        names.append(
            x509.OtherName(x509.ObjectIdentifier("2.16.76.1.3.1"), der_string(person, kind))
        )
    names.append(x509.RFC822Name("fiscal@example.com.br"))
    return names


def make_leaf(
    ca: TestCA,
    *,
    name: str,
    cnpj: str | None = None,
    cpf: str | None = None,
    kind: str = "utf8",
    not_before: dt.datetime | None = None,
    not_after: dt.datetime | None = None,
    key: rsa.RSAPrivateKey | None = None,
) -> tuple[rsa.RSAPrivateKey, x509.Certificate]:
    key = key or rsa.generate_private_key(public_exponent=65537, key_size=2048)
    start = not_before or _now() - dt.timedelta(hours=1)
    builder = (
        x509.CertificateBuilder()
        .subject_name(_name(name))
        .issuer_name(ca.certificate.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(start)
        .not_valid_after(not_after or start + dt.timedelta(days=365))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(True, True, True, False, False, False, False, False, False),
            critical=True,
        )
        .add_extension(
            x509.ExtendedKeyUsage(
                [ExtendedKeyUsageOID.CLIENT_AUTH, ExtendedKeyUsageOID.EMAIL_PROTECTION]
            ),
            critical=False,
        )
    )
    san = other_names(cnpj, cpf, kind)
    builder = builder.add_extension(x509.SubjectAlternativeName(san), critical=False)
    return key, builder.sign(ca.key, hashes.SHA256())


def to_pkcs12(
    key: rsa.RSAPrivateKey,
    cert: x509.Certificate,
    password: str,
    chain: list[x509.Certificate] | None = None,
    rounds: int = 2048,
) -> bytes:
    """PKCS#12 the way OpenSSL 3 writes it (PBES2 AES-256, PBKDF2, SHA-256 MAC)."""
    encryption = (
        PrivateFormat.PKCS12.encryption_builder()
        .kdf_rounds(rounds)
        .key_cert_algorithm(pkcs12.PBES.PBESv2SHA256AndAES256CBC)
        .hmac_hash(hashes.SHA256())
        .build(password.encode())
    )
    return pkcs12.serialize_key_and_certificates(b"a1", key, cert, chain, encryption)


# ---------------------------------------------------------------- crafting hostile PKCS#12


def _encode(tag: int, content: bytes) -> bytes:
    length = len(content)
    if length < 128:
        return bytes([tag, length]) + content
    size = (length.bit_length() + 7) // 8
    return bytes([tag, 0x80 | size]) + length.to_bytes(size, "big") + content


def _read(data: bytes, offset: int) -> tuple[int, bytes, int]:
    tag, first = data[offset], data[offset + 1]
    offset += 2
    length = first
    if first & 0x80:
        count = first & 0x7F
        length = int.from_bytes(data[offset : offset + count], "big")
        offset += count
    return tag, data[offset : offset + length], offset + length


def _children(content: bytes) -> list[tuple[int, bytes]]:
    out, offset = [], 0
    while offset < len(content):
        tag, inner, offset = _read(content, offset)
        out.append((tag, inner))
    return out


def _parses(content: bytes) -> bool:
    try:
        tag, _, end = _read(content, 0)
        return end == len(content) and bool(tag & 0x20)
    except IndexError:
        return False


def set_iterations(pfx: bytes, old: int, new: int) -> bytes:
    """Rewrite every INTEGER equal to `old` (iteration counts) to `new`, re-encoding lengths.

    The result is a small file whose KDF and MAC parameters ask for `new` iterations: what an
    attacker uploads to pin our CPU.
    """
    old_der = old.to_bytes((old.bit_length() + 8) // 8, "big")
    new_der = new.to_bytes((new.bit_length() + 8) // 8, "big")

    def rewrite(tag: int, content: bytes) -> bytes:
        if tag == 0x02 and content == old_der:
            return _encode(tag, new_der)
        if tag & 0x20:
            return _encode(tag, b"".join(rewrite(t, c) for t, c in _children(content)))
        if tag == 0x04 and _parses(content):
            inner_tag, inner, _ = _read(content, 0)
            return _encode(tag, rewrite(inner_tag, inner))
        return _encode(tag, content)

    tag, content, _ = _read(pfx, 0)
    return rewrite(tag, content)
