"""The company's A1 certificate: checked upload, sealed storage, status for the overview.

Parsing goes through `documents.certificates.load_pkcs12`, which refuses oversized files and
absurd key-derivation iteration counts before OpenSSL runs a KDF (a crafted 2 KB file would
otherwise cost minutes of CPU). The PKCS#12 and its password are sealed separately with the
server key; nothing is ever written to a plaintext file, returned or logged.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from datetime import UTC, datetime

from cryptography import x509
from sqlalchemy import select

from documents.certificates import A1Certificate, HolderIds, holder_ids, load_pkcs12
from documents.errors import CertificateError
from service import runtime
from service.brazil.documents import cnpj_root
from service.companies.models import Company
from service.companies.revision import MISS, Miss, RevisionCache, revision_of
from service.configuration.audit import log_change
from service.configuration.errors import CertificateRejected
from service.configuration.models import Certificate
from service.db import read_apart, utcnow
from service.ids import new_id
from service.rural.context import is_natural_person

EXPIRY_WARNING_DAYS = 30
"""Spec: status `vence_em_breve` at 30 days or fewer."""


@dataclass(frozen=True)
class Upload:
    """The raw upload: file bytes and password, as received."""

    data: bytes
    password: str


def decode_base64(text: str) -> bytes:
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise CertificateRejected("CERTIFICADO_INVALIDO", "arquivo_base64 inválido") from None


def _parse(upload: Upload) -> A1Certificate:
    try:
        return load_pkcs12(upload.data, upload.password)
    except CertificateError as exc:
        raise CertificateRejected("CERTIFICADO_INVALIDO", "arquivo ou senha inválidos") from exc


def _check(a1: A1Certificate, company: Company, now: datetime) -> x509.Certificate:
    cert = a1.certificate
    if now > cert.not_valid_after_utc:
        raise CertificateRejected("CERTIFICADO_VENCIDO", "certificado vencido")
    if now < cert.not_valid_before_utc:
        raise CertificateRejected("CERTIFICADO_INVALIDO", "certificado ainda não é válido")
    if not holder_matches(holder_ids(cert), company):
        if is_natural_person(company):
            raise CertificateRejected(
                "CERTIFICADO_DIVERGENTE",
                "certificado de outro titular",
                "O CPF do e-CPF (OID 2.16.76.1.3.1) difere do CPF do produtor.",
            )
        raise CertificateRejected("CERTIFICADO_DIVERGENTE", "certificado de outro CNPJ")
    return cert


def holder_matches(ids: HolderIds, company: Company) -> bool:
    """A CNPJ issuer signs with an e-CNPJ of its root (a branch may use the head office's); a
    natural-person producer (CPF, no CNPJ) signs with the e-CPF of that same CPF."""
    if is_natural_person(company):
        return ids.cpf is not None and ids.cpf == company.cpf
    return ids.cnpj is not None and cnpj_root(ids.cnpj) == cnpj_root(company.cnpj or "")


def _name(name: x509.Name) -> str:
    common = name.get_attributes_for_oid(x509.NameOID.COMMON_NAME)
    return str(common[0].value) if common else name.rfc4514_string()


def install(company: Company, upload: Upload) -> Certificate:
    """Validate and store a new certificate; the previous one is deactivated, not erased."""
    cert = _check(_parse(upload), company, datetime.now(UTC))
    secrets = runtime.current().secrets
    session = runtime.db()
    previous = active(company)
    if previous is not None:
        previous.ativo = False
    ids = holder_ids(cert)
    record = Certificate(
        id=new_id("cert"),
        account_id=company.account_id,
        company_id=company.id,
        pkcs12_cifrado=secrets.seal(upload.data),
        senha_cifrada=secrets.seal(upload.password.encode("utf-8")),
        titular=_name(cert.subject)[:300],
        emissor=_name(cert.issuer)[:300],
        numero_serie=format(cert.serial_number, "x"),
        cnpj=ids.cnpj,
        cpf=ids.cpf,
        valido_desde=cert.not_valid_before_utc,
        valido_ate=cert.not_valid_after_utc,
    )
    session.add(record)
    session.flush()
    log_change(company, "CRIAR", "certificado", record.id, None, summary(record))
    return record


def active(company: Company) -> Certificate | None:
    query = select(Certificate).where(
        Certificate.company_id == company.id, Certificate.ativo.is_(True)
    )
    return runtime.db().execute(query.order_by(Certificate.created_at.desc())).scalars().first()


REFERENCES: RevisionCache[tuple[str, datetime] | None] = RevisionCache("certificates")
"""(company id, revision) -> the active certificate's (id, end of validity), or None. An
upload or a deactivation writes `certificates` and so bumps the company's revision."""


def active_reference(company: Company) -> tuple[str, datetime] | None:
    """The active certificate's id and end of validity, without its encrypted contents; from
    the cache of the company's revision (read once per revision and process)."""
    revision = revision_of(company)
    key = (company.id, revision)
    cached = REFERENCES.get(key) if revision is not None else MISS
    if not isinstance(cached, Miss):
        return cached
    query = (
        select(Certificate.id, Certificate.valido_ate)
        .where(Certificate.company_id == company.id, Certificate.ativo.is_(True))
        .order_by(Certificate.created_at.desc())
        .limit(1)
    )
    session = runtime.db()
    with read_apart(session):
        row = session.execute(query).first()
    found = (row[0], row[1]) if row is not None else None
    if revision is not None:
        REFERENCES.put(key, found)
    return found


def by_id(certificate_id: str) -> Certificate:
    record = runtime.db().get(Certificate, certificate_id)
    assert record is not None
    return record


def summary(record: Certificate) -> dict[str, object]:
    return {
        "titular": record.titular,
        "numero_serie": record.numero_serie,
        "cnpj": record.cnpj,
        "validade": record.valido_ate.date().isoformat(),
    }


def status(company: Company | None, now: datetime | None = None) -> dict[str, object]:
    """The certificate resource of the spec, `ausente` when nothing is stored."""
    record = active(company) if company is not None else None
    if record is None:
        return _absent()
    now = now or utcnow()
    days = (record.valido_ate - now).days
    assert company is not None  # a record is only found for a company
    natural = is_natural_person(company)
    matches = holder_matches(HolderIds(cnpj=record.cnpj, cpf=record.cpf), company)
    problems, codes = _problems(days, matches, natural)
    state = "vencido" if days < 0 else ("vence_em_breve" if days <= EXPIRY_WARNING_DAYS else "ok")
    state = "invalido" if not matches else state
    return {
        "status": state,
        "valido": days >= 0 and matches,
        "titular": record.titular,
        "emissor": record.emissor,
        "numero_serie": record.numero_serie,
        "cnpj": record.cnpj,
        "cnpj_confere_com_emitente": None if natural else matches,
        "cpf": record.cpf,
        "cpf_confere_com_emitente": matches if natural else None,
        "validade": record.valido_ate.date().isoformat(),
        "dias_restantes": days,
        "problemas": problems,
        "codigos": codes,
    }


def _problems(days: int, matches: bool, natural: bool) -> tuple[list[str], list[str]]:
    problems: list[str] = []
    codes: list[str] = []
    if days < 0:
        problems.append("Certificado vencido.")
        codes.append("CERTIFICADO_VENCIDO")
    elif days <= EXPIRY_WARNING_DAYS:
        problems.append(f"Certificado vence em {days} dias.")
        codes.append("CERTIFICADO_VENCE_EM_BREVE")
    if not matches:
        problems.append(
            "CPF do e-CPF difere do produtor."
            if natural
            else "CNPJ do certificado difere do emitente."
        )
        codes.append("CERTIFICADO_DIVERGENTE")
    return problems, codes


def _absent() -> dict[str, object]:
    return {
        "status": "ausente", "valido": False, "titular": None, "emissor": None,
        "numero_serie": None, "cnpj": None, "cnpj_confere_com_emitente": False,
        "cpf": None, "cpf_confere_com_emitente": False,
        "validade": None, "dias_restantes": None,
        "problemas": ["Nenhum certificado A1 enviado."], "codigos": ["CERTIFICADO_AUSENTE"],
    }  # fmt: skip
