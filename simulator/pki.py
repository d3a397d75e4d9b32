"""Test PKI: a CA the simulator trusts, A1 certificates and the server certificate.

No machine here holds a real ICP-Brasil certificate, so the simulator mints its own chain with the
same ICP-Brasil fields (CNPJ/CPF in the subjectAltName otherName, ``NAME:CNPJ`` common name). The
trust store stays configurable, so a real ICP-Brasil bundle can replace the test CA.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from simulator.errors import SimulatorConfigError

OID_CNPJ = x509.ObjectIdentifier("2.16.76.1.3.3")
"""ICP-Brasil otherName carrying the 14-character CNPJ of a legal person."""
OID_CPF_DATA = x509.ObjectIdentifier("2.16.76.1.3.1")
"""ICP-Brasil otherName: birth date ddmmaaaa + CPF(11) + NIS(11) + RG(15) + issuer(6)."""
OID_RESPONSIBLE_NAME = x509.ObjectIdentifier("2.16.76.1.3.2")
"""ICP-Brasil otherName: name of the person responsible for an e-CNPJ."""

CA_CERT_FILE = "ca.pem"
CA_KEY_FILE = "ca-key.pem"
SERVER_CERT_FILE = "server.pem"
SERVER_KEY_FILE = "server-key.pem"
KEY_SIZE = 2048
PKCS12_KDF_ROUNDS = 50_000
"""Below the limits the product's PKCS#12 loader enforces, above OpenSSL's historic 2048."""


@dataclass(frozen=True)
class CertificateAuthority:
    """The test CA: its certificate and the key that signs A1 and server certificates."""

    certificate: x509.Certificate
    private_key: rsa.RSAPrivateKey

    def pem(self) -> bytes:
        """The CA certificate in PEM, as clients put it in their trust bundle."""
        return self.certificate.public_bytes(serialization.Encoding.PEM)


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _new_key() -> rsa.RSAPrivateKey:
    return rsa.generate_private_key(public_exponent=65537, key_size=KEY_SIZE)


def _der_octet_string(value: bytes) -> bytes:
    """DER OCTET STRING, the encoding real ICP-Brasil certificates use for otherName values."""
    if len(value) >= 128:
        raise ValueError("otherName value too long for the short DER length form")
    return b"\x04" + bytes([len(value)]) + value


def create_ca(
    common_name: str = "Fiscal Simulator Test CA", *, days: int = 3650
) -> CertificateAuthority:
    """Create a self-signed CA. Test-only: it stands in for the ICP-Brasil root and its ACs."""
    key = _new_key()
    name = x509.Name(
        [
            x509.NameAttribute(NameOID.COUNTRY_NAME, "BR"),
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "ICP-Brasil (SIMULADOR)"),
            x509.NameAttribute(NameOID.COMMON_NAME, common_name),
        ]
    )
    now = _now()
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(days=1))
        .not_valid_after(now + dt.timedelta(days=days))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(_ca_key_usage(), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    return CertificateAuthority(cert, key)


def _ca_key_usage() -> x509.KeyUsage:
    return x509.KeyUsage(
        digital_signature=False,
        content_commitment=False,
        key_encipherment=False,
        data_encipherment=False,
        key_agreement=False,
        key_cert_sign=True,
        crl_sign=True,
        encipher_only=False,
        decipher_only=False,
    )


def _leaf_key_usage() -> x509.KeyUsage:
    return x509.KeyUsage(
        digital_signature=True,
        content_commitment=True,
        key_encipherment=True,
        data_encipherment=False,
        key_agreement=False,
        key_cert_sign=False,
        crl_sign=False,
        encipher_only=False,
        decipher_only=False,
    )


def save_ca(ca: CertificateAuthority, directory: Path) -> None:
    """Write the CA certificate and key (key mode 0600) into ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / CA_CERT_FILE).write_bytes(ca.pem())
    key_path = directory / CA_KEY_FILE
    key_path.write_bytes(
        ca.private_key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    key_path.chmod(0o600)


def load_ca(cert_path: Path, key_path: Path) -> CertificateAuthority:
    """Load a CA from PEM files (the test CA of an earlier run, or one the operator provides)."""
    try:
        cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
        key = serialization.load_pem_private_key(key_path.read_bytes(), password=None)
    except (OSError, ValueError) as exc:
        raise SimulatorConfigError(f"cannot load CA from {cert_path}: {exc}") from exc
    if not isinstance(key, rsa.RSAPrivateKey):
        raise SimulatorConfigError("the CA key must be RSA")
    return CertificateAuthority(cert, key)


def load_or_create_ca(directory: Path) -> CertificateAuthority:
    """The data dir's CA, created on first start so later runs and restarts keep trusting it."""
    cert_path, key_path = directory / CA_CERT_FILE, directory / CA_KEY_FILE
    if cert_path.exists() and key_path.exists():
        return load_ca(cert_path, key_path)
    ca = create_ca()
    save_ca(ca, directory)
    return ca


def _holder_san(cnpj: str | None, cpf: str | None, name: str) -> x509.SubjectAlternativeName:
    """ICP-Brasil otherNames: the holder identity the authority reads from the certificate."""
    names: list[x509.GeneralName] = []
    if cnpj is not None:
        names.append(x509.OtherName(OID_RESPONSIBLE_NAME, _der_octet_string(name[:60].encode())))
        names.append(x509.OtherName(OID_CNPJ, _der_octet_string(cnpj.encode("ascii"))))
    if cpf is not None:
        data = "01011980" + cpf + "0" * 11 + "0" * 15 + "SSPSP "
        names.append(x509.OtherName(OID_CPF_DATA, _der_octet_string(data.encode("ascii"))))
    return x509.SubjectAlternativeName(names)


def _holder_subject(name: str, holder_id: str) -> x509.Name:
    return x509.Name(
        [
            x509.NameAttribute(NameOID.COUNTRY_NAME, "BR"),
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "ICP-Brasil (SIMULADOR)"),
            x509.NameAttribute(NameOID.COMMON_NAME, f"{name}:{holder_id}"),
        ]
    )


