"""Migration 0016 on SQLite and PostgreSQL: existing companies start at register revision 0
(and at their current rule revision) and keep
their rows (and their children), the table equals the model, and the downgrade removes the
column with every row still there."""

from __future__ import annotations

import sqlalchemy as sa

from service.migrate import downgrade, upgrade
from tests.unit.service import test_migration_carrier as carrier
from tests.unit.service import test_migration_families as families

database_url = families.database_url


def _names(engine: sa.Engine) -> list[str]:
    with engine.connect() as connection:
        companies = sa.Table("companies", sa.MetaData(), autoload_with=connection)
        return list(connection.execute(sa.select(companies.c.razao_social)).scalars())


def test_existing_companies_start_at_revision_0_both_ways(database_url: str) -> None:
    upgrade(database_url, "0015")
    engine = sa.create_engine(database_url)
    metadata = sa.MetaData()
    metadata.reflect(engine)
    with engine.begin() as connection:
        families._insert(connection, metadata.tables["accounts"])
        families._insert(connection, metadata.tables["companies"], razao_social="ACME")
        families._insert(connection, metadata.tables["orders"])  # children of the company
        families._insert(connection, metadata.tables["fiscal_documents"], chave=families.KEY_44)
        rule_revisions = metadata.tables["rule_revisions"]
        connection.execute(
            rule_revisions.insert().values(company_id=families.IDS["companies"], revisao=7)
        )

    upgrade(database_url)

    with engine.connect() as connection:
        assert families.differences_from_model(connection, "companies") == []
        companies = sa.Table("companies", sa.MetaData(), autoload_with=connection)
        assert connection.execute(sa.select(companies.c.revisao_cadastros)).scalar_one() == 0
        # the rule revision is copied: the compiled rule set stays valid across the upgrade
        assert connection.execute(sa.select(companies.c.revisao_regras)).scalar_one() == 7
    with engine.begin() as connection:
        connection.execute(
            companies.update().values(revisao_cadastros=companies.c.revisao_cadastros + 1)
        )
    assert _names(engine) == ["ACME"]
    engine.dispose()

    downgrade(database_url, "0015")

    assert {"revisao_cadastros", "revisao_regras"} & set(carrier._columns(database_url)) == set()
    engine = sa.create_engine(database_url)
    assert _names(engine) == ["ACME"]
    with engine.connect() as connection:
        documents = sa.Table("fiscal_documents", sa.MetaData(), autoload_with=connection)
        assert connection.execute(sa.select(sa.func.count()).select_from(documents)).scalar() == 1
    engine.dispose()
