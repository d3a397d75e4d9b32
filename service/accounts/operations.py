"""Creating accounts and issuing, listing and revoking API keys."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.accounts.models import Account, ApiKey, KeyKind, KeyMode
from service.accounts.scopes import ALL_SCOPES
from service.audit import operations as audit
from service.crypto import KeyHasher
from service.db import utcnow
from service.ids import new_id
from service.wallet import operations as wallet
from service.wallet.models import LedgerType

KEY_HEX_LENGTH = 40


@dataclass(frozen=True)
class IssuedKey:
    """A key as created: the plaintext exists only in this object, shown once."""

    record: ApiKey
    plaintext: str


def generate_key(mode: KeyMode) -> str:
    return f"fiscal_{mode.value}_{secrets.token_hex(KEY_HEX_LENGTH // 2)}"


def display_prefix(plaintext: str) -> str:
    """Enough of the key to recognise it in a list, too little to use it."""
    return plaintext[: len("fiscal_live_") + 6]


def issue_key(
    session: Session,
    hasher: KeyHasher,
    *,
    account_id: str,
    name: str,
    scopes: Iterable[str],
    mode: KeyMode,
    kind: KeyKind = KeyKind.USER,
    created_by: str | None = None,
) -> IssuedKey:
    plaintext = generate_key(mode)
    record = ApiKey(
        id=new_id("key"),
        account_id=account_id,
        digest=hasher.digest(plaintext),
        prefix=display_prefix(plaintext),
        name=name,
        mode=mode.value,
        kind=kind.value,
        scopes=sorted(set(scopes)),
        created_by=created_by,
    )
    session.add(record)
    return IssuedKey(record, plaintext)


@dataclass(frozen=True)
class CreatedAccount:
    account: Account
    live_key: str
    test_key: str


def create_account(
    session: Session,
    hasher: KeyHasher,
    *,
    name: str,
    email: str,
    credits: Decimal = Decimal("0"),
    unlimited: bool = False,
    max_companies: int = 10,
) -> CreatedAccount:
    """An account, its wallet (with the opening credit) and a live and a test key."""
    account = Account(
        id=new_id("acc"),
        name=name,
        email=email.strip().lower(),
        unlimited_credits=unlimited,
        max_companies=max_companies,
    )
    session.add(account)
    session.flush()
    wallet.open_wallet(session, account.id)
    if credits > 0:
        wallet.post_entry(
            session, account.id, LedgerType.CREDITO_ADMIN, credits, descricao="Crédito inicial"
        )
    live = issue_key(
        session,
        hasher,
        account_id=account.id,
        name="principal",
        scopes=ALL_SCOPES,
        mode=KeyMode.LIVE,
    )
    test = issue_key(
        session, hasher, account_id=account.id, name="sandbox", scopes=ALL_SCOPES, mode=KeyMode.TEST
    )
    return CreatedAccount(account, live.plaintext, test.plaintext)


def list_keys(session: Session, account_id: str, mode: str | None = None) -> list[ApiKey]:
    query = select(ApiKey).where(ApiKey.account_id == account_id, ApiKey.revoked_at.is_(None))
    if mode is not None:
        query = query.where(ApiKey.mode == mode)
    return list(session.execute(query.order_by(ApiKey.created_at)).scalars())


def revoke_key(
    session: Session, key: ApiKey, *, actor_key_id: str | None, ip: str | None = None
) -> ApiKey:
    """Revocation is immediate and audited; the record stays for the audit trail."""
    key.revoked_at = utcnow()
    audit.record(
        session,
        account_id=key.account_id,
        acao="REVOGAR",
        entidade="api_key",
        registro_id=key.id,
        antes={"prefix": key.prefix, "name": key.name, "ativa": True},
        depois={"ativa": False},
        ip=ip,
        actor_key_id=actor_key_id,
    )
    return key