def issue_holder_certificate(
    ca: CertificateAuthority,
    *,
    cnpj: str | None = None,
    cpf: str | None = None,
    name: str,
    not_before: dt.datetime | None = None,
    not_after: dt.datetime | None = None,
) -> tuple[x509.Certificate, rsa.RSAPrivateKey]:
    """An end-entity certificate shaped like an ICP-Brasil A1 (e-CNPJ or e-CPF)."""
    if (cnpj is None) == (cpf is None):
        raise ValueError("give exactly one of cnpj or cpf")
    holder_id = cnpj if cnpj is not None else cpf
    assert holder_id is not None
    key = _new_key()
    start = not_before or _now() - dt.timedelta(minutes=5)
    end = not_after or start + dt.timedelta(days=365)
    cert = (
        x509.CertificateBuilder()
        .subject_name(_holder_subject(name, holder_id))
        .issuer_name(ca.certificate.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(start)
        .not_valid_after(end)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(_leaf_key_usage(), critical=True)
        .add_extension(
            x509.ExtendedKeyUsage(
                [ExtendedKeyUsageOID.CLIENT_AUTH, ExtendedKeyUsageOID.EMAIL_PROTECTION]
            ),
            critical=False,
        )
        .add_extension(_holder_san(cnpj, cpf, name), critical=False)
        .sign(ca.private_key, hashes.SHA256())
    )
    return cert, key


def issue_a1(
    ca: CertificateAuthority,
    *,
    cnpj: str | None = None,
    cpf: str | None = None,
    name: str,
    not_before: dt.datetime | None = None,
    not_after: dt.datetime | None = None,
    password: str,
) -> bytes:
    """A PKCS#12 (A1) with the holder key, its certificate and the CA, encrypted with AES-256."""
    cert, key = issue_holder_certificate(
        ca, cnpj=cnpj, cpf=cpf, name=name, not_before=not_before, not_after=not_after
    )
    encryption = (
        serialization.PrivateFormat.PKCS12.encryption_builder()
        .kdf_rounds(PKCS12_KDF_ROUNDS)
        .key_cert_algorithm(pkcs12.PBES.PBESv2SHA256AndAES256CBC)
        .hmac_hash(hashes.SHA256())
        .build(password.encode("utf-8"))
    )
    return pkcs12.serialize_key_and_certificates(
        name.encode("utf-8"), key, cert, [ca.certificate], encryption
    )


def issue_server_certificate(ca: CertificateAuthority) -> tuple[bytes, bytes]:
    """PEM certificate and key for 127.0.0.1/localhost, so clients verify the simulator by CA."""
    key = _new_key()
    now = _now()
    san = x509.SubjectAlternativeName(
        [
            x509.DNSName("localhost"),
            x509.IPAddress(ipaddress.IPv4Address("127.0.0.1")),
            x509.IPAddress(ipaddress.IPv6Address("::1")),
        ]
    )
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")]))
        .issuer_name(ca.certificate.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=825))
        .add_extension(san, critical=False)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .sign(ca.private_key, hashes.SHA256())
    )
    key_pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    return cert.public_bytes(serialization.Encoding.PEM), key_pem


