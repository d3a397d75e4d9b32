"""A1 loading (size and iteration caps before any KDF) and ICP-Brasil holder identifiers."""

from __future__ import annotations

import datetime as dt
from types import ModuleType
from typing import Any

import pytest

from documents.certificates import A1Certificate, holder_ids, load_pkcs12
from documents.errors import CertificateError

PASSWORD = "senha-de-teste"


def test_company_a1_loads_with_key_certificate_and_chain(
    company_a1: A1Certificate, test_ca: Any
) -> None:
    assert company_a1.private_key.key_size == 2048
    assert company_a1.chain == (test_ca.certificate,)
    assert holder_ids(company_a1.certificate).cnpj == "11222333000181"


def test_wrong_password_is_certificado_invalido(company_pfx: bytes) -> None:
    with pytest.raises(CertificateError) as caught:
        load_pkcs12(company_pfx, "errada")
    assert caught.value.code == "CERTIFICADO_INVALIDO"


@pytest.mark.parametrize("data", [b"", b"not a pkcs12 file", b"\x30\x03\x02\x01\x03"])
def test_garbage_is_certificado_invalido(data: bytes) -> None:
    with pytest.raises(CertificateError) as caught:
        load_pkcs12(data, PASSWORD)
    assert caught.value.code == "CERTIFICADO_INVALIDO"


def test_oversized_file_is_refused(company_pfx: bytes) -> None:
    with pytest.raises(CertificateError, match="exceeds"):
        load_pkcs12(company_pfx, PASSWORD, max_bytes=len(company_pfx) - 1)


def test_crafted_billion_iterations_fails_before_any_kdf(
    company_pfx: bytes, pki: ModuleType
) -> None:
    # The same small file, asking for 10^9 PBKDF2 and MAC iterations: OpenSSL would spend minutes.
    hostile = pki.set_iterations(company_pfx, 2048, 1_000_000_000)
    assert len(hostile) < 5_000 and hostile != company_pfx
    with pytest.raises(CertificateError, match="iteration count 1000000000"):
        load_pkcs12(hostile, PASSWORD)


def test_iteration_cap_is_configurable(company_pfx: bytes) -> None:
    with pytest.raises(CertificateError, match="iteration"):
        load_pkcs12(company_pfx, PASSWORD, max_iterations=2047)
    assert load_pkcs12(company_pfx, PASSWORD, max_iterations=2048).certificate is not None


def test_validity_window(test_ca: Any, pki: ModuleType) -> None:
    past = dt.datetime(2020, 1, 1, tzinfo=dt.UTC)
    key, cert = pki.make_leaf(
        test_ca, name="VENCIDA:11222333000181", cnpj="11222333000181",
        not_before=past, not_after=past + dt.timedelta(days=365),
    )  # fmt: skip
    pfx = pki.to_pkcs12(key, cert, PASSWORD)
    now = dt.datetime.now(dt.UTC)
    with pytest.raises(CertificateError) as caught:
        load_pkcs12(pfx, PASSWORD, require_valid_at=now)
    assert caught.value.code == "CERTIFICADO_VENCIDO"
    with pytest.raises(CertificateError) as early:
        load_pkcs12(pfx, PASSWORD, require_valid_at=past - dt.timedelta(days=1))
    assert early.value.code == "CERTIFICADO_AINDA_NAO_VALIDO"
    assert load_pkcs12(pfx, PASSWORD).certificate == cert  # loading without a check still works


@pytest.mark.parametrize("kind", ["octet", "printable", "utf8", "ia5"])
def test_holder_cnpj_in_every_string_encoding(test_ca: Any, pki: ModuleType, kind: str) -> None:
    _, cert = pki.make_leaf(test_ca, name="EMPRESA", cnpj="11222333000181", kind=kind)
    assert holder_ids(cert) == type(holder_ids(cert))(cnpj="11222333000181", cpf=None)


def test_holder_alphanumeric_cnpj(test_ca: Any, pki: ModuleType) -> None:
    _, cert = pki.make_leaf(test_ca, name="EMPRESA NOVA", cnpj="12ABC34501DE35")
    assert holder_ids(cert).cnpj == "12ABC34501DE35"


def test_holder_cpf_from_person_data(test_ca: Any, pki: ModuleType) -> None:
    _, cert = pki.make_leaf(test_ca, name="FULANO DE TAL", cpf="12345678909", kind="printable")
    ids = holder_ids(cert)
    assert ids.cpf == "12345678909" and ids.cnpj is None


@pytest.mark.parametrize(
    ("common_name", "cnpj", "cpf"),
    [
        ("EMPRESA TESTE LTDA:12345678000195", "12345678000195", None),
        ("FULANO DE TAL:12345678909", None, "12345678909"),
        ("EMPRESA NOVA:12ABC34501DE35", "12ABC34501DE35", None),
        ("SEM IDENTIFICADOR", None, None),
    ],
)
def test_holder_falls_back_to_the_common_name(
    test_ca: Any, pki: ModuleType, common_name: str, cnpj: str | None, cpf: str | None
) -> None:
    _, cert = pki.make_leaf(test_ca, name=common_name)
    ids = holder_ids(cert)
    assert (ids.cnpj, ids.cpf) == (cnpj, cpf)
