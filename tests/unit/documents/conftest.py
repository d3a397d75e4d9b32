"""Fixtures for the documents tests: a test PKI, one company's A1 and signer, xmlsec1.

The helper modules `certs.py` and `xmlsec.py` are loaded by path under private names so that
their generic file names cannot collide with other test folders' helpers.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from documents.certificates import A1Certificate, load_pkcs12
from documents.signing import XmlSigner

HERE = Path(__file__).parent

NFE_NS = "http://www.portalfiscal.inf.br/nfe"
COMPANY_CNPJ = "11222333000181"
PASSWORD = "senha-de-teste"


def _load(name: str) -> ModuleType:
    qualified = f"_documents_tests_{name}"
    if qualified not in sys.modules:
        spec = importlib.util.spec_from_file_location(qualified, HERE / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[qualified] = module
        spec.loader.exec_module(module)
    return sys.modules[qualified]


certs = _load("certs")
xmlsec = _load("xmlsec")
nfe_factory_module = _load("nfe_factory")


@pytest.fixture(scope="session")
def pki() -> ModuleType:
    """The certs helper module (make_ca, make_leaf, to_pkcs12, set_iterations)."""
    return certs


@pytest.fixture(scope="session")
def test_ca() -> Any:
    return certs.make_ca()


@pytest.fixture(scope="session")
def company_pfx(test_ca: Any) -> bytes:
    key, cert = certs.make_leaf(
        test_ca, name=f"EMPRESA TESTE LTDA:{COMPANY_CNPJ}", cnpj=COMPANY_CNPJ
    )
    return bytes(certs.to_pkcs12(key, cert, PASSWORD, chain=[test_ca.certificate]))


@pytest.fixture(scope="session")
def company_a1(company_pfx: bytes) -> A1Certificate:
    return load_pkcs12(company_pfx, PASSWORD)


@pytest.fixture(scope="session")
def signer(company_a1: A1Certificate) -> XmlSigner:
    return XmlSigner(company_a1)


@pytest.fixture
def xmlsec_verify(test_ca: Any, tmp_path: Path) -> Callable[..., str]:
    """Check a signed document with xmlsec1: `xmlsec_verify(xml, "infNFe")`."""

    def verify(xml: bytes, id_node: str, namespace: str = NFE_NS) -> str:
        return str(
            xmlsec.xmlsec_verify(
                xml, id_node=id_node, namespace=namespace, trusted_pem=test_ca.pem, tmp=tmp_path
            )
        )

    return verify


@pytest.fixture(scope="session")
def nfe_factory() -> ModuleType:
    """The nfe_factory helper module (nfe_data, nfce_data, item, issuer, recipient)."""
    return nfe_factory_module
