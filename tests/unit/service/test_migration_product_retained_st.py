"""Migration 0019 on SQLite and PostgreSQL: the products register gains `st_retido` (issue 36),
existing products keep every value (with none), and the downgrade drops only the column."""

from __future__ import annotations

import sqlalchemy as sa

from service.migrate import downgrade, upgrade
from tests.unit.service import test_migration_families as families
from tests.unit.service.test_migration_services import NOW

IDS, _insert = families.IDS, families._insert
database_url = families.database_url
"""The same two backends as the migration 0009 test."""


def _columns(engine: sa.Engine) -> set[str]:
    with engine.connect() as connection:
        return {column["name"] for column in sa.inspect(connection).get_columns("products")}


def test_products_gain_the_retained_st_and_lose_it_on_downgrade(database_url: str) -> None:
    upgrade(database_url, "0018")
    engine = sa.create_engine(database_url)
    metadata = sa.MetaData()
    metadata.reflect(engine)
    with engine.begin() as connection:
        for name in ("accounts", "companies"):
            _insert(connection, metadata.tables[name])
        connection.execute(metadata.tables["products"].insert().values(
            id="prd_1", account_id=IDS["accounts"], company_id=IDS["companies"], codigo="P1",
            descricao="Cerveja", origem=0, unidade="UN", preco=10, ativo=True,
            created_at=NOW, updated_at=NOW,
        ))  # fmt: skip
    assert "st_retido" not in _columns(engine)

    upgrade(database_url)
    with engine.connect() as connection:
        row = connection.execute(sa.text("SELECT codigo, st_retido FROM products")).one()
        assert families.differences_from_model(connection, "products") == []
    assert tuple(row) == ("P1", None)

    downgrade(database_url, "0018")
    assert "st_retido" not in _columns(engine)
    with engine.connect() as connection:
        assert connection.execute(sa.text("SELECT codigo FROM products")).scalar_one() == "P1"
    engine.dispose()
