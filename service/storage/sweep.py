"""Objects of the object store that no document refers to (orphans), and their removal.

An acceptance writes the signed XML's object before the transaction that commits the row
referring to it; a crash, a rollback (402, a concurrent request that attached its attempt
first) or an object store that answered after the database gave up leaves the object behind.
It is harmless (no row reads it) and removed here once older than a grace period longer than
any acceptance takes, so an object whose row is about to be committed is never taken.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from service.db import transaction, utcnow
from service.issuance.models import FiscalDocument
from service.storage.blobs import BlobStore

GRACE = dt.timedelta(hours=24)
"""How old an object must be before it may be taken for an orphan."""
BATCH = 500
"""Keys looked up in the documents per query."""


def orphans(
    sessions: sessionmaker[Session],
    blobs: BlobStore,
    *,
    grace: dt.timedelta = GRACE,
    now: dt.datetime | None = None,
) -> Iterator[str]:
    """The keys of objects older than `grace` that no document row refers to."""
    cutoff = (now or utcnow()) - grace
    batch: list[str] = []
    for key, written in blobs.listed():
        if written <= cutoff:
            batch.append(key)
        if len(batch) >= BATCH:
            yield from _unreferenced(sessions, batch)
            batch = []
    yield from _unreferenced(sessions, batch)


def _unreferenced(sessions: sessionmaker[Session], keys: list[str]) -> list[str]:
    if not keys:
        return []
    column = FiscalDocument.__table__.c.xml_objeto
    with transaction(sessions) as session:
        known = set(session.execute(select(column).where(column.in_(keys))).scalars())
    return [k for k in keys if k not in known]


def sweep(
    sessions: sessionmaker[Session],
    blobs: BlobStore,
    *,
    grace: dt.timedelta = GRACE,
    now: dt.datetime | None = None,
    dry_run: bool = False,
) -> list[str]:
    """Remove (unless `dry_run`) the orphans; answers their keys."""
    found = list(orphans(sessions, blobs, grace=grace, now=now))
    if not dry_run:
        for key in found:
            blobs.delete(key)
    return found
