"""Migration 0012 on SQLite and PostgreSQL: existing companies get CT-e and CT-e OS series 1
and keep their (empty) carrier registrations, the table equals the model, and the downgrade
removes the series again (with orders and documents pointing at the company)."""

from __future__ import annotations

import sqlalchemy as sa

from service.migrate import downgrade, upgrade
from tests.unit.service import test_migration_families as families

_insert = families._insert
KEY_44 = families.KEY_44
database_url = families.database_url
SERIES = ("serie_cte", "serie_cteos")


def _columns(url: str) -> set[str]:
    engine = sa.create_engine(url)
    try:
        return {c["name"] for c in sa.inspect(engine).get_columns("companies")}
    finally:
        engine.dispose()


def test_existing_companies_get_series_1_and_the_table_equals_the_model(
    database_url: str,
) -> None:
    upgrade(database_url, "0011")
    engine = sa.create_engine(database_url)
    metadata = sa.MetaData()
    metadata.reflect(engine)
    with engine.begin() as connection:
        _insert(connection, metadata.tables["accounts"])
        _insert(connection, metadata.tables["companies"], serie_nfe=5)
        _insert(connection, metadata.tables["orders"])  # rows that reference the company
        _insert(connection, metadata.tables["fiscal_documents"], chave=KEY_44)

    upgrade(database_url)

    with engine.connect() as connection:
        assert families.differences_from_model(connection, "companies") == []
    after = sa.MetaData()
    after.reflect(engine)
    companies = after.tables["companies"]
    with engine.begin() as connection:
        row = connection.execute(
            sa.select(
                companies.c.serie_nfe, companies.c.serie_cte, companies.c.serie_cteos,
                companies.c.rntrc, companies.c.taf_cteos, companies.c.reg_estadual_cteos,
            )
        ).one()  # fmt: skip
        assert tuple(row) == (5, 1, 1, None, None, None)
        widest = {"rntrc": "ISENTO", "taf_cteos": "1" * 12, "reg_estadual_cteos": "2" * 25}
        connection.execute(companies.update().values(serie_cte=999, **widest))
        stored = connection.execute(
            sa.select(companies.c.serie_cte, companies.c.rntrc, companies.c.reg_estadual_cteos)
        ).one()
        assert tuple(stored) == (999, "ISENTO", "2" * 25)
    engine.dispose()

    downgrade(database_url, "0011")
    assert not set(SERIES) & _columns(database_url)
    assert {"serie_nfe", "rntrc", "taf_cteos", "reg_estadual_cteos"} <= _columns(database_url)
