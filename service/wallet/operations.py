"""Wallet movements: holds and releases on the account's credit slices, insert-only ledger
entries, and the settlement that gives each entry its balances (models' docstring).

What an issuance does to the wallet, and why no row of it is shared by every issuance:
- **hold** (acceptance): `disponivel -= price` on one slice, picked at random among the slices
  that can pay and that no other transaction holds (`FOR UPDATE SKIP LOCKED`): concurrent
  acceptances of one account lock different rows. Only when none can (all locked, or the credit
  spread thinner than one price) does `gather` lock every slice, in slice order, and take the
  price from several; and only then is a short balance a 402;
- **debit** (the answer): one new ledger row, `DEBITO_EMISSAO` of the amount held (nothing to
  move: the hold already took it from the slices); the unique (documento_id, tipo) keeps it one
  per document;
- **release** (a request that ends without reaching the authority): the amount back to a slice;
  **refund**: an `ESTORNO` entry and the amount back to a slice.
Credits go to every slice evenly. The wallet row is written only by `settle` (the sweeper's
round; an operator's credit settles at once), one account at a time.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from typing import Any

from sqlalchemy import (
    Table,
    and_,
    bindparam,
    func,
    insert,
    literal,
    select,
    update,
)
from sqlalchemy.orm import Session

from service.accounts.models import Account
from service.audit import operations as audit
from service.db import utcnow
from service.ids import new_id
from service.wallet.models import LedgerEntry, LedgerType, Wallet, WalletSlice

CENT = Decimal("0.01")
ZERO = Decimal("0.00")
SLICES = 16
"""Slices a new wallet's credit is split into: more than the concurrent acceptances of one
account that a node runs at once (its gunicorn threads), so a hold rarely finds them all
locked (bench/results/api.md, 64 clients over 8 companies of one account)."""
SETTLE_BATCH = 200
"""Accounts settled per sweep (the next sweep takes the rest)."""

LEDGER: Table = LedgerEntry.__table__  # type: ignore[assignment]
WALLETS: Table = Wallet.__table__  # type: ignore[assignment]
SLICE_TABLE: Table = WalletSlice.__table__  # type: ignore[assignment]
ENTRY_COLUMNS = (
    "id", "account_id", "tipo", "valor", "descricao", "tipo_documento", "documento_id", "data",
)  # fmt: skip
"""The ledger columns a debit sets from its values (the balances come from the settlement)."""


class InsufficientBalance(Exception):
    """The wallet cannot pay for the document (402 `SALDO_INSUFICIENTE` at the edge)."""

    def __init__(self, saldo: Decimal, preco: Decimal) -> None:
        super().__init__(f"saldo {saldo} < preço {preco}")
        self.saldo = saldo
        self.preco = preco


class UnknownAccount(Exception):
    """No account (or no wallet) with this id: an operator typo, never a silent no-op."""


def _refuse_negative(balance: Decimal) -> None:
    if balance < 0:
        raise ValueError("ledger entry would make the balance negative")


# -- opening and reading -------------------------------------------------------------------


def open_wallet(session: Session, account_id: str, slices: int = SLICES) -> Wallet:
    wallet = Wallet(account_id=account_id, saldo=ZERO)
    session.add(wallet)
    session.add_all(WalletSlice(account_id=account_id, fatia=n, disponivel=ZERO) for n in
                    range(slices))  # fmt: skip
    session.flush()
    return wallet


def lock_wallet(session: Session, account_id: str, *, skip_locked: bool = False) -> Wallet | None:
    """The wallet row under `FOR UPDATE` (the settlement's lock; SQLite serialises with BEGIN
    IMMEDIATE). With `skip_locked`, None when another settlement holds it."""
    query = select(Wallet).where(Wallet.account_id == account_id)
    query = query.with_for_update(skip_locked=skip_locked)
    return session.execute(query).scalar_one_or_none()


@dataclass(frozen=True)
class Balances:
    """What `/financeiro/saldo` says: the ledger's balance, what is held for requests not
    answered yet, and what can still be spent."""

    saldo: Decimal
    reservado: Decimal
    disponivel: Decimal


def balances(session: Session, account_id: str) -> Balances:
    """One statement (one snapshot): the settled balance plus the pending entries, and the
    slices' sum; what is held is their difference."""
    pending = (
        select(func.coalesce(func.sum(LEDGER.c.valor), 0))
        .where(LEDGER.c.account_id == account_id, LEDGER.c.saldo_posterior.is_(None))
        .scalar_subquery()
    )
    spendable = (
        select(func.coalesce(func.sum(SLICE_TABLE.c.disponivel), 0))
        .where(SLICE_TABLE.c.account_id == account_id)
        .scalar_subquery()
    )
    row = session.execute(
        select(WALLETS.c.saldo, pending, spendable).where(WALLETS.c.account_id == account_id)
    ).one()
    saldo = (Decimal(row[0]) + Decimal(row[1])).quantize(CENT)
    disponivel = Decimal(row[2]).quantize(CENT)
    return Balances(saldo, (saldo - disponivel).quantize(CENT), disponivel)


