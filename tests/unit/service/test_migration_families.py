"""Migration 0009 on SQLite and PostgreSQL: existing documents kept, 50-position keys (and the
national system's key as protocol) and DPS ids storable afterwards."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from service.migrate import downgrade, upgrade
from tests import backends

IDS = {"accounts": "acc_1", "companies": "cmp_1", "orders": "ord_1", "fiscal_documents": "nfe_1"}
KEY_44 = "3" * 44


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'migration.db'}"
        return
    reason = backends.require_or_skip(backends.postgres_available(), "PostgreSQL")
    if reason:
        pytest.skip(reason)
    with backends.fresh_postgres_database() as url:
        yield url


def _filler(column: sa.Column[Any]) -> Any:
    """A value of the column's type for a NOT NULL column without a default."""
    kind = column.type
    if isinstance(kind, sa.String):
        return "x" * min(kind.length or 8, 8)
    if isinstance(kind, sa.Integer):
        return 1
    if isinstance(kind, sa.Numeric):
        return 0
    if isinstance(kind, sa.Boolean):
        return False
    if isinstance(kind, sa.DateTime):
        return dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    if isinstance(kind, sa.LargeBinary):
        return b"<NFe/>"
    if isinstance(kind, sa.JSON):
        return {}
    return None


def differences_from_model(connection: sa.Connection, table: str) -> list[Any]:
    """What autogenerate would change in `table` to match the models (none after a migration
    that is right)."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from service.db import Base

    context = MigrationContext.configure(connection, opts={"compare_type": True})
    return [d for d in compare_metadata(context, Base.metadata) if table in repr(d)]


def _insert(connection: sa.Connection, table: sa.Table, **given: Any) -> None:
    row = {c.name: _filler(c) for c in table.columns if not c.nullable and c.default is None}
    for column in table.columns:
        if column.foreign_keys:
            target = next(iter(column.foreign_keys)).column.table.name
            row[column.name] = IDS.get(target, row.get(column.name))
    row.update(id=IDS[table.name], **given)
    connection.execute(table.insert().values(**row))


def test_documents_are_kept_and_take_nfse_keys_after_the_migration(database_url: str) -> None:
    upgrade(database_url, "0008")
    engine = sa.create_engine(database_url)
    metadata = sa.MetaData()
    metadata.reflect(engine)
    with engine.begin() as connection:
        for name in ("accounts", "companies", "orders"):
            _insert(connection, metadata.tables[name])
        _insert(connection, metadata.tables["fiscal_documents"], chave=KEY_44, status="AUTORIZADA")

    upgrade(database_url)

    after = sa.MetaData()
    after.reflect(engine)
    documents = after.tables["fiscal_documents"]
    with engine.begin() as connection:
        kept = connection.execute(sa.select(documents.c.chave, documents.c.status)).one()
        assert tuple(kept) == (KEY_44, "AUTORIZADA")
        nfse = {"chave": "5" * 50, "dps_id": "DPS" + "1" * 42, "protocolo": "5" * 50}
        connection.execute(documents.update().values(**nfse))
        columns = (documents.c.chave, documents.c.dps_id, documents.c.protocolo)
        stored = connection.execute(sa.select(*columns)).one()
        assert tuple(stored) == (nfse["chave"], nfse["dps_id"], nfse["protocolo"])
        connection.execute(documents.update().values(chave=KEY_44, dps_id=None, protocolo=None))
    downgrade(database_url, "0008")
    engine.dispose()
