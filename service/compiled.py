"""Hot statements compiled once per process and run on the driver's cursor (issue 19).

Every issuance runs the same handful of statements (the key's lookup, the company's version,
the claim, the acceptance, the answer). Through `Connection.execute` each run paid for
SQLAlchemy's per-execution work: the statement's cache key walked and hashed, the compiled
form looked up, every parameter passed through the bind machinery, a result object built; at
16 clients that was about a sixth of the service's Python time (py-spy, bench/results/api.md).
Here a statement is compiled once per dialect into its SQL text, its constant parameters
(already processed) and the bind processors of the parameters the caller gives; a run
processes only those, executes on the connection's DBAPI cursor and returns plain rows.

What stays as SQLAlchemy does it: the statement runs on the session's connection, in its
transaction; `before_cursor_execute` / `after_cursor_execute` listeners see it (the tests'
and the benchmark's statement counts); a driver error is raised as SQLAlchemy's wrapped
exception (`IntegrityError`, `OperationalError`...), and a lost connection is invalidated.
Only PostgreSQL takes this path; other databases run the statement through SQLAlchemy and
get the same `Rows`.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from psycopg import RawCursor
from psycopg.pq import ExecStatus
from sqlalchemy.engine import Connection, Dialect, Engine
from sqlalchemy.exc import DBAPIError, StatementError
from sqlalchemy.orm import Session

from service import lane
from service.db import holds_connection

Processor = Callable[[Any], Any] | None
TUPLES_OK = ExecStatus.TUPLES_OK


@dataclass(frozen=True)
class Rows:
    """What a statement answered: its rows as tuples, its column names, the rows it changed."""

    rows: list[tuple[Any, ...]]
    keys: tuple[str, ...]
    rowcount: int

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return iter(self.rows)

    def first(self) -> tuple[Any, ...] | None:
        return self.rows[0] if self.rows else None

    def one(self) -> tuple[Any, ...]:
        if len(self.rows) != 1:
            raise LookupError(f"one row expected, {len(self.rows)} found")
        return self.rows[0]

    def scalar(self) -> Any:
        """The first column of the first row; None without rows."""
        return self.rows[0][0] if self.rows else None

    def mapping(self) -> dict[str, Any] | None:
        """The first row by column name; None without rows."""
        return dict(zip(self.keys, self.rows[0], strict=True)) if self.rows else None


@dataclass
class _Plan:
    """A statement compiled for one dialect: what each run needs and nothing else."""

    sql: str
    query: bytes | str
    """`sql` encoded once when it is ASCII, the same bytes in any client encoding (psycopg
    would encode it on every run)."""
    slots: tuple[tuple[str, bool, Any], ...]
    """Per `$n` placeholder, in order: its parameter's name, whether each run gives it, and
    then its bind processor (or None), else its value (processed once)."""
    columns: tuple[Any, ...]
    results: tuple[tuple[str, ...], tuple[Processor, ...]] | None = field(default=None)

    def values(self, params: Mapping[str, Any]) -> list[Any]:
        """The run's values in placeholder order."""
        values = []
        for name, given, held in self.slots:
            if given:
                value = params[name]
                values.append(value if held is None else held(value))
            else:
                values.append(held)
        return values

    def result_processors(self, dialect: Dialect, description: Sequence[Any]) -> Any:
        """Column names and result processors, made at the first run (they depend on the type
        the database answered with, which only the cursor's description tells)."""
        if self.results is None:
            keys = tuple(column[0] for column in description)
            processors: list[Processor] = [None] * len(description)
            if len(self.columns) == len(description):
                for index, (column, described) in enumerate(
                    zip(self.columns, description, strict=True)
                ):
                    impl = column.type.dialect_impl(dialect)
                    processors[index] = impl.result_processor(dialect, described[1])
            self.results = (keys, tuple(processors))
        return self.results


_PLANS: dict[tuple[int, str], _Plan] = {}
_STATEMENTS: list[Any] = []  # keeps each planned statement alive: its id stays its own
_LOCK = threading.Lock()


def _bind_processor(bind: Any, dialect: Dialect) -> Processor:
    return bind.type.dialect_impl(dialect).bind_processor(dialect)  # type: ignore[no-any-return]


def _numbered(dialect: Dialect) -> Dialect:
    """The dialect as it compiles with `$n` placeholders (PostgreSQL's own), its types and
    server facts unchanged."""
    numbered = copy.copy(dialect)
    numbered.paramstyle, numbered.positional = "numeric_dollar", True
    numbered.identifier_preparer = numbered.preparer(numbered)  # no doubled `%` then
    return numbered


