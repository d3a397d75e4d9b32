"""Notification preferences: who receives which notice, per company or account-wide.

Resolution for a company: its own preference, else the account-wide one, else the default:
the account's e-mail receives the notifications the spec lists (`autorizada`, `rejeitada`,
`acao_necessaria`); only the pending notice (`pendente`), which the spec calls optional, is
opt-in.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from service.accounts.models import Account
from service.ids import new_id
from service.notify.mail.models import (
    ACCOUNT_SCOPE,
    KIND_ORDER,
    NotificationKind,
    NotificationPreference,
)

DEFAULT_KINDS: tuple[str, ...] = (
    NotificationKind.AUTORIZADA.value,
    NotificationKind.REJEITADA.value,
    NotificationKind.ACAO_NECESSARIA.value,
)
MAX_ADDRESSES = 10


class Origin:
    """Where an effective preference comes from (`origem` on the wire)."""

    EMPRESA = "empresa"
    CONTA = "conta"
    PADRAO = "padrao"


@dataclass(frozen=True)
class Effective:
    """The preference that applies to a company (or to the account when `company_id` is None)."""

    company_id: str | None
    origem: str
    tipos: tuple[str, ...]
    emails: tuple[str, ...]
    ativo: bool
    atualizado_em: datetime | None

    def recipients(self, kind: str) -> tuple[str, ...]:
        return self.emails if self.ativo and kind in self.tipos else ()


def canonical_kinds(kinds: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Known kinds, each once, in the documented order."""
    return tuple(kind for kind in KIND_ORDER if kind in kinds)


def canonical_addresses(addresses: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Lower-cased, each once, in the order given (dedup of the outbox compares these)."""
    seen: dict[str, None] = {}
    for address in addresses:
        seen.setdefault(address.strip().lower(), None)
    return tuple(seen)


def _scope(company_id: str | None) -> str:
    return company_id or ACCOUNT_SCOPE


def _stored(
    session: Session, account_id: str, company_id: str | None, *, lock: bool = False
) -> NotificationPreference | None:
    query = select(NotificationPreference).where(
        NotificationPreference.account_id == account_id,
        NotificationPreference.escopo == _scope(company_id),
    )
    if lock:
        query = query.with_for_update()
    return session.execute(query).scalar_one_or_none()


def _from_row(row: NotificationPreference, company_id: str | None, origem: str) -> Effective:
    return Effective(
        company_id=company_id,
        origem=origem,
        tipos=canonical_kinds(row.tipos),
        emails=tuple(row.emails),
        ativo=row.ativo,
        atualizado_em=row.updated_at,
    )


def _default(session: Session, account_id: str, company_id: str | None) -> Effective:
    email = session.execute(select(Account.email).where(Account.id == account_id)).scalar()
    emails = canonical_addresses([email]) if email else ()
    return Effective(company_id, Origin.PADRAO, DEFAULT_KINDS, emails, True, None)


def effective(session: Session, account_id: str, company_id: str | None) -> Effective:
    """The company's preference, else the account's, else the default."""
    if company_id is not None:
        own = _stored(session, account_id, company_id)
        if own is not None:
            return _from_row(own, company_id, Origin.EMPRESA)
    account_wide = _stored(session, account_id, None)
    if account_wide is not None:
        return _from_row(account_wide, company_id, Origin.CONTA)
    return _default(session, account_id, company_id)


def recipients(session: Session, account_id: str, company_id: str, kind: str) -> tuple[str, ...]:
    """The addresses that receive `kind` for this company (empty: nobody)."""
    return effective(session, account_id, company_id).recipients(kind)


def save(
    session: Session,
    account_id: str,
    company_id: str | None,
    *,
    tipos: list[str],
    emails: list[str],
    ativo: bool,
) -> tuple[Effective, dict[str, Any] | None]:
    """Replace the preference of one scope (PUT); answers it and the previous values (audit)."""
    origem = Origin.EMPRESA if company_id else Origin.CONTA
    row = _stored(session, account_id, company_id, lock=True)
    before = None if row is None else view(_from_row(row, company_id, origem))
    if row is None:
        row = _insert(session, account_id, company_id)
    row.tipos = list(canonical_kinds(tipos))
    row.emails = list(canonical_addresses(emails))
    row.ativo = ativo
    session.flush()
    return _from_row(row, company_id, origem), before


def _insert(session: Session, account_id: str, company_id: str | None) -> NotificationPreference:
    """A new row; a concurrent PUT that inserted first wins the race and we update its row."""
    row = NotificationPreference(
        id=new_id("ntp"), account_id=account_id, company_id=company_id, escopo=_scope(company_id)
    )
    try:
        with session.begin_nested():
            session.add(row)
    except IntegrityError:
        found = _stored(session, account_id, company_id, lock=True)
        if found is None:
            raise
        return found
    return row


def view(pref: Effective) -> dict[str, Any]:
    """The wire form (without `envio_habilitado`, which is the deployment's, not the row's)."""
    return {
        "empresa_id": pref.company_id,
        "origem": pref.origem,
        "tipos": list(pref.tipos),
        "emails": list(pref.emails),
        "ativo": pref.ativo,
        "atualizado_em": pref.atualizado_em.isoformat() if pref.atualizado_em else None,
    }
