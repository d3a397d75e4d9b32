"""Migration 0014 on SQLite and PostgreSQL: existing companies get MDF-e series 1, the table
equals the model, and the downgrade removes the series (with documents pointing at them)."""

from __future__ import annotations

import sqlalchemy as sa

from service.migrate import downgrade, upgrade
from tests.unit.service import test_migration_carrier as carrier
from tests.unit.service import test_migration_families as families

database_url = families.database_url


def test_existing_companies_get_mdfe_series_1(database_url: str) -> None:
    upgrade(database_url, "0013")
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
        assert connection.execute(sa.select(companies.c.serie_mdfe)).scalar_one() == 1
    engine.dispose()
    downgrade(database_url, "0013")
    assert "serie_mdfe" not in carrier._columns(database_url)
