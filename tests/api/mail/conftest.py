"""Fixtures of the mail tests: a real SMTP sink and an app whose SMTP points at it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.api.mail.smtp_sink import SmtpSink


@pytest.fixture
def sink() -> Iterator[SmtpSink]:
    server = SmtpSink().start()
    yield server
    server.stop()


@pytest.fixture
def late_sink() -> Iterator[SmtpSink]:
    """A sink on a reserved port that is *not* started: SMTP is down until the test starts it."""
    server = SmtpSink()
    yield server
    server.stop()


@pytest.fixture
def summary() -> dict[str, Any]:
    """What the fiscal code passes: a thin summary plus members a mail must never carry."""
    return {
        "id": "nfe_0123456789abcdef01234567",
        "documento": "NFE",
        "status": "REJEITADA",
        "chave": "35261111222333000181550010000000121000000126",
        "numero": 12,
        "serie": 1,
        "pedido": "P-1",
        "ambiente": "HOMOLOGACAO",
        "solicitacao_id": None,
        "sefaz_code": "539",
        "sefaz_mensagem": "Rejeição: Duplicidade de NF-e com diferença na chave de acesso",
        "links": {"xml": "/api/v1/nfe/nfe_0123456789abcdef01234567/xml"},
        "xml": "<NFe><infNFe>segredo</infNFe></NFe>",
        "certificado": "-----BEGIN PRIVATE KEY-----",
    }
