"""Migration 0021 on SQLite and PostgreSQL: the contingency periods' table and the new columns
of companies and documents appear as the models describe them (issue 37), existing companies
default to the automatic mode, and the downgrade removes them."""

from __future__ import annotations

import sqlalchemy as sa

from service.migrate import downgrade, upgrade
from tests.unit.service import test_migration_families as families

database_url = families.database_url
"""The same two backends as the migration 0009 test."""


def _columns(engine: sa.Engine, table: str) -> set[str]:
    with engine.connect() as connection:
        return {c["name"] for c in sa.inspect(connection).get_columns(table)}


def test_the_contingency_table_and_columns_come_and_go(database_url: str) -> None:
    upgrade(database_url, "0020")
    engine = sa.create_engine(database_url)
    assert "contingencia_automatica" not in _columns(engine, "companies")

    upgrade(database_url)
    with engine.begin() as connection:
        assert families.differences_from_model(connection, "contingency_periods") == []
    assert {"contingencia_automatica", "contingencia"} <= _columns(engine, "companies")
    assert {"contingencia_id", "contingencia_prazo"} <= _columns(engine, "fiscal_documents")

    downgrade(database_url, "0020")
    with engine.connect() as connection:
        assert "contingency_periods" not in sa.inspect(connection).get_table_names()
    assert "contingencia" not in _columns(engine, "companies")
    engine.dispose()
