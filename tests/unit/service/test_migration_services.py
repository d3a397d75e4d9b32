"""Migration 0010 on SQLite and PostgreSQL: the services table as the model declares it, exact
money and rates, one code per company, and a clean downgrade."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from service.db import Base
from service.migrate import downgrade, upgrade
from service.registers.models import Service
from tests.unit.service import test_migration_families as families

IDS, _insert = families.IDS, families._insert
database_url = families.database_url
"""The same two backends as the migration 0009 test."""

NOW = dt.datetime(2026, 11, 24, tzinfo=dt.UTC)


def _service(codigo: str) -> dict[str, object]:
    return {"id": f"srv_{codigo}", "account_id": IDS["accounts"], "company_id": IDS["companies"],
            "codigo": codigo, "descricao": "Serviço", "preco": Decimal("1234567890123.45"),
            "aliquota_iss": Decimal("2.50"), "iss_retido": None, "ativo": True,
            "created_at": NOW, "updated_at": NOW}  # fmt: skip


def test_services_table_matches_the_model_and_downgrades(database_url: str) -> None:
    upgrade(database_url, "0009")
    engine = sa.create_engine(database_url)
    with engine.connect() as connection:
        assert "services" not in sa.inspect(connection).get_table_names()

    upgrade(database_url)

    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        differences = [
            diff
            for diff in compare_metadata(context, Base.metadata)
            if Service.__tablename__ in repr(diff)
        ]
        assert differences == []
    metadata = sa.MetaData()
    metadata.reflect(engine)
    services = metadata.tables["services"]
    with engine.begin() as connection:
        for name in ("accounts", "companies"):
            _insert(connection, metadata.tables[name])
        connection.execute(services.insert().values(**_service("S1")))
        stored = connection.execute(sa.select(services.c.preco, services.c.aliquota_iss)).one()
        assert [Decimal(str(value)) for value in stored] == [
            Decimal("1234567890123.45"),
            Decimal("2.50"),
        ]
    with pytest.raises(sa.exc.IntegrityError), engine.begin() as connection:
        connection.execute(services.insert().values(**{**_service("S1"), "id": "srv_other"}))

    downgrade(database_url, "0009")
    with engine.connect() as connection:
        assert "services" not in sa.inspect(connection).get_table_names()
    engine.dispose()
