"""Test data for the fiscal configuration: issuer bodies and A1 certificates."""

from __future__ import annotations

import base64
import datetime as dt
from functools import cache
from typing import Any

from service.configuration.models import TaxRule
from service.db import transaction
from service.fiscal.models import BaseRule
from service.fiscal.rules import bump_revision
from service.ids import new_id
from service.runtime import Runtime
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
    *,
    cnpj: str = CNPJ,
    password: str = "senha-a1",
    days: int = 365,
    start_days: int = -1,
    cpf: str | None = None,
) -> str:
    """An e-CNPJ A1, or an e-CPF when `cpf` is given (ICP-Brasil otherName 2.16.76.1.3.1)."""
    now = dt.datetime.now(dt.UTC)
    holder: dict[str, str | None] = {"cnpj": None, "cpf": cpf} if cpf else {"cnpj": cnpj}
    blob = issue_a1(
        _ca(), **holder, name="EMPRESA TESTE", password=password,
        not_before=now + dt.timedelta(days=start_days), not_after=now + dt.timedelta(days=days),
    )  # fmt: skip
    return base64.b64encode(blob).decode()


def store_base_rule(rt: Runtime, company: Any, rule: dict[str, Any], **values: Any) -> str:
    """A base rule row written directly (not through the API), as one stored before rules
    were compiled when written, or before the engine's vocabulary changed."""
    rule_id = new_id("rb")
    fields = {**rule, **values}
    fields["vigencia_inicio"] = dt.date.fromisoformat(fields["vigencia_inicio"])
    with transaction(rt.sessions) as session:
        session.add(
            BaseRule(id=rule_id, account_id=company.account_id, company_id=company.id,
                     tags=[], ativo=True, revisao=1, **fields)
        )  # fmt: skip
        bump_revision(session, company.id)
    return rule_id


def store_company_rule(rt: Runtime, company: Any, model: Any, **values: Any) -> str:
    """A tax (`TaxRule`) or IVA (`IvaRule`) row written directly, like `store_base_rule`."""
    rule_id = new_id("trib" if model is TaxRule else "iva")
    with transaction(rt.sessions) as session:
        session.add(
            model(id=rule_id, account_id=company.account_id, company_id=company.id,
                  vigencia_inicio=dt.date(2026, 1, 1), tags=[], ativo=True, revisao=1, **values)
        )  # fmt: skip
        bump_revision(session, company.id)
    return rule_id
