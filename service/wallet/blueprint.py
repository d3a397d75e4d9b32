"""`/financeiro`: the wallet of the key's own user — status, balance and statement."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from sqlalchemy import select

from service import runtime
from service.accounts.models import Account
from service.accounts.scopes import Scope
from service.api import Blueprint
from service.auth import current_credential, requires
from service.errors import ApiError
from service.pagination import Ordering, paginate, within_period
from service.wallet.models import LedgerEntry, Wallet
from service.wallet.operations import balances
from service.wallet.schemas import (
    BalanceSchema,
    StatementArgsSchema,
    StatementSchema,
    WalletStatusSchema,
)
from service.wallet.statement import statement_items

blp = Blueprint("wallet", __name__, url_prefix="/financeiro", description="Carteira de créditos")

LEDGER_ORDER = Ordering("extrato", LedgerEntry.data, LedgerEntry.id)
"""Newest first; the scan reads `ix_ledger_entries_list` / `ix_ledger_entries_list_tipo`
(`service.wallet.indexes`)."""


def _own_wallet() -> tuple[Account, Wallet]:
    """A credential with no platform user has no wallet (403 `CARTEIRA_INDISPONIVEL`)."""
    credential = current_credential()
    if not credential.has_user:
        raise ApiError("CARTEIRA_INDISPONIVEL")
    session = runtime.db()
    account = session.get(Account, credential.account_id)
    wallet = session.get(Wallet, credential.account_id)
    if account is None or wallet is None:
        raise ApiError("CARTEIRA_INDISPONIVEL")
    return account, wallet


@blp.route("/status")
class WalletStatus(MethodView):
    @requires(Scope.CONSULTAR)
    @blp.response(200, WalletStatusSchema)
    @blp.errors("CARTEIRA_INDISPONIVEL", company=False)
    def get(self) -> dict[str, Any]:
        """Wallet status with the prices per document type."""
        account, wallet = _own_wallet()
        settings = runtime.current().settings
        found = balances(runtime.db(), account.id)
        return {
            "credito_ilimitado": account.unlimited_credits,
            "saldo": found.saldo,
            "saldo_reservado": found.reservado,
            "saldo_baixo": not account.unlimited_credits
            and found.saldo < settings.low_balance_alert,
            "alerta_saldo": settings.low_balance_alert,
            "precos": settings.prices,
            "moeda": wallet.moeda,
        }


@blp.route("/saldo")
class WalletBalance(MethodView):
    @requires(Scope.CONSULTAR)
    @blp.response(200, BalanceSchema)
    @blp.errors("CARTEIRA_INDISPONIVEL", company=False)
    def get(self) -> dict[str, Any]:
        """Balance; with unlimited credits it is kept but never consumed."""
        account, wallet = _own_wallet()
        found = balances(runtime.db(), account.id)
        return {
            "saldo": found.saldo,
            "saldo_reservado": found.reservado,
            "credito_ilimitado": account.unlimited_credits,
            "moeda": wallet.moeda,
        }


@blp.route("/extrato")
class WalletStatement(MethodView):
    @requires(Scope.CONSULTAR)
    @blp.arguments(StatementArgsSchema, location="query")
    @blp.response(200, StatementSchema)
    @blp.errors("CARTEIRA_INDISPONIVEL", company=False)
    def get(self, args: dict[str, Any]) -> dict[str, Any]:
        """Ledger, newest first, filtered by period (`de`, `ate` inclusive) and type."""
        account, _wallet = _own_wallet()
        query = select(LedgerEntry).where(LedgerEntry.account_id == account.id)
        query = within_period(query, LedgerEntry.data, args)
        if "tipo" in args:
            query = query.where(LedgerEntry.tipo == args["tipo"])
        page = paginate(runtime.db(), query, args, LEDGER_ORDER)
        session = runtime.db()
        items = statement_items(session, account.id, page.itens)
        saldo = balances(session, account.id).saldo
        return {"saldo": saldo, **page.envelope("movimentacoes"), "movimentacoes": items}