def available(session: Session, account_id: str) -> Decimal:
    """What the account can still spend (the slices' sum)."""
    query = select(func.coalesce(func.sum(SLICE_TABLE.c.disponivel), 0)).where(
        SLICE_TABLE.c.account_id == account_id
    )
    return Decimal(session.execute(query).scalar_one()).quantize(CENT)


def reserved(session: Session, account_id: str) -> Decimal:
    """What is held for requests not answered yet."""
    return balances(session, account_id).reservado


# -- can it pay? ---------------------------------------------------------------------------


def unlimited_sql(account_id: Any) -> Any:
    """SQL: the account has unlimited credits (nothing is held or debited for it)."""
    return (
        select(Account.id)
        .where(Account.id == account_id, Account.unlimited_credits.is_(True))
        .exists()
    )


def ensure_available(session: Session, account_id: str, price: Decimal) -> None:
    """Raise `InsufficientBalance` when the account cannot pay `price` now (a read, no lock):
    the answer an outflow needs before it takes the credit (a received document's price:
    `InsufficientBalance`, where `post_entry` raises ValueError). What takes the credit still
    decides, under the slices' row locks."""
    unlimited = session.execute(
        select(Account.unlimited_credits).where(Account.id == account_id)
    ).scalar_one()
    if unlimited or price <= 0:
        return
    spendable = available(session, account_id)
    if spendable < price:
        raise InsufficientBalance(spendable, price)


# -- holds ---------------------------------------------------------------------------------


@functools.cache
def _hold_statement() -> Any:
    """Built once per process: the conditional hold, its values bound per call."""
    return hold_statement()


def hold_statement(*also: Any) -> Any:
    """SQL: `UPDATE wallet_slices SET disponivel = disponivel - :price WHERE <one slice that can
    pay, unlocked, picked at random> RETURNING account_id`, when the account is limited and
    every condition in `also` holds (bound parameters `p_account_id`, `price`). No row when no
    unlocked slice can pay: the caller then `gather`s."""
    account_id: Any = bindparam("p_account_id")
    price = bindparam("price", type_=SLICE_TABLE.c.disponivel.type)
    return _take_from_one_slice(account_id, price, ~unlimited_sql(account_id), *also)


def _unlocked_slice(account_id: Any, *conditions: Any) -> Any:
    """SQL: the number of one slice of the account meeting `conditions`, picked at random
    among those no other transaction has locked (`FOR UPDATE SKIP LOCKED`), locked by this one."""
    c = SLICE_TABLE.c
    return (
        select(c.fatia)
        .where(c.account_id == account_id, *conditions)
        .order_by(func.random())
        .limit(1)
        .with_for_update(skip_locked=True)
        .scalar_subquery()
    )


def _take_from_one_slice(account_id: Any, amount: Any, *conditions: Any) -> Any:
    """SQL: `amount` taken from one unlocked slice that can pay it (`_unlocked_slice`),
    `RETURNING account_id`; no row when none can."""
    c = SLICE_TABLE.c
    picked = _unlocked_slice(account_id, c.disponivel >= amount, *conditions)
    return (
        update(SLICE_TABLE)
        .where(c.account_id == account_id, c.fatia == picked, c.disponivel >= amount)
        .values(disponivel=c.disponivel - amount)
        .returning(c.account_id)
    )


def _took_from_one(session: Session, statement: Any, params: dict[str, Any]) -> bool:
    """Run a one-slice take under a savepoint: in READ COMMITTED a row that `SKIP LOCKED`
    locked and whose re-check then failed (another transaction spent it meanwhile) stays
    locked; rolled back to the savepoint, it is released before `gather` waits for all the
    slices in order (holding it, two gathers could wait for each other)."""
    savepoint = session.begin_nested()
    if session.execute(statement, params).first() is not None:
        savepoint.commit()
        return True
    savepoint.rollback()
    return False


