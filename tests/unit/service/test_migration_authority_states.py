"""Migration 0020 on SQLite and PostgreSQL: the authorities' state table appears as the model
describes it (issue 37), takes a row, and the downgrade drops it."""

from __future__ import annotations

import sqlalchemy as sa

from service.migrate import downgrade, upgrade
from tests.unit.service import test_migration_families as families
from tests.unit.service.test_migration_services import NOW

database_url = families.database_url
"""The same two backends as the migration 0009 test."""


def _tables(engine: sa.Engine) -> set[str]:
    with engine.connect() as connection:
        return set(sa.inspect(connection).get_table_names())


def test_the_authority_states_table_comes_and_goes(database_url: str) -> None:
    upgrade(database_url, "0019")
    engine = sa.create_engine(database_url)
    assert "authority_states" not in _tables(engine)

    upgrade(database_url)
    with engine.begin() as connection:
        assert families.differences_from_model(connection, "authority_states") == []
        connection.execute(sa.text(
            "INSERT INTO authority_states (modelo, autorizador, ambiente, status, desde, "
            "falhas_consecutivas, fora_anunciada, updated_at) VALUES ('55', 'SVRS', "
            "'PRODUCAO', 'ONLINE', :now, 0, false, :now)"
        ), {"now": NOW})  # fmt: skip
        row = connection.execute(sa.text("SELECT status, contingencia FROM authority_states"))
        assert tuple(row.one()) == ("ONLINE", None)

    downgrade(database_url, "0019")
    assert "authority_states" not in _tables(engine)
    engine.dispose()
