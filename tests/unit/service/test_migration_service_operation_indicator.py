"""Migration 0018 on SQLite and PostgreSQL: the services register gains `c_ind_op`, existing
services keep every value (with no indicator), and the downgrade drops only the column."""

from __future__ import annotations

import sqlalchemy as sa

from service.migrate import downgrade, upgrade
from tests.unit.service import test_migration_families as families
from tests.unit.service.test_migration_services import _service

IDS, _insert = families.IDS, families._insert
database_url = families.database_url
"""The same two backends as the migration 0009 test."""


def _columns(engine: sa.Engine) -> set[str]:
    with engine.connect() as connection:
        return {column["name"] for column in sa.inspect(connection).get_columns("services")}


def test_services_gain_the_operation_indicator_and_lose_it_on_downgrade(
    database_url: str,
) -> None:
    upgrade(database_url, "0017")
    engine = sa.create_engine(database_url)
    metadata = sa.MetaData()
    metadata.reflect(engine)
    with engine.begin() as connection:
        for name in ("accounts", "companies"):
            _insert(connection, metadata.tables[name])
        connection.execute(metadata.tables["services"].insert().values(**_service("S1")))
    assert "c_ind_op" not in _columns(engine)

    upgrade(database_url)
    with engine.connect() as connection:
        row = connection.execute(sa.text("SELECT codigo, c_ind_op FROM services")).one()
        assert families.differences_from_model(connection, "services") == []
    assert tuple(row) == ("S1", None)

    downgrade(database_url, "0017")
    assert "c_ind_op" not in _columns(engine)
    with engine.connect() as connection:
        assert connection.execute(sa.text("SELECT codigo FROM services")).scalar_one() == "S1"
    engine.dispose()