def hold_for_issuance(session: Session, account_id: str, price: Decimal) -> Decimal:
    """Hold `price` for a new order or a queued request (no ledger entry: no money moved yet):
    one unlocked slice (`_took_from_one`), else every slice gathered; answers the amount held
    (0.00 for an unlimited account), or raises `InsufficientBalance`.

    A new order's claim holds the price with its number (`acceptance.claim`: 402 before a
    number), the queue already when it accepts a request (402 then, not hours later in the
    worker); the document takes that hold over. The hold becomes the one `DEBITO_EMISSAO`
    when the authority's answer is recorded (`debit_held`), or is released when the request
    ends without reaching the authority or without a document."""
    price = price.quantize(CENT)
    if price <= 0:
        return ZERO
    if _took_from_one(session, _hold_statement(), {"p_account_id": account_id, "price": price}):
        return price
    return hold_or_gather(session, account_id, price)


def hold_or_gather(session: Session, account_id: str, price: Decimal) -> Decimal:
    """When the one-slice hold took nothing: 0.00 for an unlimited account; else the price
    gathered from several slices under all their locks, or `InsufficientBalance` (402) when
    they do not add up to it."""
    unlimited = session.execute(
        select(Account.unlimited_credits).where(Account.id == account_id)
    ).scalar_one()
    if unlimited:
        return ZERO
    gather(session, account_id, price.quantize(CENT))
    return price.quantize(CENT)


def gather(session: Session, account_id: str, price: Decimal) -> None:
    """Take `price` from as many slices as it needs, each locked in slice order (every path that
    locks several slices locks them in that order: no deadlock between two of them)."""
    c = SLICE_TABLE.c
    rows = session.execute(
        select(c.fatia, c.disponivel)
        .where(c.account_id == account_id)
        .order_by(c.fatia)
        .with_for_update()
    ).all()
    total = sum((Decimal(r.disponivel) for r in rows), ZERO)
    if total < price:
        raise InsufficientBalance(total.quantize(CENT), price)
    left = price
    for fatia, disponivel in sorted(rows, key=lambda r: (-Decimal(r.disponivel), r.fatia)):
        take = min(Decimal(disponivel), left)
        if take > 0:
            _move(session, account_id, fatia, -take)
            left -= take
        if left <= 0:
            return


def _move(session: Session, account_id: str, fatia: int, amount: Decimal) -> None:
    c = SLICE_TABLE.c
    session.execute(
        update(SLICE_TABLE)
        .where(c.account_id == account_id, c.fatia == fatia)
        .values(disponivel=c.disponivel + amount)
    )


def release(session: Session, account_id: str, amount: Decimal) -> None:
    """Give back a hold (or a refunded debit) to a slice: one unlocked at random, else the
    first slice, waiting for it."""
    amount = amount.quantize(CENT)
    if amount <= 0:
        return
    c = SLICE_TABLE.c
    moved = session.execute(
        update(SLICE_TABLE)
        .where(c.account_id == account_id, c.fatia == _unlocked_slice(account_id))
        .values(disponivel=c.disponivel + amount)
        .returning(c.fatia)
    ).first()
    if moved is None:
        first = select(func.min(c.fatia)).where(c.account_id == account_id).scalar_subquery()
        _move(session, account_id, first, amount)  # type: ignore[arg-type]


def spread(session: Session, account_id: str, amount: Decimal) -> None:
    """A credit split evenly over the slices (cents left over to the first): holds anywhere
    find it. Locks them all in slice order."""
    c = SLICE_TABLE.c
    slices = list(
        session.execute(
            select(c.fatia).where(c.account_id == account_id).order_by(c.fatia).with_for_update()
        ).scalars()
    )
    if not slices:
        raise UnknownAccount(account_id)
    share = (amount / len(slices)).quantize(CENT, rounding=ROUND_DOWN)
    for n, fatia in enumerate(slices):
        extra = amount - share * len(slices) if n == 0 else ZERO
        if share + extra:
            _move(session, account_id, fatia, share + extra)


# -- ledger entries ------------------------------------------------------------------------


