"""Issue 19: hot statements compiled once and run on the driver's cursor (`service.compiled`)
answer what SQLAlchemy's own execution answers, in the session's transaction, seen by the
statement listeners, with SQLAlchemy's exceptions; on both backends."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from service import compiled, db
from tests import backends

METADATA = sa.MetaData()
ITEMS = sa.Table(
    "compiled_items",
    METADATA,
    sa.Column("id", sa.String(20), primary_key=True),
    sa.Column("status", sa.String(12), nullable=False),
    sa.Column("valor", sa.Numeric(15, 2), nullable=False),
    sa.Column("quando", db.UTCDateTime(), nullable=False),
    sa.Column("dados", sa.JSON, nullable=True),
)
COLUMNS = ITEMS.c

INSERT = (
    sa.insert(ITEMS)
    .values({c.key: sa.bindparam(f"p_{c.key}", type_=c.type) for c in ITEMS.columns})
    .returning(COLUMNS.id, COLUMNS.valor)
)
OPEN = (
    sa.select(COLUMNS.id, COLUMNS.valor, COLUMNS.quando, COLUMNS.dados)
    .where(COLUMNS.status.in_(["ABERTO", "PENDENTE"]), COLUMNS.valor >= sa.bindparam("p_min"))
    .order_by(COLUMNS.id)
    .limit(10)
)
CLOSE = sa.update(ITEMS).where(COLUMNS.id == sa.bindparam("p_id")).values(status="FECHADO")
WHEN = dt.datetime(2026, 11, 25, 10, 30, tzinfo=dt.UTC)


@pytest.fixture(params=["sqlite", "postgres"])
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[sa.Engine]:
    if request.param == "postgres":
        with backends.postgres_engine_with(METADATA) as made:
            yield made
        return
    engine = db.make_engine(f"sqlite:///{tmp_path / 'compiled.db'}")
    METADATA.create_all(engine)
    yield engine
    engine.dispose()


def _item(identifier: str, status: str, valor: str) -> dict[str, Any]:
    return {"p_id": identifier, "p_status": status, "p_valor": Decimal(valor),
            "p_quando": WHEN, "p_dados": {"itens": [1, 2]}}  # fmt: skip


def test_answers_what_sqlalchemy_answers(engine: sa.Engine) -> None:
    with Session(engine) as session:
        inserted = compiled.run(session, INSERT, _item("a", "ABERTO", "10.50"))
        assert inserted.one() == ("a", Decimal("10.50")) and inserted.keys == ("id", "valor")
        compiled.run(session, INSERT, _item("b", "FECHADO", "99.00"))
        compiled.run(session, INSERT, _item("c", "PENDENTE", "3.00"))
        ours = compiled.run(session, OPEN, {"p_min": Decimal("1.00")})
        theirs = session.execute(OPEN, {"p_min": Decimal("1.00")}).all()
        assert ours.rows == [tuple(row) for row in theirs]
        assert ours.rows[0] == ("a", Decimal("10.50"), WHEN, {"itens": [1, 2]})
        assert ours.rows[0][2].tzinfo is not None  # the UTC type's result processor ran
        assert ours.mapping() == {"id": "a", "valor": Decimal("10.50"), "quando": WHEN,
                                  "dados": {"itens": [1, 2]}}  # fmt: skip
        assert compiled.run(session, CLOSE, {"p_id": "c"}).rowcount == 1
        assert compiled.run(session, OPEN, {"p_min": Decimal("1.00")}).scalar() == "a"
        session.rollback()  # the session's transaction: nothing of it stays
    with Session(engine) as session:
        assert compiled.run(session, OPEN, {"p_min": Decimal("0")}).first() is None


def test_listeners_see_the_statement(engine: sa.Engine) -> None:
    seen: list[str] = []

    def statement(_conn: Any, _cursor: Any, sql: str, *_: Any) -> None:
        seen.append(sql)

    sa.event.listen(engine, "before_cursor_execute", statement)
    try:
        with Session(engine) as session:
            compiled.run(session, OPEN, {"p_min": Decimal("0")})
    finally:
        sa.event.remove(engine, "before_cursor_execute", statement)
    assert [sql for sql in seen if "compiled_items" in sql] == seen[-1:]  # SQLite: BEGIN too


def test_driver_errors_are_sqlalchemys(engine: sa.Engine) -> None:
    with Session(engine) as session:
        compiled.run(session, INSERT, _item("a", "ABERTO", "1.00"))
        with pytest.raises(IntegrityError) as raised:
            compiled.run(session, INSERT, _item("a", "ABERTO", "1.00"))
        assert db.is_unique_violation(raised.value)
        session.rollback()
        assert compiled.run(session, INSERT, _item("a", "ABERTO", "1.00")).scalar() == "a"


def test_a_list_given_per_run_is_refused() -> None:
    listed = sa.select(COLUMNS.id).where(COLUMNS.id.in_(sa.bindparam("p_ids", expanding=True)))
    engine = sa.create_engine("postgresql+psycopg://", module=None, _initialize=False)
    with pytest.raises(ValueError, match="p_ids"):
        compiled._compile(listed, engine.dialect)


def test_a_statement_runs_in_the_sessions_current_transaction(engine: sa.Engine) -> None:
    """The connection is remembered for one transaction only: after a commit the next
    statement belongs to the next transaction (its rollback takes it back)."""
    with Session(engine) as session:
        compiled.run(session, INSERT, _item("a", "ABERTO", "1.00"))
        assert compiled._connection(session) is session.connection()
        session.commit()
        compiled.run(session, INSERT, _item("b", "ABERTO", "2.00"))
        assert compiled._connection(session) is session.connection()
        session.rollback()
        assert [row[0] for row in compiled.run(session, OPEN, {"p_min": 0})] == ["a"]


@pytest.fixture
def migrated() -> Iterator[sa.Engine]:
    """PostgreSQL migrated to head (`fiscal_abort` comes from migration 0017), with the test's
    own table beside the service's."""
    reason = backends.require_or_skip(backends.postgres_available(), "PostgreSQL")
    if reason:
        pytest.skip(reason)
    from service.migrate import upgrade

    with backends.fresh_postgres_database() as url:
        upgrade(url)
        engine = db.make_engine(url)
        METADATA.create_all(engine)
        yield engine
        engine.dispose()


