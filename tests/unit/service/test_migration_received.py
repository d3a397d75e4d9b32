"""Migration 0022 on SQLite and PostgreSQL: the received documents' tables appear as the
models describe them (issue 38), and the downgrade removes them."""

from __future__ import annotations

import sqlalchemy as sa

from service.migrate import downgrade, upgrade
from tests.unit.service import test_migration_families as families

database_url = families.database_url
"""The same two backends as the migration 0009 test."""

TABLES = ("received_documents", "received_events", "distribution_cursors", "dfe_settings")


def _tables(engine: sa.Engine) -> set[str]:
    with engine.connect() as connection:
        return set(sa.inspect(connection).get_table_names())


def test_the_received_tables_come_and_go(database_url: str) -> None:
    upgrade(database_url, "0021")
    engine = sa.create_engine(database_url)
    assert not set(TABLES) & _tables(engine)

    upgrade(database_url)
    with engine.begin() as connection:
        for table in TABLES:
            assert families.differences_from_model(connection, table) == [], table

    downgrade(database_url, "0021")
    assert not set(TABLES) & _tables(engine)
    engine.dispose()
