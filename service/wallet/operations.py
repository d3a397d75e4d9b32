"""Wallet movements. Every movement locks the wallet row and appends one ledger entry."""

from __future__ import annotations

import functools
from decimal import Decimal
from typing import Any

from sqlalchemy import Table, bindparam, case, insert, or_, select, true, update
from sqlalchemy.exc import NoResultFound
from sqlalchemy.orm import Session

from service.accounts.models import Account
from service.audit import operations as audit
from service.db import utcnow
from service.ids import new_id
from service.wallet.models import LedgerEntry, LedgerType, Wallet

CENT = Decimal("0.01")


def lock_wallet(session: Session, account_id: str) -> Wallet:
    """The wallet row under `FOR UPDATE` (SQLite serialises with BEGIN IMMEDIATE)."""
    query = select(Wallet).where(Wallet.account_id == account_id).with_for_update()
    return session.execute(query).scalar_one()


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
    """Append one ledger entry and move the balance by `valor` (negative = outflow)."""
    wallet = lock_wallet(session, account_id)
    valor = valor.quantize(CENT)
    antes = Decimal(wallet.saldo).quantize(CENT)
    depois = antes + valor
    _refuse_negative(depois)
    wallet.saldo = depois
    entry = LedgerEntry(
        id=new_id("mov"),
        account_id=account_id,
        tipo=tipo.value,
        valor=valor,
        saldo_anterior=antes,
        saldo_posterior=depois,
        descricao=descricao,
        referencia=referencia,
        tipo_documento=tipo_documento,
        documento_id=documento_id,
    )
    session.add(entry)
    return entry


def open_wallet(session: Session, account_id: str) -> Wallet:
    wallet = Wallet(account_id=account_id, saldo=Decimal("0.00"), reservado=Decimal("0.00"))
    session.add(wallet)
    session.flush()
    return wallet


class InsufficientBalance(Exception):
    """The wallet cannot pay for the document (402 `SALDO_INSUFICIENTE` at the edge)."""

    def __init__(self, saldo: Decimal, preco: Decimal) -> None:
        super().__init__(f"saldo {saldo} < preço {preco}")
        self.saldo = saldo
        self.preco = preco


def can_pay(account_id: str, price: Decimal) -> Any:
    """SQL condition: the account is unlimited, or its available balance covers `price`."""
    if price <= 0:
        return true()
    return can_pay_sql(account_id, price.quantize(CENT))


def can_pay_sql(account_id: Any, price: Any) -> Any:
    """`can_pay` for values or bound parameters (a statement built once per process)."""
    return (
        select(Wallet.account_id)
        .join(Account, Account.id == Wallet.account_id)
        .where(
            Wallet.account_id == account_id,
            or_(
                Account.unlimited_credits.is_(True),
                Wallet.saldo - Wallet.reservado >= price,
                price <= 0,
            ),
        )
        .exists()
    )


def ensure_available(session: Session, account_id: str, price: Decimal) -> None:
    """Raise `InsufficientBalance` when the account cannot pay `price` now (a read, no lock):
    a new order is refused before it takes a number. The hold itself (`hold_for_issuance`)
    still decides under the wallet's row lock."""
    query = (
        select(Wallet.saldo, Wallet.reservado, Account.unlimited_credits)
        .join(Account, Account.id == Wallet.account_id)
        .where(Wallet.account_id == account_id)
    )
    saldo, reservado, unlimited = session.execute(query).one()
    available = Decimal(saldo) - Decimal(reservado or 0)
    if not unlimited and price > 0 and available < price:
        raise InsufficientBalance(available, price)


@functools.cache
def _hold_statement() -> Any:
    """Built once per process: the conditional hold, its values bound per call."""
    return hold_statement()


def unlimited_sql(account_id: Any) -> Any:
    """SQL: the account has unlimited credits (nothing is held or debited for it)."""
    return (
        select(Account.id)
        .where(Account.id == account_id, Account.unlimited_credits.is_(True))
        .exists()
    )


