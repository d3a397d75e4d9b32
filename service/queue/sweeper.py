"""The sweeper: finds due work that no announcement reached, and documents nobody reconciles;
then settles the wallets' pending ledger entries (`service.wallet.operations.settle`), asks the
authorities whose status probe is due (`service.authorities.probe`) and sends the contingency
documents whose authority answers again (`service.issuance.deferred`).

Runs periodically in every worker (in production a Redis lock lets one sweep at a time). It
never does the work itself: it announces due rows to the dispatcher, exactly as a commit would,
and lets the kinds' own `perform` claim them with a lease.
"""

from __future__ import annotations

import logging
from datetime import datetime

from flask import Flask

from service import runtime
from service.db import transaction, utcnow
from service.queue.dispatch import Dispatcher
from service.queue.kinds import all_kinds

log = logging.getLogger("service.queue")

BATCH = 200
"""Rows announced per kind and sweep; the next sweep takes the rest."""


def due_work(now: datetime, kinds: list[str] | None = None) -> list[tuple[str, str]]:
    """(kind, row id) of every due, open, unleased row (up to `BATCH` per kind)."""
    rt = runtime.current()
    found: list[tuple[str, str]] = []
    with transaction(rt.sessions) as session:
        for name, kind in all_kinds().items():
            if kinds is None or name in kinds:
                found += [(name, row_id) for row_id in kind.due_ids(session, now, BATCH)]
    return found


def settle_wallets(app: Flask) -> int:
    """Give back the holds of orders whose request died after its claim
    (`order_holds.give_back_abandoned`), then settle every account with pending ledger
    entries (one transaction each; an account another sweeper is settling is skipped).
    Answers how many were settled."""
    from service.issuance.order_holds import give_back_abandoned
    from service.wallet.operations import accounts_to_settle, settle

    settled = 0
    with app.app_context():
        rt = runtime.current()
        try:
            with transaction(rt.sessions) as session:
                give_back_abandoned(session)
        except Exception:  # the settlement below must still run
            log.exception("giving abandoned order holds back failed")
        with transaction(rt.sessions) as session:
            accounts = accounts_to_settle(session)
        for account_id in accounts:
            try:
                with transaction(rt.sessions) as session:
                    settled += settle(session, account_id) is not None
            except Exception:  # one account must not stop the others
                log.exception("settling a wallet failed", extra={"account_id": account_id})
    return settled


def sweep(app: Flask, dispatcher: Dispatcher, kinds: list[str] | None = None) -> int:
    """Adopt orphaned documents, then announce every due row; answers how many were announced."""
    from service.authorities.probe import probe_in
    from service.issuance.deferred import transmit_in
    from service.queue.operations import adopt_orphans
    from service.received.distribution import run_due

    with app.app_context():
        now = utcnow()
        try:
            adopt_orphans(now)
        except Exception:  # one bad row must not stop the sweep of everything else
            log.exception("adopting orphaned documents failed")
        work = due_work(now, kinds)
    for kind, row_id in work:
        dispatcher.dispatch(kind, row_id)
    if kinds is None:  # then the authorities' status probes that are due
        settle_wallets(app)  # and the ledger entries' balances (the wallet rows' only writer)
        probe_in(app)
        transmit_in(app)  # and the contingency documents whose authority answers again
        run_due(app)  # and the DF-e distribution of the companies whose cursor is due
    return len(work)
