"""Migration 0015 on SQLite and PostgreSQL: existing companies get no fiscal context and no
properties, the table equals the model, and the downgrade removes both columns."""

from __future__ import annotations

import sqlalchemy as sa

from service.migrate import downgrade, upgrade
from tests.unit.service import test_migration_carrier as carrier
from tests.unit.service import test_migration_families as families

database_url = families.database_url


def test_existing_companies_get_no_rural_context(database_url: str) -> None:
    upgrade(database_url, "0014")
    engine = sa.create_engine(database_url)
    metadata = sa.MetaData()
    metadata.reflect(engine)
    with engine.begin() as connection:
        families._insert(connection, metadata.tables["accounts"])
        families._insert(connection, metadata.tables["companies"])
        families._insert(connection, metadata.tables["orders"])
        families._insert(connection, metadata.tables["fiscal_documents"], chave=families.KEY_44)

    upgrade(database_url)

    with engine.connect() as connection:
        assert families.differences_from_model(connection, "companies") == []
        companies = sa.Table("companies", sa.MetaData(), autoload_with=connection)
        row = connection.execute(
            sa.select(companies.c.contexto_fiscal, companies.c.propriedades)
        ).one()
        assert row.contexto_fiscal is None
        assert row.propriedades == []
    engine.dispose()
    downgrade(database_url, "0014")
    columns = carrier._columns(database_url)
    assert "contexto_fiscal" not in columns and "propriedades" not in columns