def hold_statement(*also: Any) -> Any:
    """SQL: `UPDATE wallets SET reservado = reservado + :price ... RETURNING account_id` when
    the account is limited, its balance allows it and every condition in `also` holds (bound
    parameters `p_account_id`, `price`, `now`)."""
    c = WALLETS.c
    account_id: Any = bindparam("p_account_id")
    price = bindparam("price", type_=c.saldo.type)
    limited = ~unlimited_sql(account_id)
    return (
        update(WALLETS)
        .where(c.account_id == account_id, c.saldo - c.reservado >= price, limited, *also)
        .values(reservado=c.reservado + price, updated_at=bindparam("now"))
        .returning(c.account_id)
    )


def hold_for_issuance(session: Session, account_id: str, price: Decimal) -> Decimal:
    """Hold `price` for a queued or in-flight request (no ledger entry: no money moved yet);
    answers the amount held.

    Issuance holds the price when it fixes the document (and the queue already when it accepts
    a request: 402 then, not hours later in the worker; the document takes the task's hold
    over). The hold becomes the one `DEBITO_EMISSAO` when the authority's answer is recorded
    (`debit_held`), or is released when the request ends without reaching the authority or
    without a document. One conditional `UPDATE ... RETURNING` takes it when the account is
    limited and its balance allows it (the row lock lasts until the caller's commit); only
    when it does not is the account read, to tell an unlimited account (nothing held) from a
    short balance (402)."""
    price = price.quantize(CENT)
    if price <= 0:
        return Decimal("0.00")
    params = {"p_account_id": account_id, "price": price, "now": utcnow()}
    taken = session.execute(_hold_statement(), params).first()
    if taken is not None:
        return price
    ensure_available(session, account_id, price)  # raises for a short balance
    return Decimal("0.00")  # unlimited


def debit_held(
    session: Session, account_id: str, *, held: Decimal, tipo_documento: str, documento_id: str
) -> None:
    """Turn an issuance's hold into its one `DEBITO_EMISSAO` (same transaction as the answer):
    one `UPDATE ... RETURNING` moves the hold and the balance and answers the new balance for
    the ledger entry.

    No availability check: the hold already reserved the amount, and an answer the authority
    gave must be recorded whatever happened to the balance meanwhile.
    """
    if held <= 0:
        return
    if session.get_bind().dialect.name == "postgresql":  # one statement: the lock lasts less
        params = debit_held_params(
            account_id, held, tipo_documento=tipo_documento, documento_id=documento_id
        )
        _debit_with_entry(session, params)
        return
    held = held.quantize(CENT)
    entry = _debit_entry(account_id, held, tipo_documento, documento_id)
    moved = _debit(account_id, held, entry["data"])
    after = Decimal(session.execute(moved).scalar_one()).quantize(CENT)
    _refuse_negative(after)
    session.execute(
        insert(LEDGER).values(**entry, saldo_anterior=after + held, saldo_posterior=after)
    )


LEDGER: Table = LedgerEntry.__table__  # type: ignore[assignment]
WALLETS: Table = Wallet.__table__  # type: ignore[assignment]
ENTRY_COLUMNS = (
    "id", "account_id", "tipo", "valor", "descricao", "tipo_documento", "documento_id", "data",
)  # fmt: skip
"""The ledger columns a debit sets from its values (the balances come from the wallet)."""


def _debit(account_id: Any, held: Any, now: Any, *also: Any) -> Any:
    """SQL: move the hold out of `reservado` and the amount out of `saldo` (when every
    condition in `also` holds); answers the balance after (values or bound parameters)."""
    c = WALLETS.c
    return (
        update(WALLETS)
        .where(c.account_id == account_id, *also)
        .values(
            saldo=c.saldo - held,
            reservado=case((c.reservado > held, c.reservado - held), else_=0),
            updated_at=now,
        )
        .returning(c.saldo)
    )


