"""What one running app holds: settings and the long-lived clients built from them.

Views reach these through `current()`; nothing else keeps module-level state, so several
apps (one per test backend) can live in one process.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from flask import current_app, g
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker

from service.config import Settings
from service.crypto import KeyHasher, SecretBox
from service.db import holds_connection
from service.limits import RateLimiter
from service.storage.documents import Storage

if TYPE_CHECKING:
    from service.issuance.authority import Authority
    from service.queue.dispatch import Relay


@dataclass(frozen=True)
class Runtime:
    settings: Settings
    engine: Engine
    sessions: sessionmaker[Session]
    hasher: KeyHasher
    secrets: SecretBox
    limiter: RateLimiter
    redis: Any | None
    authority: Authority
    dispatcher: Relay
    storage: Storage


def current() -> Runtime:
    runtime: Runtime = current_app.extensions["fiscal"]
    return runtime


def db() -> Session:
    """The request's session; closed (and rolled back if uncommitted) at teardown."""
    if "db" not in g:
        g.db = current().sessions()
    session: Session = g.db
    return session


def close_db(_exc: BaseException | None = None) -> None:
    session = g.pop("db", None)
    if session is not None:
        session.close()


def end_request_transaction() -> None:
    """Commit the request session's (read-only) transaction before opening another one.

    On SQLite every transaction is `BEGIN IMMEDIATE`, so a request session that has read
    something holds the database's write lock until it ends; a second session would wait for
    it. Objects stay usable (`expire_on_commit=False`).
    """
    if "db" in g:
        g.db.commit()


def end_read_transaction() -> None:
    """End the request session's transaction when it has only read: it holds a database
    transaction and no change to write. Called before work that needs no database and takes
    long (opening a PKCS#12 on a process's first request for a company), so PostgreSQL does
    not keep the session idle in a transaction meanwhile and SQLite's write lock (every
    transaction takes it) is released. The caller must hold no row lock in the session: a
    commit would release it."""
    session: Session | None = g.get("db")
    if session is None or not holds_connection(session):
        return
    if not (session.new or session.dirty or session.deleted):
        session.commit()
