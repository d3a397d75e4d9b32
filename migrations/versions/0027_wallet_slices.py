"""wallet credit slices and deferred ledger balances

Revision ID: 0027
Revises: 0026
Create Date: 2026-12-01 22:00:00.000000

Issue 41, "Scale": an account's wallet row was updated inside every issuance (the hold at
acceptance, the debit with the answer), so one account's documents serialized on it.
- `wallet_slices`: what each account can still spend (`saldo − reservado` before), split
  evenly over 16 slices (cents left over in slice 0), `disponivel >= 0` a constraint;
- `wallets.reservado` goes: what is held is now the ledger's balance minus the slices' sum;
- `ledger_entries.saldo_anterior`/`saldo_posterior` may be empty until the settlement fills
  them; a partial index finds the pending ones;
- `orders.reservado`: the price an order's claim held (an order takes its number only with its
  price held), until its first attempt takes the hold over; a partial index finds the held
  ones (the sweeper gives back those left by a request that died).
Existing entries keep their balances (they are settled). The downgrade settles the pending
entries in (data, id) order and puts `reservado` back.
"""

from collections.abc import Sequence
from decimal import ROUND_DOWN, Decimal

import sqlalchemy as sa
from alembic import op

revision: str = "0027"
down_revision: str | None = "0026"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SLICES = 16
CENT = Decimal("0.01")
MONEY = sa.Numeric(precision=14, scale=2)
PENDING = sa.text("saldo_posterior IS NULL")
HELD = sa.text("reservado > 0")


def upgrade() -> None:
    op.create_table(
        "wallet_slices",
        sa.Column("account_id", sa.String(length=40), nullable=False),
        sa.Column("fatia", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("disponivel", MONEY, nullable=False),
        sa.CheckConstraint(
            "disponivel >= 0", name=op.f("ck_wallet_slices_disponivel_nao_negativo")
        ),
        sa.ForeignKeyConstraint(
            ["account_id"], ["accounts.id"], name=op.f("fk_wallet_slices_account_id_accounts")
        ),
        sa.PrimaryKeyConstraint("account_id", "fatia", name=op.f("pk_wallet_slices")),
    )
    bind = op.get_bind()
    slices = sa.table(
        "wallet_slices", sa.column("account_id"), sa.column("fatia"), sa.column("disponivel")
    )
    wallets = bind.execute(sa.text("SELECT account_id, saldo, reservado FROM wallets")).all()
    rows = [row for w in wallets for row in _split(w.account_id, Decimal(w.saldo) -
                                                     Decimal(w.reservado or 0))]  # fmt: skip
    if rows:
        op.bulk_insert(slices, rows)
    with op.batch_alter_table("ledger_entries", schema=None) as batch_op:
        batch_op.alter_column("saldo_anterior", existing_type=MONEY, nullable=True)
        batch_op.alter_column("saldo_posterior", existing_type=MONEY, nullable=True)
        batch_op.create_index(
            "ix_ledger_entries_pendentes", ["account_id"], unique=False,
            postgresql_where=PENDING, sqlite_where=PENDING,
        )  # fmt: skip
    with op.batch_alter_table("wallets", schema=None) as batch_op:
        batch_op.drop_column("reservado")
    # plain ALTERs, not a batch: SQLite would copy `orders`, which documents reference
    op.add_column("orders", sa.Column("reservado", MONEY, nullable=False, server_default="0"))
    op.create_index(
        "ix_orders_reservados", "orders", ["updated_at"], unique=False,
        postgresql_where=HELD, sqlite_where=HELD,
    )  # fmt: skip


def _split(account_id: str, spendable: Decimal) -> list[dict[str, object]]:
    spendable = max(spendable, Decimal("0")).quantize(CENT)
    share = (spendable / SLICES).quantize(CENT, rounding=ROUND_DOWN)
    left = spendable - share * SLICES
    return [
        {"account_id": account_id, "fatia": n, "disponivel": share + (left if n == 0 else 0)}
        for n in range(SLICES)
    ]


def downgrade() -> None:
    op.drop_index("ix_orders_reservados", table_name="orders")
    op.drop_column("orders", "reservado")
    with op.batch_alter_table("wallets", schema=None) as batch_op:
        batch_op.add_column(sa.Column("reservado", MONEY, nullable=False, server_default="0"))
    bind = op.get_bind()
    for (account_id,) in bind.execute(sa.text("SELECT account_id FROM wallets")).all():
        _settle(bind, account_id)
    with op.batch_alter_table("ledger_entries", schema=None) as batch_op:
        batch_op.drop_index("ix_ledger_entries_pendentes")
        batch_op.alter_column("saldo_anterior", existing_type=MONEY, nullable=False)
        batch_op.alter_column("saldo_posterior", existing_type=MONEY, nullable=False)
    op.drop_table("wallet_slices")


def _settle(bind: sa.Connection, account_id: str) -> None:
    """The pending entries' balances in (data, id) order, and what is held as `reservado`."""
    saldo = Decimal(bind.execute(
        sa.text("SELECT saldo FROM wallets WHERE account_id = :a"), {"a": account_id}
    ).scalar_one())  # fmt: skip
    pending = bind.execute(sa.text(
        "SELECT id, valor FROM ledger_entries WHERE account_id = :a AND saldo_posterior IS NULL "
        "ORDER BY data, id"), {"a": account_id}).all()  # fmt: skip
    for entry_id, valor in pending:
        after = saldo + Decimal(valor)
        bind.execute(
            sa.text("UPDATE ledger_entries SET saldo_anterior = :b, saldo_posterior = :c "
                    "WHERE id = :i"), {"b": saldo, "c": after, "i": entry_id})  # fmt: skip
        saldo = after
    spendable = Decimal(bind.execute(sa.text(
        "SELECT COALESCE(SUM(disponivel), 0) FROM wallet_slices WHERE account_id = :a"),
        {"a": account_id}).scalar_one())  # fmt: skip
    bind.execute(
        sa.text("UPDATE wallets SET saldo = :s, reservado = :r WHERE account_id = :a"),
        {"s": saldo, "r": max(saldo - spendable, Decimal("0")), "a": account_id},
    )