def debit_held_statement(*also: Any) -> Any:
    """SQL: the wallet's debit as a CTE feeding the ledger's INSERT (PostgreSQL), every value
    a bound parameter (`debit_held_params`: `e_<column>` for the entry, `p_account_id`,
    `held`); no row is written when the balance would go negative or a condition in `also`
    does not hold. Answers the entry's id."""
    held = bindparam("held", type_=WALLETS.c.saldo.type)
    values = [bindparam(f"e_{k}", type_=LEDGER.c[k].type) for k in ENTRY_COLUMNS]
    now = values[ENTRY_COLUMNS.index("data")]  # the entry's moment is the wallet's update
    wallet = _debit(bindparam("p_account_id"), held, now, *also).cte("moved")
    source = select(*values, wallet.c.saldo + held, wallet.c.saldo).where(wallet.c.saldo >= 0)
    columns = [*ENTRY_COLUMNS, "saldo_anterior", "saldo_posterior"]
    return insert(LEDGER).from_select(columns, source).returning(LEDGER.c.id)


def debit_held_params(
    account_id: str, held: Decimal, *, tipo_documento: str, documento_id: str
) -> dict[str, Any]:
    """The bound values of `debit_held_statement`: a new `DEBITO_EMISSAO` of `held`."""
    entry = _debit_entry(account_id, held.quantize(CENT), tipo_documento, documento_id)
    params = {f"e_{k}": entry[k] for k in ENTRY_COLUMNS}  # e_: the entry's own columns
    params.update(p_account_id=account_id, held=held.quantize(CENT))
    return params


def _debit_entry(
    account_id: str, held: Decimal, tipo_documento: str, documento_id: str
) -> dict[str, Any]:
    """The ledger entry of a debit of `held`, but its balances (they come from the wallet)."""
    return {
        "id": new_id("mov"), "account_id": account_id, "tipo": LedgerType.DEBITO_EMISSAO.value,
        "valor": -held, "descricao": f"Emissão {tipo_documento}",
        "tipo_documento": tipo_documento, "documento_id": documento_id, "data": utcnow(),
    }  # fmt: skip


@functools.cache
def _debit_with_entry_statement() -> Any:
    """Built once per process (`debit_held_statement` with no further condition)."""
    return debit_held_statement()


def _debit_with_entry(session: Session, params: dict[str, Any]) -> None:
    """PostgreSQL: the wallet's UPDATE and the ledger's INSERT in one statement (a data-
    modifying CTE); no row is written when the balance would go negative."""
    statement = _debit_with_entry_statement()
    written = session.connection().execute(statement, params).scalar_one_or_none()
    if written is None:
        _refuse_negative(Decimal(-1))


def _refuse_negative(balance: Decimal) -> None:
    if balance < 0:
        raise ValueError("ledger entry would make the balance negative")


def release(session: Session, account_id: str, amount: Decimal) -> None:
    """Give back a hold taken by `hold_for_issuance` (never below zero)."""
    if amount <= 0:
        return
    wallet = lock_wallet(session, account_id)
    wallet.reservado = max(Decimal("0.00"), Decimal(wallet.reservado or 0) - amount).quantize(CENT)


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


MAX_BALANCE = Decimal("999999999999.99")
"""The largest balance the ledger's NUMERIC(14, 2) columns hold."""


class UnknownAccount(Exception):
    """No account (or no wallet) with this id: an operator typo, never a silent no-op."""


def credit_admin(
    session: Session, account_id: str, valor: Decimal, *, descricao: str | None = None
) -> LedgerEntry:
    """Operator credit (`fiscal wallet credit`): one `CREDITO_ADMIN` entry, audited.

    The audit entry keeps the balance before and after, so a credit can be traced to the
    operator action that made it even though the ledger itself has no actor column.
    """
    if not valor.is_finite() or valor <= 0:
        raise ValueError("o crédito deve ser positivo")
    if valor > MAX_BALANCE or valor != valor.quantize(CENT):
        raise ValueError("o crédito tem no máximo duas casas decimais e 12 dígitos inteiros")
    try:
        wallet = lock_wallet(session, account_id)
    except NoResultFound as exc:
        raise UnknownAccount(account_id) from exc
    if Decimal(wallet.saldo) + valor > MAX_BALANCE:
        raise ValueError("o saldo resultante excede o limite da carteira")
    entry = post_entry(
        session,
        account_id,
        LedgerType.CREDITO_ADMIN,
        valor,
        descricao=descricao or "Crédito do operador",
    )
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