def post_entry(
    session: Session,
    account_id: str,
    tipo: LedgerType,
    valor: Decimal,
    *,
    descricao: str | None = None,
    referencia: str | None = None,
    tipo_documento: str | None = None,
    documento_id: str | None = None,
) -> LedgerEntry:
    """Append one ledger entry (pending: balances from the settlement) and move the credit by
    `valor`: a credit spreads over the slices, an outflow is taken from them (ValueError when
    they cannot pay it: the balance never goes negative)."""
    valor = valor.quantize(CENT)
    if valor > 0:
        spread(session, account_id, valor)
    elif valor < 0 and not _took_from_one(  # regardless of the account's limit: an
        session, _take_statement(), {"p_account_id": account_id, "amount": -valor}
    ):  # operator's adjustment or a received document's price comes from the credit itself
        try:
            gather(session, account_id, -valor)
        except InsufficientBalance as exc:
            raise ValueError("ledger entry would make the balance negative") from exc
    entry = LedgerEntry(
        id=new_id("mov"), account_id=account_id, tipo=tipo.value, valor=valor,
        descricao=descricao, referencia=referencia, tipo_documento=tipo_documento,
        documento_id=documento_id, data=utcnow(),
    )  # fmt: skip
    session.add(entry)
    session.flush()
    return entry


@functools.cache
def _take_statement() -> Any:
    """Built once per process: `amount` from one unlocked slice, whatever the account's limit."""
    return _take_from_one_slice(
        bindparam("p_account_id"), bindparam("amount", type_=SLICE_TABLE.c.disponivel.type)
    )


def debit_held(
    session: Session, account_id: str, *, held: Decimal, tipo_documento: str, documento_id: str
) -> None:
    """Turn an issuance's hold into its one `DEBITO_EMISSAO` (same transaction as the answer):
    one insert, nothing moved (the hold already took the amount from the slices), so an answer
    the authority gave is recorded whatever happened to the balance meanwhile."""
    if held <= 0:
        return
    params = debit_held_params(
        account_id, held, tipo_documento=tipo_documento, documento_id=documento_id
    )
    session.connection().execute(_debit_with_entry_statement(), params)


def debit_held_statement(*also: Any) -> Any:
    """SQL: the ledger's `INSERT ... SELECT <values> WHERE <every condition in also>`, every
    value a bound parameter (`debit_held_params`: `e_<column>` for the entry); answers the
    entry's id. (The statement the answer's transaction composes with its own parts.)"""
    values = [bindparam(f"e_{k}", type_=LEDGER.c[k].type) for k in ENTRY_COLUMNS]
    source = select(*values)
    if also:
        source = source.where(and_(*also))
    return insert(LEDGER).from_select(list(ENTRY_COLUMNS), source).returning(LEDGER.c.id)


@functools.cache
def _debit_with_entry_statement() -> Any:
    """Built once per process (`debit_held_statement` with no further condition)."""
    return debit_held_statement()


def debit_held_params(
    account_id: str, held: Decimal, *, tipo_documento: str, documento_id: str
) -> dict[str, Any]:
    """The bound values of `debit_held_statement`: a new `DEBITO_EMISSAO` of `held`."""
    entry = _debit_entry(account_id, held.quantize(CENT), tipo_documento, documento_id)
    params: dict[str, Any] = {f"e_{k}": entry[k] for k in ENTRY_COLUMNS}
    params.update(p_account_id=account_id, held=held.quantize(CENT))
    return params


def _debit_entry(
    account_id: str, held: Decimal, tipo_documento: str, documento_id: str
) -> dict[str, Any]:
    return {
        "id": new_id("mov"), "account_id": account_id, "tipo": LedgerType.DEBITO_EMISSAO.value,
        "valor": -held, "descricao": f"Emissão {tipo_documento}",
        "tipo_documento": tipo_documento, "documento_id": documento_id, "data": utcnow(),
    }  # fmt: skip


def refund_issuance(
    session: Session, account_id: str, *, charged: Decimal, tipo_documento: str, documento_id: str
) -> None:
    """One `ESTORNO` of what `debit_held` took, when the request ends without a document."""
    if charged <= 0:
        return
    post_entry(
        session,
        account_id,
        LedgerType.ESTORNO,
        charged,
        descricao=f"Estorno da emissão {tipo_documento} sem documento autorizado",
        tipo_documento=tipo_documento,
        documento_id=documento_id,
    )


# -- settlement ----------------------------------------------------------------------------


