"""Test data for the fiscal configuration: issuer bodies and A1 certificates."""

from __future__ import annotations

import base64
import datetime as dt
from functools import cache
from typing import Any

from simulator.pki import CertificateAuthority, create_ca, issue_a1

CNPJ = "11222333000181"


def issuer_body(**overrides: Any) -> dict[str, Any]:
    body = {
        "cnpj": "11.222.333/0001-81", "razao_social": "Empresa Teste Ltda", "uf": "SP",
        "ie": "110.042.490.114", "crt": 1, "cep": "01310-100", "logradouro": "Av Paulista",
        "numero": "1000", "bairro": "Bela Vista", "municipio": "São Paulo",
        "cod_municipio": "3550308", "csc_id": "1", "csc": "SEGREDO-CSC-0123456789",
    }  # fmt: skip
    body.update(overrides)
    return body


@cache
def _ca() -> CertificateAuthority:
    return create_ca()


def a1_base64(
    *, cnpj: str = CNPJ, password: str = "senha-a1", days: int = 365, start_days: int = -1
) -> str:
    now = dt.datetime.now(dt.UTC)
    blob = issue_a1(
        _ca(), cnpj=cnpj, name="EMPRESA TESTE", password=password,
        not_before=now + dt.timedelta(days=start_days), not_after=now + dt.timedelta(days=days),
    )  # fmt: skip
    return base64.b64encode(blob).decode()