def _all_ids(engine: sa.Engine) -> list[str]:
    with engine.connect() as conn:
        return [row[0] for row in conn.execute(sa.select(COLUMNS.id).order_by(COLUMNS.id))]


def test_an_autocommitted_statement_is_its_own_transaction(migrated: sa.Engine) -> None:
    """Written at once, seen from any other connection, with no `BEGIN` and no `COMMIT`;
    the pooled connection goes back in its normal (transactional) mode."""
    seen: list[tuple[str, Any]] = []

    def statement(_conn: Any, _cursor: Any, sql: str, _params: Any, context: Any, *_: Any):
        seen.append((sql.split()[0], context))

    sa.event.listen(migrated, "before_cursor_execute", statement)
    try:
        rows = compiled.autocommitted(migrated, INSERT, _item("a", "ABERTO", "10.50"))
    finally:
        sa.event.remove(migrated, "before_cursor_execute", statement)
    assert rows.one() == ("a", Decimal("10.50"))
    assert seen == [("INSERT", compiled.AUTOCOMMITTED)]
    assert _all_ids(migrated) == ["a"]
    pooled = migrated.raw_connection()
    try:
        assert pooled.driver_connection.autocommit is False
    finally:
        pooled.close()


def test_an_aborted_statement_writes_none_of_its_parts(migrated: sa.Engine) -> None:
    """`fiscal_abort` ends the statement: a part that already wrote (a CTE's insert) is
    rolled back with it, and the caller gets `Aborted`."""
    inserting = INSERT.cte("inserted")
    counted = sa.select(sa.func.count()).select_from(inserting).scalar_subquery()
    statement = sa.select(
        sa.case((counted > 1, counted), else_=sa.func.fiscal_abort("one row", type_=sa.Integer))
    )
    with pytest.raises(compiled.Aborted, match="one row"):
        compiled.autocommitted(migrated, statement, _item("a", "ABERTO", "1.00"))
    assert _all_ids(migrated) == []
    assert compiled.autocommitted(migrated, INSERT, _item("b", "ABERTO", "2.00")).scalar() == "b"


def test_autocommitted_errors_are_sqlalchemys(migrated: sa.Engine) -> None:
    compiled.autocommitted(migrated, INSERT, _item("a", "ABERTO", "1.00"))
    with pytest.raises(IntegrityError) as raised:
        compiled.autocommitted(migrated, INSERT, _item("a", "ABERTO", "1.00"))
    assert db.is_unique_violation(raised.value)
    assert compiled.autocommitted(migrated, INSERT, _item("b", "ABERTO", "2.00")).scalar() == "b"


def test_an_autocommitted_statement_on_a_lost_connection_invalidates_it(
    migrated: sa.Engine,
) -> None:
    """The backend went away while the connection sat in the pool: the error is SQLAlchemy's,
    says the connection was invalidated, and the next statement gets a new one."""
    import psycopg
    from sqlalchemy.exc import DBAPIError

    backend = sa.select(sa.func.pg_backend_pid())
    pid = compiled.autocommitted(migrated, backend, {}).scalar()
    with psycopg.connect(migrated.url.render_as_string(hide_password=False).replace(
        "postgresql+psycopg", "postgresql"), autocommit=True) as admin:  # fmt: skip
        admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
    with pytest.raises(DBAPIError) as raised:
        compiled.autocommitted(migrated, backend, {})
    assert raised.value.connection_invalidated
    assert compiled.autocommitted(migrated, backend, {}).scalar() != pid


