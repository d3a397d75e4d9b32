"""Migration 0013 on SQLite and PostgreSQL: the vehicles and drivers tables as the models
declare them, one plate / one CPF per company, and a clean downgrade."""

from __future__ import annotations

import datetime as dt

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from service.db import Base
from service.migrate import downgrade, upgrade
from service.registers.models import Driver, Vehicle
from tests.unit.service import test_migration_families as families

IDS, _insert = families.IDS, families._insert
database_url = families.database_url
"""The same two backends as the migration 0009 test."""

NOW = dt.datetime(2026, 11, 24, tzinfo=dt.UTC)
OWNED = {"account_id": IDS["accounts"], "company_id": IDS["companies"], "ativo": True,
         "created_at": NOW, "updated_at": NOW}  # fmt: skip
TABLES = (Vehicle.__tablename__, Driver.__tablename__)


def _vehicle(row_id: str) -> dict[str, object]:
    return {"id": row_id, "placa": "BRA2E19", "tara": 999_999, "uf_licenciamento": "SP",
            "tipo": "TRACAO", "proprietario_tp_prop": 0, **OWNED}  # fmt: skip


def _driver(row_id: str) -> dict[str, object]:
    return {"id": row_id, "nome": "José da Silva", "cpf": "52998224725", **OWNED}


def _tables(engine: sa.Engine) -> set[str]:
    with engine.connect() as connection:
        return set(sa.inspect(connection).get_table_names())


def test_fleet_tables_match_the_models_and_downgrade(database_url: str) -> None:
    upgrade(database_url, "0012")
    engine = sa.create_engine(database_url)
    assert not set(TABLES) & _tables(engine)

    upgrade(database_url, "0013")

    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        differences = [
            diff
            for diff in compare_metadata(context, Base.metadata)
            if any(table in repr(diff) for table in TABLES)
        ]
        assert differences == []
    metadata = sa.MetaData()
    metadata.reflect(engine)
    vehicles, drivers = metadata.tables["vehicles"], metadata.tables["drivers"]
    with engine.begin() as connection:
        for name in ("accounts", "companies"):
            _insert(connection, metadata.tables[name])
        connection.execute(vehicles.insert().values(**_vehicle("vei_1")))
        connection.execute(drivers.insert().values(**_driver("cnd_1")))
        stored = connection.execute(sa.select(vehicles.c.tara, vehicles.c.proprietario_tp_prop))
        assert stored.one() == (999_999, 0)
    for table, row in ((vehicles, _vehicle("vei_2")), (drivers, _driver("cnd_2"))):
        with pytest.raises(sa.exc.IntegrityError), engine.begin() as connection:
            connection.execute(table.insert().values(**row))

    downgrade(database_url, "0012")
    assert not set(TABLES) & _tables(engine)
    assert "services" in _tables(engine)
    engine.dispose()