def settle(session: Session, account_id: str, *, wait: bool = False) -> Decimal | None:
    """Give the account's pending entries their balances, in (data, id) order, after the last
    settled one, and move the wallet's settled balance past them. Answers the new balance, or
    None when another settlement holds the wallet (`wait` False: the sweeper skips it).

    One set-based UPDATE (a running sum over the pending entries), then the wallet row: the
    only writes of the wallet row are here, once per account and sweep."""
    wallet = lock_wallet(session, account_id, skip_locked=not wait)
    if wallet is None:
        return None
    base = Decimal(wallet.saldo).quantize(CENT)
    c = LEDGER.c
    running = (
        select(c.id, func.sum(c.valor).over(order_by=[c.data, c.id]).label("ate_aqui"))
        .where(c.account_id == account_id, c.saldo_posterior.is_(None))
        .subquery("pendentes")
    )
    after = literal(base, LEDGER.c.valor.type) + running.c.ate_aqui
    moved = session.execute(
        update(LEDGER)
        .where(c.id == running.c.id)
        .values(saldo_anterior=after - c.valor, saldo_posterior=after)
        .returning(c.valor)
    ).all()
    saldo = (base + sum((Decimal(v) for (v,) in moved), ZERO)).quantize(CENT)
    _refuse_negative(saldo)
    if moved:
        wallet.saldo = saldo
        session.flush()
    return saldo


def accounts_to_settle(session: Session, limit: int = SETTLE_BATCH) -> list[str]:
    """Accounts with pending entries (read only)."""
    query = (
        select(LEDGER.c.account_id)
        .where(LEDGER.c.saldo_posterior.is_(None))
        .group_by(LEDGER.c.account_id)
        .limit(limit)
    )
    return list(session.execute(query).scalars())


def pending_balances(
    session: Session, account_id: str, entries: Sequence[LedgerEntry]
) -> dict[str, tuple[Decimal, Decimal]]:
    """(saldo_anterior, saldo_posterior) of the shown entries the settlement has not reached
    yet, as it will write them (the settled balance plus the running sum in (data, id) order)."""
    if all(e.saldo_posterior is not None for e in entries):
        return {}
    base = session.execute(
        select(WALLETS.c.saldo).where(WALLETS.c.account_id == account_id)
    ).scalar_one()
    c = LEDGER.c
    rows = session.execute(
        select(c.id, c.valor)
        .where(c.account_id == account_id, c.saldo_posterior.is_(None))
        .order_by(c.data, c.id)
    ).all()
    out: dict[str, tuple[Decimal, Decimal]] = {}
    saldo = Decimal(base)
    for entry_id, valor in rows:
        out[entry_id] = (saldo.quantize(CENT), (saldo + Decimal(valor)).quantize(CENT))
        saldo += Decimal(valor)
    return out


# -- the operator's credit -----------------------------------------------------------------

MAX_BALANCE = Decimal("999999999999.99")
"""The largest balance the ledger's NUMERIC(14, 2) columns hold."""


def credit_admin(
    session: Session, account_id: str, valor: Decimal, *, descricao: str | None = None
) -> LedgerEntry:
    """Operator credit (`fiscal wallet credit`): one `CREDITO_ADMIN` entry, settled at once (the
    operator reads its balances), audited.

    The audit entry keeps the balance before and after, so a credit can be traced to the
    operator action that made it even though the ledger itself has no actor column.
    """
    if not valor.is_finite() or valor <= 0:
        raise ValueError("o crédito deve ser positivo")
    if valor > MAX_BALANCE or valor != valor.quantize(CENT):
        raise ValueError("o crédito tem no máximo duas casas decimais e 12 dígitos inteiros")
    before = settle(session, account_id, wait=True)
    if before is None:
        raise UnknownAccount(account_id)
    if before + valor > MAX_BALANCE:
        raise ValueError("o saldo resultante excede o limite da carteira")
    entry = post_entry(
        session, account_id, LedgerType.CREDITO_ADMIN, valor,
        descricao=descricao or "Crédito do operador",
    )  # fmt: skip
    settle(session, account_id, wait=True)
    session.refresh(entry)
    audit.record(
        session,
        account_id=account_id,
        acao="CREDITAR",
        entidade="carteira",
        registro_id=entry.id,
        antes={"saldo": str(entry.saldo_anterior)},
        depois={
            "saldo": str(entry.saldo_posterior),
            "valor": str(entry.valor),
            "descricao": entry.descricao,
        },
        ip="cli",
    )
    return entry
