"""Migration 0025 (list indexes) on SQLite and PostgreSQL: every list index appears with the
columns the models declare (autogenerate has nothing to add or drop for them), PostgreSQL gets
the statistics behind estimated totals, existing rows are kept, and the downgrade removes
exactly those."""

from __future__ import annotations

from importlib import import_module
from typing import Any

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from service.db import Base
from service.migrate import downgrade, upgrade
from service.models import load_all
from tests.unit.service import test_migration_families as families

database_url = families.database_url
"""The same two backends as the migration 0009 test."""
MIGRATION = import_module("migrations.versions.0025_list_indexes")
INDEXES = MIGRATION.INDEXES
NAMES = {name for name, _, _ in INDEXES}


def _list_indexes(engine: sa.Engine) -> dict[str, tuple[str, list[str]]]:
    found = {}
    with engine.connect() as connection:
        inspector = sa.inspect(connection)
        for table in {table for _, table, _ in INDEXES}:
            for index in inspector.get_indexes(table):
                if index["name"] in NAMES:
                    found[index["name"]] = (table, list(index["column_names"]))
    return found


def _statistics(engine: sa.Engine) -> dict[str, int]:
    """The list statistics objects and their targets (PostgreSQL only; none on SQLite)."""
    if engine.dialect.name != "postgresql":
        return {}
    with engine.connect() as connection:
        rows = connection.execute(sa.text(
            "SELECT stxname, stxstattarget FROM pg_statistic_ext WHERE stxname LIKE 'st_%_list'"
        ))  # fmt: skip
        return {str(name): int(target) for name, target in rows}


def _about_list_indexes(difference: Any) -> bool:
    return any(name in repr(difference) for name in NAMES)


def test_the_list_indexes_match_the_models_and_come_and_go(database_url: str) -> None:
    upgrade(database_url, "0024")
    engine = sa.create_engine(database_url)
    metadata = sa.MetaData()
    metadata.reflect(engine)
    with engine.begin() as connection:
        for name in ("accounts", "companies", "orders"):
            families._insert(connection, metadata.tables[name])
        families._insert(connection, metadata.tables["fiscal_documents"], chave="3" * 44,
                         status="AUTORIZADA")  # fmt: skip
    assert _list_indexes(engine) == {}

    upgrade(database_url, "0025")
    expected = {name: (table, list(columns)) for name, table, columns in INDEXES}
    assert _list_indexes(engine) == expected
    if engine.dialect.name == "postgresql":
        assert _statistics(engine) == {name: -1 for name, _, _ in MIGRATION.STATISTICS}
    load_all()
    declared = {i.name for t in Base.metadata.tables.values() for i in t.indexes}
    assert declared >= NAMES
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        differences = compare_metadata(context, Base.metadata)
        assert [d for d in differences if _about_list_indexes(d)] == []
        kept = connection.execute(sa.text("SELECT status FROM fiscal_documents")).scalar_one()
        assert kept == "AUTORIZADA"

    downgrade(database_url, "0024")
    assert _list_indexes(engine) == {} and _statistics(engine) == {}
    engine.dispose()