WIDE = sa.Table(
    "compiled_wide",
    METADATA,
    sa.Column("id", sa.String(20), primary_key=True),
    *(sa.Column(f"c{n}", sa.String(20), nullable=True) for n in range(60)),
    sa.Column("nota", sa.String(40), nullable=True),
)
WIDE_INSERT = (
    sa.insert(WIDE)
    .values({c.key: sa.bindparam(f"p_{c.key}", type_=c.type) for c in WIDE.columns})
    .returning(WIDE.c.id, WIDE.c.nota)
)


def test_a_wide_statement_is_not_parsed_on_each_run(
    engine: sa.Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A statement over psycopg's parse cache limits (50 named parameters, 4 KiB: the
    acceptance's, every column of a document) goes with `$n` placeholders, so psycopg never
    parses it to find them; a `%` in its text stays a `%`, and a repeated parameter is sent
    once."""
    if engine.dialect.name != "postgresql":
        pytest.skip("the driver's cursor is PostgreSQL's path only")
    import psycopg._queries

    def parsed(*_args: Any) -> Any:
        raise AssertionError("psycopg parsed a compiled statement's placeholders")

    monkeypatch.setattr(psycopg._queries, "_query2pg", parsed)
    monkeypatch.setattr(psycopg._queries, "_query2pg_nocache", parsed)
    values = {f"p_c{n}": f"v{n}" for n in range(60)}
    with Session(engine) as session:
        row = compiled.run(session, WIDE_INSERT, {**values, "p_id": "w", "p_nota": "10 %"}).one()
        assert row == ("w", "10 %")
        again = sa.select(WIDE.c.id).where(
            WIDE.c.nota.like(sa.literal("10 %")),
            WIDE.c.c1 == sa.bindparam("p_x"), WIDE.c.c1 >= sa.bindparam("p_x"),
        )  # fmt: skip
        assert compiled.run(session, again, {"p_x": "v1"}).scalar() == "w"
        session.rollback()


def test_a_local_setting_lasts_the_autocommitted_statements_transaction(migrated: sa.Engine):
    """The claim's `set_config('synchronous_commit', 'off', true)` in autocommit: in effect
    for the statement's own transaction (whose commit PostgreSQL records before it resets the
    setting), gone for the connection's next statement."""
    setting = sa.select(
        sa.text("set_config('synchronous_commit', 'off', true) IS NOT NULL"),
        sa.func.current_setting("synchronous_commit", type_=sa.String),
    )
    assert compiled.autocommitted(migrated, setting, {}).one() == (True, "off")
    after = sa.select(sa.func.current_setting("synchronous_commit", type_=sa.String))
    assert compiled.autocommitted(migrated, after, {}).scalar() == "on"


def test_a_connection_keeps_one_cursor_and_builds_no_description(
    engine: sa.Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pooled connection runs every planned statement on its one `RawCursor` (its adapters
    looked up once), also after a failed statement; a planned statement's rows and keys come
    without building the cursor's description (its column objects) once its first run has
    given the result's types."""
    if engine.dialect.name != "postgresql":
        pytest.skip("the driver's cursor is PostgreSQL's path only")
    import psycopg

    cursors: list[Any] = []

    def statement(_conn: Any, cursor: Any, *_: Any) -> None:
        cursors.append(cursor)

    sa.event.listen(engine, "before_cursor_execute", statement)
    with Session(engine) as session:
        compiled.run(session, INSERT, _item("a", "ABERTO", "1.00"))
        compiled.run(session, OPEN, {"p_min": Decimal("0")})  # its first run: types learnt
        with pytest.raises(IntegrityError):
            compiled.run(session, INSERT, _item("a", "ABERTO", "1.00"))
        session.rollback()
        described = []
        real = psycopg.RawCursor.description
        counted = property(lambda c: described.append(1) or real.fget(c))
        monkeypatch.setattr(psycopg.RawCursor, "description", counted)
        ours = compiled.run(session, OPEN, {"p_min": Decimal("0")})
        assert ours.rows == [] and ours.keys == ("id", "valor", "quando", "dados")
        assert compiled.run(session, CLOSE, {"p_id": "a"}).rowcount == 0
        assert described == []
    sa.event.remove(engine, "before_cursor_execute", statement)
    mine = [c for c in cursors if isinstance(c, psycopg.RawCursor)]
    assert len(mine) == 5 and len({id(c) for c in mine}) == 1
