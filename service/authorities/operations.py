"""`GET /fiscal/autoridades`: the authorities the caller's companies use, with their state."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.auth import Credential
from service.authorities.keys import AuthorityKey, of_company
from service.authorities.models import AuthorityState, AuthorityStatus
from service.companies.models import Company
from service.companies.operations import account_companies
from service.companies.resolver import effective_environment


@dataclass
class Use:
    """Who uses one authority: the companies (codes), their UFs and the contingency modes
    their open periods on it are in."""

    empresas: set[str] = field(default_factory=set)
    ufs: set[str] = field(default_factory=set)
    contingencias: set[str] = field(default_factory=set)


def uses(
    companies: list[Company], credential: Credential, args: dict[str, Any]
) -> dict[AuthorityKey, Use]:
    """The authorities of `companies` in the environment the key works in (a test key:
    homologation), narrowed by the `uf` and `modelo` filters."""
    found: dict[AuthorityKey, Use] = defaultdict(Use)
    for company in companies:
        if args.get("uf") and company.uf != args["uf"]:
            continue
        ambiente = effective_environment(company, credential).value
        for key in of_company(company, ambiente):
            if args.get("modelo") and key.modelo != args["modelo"]:
                continue
            found[key].empresas.add(company.codigo)
            found[key].ufs.add(str(company.uf))
            period = (company.contingencia or {}).get(f"{key.modelo}:{ambiente}")
            if period and period.get("autorizador") == key.autorizador:
                found[key].contingencias.add(str(period["tipo"]))
    return found


def listing(
    session: Session, credential: Credential, company: Company | None, args: dict[str, Any]
) -> list[dict[str, Any]]:
    """Each authority one of the account's active companies (or `company`) uses, in
    (model, authoriser, environment) order; one never recorded is ONLINE with no answer."""
    companies = [company] if company else account_companies(session, credential.account_id)
    used = uses(companies, credential, args)
    rows = {_key(row): row for row in session.execute(select(AuthorityState)).scalars()}
    return [render(key, rows.get(key), used[key]) for key in sorted(used)]


def _key(row: AuthorityState) -> AuthorityKey:
    return AuthorityKey(row.modelo, row.autorizador, row.ambiente)


def last_answer(row: AuthorityState | None) -> dict[str, Any] | None:
    if row is None or row.respondido_em is None:
        return None
    return {"c_stat": row.c_stat, "motivo": row.motivo, "causa": row.causa,
            "em": row.respondido_em.isoformat()}  # fmt: skip


def render(key: AuthorityKey, row: AuthorityState | None, use: Use | None) -> dict[str, Any]:
    """One authority as the API and the webhooks show it."""
    shown: dict[str, Any] = {
        "modelo": key.modelo,
        "documento": key.documento,
        "autorizador": key.autorizador,
        "ambiente": key.ambiente,
        "status": row.status if row else AuthorityStatus.ONLINE.value,
        "desde": row.desde.isoformat() if row else None,
        "ultima_resposta": last_answer(row),
        "verificado_em": row.verificado_em.isoformat() if row and row.verificado_em else None,
        "falhas_consecutivas": row.falhas_consecutivas if row else 0,
        "contingencia": None,
    }
    if use is not None and use.contingencias:
        shown["contingencia"] = ",".join(sorted(use.contingencias))
    if use is not None:
        shown["ufs"] = sorted(use.ufs)
        shown["empresas"] = sorted(use.empresas)
    return shown