def _compile(statement: Any, dialect: Dialect) -> _Plan:
    """The statement's SQL with `$n` placeholders and constant `IN` lists expanded, its
    constant parameters processed once, and the processors of the parameters each run gives.

    `$n`, not the driver's `%(name)s`: psycopg parses a named-parameter query on each run to
    find its placeholders, and caches that parse only for queries under 4 KiB and 50
    parameters; the acceptance's statement (every column of a document) is over both, and
    parse cost an issuance about 155 µs of the statement's 363 (bench/statements.py). A `$n`
    query goes to the server as written (`psycopg.RawCursor`)."""
    compiled = statement.compile(dialect=_numbered(dialect))
    state = compiled.construct_expanded_state(compiled.construct_params(_check=False))
    processors: dict[str, Processor] = {}
    given: set[str] = set()
    for bind, name in compiled.bind_names.items():
        processors[name] = _bind_processor(bind, dialect)
        if bind.required:
            if bind.expanding:
                raise ValueError(f"{name}: a list given per run cannot be compiled once")
            given.add(name)
    expanded_from = {
        piece: name for name, pieces in state.parameter_expansion.items() for piece in pieces
    }
    slots = []
    for name in state.positiontup or ():
        process = processors.get(expanded_from.get(name, name))
        if name in given:
            slots.append((name, True, process))
        else:
            value = state.parameters[name]
            slots.append((name, False, value if process is None else process(value)))
    columns = tuple(statement.exported_columns)
    sql = state.statement
    return _Plan(sql, sql.encode() if sql.isascii() else sql, tuple(slots), columns)


def _plan(statement: Any, dialect: Dialect) -> _Plan:
    key = (id(statement), dialect.name)
    plan = _PLANS.get(key)
    if plan is None:
        with _LOCK:
            plan = _PLANS.get(key)
            if plan is None:
                plan = _compile(statement, dialect)
                _STATEMENTS.append(statement)
                _PLANS[key] = plan
    return plan


def run(session: Session | Connection, statement: Any, params: Mapping[str, Any]) -> Rows:
    """`statement` (built once per process: it is planned by identity) with `params`, in the
    session's transaction."""
    connection = _connection(session) if isinstance(session, Session) else session
    dialect = connection.dialect
    if dialect.name != "postgresql":
        result = connection.execute(statement, dict(params))
        rows = [tuple(row) for row in result] if result.returns_rows else []
        keys = tuple(result.keys()) if result.returns_rows else ()
        return Rows(rows, keys, result.rowcount)
    return _on_cursor(connection, _plan(statement, dialect), params)


def read(session: Session, statement: Any, params: Mapping[str, Any]) -> Rows:
    """`statement`, a read that needs no transaction around it, outside the session's when
    the session holds none yet (`db.holds_connection`): on PostgreSQL, autocommitted (one
    round trip, no `BEGIN` and no `COMMIT`; its own snapshot, as every statement of a READ
    COMMITTED transaction has). Otherwise in the session's transaction (`run`). A request's
    key and company are read this way, so the claim that follows can be autocommitted too."""
    engine = autocommit_engine(session)
    if engine is not None:
        return autocommitted(engine, statement, params)
    return run(session, statement, params)


def autocommit_engine(session: Session) -> Engine | None:
    """The engine a statement of `session`'s work may run on as its own transaction
    (`autocommitted`), or None: PostgreSQL, the session bound to an engine (never to a given
    connection's transaction), and holding no database transaction yet
    (`db.holds_connection`: nothing it read or locked is left behind)."""
    bind = session.get_bind()
    if not isinstance(bind, Engine) or bind.dialect.name != "postgresql":
        return None
    return None if holds_connection(session) else bind


_CONNECTION = "service.compiled.connection"


def _connection(session: Session) -> Connection:
    """`session.connection()`, remembered for the session's current transaction: asking the
    session each time walks its transaction's state machine, a twenty-fifth of an issuance's
    Python time when every hot statement asked."""
    transaction = session.get_transaction()
    remembered = session.info.get(_CONNECTION)
    if transaction is not None and remembered is not None and remembered[0] is transaction:
        return remembered[1]  # type: ignore[no-any-return]
    connection = session.connection()
    session.info[_CONNECTION] = (session.get_transaction(), connection)
    return connection


def _on_cursor(connection: Connection, plan: _Plan, params: Mapping[str, Any]) -> Rows:
    dispatch = connection.dispatch if _listened(connection) else None
    try:
        pooled, dialect = connection.connection, connection.dialect
        return _execute(pooled, dialect, plan, params, connection, dispatch)
    except _Failed as failed:
        dbapi = connection.connection.dbapi_connection
        raise _wrapped(connection, dbapi, connection.dialect, *failed.args) from failed.args[0]


class _Failed(Exception):
    """The driver's error, with the statement and values it ran with and its cursor."""


