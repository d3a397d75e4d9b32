"""The price an order's claim held, given back when no attempt took it over.

An order takes its number only with its price held (`acceptance.claim`), so that an order the
wallet cannot pay never takes a number. Its first attempt takes the hold over
(`acceptance._attach`, a compare-and-set on the order's `reservado`). When the attempt fails
before that (the layout refuses the document, the object store is down, the process dies),
the order keeps its number for its next request, but its hold goes back to the wallet:
at once by the request that failed (`give_back`), or, when that request died with its
process, by the sweeper (`give_back_abandoned`) once the hold is older than any acceptance
can take. Both are the same compare-and-set, so an attempt that raced them finds its hold gone
(`ClaimTaken`) and decides again under the order's row lock, holding anew.
"""

from __future__ import annotations

import datetime as dt
import logging
from decimal import Decimal

from sqlalchemy import select, update
from sqlalchemy.orm import Session, sessionmaker

from service.db import transaction, utcnow
from service.issuance.models import Order
from service.wallet.operations import release

log = logging.getLogger("service.issuance.order_holds")

ABANDONED_AFTER = dt.timedelta(minutes=15)
"""A claim's hold no attempt took over within this time was left by a request that died (an
acceptance follows its claim within the same request, in milliseconds)."""
BATCH = 500
"""Holds given back per sweep (the next sweep takes the rest)."""


def give_back(session: Session, order_id: str, reservado: Decimal) -> bool:
    """The order's hold back to its wallet, if it is still the order's (no attempt took it
    over, no one gave it back): one transaction's compare-and-set and the credit's release."""
    if reservado <= 0:
        return False
    orders = Order.__table__.c
    taken = session.execute(
        update(Order.__table__)  # type: ignore[arg-type]
        .where(orders.id == order_id, orders.documento_id.is_(None),
               orders.reservado == reservado)
        .values(reservado=Decimal("0.00"), updated_at=utcnow())
        .returning(orders.account_id)
    ).scalar_one_or_none()  # fmt: skip
    if taken is None:
        return False
    release(session, taken, reservado)
    return True


def give_back_after_failure(sessions: sessionmaker[Session], claimed: Order) -> None:
    """`give_back` in its own transaction, for a request whose attempt failed after its claim
    (the failure is what the client gets; a failure here is only logged: the sweeper retries)."""
    if Decimal(claimed.reservado or 0) <= 0:
        return
    try:
        with transaction(sessions) as session:
            give_back(session, claimed.id, Decimal(claimed.reservado))
    except Exception:
        log.exception("giving an order's hold back failed", extra={"order_id": claimed.id})


def give_back_abandoned(session: Session, now: dt.datetime | None = None) -> int:
    """The holds of orders without an attempt, claimed longer than `ABANDONED_AFTER` ago;
    answers how many went back."""
    before = (now or utcnow()) - ABANDONED_AFTER
    held = session.execute(
        select(Order.id, Order.reservado)
        .where(Order.reservado > 0, Order.documento_id.is_(None), Order.updated_at < before)
        .order_by(Order.updated_at)
        .limit(BATCH)
    ).all()
    return sum(give_back(session, order_id, Decimal(reservado)) for order_id, reservado in held)
