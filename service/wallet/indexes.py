"""The statement's list indexes (`/financeiro/extrato`, migration 0025), declared beside the
ledger's model rather than in it: `service.models.load_all` imports this module, so the
metadata Alembic compares with holds them.

An account's statement is read newest first, by (data, id), optionally of one `tipo`: each
index is that order after the equality columns, so a page, deep or after a cursor, is one
range of one index, read without visiting the table."""

from __future__ import annotations

from sqlalchemy import Index

from service.wallet.models import LedgerEntry

LEDGER_LIST = Index(
    "ix_ledger_entries_list", LedgerEntry.account_id, LedgerEntry.data, LedgerEntry.id
)
LEDGER_LIST_BY_TYPE = Index(
    "ix_ledger_entries_list_tipo",
    LedgerEntry.account_id,
    LedgerEntry.tipo,
    LedgerEntry.data,
    LedgerEntry.id,
)
