"""Migration 0011 on SQLite and PostgreSQL: existing documents kept (no "not received" count,
no details), the national system's E-codes storable on documents and events, the model's
columns exactly, and a clean downgrade."""

from __future__ import annotations

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from service.db import Base
from service.migrate import downgrade, upgrade
from tests.unit.service import test_migration_families as families

IDS, _insert = families.IDS, families._insert
database_url = families.database_url
KEY_44 = families.KEY_44
TABLES = ("fiscal_documents", "document_events")


def test_documents_keep_their_rows_and_take_e_codes(database_url: str) -> None:
    upgrade(database_url, "0010")
    engine = sa.create_engine(database_url)
    metadata = sa.MetaData()
    metadata.reflect(engine)
    with engine.begin() as connection:
        for name in ("accounts", "companies", "orders"):
            _insert(connection, metadata.tables[name])
        _insert(connection, metadata.tables["fiscal_documents"], chave=KEY_44, status="PENDENTE")
        events = metadata.tables["document_events"]
        IDS["document_events"] = "evt_1"
        _insert(connection, events, documento_id=IDS["fiscal_documents"], sefaz_code="135")

    upgrade(database_url)

    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        differences = [d for d in compare_metadata(context, Base.metadata)
                       if any(table in repr(d) for table in TABLES)]  # fmt: skip
        if database_url.startswith("sqlite"):  # lengths are not enforced: left as they were
            differences = [d for d in differences if "sefaz_code" not in repr(d)]
        assert differences == []
    after = sa.MetaData()
    after.reflect(engine)
    documents = after.tables["fiscal_documents"]
    with engine.begin() as connection:
        row = connection.execute(
            sa.select(documents.c.nao_recebido_consultas, documents.c.detalhes)
        ).one()
        assert tuple(row) == (0, None)
        details = [{"codigo": "RNG6110", "descricao": "Falha Schema Xml"}]
        connection.execute(documents.update().values(sefaz_code="RNG6110", detalhes=details))
        stored = connection.execute(sa.select(documents.c.sefaz_code, documents.c.detalhes)).one()
        assert tuple(stored) == ("RNG6110", details)
        connection.execute(documents.update().values(sefaz_code=None))
    downgrade(database_url, "0010")
    with engine.connect() as connection:  # rows and their links survive both directions
        kept = sa.MetaData()
        kept.reflect(connection)
        assert connection.execute(sa.select(kept.tables["document_events"].c.id)).all() == [
            ("evt_1",)
        ]
    engine.dispose()