def write_server_certificate(ca: CertificateAuthority, directory: Path) -> tuple[Path, Path]:
    """Issue a fresh server certificate into ``directory``; returns (cert path, key path)."""
    cert_pem, key_pem = issue_server_certificate(ca)
    cert_path, key_path = directory / SERVER_CERT_FILE, directory / SERVER_KEY_FILE
    cert_path.write_bytes(cert_pem + ca.pem())
    key_path.write_bytes(key_pem)
    key_path.chmod(0o600)
    return cert_path, key_path


def load_trust_store(bundle: bytes) -> tuple[x509.Certificate, ...]:
    """Every certificate of a PEM bundle: the CAs a signer certificate may chain to."""
    return tuple(x509.load_pem_x509_certificates(bundle))


def chains_to(cert: x509.Certificate, trusted: tuple[x509.Certificate, ...]) -> bool:
    """True when ``cert`` is directly issued by (or is) one of the trusted certificates."""
    for anchor in trusted:
        if cert == anchor:
            return True
        try:
            cert.verify_directly_issued_by(anchor)
        except (ValueError, TypeError, InvalidSignature):
            continue
        return True
    return False


AUTHORITY_SIGNER_CERT_FILE = "authority-signer.pem"
AUTHORITY_SIGNER_KEY_FILE = "authority-signer-key.pem"
AUTHORITY_SIGNER_CNPJ = "33683111000107"
"""SERPRO's CNPJ: the real Sefin Nacional signs NFS-e with a SERPRO certificate (the corpus NFS-e
of nfse-php carries serialNumber 33683111000107)."""


@dataclass(frozen=True)
class SigningIdentity:
    """A certificate and its key, for what the simulated authority signs itself."""

    certificate: x509.Certificate
    private_key: rsa.RSAPrivateKey


def load_or_issue_authority_signer(ca: CertificateAuthority, directory: Path) -> SigningIdentity:
    """The certificate the simulated Sefin signs its NFS-e and events with, issued by the CA on
    first start and kept in the data dir (re-issued when the CA changed)."""
    cert_path = directory / AUTHORITY_SIGNER_CERT_FILE
    key_path = directory / AUTHORITY_SIGNER_KEY_FILE
    if cert_path.exists() and key_path.exists():
        cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
        key = serialization.load_pem_private_key(key_path.read_bytes(), password=None)
        if isinstance(key, rsa.RSAPrivateKey) and chains_to(cert, (ca.certificate,)):
            return SigningIdentity(cert, key)
    cert, key = issue_holder_certificate(
        ca, cnpj=AUTHORITY_SIGNER_CNPJ, name="SEFIN NACIONAL SIMULADOR",
        not_after=_now() + dt.timedelta(days=825),
    )  # fmt: skip
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    key_path.chmod(0o600)
    return SigningIdentity(cert, key)
