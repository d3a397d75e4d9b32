"""Draining one kind: perform its due rows, oldest due first, until none is left or time is up.

What an rq drain job runs (`jobs.drain`). Rows are claimed one at a time by the kind's own
`perform` (its lease), so two workers draining the same kind split the rows between them; each
takes a batch in shuffled order so that they rarely reach for the same row at once.
"""

from __future__ import annotations

import logging
import random
import time

from service import runtime
from service.db import transaction, utcnow
from service.queue.dispatch import WorkKind

log = logging.getLogger("service.queue")

BATCH = 20
"""Due rows read per query; the clock is looked at after each row."""


def perform_due(kind: WorkKind, *, until: float) -> bool:
    """Perform due rows of `kind` until no row is due that this drain has not already done
    (True) or, after the first row, `time.monotonic()` passes `until` (False: some may be
    left; the first row keeps a chain of drains moving).
    A row that is due again after being done here (an immediate retry) waits for the next
    announcement or sweep, as a row's own job did; a row whose step raises is logged and left
    to its lease."""
    done: set[str] = set()
    while True:
        with transaction(runtime.current().sessions) as session:
            batch = [row for row in kind.due_ids(session, utcnow(), BATCH) if row not in done]
        if not batch:
            return True
        random.shuffle(batch)
        for row_id in batch:
            if done and time.monotonic() >= until:  # each drain does one row at least
                return False
            done.add(row_id)
            _perform_one(kind, row_id)


def _perform_one(kind: WorkKind, row_id: str) -> None:
    try:
        kind.perform(row_id)
    except Exception:  # its lease expires and the row is due again; the others go on
        log.exception("performing a due row failed", extra={"kind": kind.name, "row_id": row_id})