def _execute(
    pooled: Any,
    dialect: Dialect,
    plan: _Plan,
    params: Mapping[str, Any],
    connection: Connection | None,
    dispatch: Any,
) -> Rows:
    """The plan run on the cursor (`_cursor`) of `pooled` (a pooled connection or the lane's);
    the listeners of `dispatch` (if any) see it with `connection` (None for a statement that
    is its own transaction, `AUTOCOMMITTED` then as their context)."""
    sql, values = plan.sql, plan.values(params)
    context = AUTOCOMMITTED if connection is None else None
    cursor = _cursor(pooled)
    try:
        if dispatch is not None:
            for listener in dispatch.before_cursor_execute:
                sql, values = listener(connection, cursor, sql, values, context, False)
        cursor.execute(plan.query if sql is plan.sql else sql, values)
        if dispatch is not None:
            for after in dispatch.after_cursor_execute:
                after(connection, cursor, sql, values, context, False)
        if not _returned_rows(cursor):
            return Rows([], (), cursor.rowcount)
        keys, processors = plan.results or plan.result_processors(dialect, cursor.description or ())
        rows = cursor.fetchall()
    except dialect.loaded_dbapi.Error as exc:
        raise _Failed(exc, sql, values, cursor) from exc
    if any(processors):
        rows = [
            tuple(v if p is None else p(v) for v, p in zip(row, processors, strict=True))
            for row in rows
        ]
    return Rows(rows, keys, len(rows))


_CURSOR = "service.compiled.cursor"


def _cursor(pooled: Any) -> RawCursor[Any]:
    """The connection's one `RawCursor`, kept in its `info` (a pooled connection's lives
    as long as the driver's connection and is cleared when it is replaced). A new cursor per
    statement started with empty dumper and loader caches, so every parameter's adapter was
    looked up again (about a tenth of a hot statement's client CPU); a connection serves one
    thread at a time, and a cursor stays usable after an error."""
    info, driver = pooled.info, pooled.driver_connection
    cursor = info.get(_CURSOR)
    if cursor is None or cursor.connection is not driver or cursor.closed:
        cursor = info[_CURSOR] = RawCursor(driver)
    return cursor  # type: ignore[no-any-return]


def _returned_rows(cursor: RawCursor[Any]) -> bool:
    """Whether the statement answered rows (`cursor.description is not None`, asked without
    building the description's column objects: about 20 µs a statement in an issuance)."""
    result = cursor.pgresult
    return result is not None and (result.nfields > 0 or result.status == TUPLES_OK)


def _listened(connection: Connection) -> bool:
    """Whether any connection event listener is registered (tests, the benchmark's counts),
    decided as SQLAlchemy's own execution does: a production process has none, and looking
    the listener collections up for each statement cost about 1 % of its Python time."""
    return connection._has_events or connection.engine._has_events


def _wrapped(
    owner: Any, dbapi: Any, dialect: Dialect, exc: Any, sql: str, values: Any, cursor: Any
) -> StatementError:
    """The driver's error as SQLAlchemy raises it (`IntegrityError` for 23505, ...); a lost
    connection is invalidated through its `owner` (a `Connection`, or the pool's connection),
    so the pool replaces it."""
    lost = dialect.is_disconnect(exc, dbapi, cursor)
    if lost:
        owner.invalidate(exc)
    error: StatementError = DBAPIError.instance(
        sql, values, exc, dialect.loaded_dbapi.Error, connection_invalidated=lost, dialect=dialect
    )
    return error


AUTOCOMMITTED = object()
"""The `context` listeners are given for a statement that was its own transaction (no
`commit` event marks its end: the benchmark counts its commit from this)."""

ABORT_SQLSTATE = "FSA01"
"""`fiscal_abort(reason)` (migration 0017): a statement ended itself, nothing of it stays."""


class Aborted(Exception):
    """An autocommitted statement called `fiscal_abort`: none of its parts was written."""


def autocommitted(engine: Engine, statement: Any, params: Mapping[str, Any]) -> Rows:
    """`statement` (planned as `run` plans it) as its own transaction, PostgreSQL only: one
    round trip on a connection of the engine's lane (`service.lane`: kept in autocommit
    mode, no checkout from the pool), so no `BEGIN` and no `COMMIT` of their own (two of an
    issuance's round trips each) and no Session. Only for a statement that is a whole
    transaction by itself: each of its parts either writes with the others or the statement
    ends with `fiscal_abort` (raised here as `Aborted`), so nothing is half written. Its
    commit waits for the disk as any other (`synchronous_commit` unchanged)."""
    dialect = engine.dialect
    plan = _plan(statement, dialect)
    connections = lane.of(engine)
    connection = connections.take()
    try:
        dispatch = engine.dispatch if engine._has_events else None
        return _execute(connection, dialect, plan, params, None, dispatch)
    except _Failed as failed:
        exc = failed.args[0]
        if getattr(exc, "sqlstate", None) == ABORT_SQLSTATE:
            raise Aborted(str(exc)) from exc
        driver = connection.driver_connection
        raise _wrapped(connection, driver, dialect, *failed.args) from exc
    finally:
        connections.give_back(connection)
