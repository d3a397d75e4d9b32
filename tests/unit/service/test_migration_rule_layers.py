"""Migration 0024 (rule pack layers): the new tables and columns match the models, an existing
company rule reads as `origem` api afterwards, and the downgrade removes it all."""

from __future__ import annotations

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from service.db import Base
from service.migrate import downgrade, upgrade
from tests.unit.service import test_migration_families as families

database_url = families.database_url
"""The same two backends as the migration 0009 test."""
NEW_TABLES = ("rule_packs", "rule_simulations")
CHANGED = ("tax_rules", "iva_rules", "base_rules")


def _columns(engine: sa.Engine, table: str) -> set[str]:
    with engine.connect() as connection:
        return {c["name"] for c in sa.inspect(connection).get_columns(table)}


def test_rule_layers_match_the_models_keep_old_rules_and_downgrade(database_url: str) -> None:
    upgrade(database_url, "0023")
    engine = sa.create_engine(database_url)
    metadata = sa.MetaData()
    metadata.reflect(engine)
    with engine.begin() as connection:
        for name in ("accounts", "companies"):
            families._insert(connection, metadata.tables[name])
        connection.execute(metadata.tables["tax_rules"].insert().values(
            id="trib_1", account_id="acc_1", company_id="cmp_1", prioridade=100, ativo=True,
            vigencia_inicio=sa.func.current_date(), criterios={}, resultado={"cfop": "5102"},
            tags=[], revisao=1, created_at=sa.func.current_timestamp(),
            updated_at=sa.func.current_timestamp(),
        ))  # fmt: skip

    upgrade(database_url, "0024")
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        touched = NEW_TABLES + CHANGED
        differences = [
            d for d in compare_metadata(context, Base.metadata)
            if any(f"'{t}'" in repr(d) for t in touched)
        ]  # fmt: skip
        assert differences == []
        origem = connection.execute(sa.text("SELECT origem FROM tax_rules WHERE id = 'trib_1'"))
        assert origem.scalar_one() == "api"

    downgrade(database_url, "0023")
    with engine.connect() as connection:
        assert not set(NEW_TABLES) & set(sa.inspect(connection).get_table_names())
    assert "origem" not in _columns(engine, "tax_rules")
    assert "regra_id" not in _columns(engine, "base_rules")
    engine.dispose()
