"""Engine, sessions and the declarative base shared by every resource's models.

The schema is owned by Alembic (`migrations/`); nothing here creates tables. SQLite runs
every transaction as `BEGIN IMMEDIATE` so that read-then-write sequences (numbering,
wallet) cannot interleave in the embedded mode, where PostgreSQL uses row locks instead.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import JSON, DateTime, MetaData, create_engine, event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DisconnectionError, IntegrityError
from sqlalchemy.orm import (
    DeclarativeBase,
    Session,
    SessionTransactionOrigin,
    class_mapper,
    make_transient_to_detached,
    sessionmaker,
)
from sqlalchemy.types import TypeDecorator

from engine.snapshot import CanonicalSnapshot

T = TypeVar("T")

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Declarative base with a naming convention so migrations name constraints stably."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map = {dict[str, Any]: JSON, list[str]: JSON}


def utcnow() -> datetime:
    """Timezone-aware now; every stored timestamp is UTC."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """Stores UTC and always gives back aware datetimes, on SQLite too."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is not None and value.tzinfo is None:
            raise ValueError("naive datetime")
        return value.astimezone(UTC) if value is not None else None

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is not None and value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value


def _configure_sqlite(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")


POOL_SIZE = 16
"""Connections a process keeps open: one per production HTTP thread
(`service.server.PRODUCTION_THREADS`), so a busy process does not open and close overflow
connections (a new PostgreSQL backend each) request after request."""
POOL_OVERFLOW = 8


def json_text(value: Any) -> str:
    """How a JSON column's value is written: `json.dumps`, except a snapshot, written as the
    canonical text it was hashed as (so the stored text hashes to `snapshot_sha256`)."""
    if isinstance(value, CanonicalSnapshot):
        return value.canonical.decode("utf-8")
    return json.dumps(value)


def make_engine(url: str) -> Engine:
    """One engine per process and database URL."""
    if url.startswith("sqlite"):
        engine = create_engine(
            url, connect_args={"timeout": 30, "check_same_thread": False}, json_serializer=json_text
        )
        _configure_sqlite(engine)
        return engine
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    engine = create_engine(
        url, pool_size=POOL_SIZE, max_overflow=POOL_OVERFLOW, json_serializer=json_text
    )
    _ping_after_idle(engine)
    return engine


IDLE_PING_SECONDS = 5.0
"""A pooled connection idle longer than this is pinged before use (a restarted database or a
dropped TCP connection is found then, and replaced transparently). One issuance checks a
connection out four times within milliseconds; pinging each time (`pool_pre_ping`) cost four
extra round trips per document."""


def _ping_after_idle(engine: Engine) -> None:
    """Pessimistic disconnect handling for connections that sat idle (SQLAlchemy's documented
    checkout-event recipe: raising `DisconnectionError` makes the pool retry with a new one)."""

    @event.listens_for(engine, "checkin")
    def _idle_from(_dbapi_connection: Any, record: Any) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _ping_if_idle(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        since = record.info.get("idle_since")
        if since is None or time.monotonic() - since <= IDLE_PING_SECONDS:
            return
        try:
            with dbapi_connection.cursor() as cursor:
                cursor.execute("SELECT 1")
            dbapi_connection.rollback()
        except Exception as exc:  # any failure: this connection is not usable
            raise DisconnectionError(str(exc)) from exc


def make_session_factory(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(bind=engine, expire_on_commit=False)


_BEGAN = "service.db.began"


@event.listens_for(Session, "after_begin")
def _began(session: Session, _transaction: Any, _connection: Any) -> None:
    session.info[_BEGAN] = session.get_transaction()


def holds_connection(session: Session) -> bool:
    """Whether the session's current transaction has begun one on the database (a statement
    ran, or a flush). A session autobegins its own transaction object on `add` without any,
    so `Session.in_transaction` does not say; a statement may then run outside it
    (`service.compiled.read`, the claim) with nothing of the session's left behind."""
    root = session.get_transaction()
    return root is not None and session.info.get(_BEGAN) is root


def _autobegun_and_clean(session: Session) -> bool:
    """Nothing of the caller's can be in the session's transaction: it holds none on the
    database, has no change to flush, and was not begun by the caller (`session.begin()`,
    whose block ends it)."""
    if holds_connection(session) or session.new or session.dirty or session.deleted:
        return False
    root = session.get_transaction()
    return root is None or root.origin is SessionTransactionOrigin.AUTOBEGIN


def _on_postgresql(session: Session) -> bool:
    bind = session.get_bind()
    return isinstance(bind, Engine) and bind.dialect.name == "postgresql"


@contextmanager
def read_apart(session: Session) -> Iterator[None]:
    """The block's reads as a transaction of their own, ended with the block when nothing of
    the caller's could be in it (`_autobegun_and_clean`); else they stay in the caller's.

    A per-process cache that misses (a company's certificate reference, products, rule set)
    reads, then works in Python on what it read (a rule set compiles for tens of
    milliseconds, longer on a busy process). In the request's session that read began a
    transaction that stayed open through the work and the rest of the request: PostgreSQL
    showed it as a backend idle in transaction, and on SQLite every transaction holds the
    write lock. Committing it at the end of the block commits only the block's reads; the
    loaded objects stay usable (`expire_on_commit=False`). On PostgreSQL the block's
    connection is in autocommit: no `BEGIN` waits for the thread's next statement (a busy
    process's threads take turns on its GIL between the two) and each read is a transaction of
    its own, as each statement of a READ COMMITTED transaction has its own snapshot."""
    apart = _autobegun_and_clean(session)
    if apart and _on_postgresql(session):
        session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})
    yield
    if apart and holds_connection(session) and not (session.new or session.dirty):
        session.commit()


@contextmanager
def transaction(factory: sessionmaker[Session]) -> Iterator[Session]:
    """One unit of work: commit on success, roll back on any error. A session that holds no
    transaction commits nothing: SQLAlchemy would begin an empty one to commit it (about
    50 µs of an issuance, twice, when its acceptance and its answer were each one
    autocommitted statement). Anything a session does (a statement, an added or a changed
    object, even after a commit inside the block) begins one."""
    session = factory()
    try:
        yield session
        if session.get_transaction() is not None:
            session.commit()
    except BaseException:
        session.rollback()
        raise
    finally:
        session.close()


def insert_ignoring_conflicts(session: Session, model: Any, index_elements: list[str]) -> Any:
    """`INSERT ... ON CONFLICT (index_elements) DO NOTHING` for the session's database (both
    dialects spell it the same way, from different modules)."""
    from sqlalchemy.dialects import postgresql, sqlite

    dialect = session.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    return insert(model).on_conflict_do_nothing(index_elements=index_elements)


def is_unique_violation(error: IntegrityError) -> bool:
    """PostgreSQL SQLSTATE 23505 or SQLite's "UNIQUE constraint failed"."""
    orig = error.orig
    return getattr(orig, "sqlstate", None) == "23505" or "UNIQUE constraint failed" in str(orig)


def column_defaults(model: Any, given: dict[str, Any]) -> dict[str, Any]:
    """`given` plus the Python-side default of every column it lacks, evaluated now, and None
    for the rest (a server default is not known here: such a column must be given): the whole
    row a Core `INSERT` of `given` writes, for `loaded` to hold."""
    row = dict(given)
    for key, server_default, default in _defaults_of(model):
        if key in row:
            continue
        if default is None:
            if server_default:
                raise ValueError(f"{key} has a server default: give its value")
            row[key] = None
        elif default.is_callable:
            row[key] = default.arg(None)
        else:
            row[key] = default.arg
    return row


@functools.cache
def _defaults_of(model: Any) -> tuple[tuple[str, bool, Any], ...]:
    """(key, has a server default, Python-side default) of each of the model's columns, read
    once per process (every issuance's document row is completed from them)."""
    columns = model.__table__.columns
    return tuple((c.key, c.server_default is not None, c.default) for c in columns)


def loaded(model: type[T], values: dict[str, Any]) -> T:
    """A detached instance of `model` whose loaded state is `values` (a row as the database
    holds it, every column present), built without SQL: what a Core write just stored, or a
    cached row, handed to ORM code that reads it or attaches it to a session (an edit is then
    written as for a row the ORM loaded itself)."""
    instance: T = class_mapper(model).class_manager.new_instance()
    vars(instance).update(values)  # where the ORM's own loading puts a row (no history)
    make_transient_to_detached(instance)
    return instance
