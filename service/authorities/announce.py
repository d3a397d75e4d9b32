"""The webhooks of an authority's transitions: `autoridade.fora` and `autoridade.normalizada`.

Written in the transaction that changes the state (`breaker`), through the webhook outbox:
one event per account that has an active company served by the authority (its UF, model and
environment), delivered to each of the account's subscriptions that wants the kind for one of
those companies (account-wide ones included), once even when several of them are served.
"""

from __future__ import annotations

from collections import defaultdict

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.authorities.keys import AuthorityKey, served, ufs_served
from service.authorities.models import AuthorityState
from service.authorities.operations import Use, render
from service.companies.models import Company
from service.notify.webhooks.outbox import SubscriptionView, store_event, subscribers


def publish(session: Session, row: AuthorityState, kind: str) -> int:
    """Record `kind` for every interested account; answers how many events were stored."""
    key = AuthorityKey(row.modelo, row.autorizador, row.ambiente)
    by_account: dict[str, list[Company]] = defaultdict(list)
    for company in served(_companies(session, key), key):
        by_account[company.account_id].append(company)
    stored = 0
    for account_id, companies in by_account.items():
        targets = _targets(session, kind, account_id, companies, key.ambiente)
        if not targets:
            continue
        use = Use({c.codigo for c in companies}, {str(c.uf) for c in companies})
        store_event(session, tipo=kind, account_id=account_id, company_id=None,
                    ambiente=key.ambiente, data=render(key, row, use),
                    targets=targets)  # fmt: skip
        stored += 1
    return stored


def _companies(session: Session, key: AuthorityKey) -> list[Company]:
    """The active companies of the key's environment in the UFs the authority serves."""
    query = select(Company).where(
        Company.ativo.is_(True), Company.ambiente == key.ambiente,
        Company.uf.in_(ufs_served(key)),
    )  # fmt: skip
    return list(session.execute(query).scalars())


def _targets(
    session: Session, kind: str, account_id: str, companies: list[Company], ambiente: str
) -> list[SubscriptionView]:
    found: dict[str, SubscriptionView] = {}
    for company in companies:
        for subscription in subscribers(session, tipo=kind, account_id=account_id,
                                        company_id=company.id, ambiente=ambiente):  # fmt: skip
            found.setdefault(subscription.id, subscription)
    return list(found.values())
