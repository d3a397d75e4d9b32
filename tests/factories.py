"""Test data made through the real operations, so factories never drift from the code."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from service.accounts import operations as accounts
from service.accounts.models import KeyKind, KeyMode
from service.accounts.scopes import ALL_SCOPES
from service.companies import operations as companies
from service.companies.models import Company
from service.db import transaction
from service.runtime import Runtime

_counter = iter(range(1, 1_000_000))


@dataclass(frozen=True)
class AccountHandle:
    id: str
    live: str
    test: str


def make_account(rt: Runtime, **kwargs: Any) -> AccountHandle:
    n = next(_counter)
    kwargs.setdefault("name", f"Conta {n}")
    kwargs.setdefault("email", f"conta{n}@exemplo.com.br")
    kwargs.setdefault("credits", Decimal("100.00"))
    with transaction(rt.sessions) as session:
        created = accounts.create_account(session, rt.hasher, **kwargs)
        return AccountHandle(created.account.id, created.live_key, created.test_key)


def make_key(
    rt: Runtime,
    account_id: str,
    *,
    scopes: Any = ALL_SCOPES,
    mode: str = "live",
    kind: str = "user",
    name: str = "teste",
) -> str:
    with transaction(rt.sessions) as session:
        issued = accounts.issue_key(
            session,
            rt.hasher,
            account_id=account_id,
            name=name,
            scopes=scopes,
            mode=KeyMode(mode),
            kind=KeyKind(kind),
        )
        return issued.plaintext


def make_company(
    rt: Runtime,
    account_id: str,
    *,
    codigo: str | None = None,
    modulos: list[str] | None = None,
    ativo: bool = True,
    cnpj: str = "11222333000181",
    max_companies: int = 100,
) -> Company:
    n = next(_counter)
    with transaction(rt.sessions) as session:
        company = companies.create_company(
            session,
            account_id=account_id,
            max_companies=max_companies,
            codigo=codigo or f"empresa{n}",
            razao_social=f"Empresa {n} Ltda",
            cnpj=cnpj,
            modulos=modulos,
        )
        company.ativo = ativo
        session.flush()
        session.expunge(company)
        return company


def auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}
