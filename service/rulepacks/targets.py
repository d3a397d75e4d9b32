"""Which companies a pack names: a company pack's `empresa`, a platform pack's `empresas` or
`todas_empresas`, by CNPJ, code or id, within one account (given, or the only one that fits)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from service.companies.models import Company


class TargetError(Exception):
    """A pack names no company, several, or companies of different accounts."""


def _digits(text: str) -> str:
    return re.sub(r"\D", "", text)


def find_companies(session: Session, ref: str, account_id: str | None = None) -> list[Company]:
    """Active companies a reference may mean: its id, its CNPJ (any punctuation) or its code."""
    digits = _digits(ref)
    clauses = [Company.id == ref, Company.codigo == ref]
    if len(digits) == 14:
        clauses.append(Company.cnpj == digits)
    query = select(Company).where(or_(*clauses), Company.ativo.is_(True))
    if account_id is not None:
        query = query.where(Company.account_id == account_id)
    return list(session.execute(query.order_by(Company.account_id, Company.id)).scalars())


def one_company(session: Session, ref: str, account_id: str | None = None) -> Company:
    found = find_companies(session, ref, account_id)
    if not found:
        where = f" na conta {account_id}" if account_id else ""
        raise TargetError(f"empresa {ref} não encontrada{where} (use o CNPJ, o código ou o id)")
    if len(found) > 1:
        accounts = ", ".join(sorted({c.account_id for c in found}))
        raise TargetError(f"empresa {ref} é ambígua (contas {accounts}): informe --conta")
    return found[0]


def companies_of(session: Session, refs: Iterable[str], account_id: str | None) -> list[Company]:
    """Every company named, all of one account (the one given, else the one they share)."""
    found = [one_company(session, ref, account_id) for ref in refs]
    accounts = {c.account_id for c in found}
    if len(accounts) > 1:
        raise TargetError(
            "as empresas do pacote são de contas diferentes "
            f"({', '.join(sorted(accounts))}): um pacote de plataforma pertence a uma conta"
        )
    return found


def account_companies(session: Session, account_id: str) -> list[Company]:
    query = select(Company).where(Company.account_id == account_id, Company.ativo.is_(True))
    return list(session.execute(query.order_by(Company.id)).scalars())
