"""The statement's entries as `/financeiro/extrato` shows them: an entry the settlement has
not reached yet shows the balances it will be given (`operations.pending_balances`), without
writing anything from a read."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy.orm import Session

from service.wallet.models import LedgerEntry
from service.wallet.operations import pending_balances

SHOWN = ("id", "tipo", "valor", "saldo_anterior", "saldo_posterior", "tipo_documento",
         "documento_id", "pagamento_id", "referencia", "descricao", "data")  # fmt: skip


def statement_items(
    session: Session, account_id: str, entries: Sequence[LedgerEntry]
) -> list[dict[str, Any]]:
    pending = pending_balances(session, account_id, entries)
    out = []
    for entry in entries:
        item = {name: getattr(entry, name) for name in SHOWN}
        if entry.id in pending:
            item["saldo_anterior"], item["saldo_posterior"] = pending[entry.id]
        out.append(item)
    return out
